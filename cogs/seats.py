"""The ``/sw`` commands that change who sits at a game: a lobby's (open, join, seat an AI,
leave, start, cancel) and a game's seats (absences, replacements, followers).

Every one of them is answered for everyone (``bot.public``; ``cogs.refusals.CHANGES``), and
none plays a move: they talk to the service's lobby and seats, not to the desk's turn. Apart
from ``cogs.game`` as a mixin of ``GameCog``: ``/sw`` is one Discord group, one cog, and
discord.py gathers a cog's commands from every class it inherits.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.ai_seats import AI_LEVELS, ai_name
from bot.desk import answer, committed
from bot.errors import ServiceError
from bot.lobby_desk import ai_joined, began, joined, left, lobby_news, opening_message
from bot.once import answered
from bot.public import publish
from bot.service.lobby import WORLD_NAMES
from cogs.choices import WORLD_CHOICES
from cogs.maps import map_choices
from cogs.refusals import refusals
from cogs.replies import following
from cogs.threads import everyone_sees, open_in_thread, threads_allowed
from engine.core.worlds import DEFAULT_WORLD
from lang import speaking, tr

if TYPE_CHECKING:
    from bot.client import SmallWorldBot
    from bot.service import GameService

Interaction = discord.Interaction[Any]


class SeatCommands:
    """The lobby and seat sub-commands of ``/sw`` (a mixin of ``cogs.game.GameCog``)."""

    bot: SmallWorldBot

    @property
    def service(self) -> GameService:
        """The bot's game service."""
        return self.bot.service

    # --- lobby --------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a Small World game in this channel")
    @app_commands.describe(
        players="Number of players (2-5; 6 play in 3 teams of 2); the map follows",
        deadline_hours="Hours each player has per decision (default 24)",
        open_scores="Show everyone's coins during the game (default: hidden)",
        rated="Count for the server's league season (default: yes while one is open)",
        world="Small World (default) or Small World Underground",
        thread="Play in a new thread of this channel (one channel, many games)",
        takeover_after="Missed deadlines in a row before an AI plays a seat (0: never; 2)",
        board="One of this server's own maps (/maps list); empty: the usual board",
        teams="Play in 3 teams of 2 (6 players; on by itself for 6)",
        mix="Mixed markets: the races and powers of both worlds in one market",
        surface_relics="Places and Relics on the surface, under Monsters (Small World)",
    )
    @app_commands.rename(board="map")
    @app_commands.autocomplete(board=map_choices)
    @app_commands.choices(world=WORLD_CHOICES)
    @app_commands.guild_only()
    @refusals
    async def new(
        self,
        interaction: Interaction,
        players: app_commands.Range[int, 2, 6],
        deadline_hours: app_commands.Range[float, 0.05, 336.0] = 24.0,
        open_scores: bool = False,
        rated: bool | None = None,
        world: str | None = None,
        thread: bool = False,
        takeover_after: app_commands.Range[int, 0, 10] = 2,
        board: str | None = None,
        teams: bool | None = None,
        mix: bool = False,
        surface_relics: bool = False,
    ) -> None:
        club = None
        if board is not None and interaction.guild_id is not None:
            club = await self.bot.club_maps.for_game(interaction.guild_id, board, players, world)
            world = club.world
        world = world or DEFAULT_WORLD
        if thread:
            # What can be refused is refused before a thread is opened: nothing is left.
            threads_allowed(interaction)
        opening = await self.service.lobby.plan(
            interaction.guild_id,
            None if thread else interaction.channel_id,
            interaction.user.id,
            interaction.user.display_name,
            players,
            deadline_hours,
            open_scores,
            rated=rated,
            world=world,
            takeover_after=takeover_after,
            map_id=club.key if club is not None else None,
            teams=teams,
            extra={"mix": mix, "surface_relics": surface_relics},
            language=await self.service.languages.for_server(
                interaction.guild_id, interaction.guild_locale
            ),
            # A thread of this channel is a public one: seen by those who see the channel.
            listed=everyone_sees(interaction.channel),
        )
        board_name = club.name if club is not None else opening.map_id
        if thread:
            await open_in_thread(self.service, interaction, opening, board_name)
            return
        lg = await self.service.lobby.open(opening, interaction.channel_id)
        committed(interaction)
        await publish(
            interaction,
            **opening_message(lg, WORLD_NAMES[world], board_name, interaction.user.mention),
        )

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    @app_commands.guild_only()
    @refusals
    async def join(self, interaction: Interaction) -> None:
        lg = await self.service.join(
            interaction.channel_id, interaction.user.id, interaction.user.display_name
        )
        committed(interaction)
        await publish(interaction, **lobby_news(lg, joined(interaction.user.mention, lg)))

    @app_commands.command(name="addai", description="Seat an AI player in the lobby (host)")
    @app_commands.describe(level="How strong: easy, normal or hard (an AI seat makes it unrated)")
    @app_commands.choices(
        level=[app_commands.Choice(name=name, value=key) for key, name in AI_LEVELS.items()]
    )
    @app_commands.guild_only()
    @refusals
    async def addai(self, interaction: Interaction, level: str = "normal") -> None:
        # The service names the seat from the names seated when it reads the lobby.
        namer = functools.partial(ai_name, level)
        lg = await self.service.add_ai(interaction.channel_id, interaction.user.id, level, namer)
        committed(interaction)
        await publish(interaction, **lobby_news(lg, ai_joined(lg.seats[-1].name, lg)))

    @app_commands.command(name="leave", description="Leave this channel's game before it starts")
    @app_commands.guild_only()
    @refusals
    async def leave(self, interaction: Interaction) -> None:
        lg = await self.service.leave(interaction.channel_id, interaction.user.id)
        committed(interaction)
        # In a team lobby their team is unpaired (ruling 111): the teams as they stand.
        await publish(interaction, **lobby_news(lg, left(interaction.user.mention, lg)))

    @app_commands.command(name="start", description="Start the game (host only)")
    @app_commands.guild_only()
    @refusals
    async def start(self, interaction: Interaction) -> None:
        outcome = await self.service.start(interaction.channel_id, interaction.user.id)
        await began(self.bot.desk, interaction, outcome)

    @app_commands.command(name="cancel", description="Cancel this channel's game")
    @app_commands.guild_only()
    @refusals
    async def cancel(self, interaction: Interaction) -> None:
        perms = getattr(interaction.user, "guild_permissions", None)
        admin = bool(perms and perms.manage_guild)
        lg = await self.service.cancel(interaction.channel_id, interaction.user.id, admin)
        committed(interaction)
        with speaking(lg.language):
            text = tr("The game in this channel was cancelled.")
        await publish(interaction, content=text)

    # --- seats: absences, replacements, followers ------------------------------------------

    @app_commands.command(name="away", description="Announce an absence: your deadlines wait")
    @app_commands.describe(days="How long you are away (a game allows 7 days in all)")
    @app_commands.guild_only()
    @refusals
    async def away(
        self, interaction: Interaction, days: app_commands.Range[float, 0.5, 7.0]
    ) -> None:
        change = await self.service.away(interaction.channel_id, interaction.user.id, days)
        committed(interaction)
        await publish(
            interaction, content=change.text, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="back", description="End your absence now")
    @app_commands.guild_only()
    @refusals
    async def back(self, interaction: Interaction) -> None:
        change = await self.service.back(interaction.channel_id, interaction.user.id)
        committed(interaction)
        await publish(
            interaction, content=change.text, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="replace", description="Give a player's seat to another member")
    @app_commands.describe(
        player="Who leaves the game", by="Who takes their seat, pieces and coins"
    )
    @app_commands.guild_only()
    @refusals
    async def replace(
        self, interaction: Interaction, player: discord.Member, by: discord.Member
    ) -> None:
        if by.bot:
            raise ServiceError(tr("A bot cannot take a seat."))
        perms = getattr(interaction.user, "guild_permissions", None)
        change = await self.service.replace(
            interaction.channel_id,
            interaction.user.id,
            bool(perms and perms.manage_guild),
            player.id,
            by.id,
            by.display_name,
        )
        committed(interaction)
        try:
            await answer(interaction, tr("Done."), ephemeral=True)
        finally:
            # Posted even when the answer failed: the change is saved.
            answered(interaction, self.service.clock())
            await self.bot.announcer.deliver(change.game.id, change.announced)

    @app_commands.command(
        name="follow", description="Get each turn of this game by DM (again: stop)"
    )
    @app_commands.guild_only()
    @refusals
    async def follow(self, interaction: Interaction) -> None:
        on = await self.service.follow(interaction.channel_id, interaction.user.id)
        committed(interaction)
        await answer(interaction, following(on), ephemeral=True)
