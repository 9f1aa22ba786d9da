"""``/league queue``: the open-play queue (issue 38). Members join and leave it and see who
waits; an organiser (Manage Server) changes its settings. The work is done by
``bot.seasons.queue_desk``; the queue's own messages carry ▶ Join queue and Leave queue.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.seasons.counts import SUGGESTED, CountsError, counts_text, parse_counts
from cogs.choices import WORLD_CHOICES
from cogs.refusals import refusals

if TYPE_CHECKING:
    from bot.client import SmallWorldBot

Interaction = discord.Interaction[Any]


def organiser(interaction: Interaction) -> bool:
    """Whether the member may change the server's league settings (Manage Server)."""
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


async def count_choices(interaction: Interaction, current: str) -> list[Any]:
    """The usual player counts, ready to tap, named in the member's language; what the
    member typed comes first when it reads as counts."""
    out = []
    typed = current.strip()
    usual = {parse_counts(text) for text in SUGGESTED}
    if typed:
        # Not counts yet while the member is still typing.
        with contextlib.suppress(CountsError):
            if (counts := parse_counts(typed)) not in usual:
                out.append(app_commands.Choice(name=counts_text(counts), value=typed))
    for text in SUGGESTED:
        out.append(app_commands.Choice(name=counts_text(parse_counts(text)), value=text))
    return out[:25]


class Queue(app_commands.Group):
    """The ``queue`` group under ``/league``."""

    def __init__(self, bot: SmallWorldBot) -> None:
        super().__init__(
            name="queue", description="Open play: wait in the queue, the bot forms the games"
        )
        self.bot = bot

    @app_commands.command(name="join", description="Wait in the queue: the bot forms your game")
    @app_commands.describe(
        players="How many players you accept, like 3,4 or 2-5 (6: a team game); default 3,4",
        world="Small World or Underground (default: either)",
        deadline_hours="Hours each player has per decision (default: the usual 24)",
        partner="Queue with this member for a team game of 6 (they confirm)",
    )
    @app_commands.autocomplete(players=count_choices)
    @app_commands.choices(world=WORLD_CHOICES)
    @app_commands.guild_only()
    @refusals
    async def join(
        self,
        interaction: Interaction,
        players: str | None = None,
        world: str | None = None,
        deadline_hours: app_commands.Range[int, 1, 336] | None = None,
        partner: discord.Member | None = None,
    ) -> None:
        await self.bot.queue_desk.join(interaction, players, world, deadline_hours, partner)

    @app_commands.command(name="leave", description="Stop waiting in the queue")
    @app_commands.guild_only()
    @refusals
    async def leave(self, interaction: Interaction) -> None:
        await self.bot.queue_desk.leave(interaction)

    @app_commands.command(name="list", description="Who waits in the queue, for what, since when")
    @app_commands.guild_only()
    @refusals
    async def waiting(self, interaction: Interaction) -> None:
        await self.bot.queue_desk.show(interaction)

    @app_commands.command(
        name="settings", description="The queue's settings; an organiser changes them"
    )
    @app_commands.describe(
        tolerance="Rating points apart a game's members may be at once (default 100)",
        widening="Points more for each hour waited (default 25)",
        cap="Unfinished games a member may be in to join the queue (default 3)",
    )
    @app_commands.guild_only()
    @refusals
    async def settings(
        self,
        interaction: Interaction,
        # discord.py reads these in ``refusals``' module: plain numbers (``bot.seasons.queue``'s
        # ``MAX_TOLERANCE``, ``MAX_WIDENING``, ``MAX_CAP``, which check them again).
        tolerance: app_commands.Range[float, 0.0, 2000.0] | None = None,
        widening: app_commands.Range[float, 0.0, 1000.0] | None = None,
        cap: app_commands.Range[int, 1, 50] | None = None,
    ) -> None:
        await self.bot.queue_desk.settings(
            interaction, tolerance, widening, cap, organiser(interaction)
        )
