"""Presses a real client could never make: a component with any custom id, pressed on a
message as if it carried it (what a forged interaction sends to the bot).

The interaction's message payload is the stored message with its components replaced by
the forged one, so discord.py routes the press through the bot's own ``DynamicItem``
templates exactly as a gateway event would; the stored message itself is not changed, so
a test can check that the bot left it as it was.
"""

from __future__ import annotations

from typing import Any

from simcord import actors as sim_actors
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.results import InteractionResult


async def press_forged(
    member: Any, message: Any, custom_id: str, value: str | None = None
) -> InteractionResult:
    """Press a button with ``custom_id`` on ``message``, or choose ``value`` in a select menu
    with that id when ``value`` is given."""
    env = member._env
    env._begin_operation("press_forged")
    try:
        stored = sim_actors._visible_message(member, message)
        backend = env.backend
        if value is None:
            kind = ComponentType.BUTTON
            component: dict[str, Any] = {
                "type": kind,
                "style": 2,
                "label": "x",
                "custom_id": custom_id,
            }
            data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        else:
            kind = ComponentType.STRING_SELECT
            option = {"label": "x", "value": value}
            component = {"type": kind, "custom_id": custom_id, "options": [option]}
            data = {"custom_id": custom_id, "component_type": kind, "values": [value]}
        record, payload = sim_interactions.base_payload(
            backend,
            type=InteractionType.MESSAGE_COMPONENT,
            channel_id=stored.channel_id,
            guild_id=member.guild.id,
            user_id=member.id,
            data=data,
        )
        shown = dict(serializers.message_payload(backend, stored))
        shown["components"] = [{"type": ComponentType.ACTION_ROW, "components": [component]}]
        payload["message"] = shown
        record.source_message_id = stored.id
        backend.emit("INTERACTION_CREATE", payload)
        result = InteractionResult(env, record)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
        return result
    finally:
        env._end_operation()


def snapshot(member: Any, message: Any) -> tuple[Any, ...]:
    """What a press must not change about a message: text, components, edit time."""
    stored = sim_actors._visible_message(member, message)
    return (stored.content, repr(stored.components), stored.edited_timestamp, stored.flags)
