"""``/league round``: where a rounds season stands, and the organiser's controls of its
clock and its members (Manage Server): pause, resume, extend, drop.

The work is done by ``bot.seasons.season_desk``; the group joins ``/league`` (``cogs.league``
is loaded first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.league import organiser_only
from cogs.refusals import refusals

if TYPE_CHECKING:
    from bot.client import SmallWorldBot

Interaction = discord.Interaction[Any]


class RoundGroup(app_commands.Group):
    """The ``round`` group under ``/league``."""

    def __init__(self, bot: SmallWorldBot) -> None:
        super().__init__(
            name="round", description="The season's rounds: where they stand, and their clock"
        )
        self.bot = bot

    @app_commands.command(name="status", description="The round under way, its games and end")
    @app_commands.guild_only()
    @refusals
    async def status(self, interaction: Interaction) -> None:
        await self.bot.season_desk.status(interaction)

    @app_commands.command(name="pause", description="Stop the rounds' clock (Manage Server)")
    @app_commands.guild_only()
    @refusals
    async def pause(self, interaction: Interaction) -> None:
        organiser_only(interaction)
        await self.bot.season_desk.clock(interaction, "pause")

    @app_commands.command(name="resume", description="Restart the rounds' clock (Manage Server)")
    @app_commands.guild_only()
    @refusals
    async def resume(self, interaction: Interaction) -> None:
        organiser_only(interaction)
        await self.bot.season_desk.clock(interaction, "resume")

    @app_commands.command(name="extend", description="Give the round more days (Manage Server)")
    @app_commands.describe(days="Days added to the round under way")
    @app_commands.guild_only()
    @refusals
    async def extend(
        self, interaction: Interaction, days: app_commands.Range[float, 0.01, 30.0]
    ) -> None:
        organiser_only(interaction)
        await self.bot.season_desk.clock(interaction, "extend", days)

    @app_commands.command(
        name="drop", description="Drop a member who missed every deadline (Manage Server)"
    )
    @app_commands.describe(member="Who missed every deadline of their last round's game")
    @app_commands.guild_only()
    @refusals
    async def drop(self, interaction: Interaction, member: discord.Member) -> None:
        organiser_only(interaction)
        await self.bot.season_desk.drop(interaction, member)


async def setup(bot: SmallWorldBot) -> None:
    """Extension entry point: the group joins ``/league`` (``cogs.league`` is loaded first)."""
    league = bot.tree.get_command("league")
    assert isinstance(league, app_commands.Group)
    league.add_command(RoundGroup(bot))
