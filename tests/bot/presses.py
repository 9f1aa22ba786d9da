"""Pressing one button several times at the same instant, as a double tap on a phone does.

simcord runs one member operation at a time; this helper emits several presses of the
same button before letting the bot run, so their handlers interleave exactly as two
gateway events arriving together would. It uses simcord's own building blocks.
"""

from __future__ import annotations

from typing import Any

from simcord import actors as sim_actors
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.results import InteractionResult


async def press_together(member: Any, message: Any, label: str, times: int = 2) -> list[Any]:
    """Press the button labelled ``label`` on ``message`` ``times`` times at once."""
    env = member._env
    env._begin_operation("press_together")
    try:
        stored = sim_actors._visible_message(member, message)
        button = sim_actors._find_component(
            stored.components, types=(ComponentType.BUTTON,), custom_id=None, label=label
        )
        backend = env.backend
        results = []
        for _ in range(times):
            record, payload = sim_interactions.base_payload(
                backend,
                type=InteractionType.MESSAGE_COMPONENT,
                channel_id=stored.channel_id,
                guild_id=member.guild.id,
                user_id=member.id,
                data={"custom_id": button["custom_id"], "component_type": ComponentType.BUTTON},
            )
            payload["message"] = dict(serializers.message_payload(backend, stored))
            record.source_message_id = stored.id
            backend.emit("INTERACTION_CREATE", payload)
            results.append(InteractionResult(env, record))
        await env._settle_internal(dispatch="INTERACTION_CREATE")
        return results
    finally:
        env._end_operation()
