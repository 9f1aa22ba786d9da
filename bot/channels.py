"""What the bot reads of a channel: whether every member of its server can see it (only
such a channel's games are on the web pages)."""

from __future__ import annotations

import discord


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
