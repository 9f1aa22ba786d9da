"""The public answer to a request that changed a game: a seat taken or left, a lobby opened,
a game started or cancelled, an absence announced.

Such a request is committed before it is answered, so its answer must reach the channel
whatever became of the interaction, and must never say that nothing changed:

- on a quiet bot, the answer is the interaction's response, as usual;
- a busy bot acknowledged the request privately on arrival (``Once.acknowledge_if_busy``:
  its 3 seconds must not run out behind other requests), so the member's "thinking…"
  becomes one private line and the answer follows for everyone;
- when Discord takes no answer to the interaction any more (it came too late, or another
  process answered it), the answer is posted in the channel instead.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from lang import tr

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: Discord's codes for an interaction that takes no answer any more: unknown interaction
#: (its 3 seconds ran out), unknown webhook (its 15 minutes did), already acknowledged.
GONE = frozenset({10062, 10015, 40060})


async def publish(interaction: Interaction, **message: Any) -> None:
    """Answer ``interaction`` for everyone with ``message`` (``content``, ``view``,
    ``allowed_mentions``: what ``send`` takes), however it was acknowledged; in the
    channel when the interaction is gone."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(**message)
            return
        if interaction.type == discord.InteractionType.application_command:
            # A private "thinking…" would make the first follow-up private too: it is
            # closed first, with a line for the member alone.
            await interaction.edit_original_response(content=tr("Done."))
        await interaction.followup.send(**message)
    except discord.HTTPException as exc:
        await to_channel(interaction, exc, message)


async def refresh(interaction: Interaction, **message: Any) -> None:
    """Show ``message`` in place of the message whose button was pressed (a lobby as it now
    stands), whether or not the press was acknowledged; as a new message in the channel
    when the interaction is gone."""
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(**message)
        else:
            await interaction.response.edit_message(**message)
    except discord.HTTPException as exc:
        await to_channel(interaction, exc, message)


async def to_channel(
    interaction: Interaction, exc: discord.HTTPException, message: dict[str, Any]
) -> None:
    """Post ``message`` in the interaction's channel when ``exc`` says the interaction takes
    no answer any more; raise ``exc`` otherwise."""
    channel = interaction.channel
    if exc.code not in GONE or not isinstance(channel, discord.abc.Messageable):
        raise exc
    # Committed already: the channel is told what the member's screen could not show.
    log.warning(
        "interaction %s took no answer (%s %s): its answer goes to channel %s",
        interaction.id,
        exc.status,
        exc.code,
        interaction.channel_id,
    )
    await channel.send(**message)
