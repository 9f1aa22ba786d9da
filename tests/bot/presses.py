"""Pressing one button, or sending one slash command, several times at the same instant, as
a double tap on a phone or an impatient re-send does.

simcord runs one member operation at a time; these helpers emit several copies of the
same interaction before letting the bot run, so their handlers interleave exactly as two
gateway events arriving together would. It uses simcord's own building blocks.
"""

from __future__ import annotations

from typing import Any

from simcord import actors as sim_actors
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import AppCommandType, ComponentType, InteractionType
from simcord.results import InteractionResult


async def _together(
    member: Any,
    channel_id: int,
    kind: InteractionType,
    data: dict[str, Any],
    times: int,
    message: Any = None,
) -> list[Any]:
    """Emit ``times`` copies of one interaction (made from ``message`` if it is a press),
    all before the bot runs, then let the bot handle them."""
    env = member._env
    backend = env.backend
    results = []
    for _ in range(times):
        record, payload = sim_interactions.base_payload(
            backend,
            type=kind,
            channel_id=channel_id,
            guild_id=member.guild.id,
            user_id=member.id,
            data=data,
        )
        if message is not None:
            payload["message"] = dict(serializers.message_payload(backend, message))
            record.source_message_id = message.id
        backend.emit("INTERACTION_CREATE", payload)
        results.append(InteractionResult(env, record))
    await env._settle_internal(dispatch="INTERACTION_CREATE")
    return results


async def press_together(member: Any, message: Any, label: str, times: int = 2) -> list[Any]:
    """Press the button labelled ``label`` on ``message`` ``times`` times at once."""
    env = member._env
    env._begin_operation("press_together")
    try:
        stored = sim_actors._visible_message(member, message)
        button = sim_actors._find_component(
            stored.components, types=(ComponentType.BUTTON,), custom_id=None, label=label
        )
        data = {"custom_id": button["custom_id"], "component_type": ComponentType.BUTTON}
        kind = InteractionType.MESSAGE_COMPONENT
        return await _together(member, stored.channel_id, kind, data, times, stored)
    finally:
        env._end_operation()


def slash_data(member: Any, channel: Any, name: str, options: dict[str, Any]) -> dict[str, Any]:
    """The interaction data of the slash command ``name`` with ``options``, built as
    ``MemberActor.slash`` builds it."""
    parts = name.split()
    root = sim_actors._resolve_visible_command(
        member, channel.id, parts[0], AppCommandType.CHAT_INPUT
    )
    leaf, nesting = sim_interactions.walk_to_subcommand(root, parts[1:])
    leaf_options, resolved = sim_interactions.build_options(
        member, name, leaf, options, channel_id=channel.id
    )
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": root.get("type", AppCommandType.CHAT_INPUT),
        "options": sim_interactions.nest_options(root, nesting, leaf_options),
    }
    if resolved:
        data["resolved"] = resolved
    return data


def emit_slash(member: Any, channel: Any, name: str, options: dict[str, Any]) -> Any:
    """Send the slash command without letting the bot run; simcord's record of the
    interaction (``responded``, ``deferred``) is returned."""
    env = member._env
    record, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.APPLICATION_COMMAND,
        channel_id=channel.id,
        guild_id=member.guild.id,
        user_id=member.id,
        data=slash_data(member, channel, name, options),
    )
    env.backend.emit("INTERACTION_CREATE", payload)
    return record


async def slash_together(member: Any, channel: Any, name: str, /, **options: Any) -> list[Any]:
    """Send the slash command ``name`` twice at once: both copies are created (and reach the
    bot) before the first one is answered, as a member re-sending a slow command does."""
    env = member._env
    env._begin_operation("slash_together")
    try:
        data = slash_data(member, channel, name, options)
        return await _together(member, channel.id, InteractionType.APPLICATION_COMMAND, data, 2)
    finally:
        env._end_operation()


async def select_together(
    member: Any, message: Any, custom_id: str, value: str, times: int = 2
) -> list[Any]:
    """Choose ``value`` in the select menu ``custom_id`` of ``message`` ``times`` times at once."""
    env = member._env
    env._begin_operation("select_together")
    try:
        stored = sim_actors._visible_message(member, message)
        data = {
            "custom_id": custom_id,
            "component_type": ComponentType.STRING_SELECT,
            "values": [value],
        }
        kind = InteractionType.MESSAGE_COMPONENT
        return await _together(member, stored.channel_id, kind, data, times, stored)
    finally:
        env._end_operation()


async def slashes_together(calls: list[tuple[Any, Any, str, dict[str, Any]]]) -> list[Any]:
    """Send several members' slash commands (member, channel, name, options) at the same
    instant, as many games played at once do, then let the bot handle them all."""
    env = calls[0][0]._env
    env._begin_operation("slashes_together")
    try:
        records = [emit_slash(*call) for call in calls]
        await env._settle_internal(dispatch="INTERACTION_CREATE")
        return [InteractionResult(env, record) for record in records]
    finally:
        env._end_operation()
