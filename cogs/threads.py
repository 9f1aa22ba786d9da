"""A new game in a thread of its own (``/sw new thread:true``): one channel, many games."""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import ServiceError
from bot.service.lobby import WORLD_NAMES
from lang import option, slash, tr


async def open_thread(interaction: discord.Interaction[Any], world: str) -> discord.Thread:
    """A public thread of the channel for a new game, or a clear refusal."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        raise ServiceError(
            tr(
                "This is a thread already: open the game here without `{thread}`.",
                thread=option("thread"),
            )
        )
    if not isinstance(channel, discord.TextChannel):
        raise ServiceError(tr("Games in threads need a text channel."))
    name = f"{WORLD_NAMES[world]} · {interaction.user.display_name}"[:100]
    try:
        return await channel.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            # The longest Discord allows: a slow game must not fall asleep between turns.
            auto_archive_duration=10080,
        )
    except discord.Forbidden as exc:
        raise ServiceError(
            tr(
                "I cannot open threads here: I need Create Public Threads and Send Messages "
                "in Threads in this channel."
            )
        ) from exc


def thread_opened(who: str, world: str, players: int, thread: discord.Thread) -> str:
    """What the channel is told when a game opens in a thread of its own."""
    return tr(
        "🧵 {who} opened a game of **{world}** for {players} players in {thread}: join it "
        "there with `{join}`.",
        who=who,
        world=world,
        players=players,
        thread=thread.mention,
        join=slash("sw join"),
    )


def everyone_sees(channel: object) -> bool:
    """Whether every member of the server can see ``channel`` (a thread: its channel, and
    never a private thread): only such a channel's games are on the web pages."""
    guild = getattr(channel, "guild", None)
    if guild is None:
        return False
    if isinstance(channel, discord.Thread):
        if channel.type == discord.ChannelType.private_thread:
            return False
        channel = channel.parent
    if not isinstance(channel, discord.abc.GuildChannel):
        return False
    return bool(channel.permissions_for(guild.default_role).view_channel)
