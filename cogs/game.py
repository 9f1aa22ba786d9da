"""The ``/sw`` slash commands: lobby, play, private coins and information.

Cogs stay thin: they parse the interaction and hand it to the service, through ``bot.desk``
for anything that plays. Every rule is the engine's: options offered by autocomplete come
from ``legal_actions``.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai_seats import AI_LEVELS, ai_name
from bot.desk import answer, committed, reply_error
from bot.errors import ServiceError
from bot.glossary import lookup, search, title
from bot.lobby_desk import ai_joined, began, joined, left, lobby_news, opening_message
from bot.once import answered
from bot.public import publish
from bot.service import GameService
from bot.service.lobby import WORLD_NAMES
from bot.text_board import show_text_board
from bot.web.links import game_link
from cogs.choices import member_choices
from cogs.help import help_text
from cogs.maps import map_choices
from cogs.replies import following
from cogs.status import lobby_status, status_text
from cogs.threads import everyone_sees, open_in_thread, threads_allowed
from cogs.translator import Translator
from engine import EngineError
from engine.core.actions import Abandon, Conquer, Decline, Deploy, Move, PickCombo, Reinforce
from engine.core.legal import end_actions
from engine.core.worlds import DEFAULT_WORLD
from engine.rulesets.teams.sigil import ORDER_TEXT, ORDERS, SigilOrder
from lang import speaking, tr

if TYPE_CHECKING:
    from bot.client import SmallWorldBot

Interaction = discord.Interaction[Any]


#: Commands whose every answer is private (a move, an undo).
MOVES = frozenset({"pick", "conquer", "abandon", "redeploy", "decline", "end", "undo", "do"})
#: Commands that change a lobby or a game's seats, answered for everyone (``bot.public``).
CHANGES = frozenset(
    {"new", "join", "addai", "leave", "start", "cancel", "away", "back", "replace", "follow"}
)
#: A busy bot acknowledges these on arrival, privately, so that Discord's 3 seconds never
#: run out while others are handled (``bot.once``); their answers follow whenever they come.
EARLY = MOVES | CHANGES


def refusals(func: Any) -> Any:
    """Answer expected refusals (bad input, not your turn, illegal move) with a short private
    message instead of letting them reach the error handler as failures; and answer a copy
    of a command sent twice at once without running it again (``bot.once``)."""

    @functools.wraps(func)
    async def wrapper(self: Any, interaction: Interaction, *args: Any, **kwargs: Any) -> None:
        async def handle() -> None:
            try:
                await func(self, interaction, *args, **kwargs)
            except (ServiceError, EngineError) as exc:
                await reply_error(interaction, str(exc))

        await self.bot.desk.once.run(interaction, handle, private=func.__name__ in EARLY)

    return wrapper


class GameCog(commands.GroupCog, group_name="sw", group_description="Play Small World"):
    """Small World games, one per channel or thread."""

    def __init__(self, bot: SmallWorldBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> GameService:
        """The bot's game service."""
        return self.bot.service

    async def cog_app_command_error(
        self, interaction: Interaction, error: app_commands.AppCommandError
    ) -> None:
        # Refusals never get here (see ``refusals``); this is for real failures, which the
        # tree's handler also logs.
        if isinstance(error, app_commands.CheckFailure):
            await reply_error(interaction, tr("You cannot use that here."))
        elif interaction.extras.get("committed"):
            command = interaction.command.name if interaction.command else ""
            if command in MOVES:
                text = tr("Your move counts, but something went wrong after it was saved.")
            else:
                text = tr("That was done and saved, but something went wrong after it.")
            await reply_error(interaction, text)
        else:
            await reply_error(interaction, tr("Something went wrong; the game was not changed."))

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
    @app_commands.choices(
        world=[app_commands.Choice(name=title, value=name) for name, title in WORLD_NAMES.items()]
    )
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

    # --- play ---------------------------------------------------------------------------

    @app_commands.command(name="play", description="Open your own controls for this turn")
    @app_commands.describe(
        sigil_order="Team play: your standing order for the Sigil of Sacrifice (once a turn)"
    )
    @app_commands.choices(
        sigil_order=[
            app_commands.Choice(name=ORDER_TEXT[order], value=i) for i, order in enumerate(ORDERS)
        ]
    )
    @app_commands.guild_only()
    @refusals
    async def play(self, interaction: Interaction, sigil_order: int | None = None) -> None:
        if sigil_order is not None:
            # Set on one's own turn or while the Sigil asks (the engine refuses otherwise).
            await self.bot.desk.play(interaction, SigilOrder(sigil_order))
            return
        lg = await self.service.in_channel(interaction.channel_id)
        if lg.game is None:
            raise ServiceError(tr("The game has not started yet."))
        await self.bot.desk.open_panel(interaction, lg, lg.seat_of(interaction.user.id))

    @app_commands.command(name="pick", description="Take a race and power combo")
    @app_commands.describe(slot="Position in the column: 1 is free, each lower one costs 1 more")
    @app_commands.guild_only()
    @refusals
    async def pick(self, interaction: Interaction, slot: app_commands.Range[int, 1, 6]) -> None:
        await self.bot.desk.play(interaction, PickCombo(slot))

    @pick.autocomplete("slot")
    async def pick_slot(self, interaction: Interaction, current: str) -> list[Any]:
        return await member_choices(
            self.service, interaction, current, (PickCombo,), lambda a: a.slot
        )

    @app_commands.command(name="conquer", description="Conquer a region, or roll for it")
    @app_commands.describe(
        region="Region number; the list shows the legal targets and costs",
        die="Final conquest with the reinforcement die (1 to 3 tokens short)",
    )
    @app_commands.guild_only()
    @refusals
    async def conquer(self, interaction: Interaction, region: int, die: bool = False) -> None:
        await self.bot.desk.play(interaction, Reinforce(region) if die else Conquer(region))

    @conquer.autocomplete("region")
    async def conquer_region(self, interaction: Interaction, current: str) -> list[Any]:
        # With die:True typed first, the list offers the regions the die may make up for.
        die = bool(getattr(interaction.namespace, "die", False))
        kind = Reinforce if die else Conquer
        return await member_choices(self.service, interaction, current, (kind,), lambda a: a.region)

    @app_commands.command(name="abandon", description="Empty one of your regions before conquering")
    @app_commands.guild_only()
    @refusals
    async def abandon(self, interaction: Interaction, region: int) -> None:
        await self.bot.desk.play(interaction, Abandon(region))

    @abandon.autocomplete("region")
    async def abandon_region(self, interaction: Interaction, current: str) -> list[Any]:
        return await member_choices(
            self.service, interaction, current, (Abandon,), lambda a: a.region
        )

    @app_commands.command(name="redeploy", description="Place tokens from hand, or move them")
    @app_commands.describe(
        to="Region that receives the tokens",
        count="How many tokens (default 1)",
        source="Region to take them from (empty: from your hand)",
    )
    @app_commands.guild_only()
    @refusals
    async def redeploy(
        self,
        interaction: Interaction,
        to: int,
        count: app_commands.Range[int, 1, 30] = 1,
        source: int | None = None,
    ) -> None:
        action = Deploy(to, count) if source is None else Move(source, to, count)
        await self.bot.desk.play(interaction, action)

    @redeploy.autocomplete("to")
    async def redeploy_to(self, interaction: Interaction, current: str) -> list[Any]:
        return await member_choices(
            self.service,
            interaction,
            current,
            (Deploy, Move),
            lambda a: getattr(a, "region", None) if isinstance(a, Deploy) else a.target,
            dedupe=True,
        )

    @app_commands.command(name="decline", description="Put your active race in decline")
    @app_commands.guild_only()
    @refusals
    async def decline(self, interaction: Interaction) -> None:
        await self.bot.desk.play(interaction, Decline())

    @app_commands.command(name="end", description="Stop conquering and end your turn (or finish)")
    @app_commands.guild_only()
    @refusals
    async def end(self, interaction: Interaction) -> None:
        # What End turn plays depends on the game's state: the service works it out.
        await self.bot.desk.play(interaction, end_actions)

    @app_commands.command(name="undo", description="Take back your last action of this turn")
    @app_commands.guild_only()
    @refusals
    async def undo(self, interaction: Interaction) -> None:
        await self.bot.desk.undo(interaction)

    @app_commands.command(name="do", description="Any legal action, special powers included")
    @app_commands.describe(action="Start typing: the list shows every legal action")
    @app_commands.guild_only()
    @refusals
    async def do(self, interaction: Interaction, action: str) -> None:
        await self.bot.desk.play(interaction, action)

    @do.autocomplete("action")
    async def do_action(self, interaction: Interaction, current: str) -> list[Any]:
        return await member_choices(self.service, interaction, current, None, lambda a: a.text)

    # --- private ------------------------------------------------------------------------

    @app_commands.command(name="coins", description="Your victory coins (only you see them)")
    @app_commands.guild_only()
    @refusals
    async def coins(self, interaction: Interaction) -> None:
        lg = await self.service.last_game(interaction.channel_id)
        await self.bot.desk.show_coins(interaction, lg, lg.seat_of(interaction.user.id))

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

    # --- information --------------------------------------------------------------------

    @app_commands.command(name="board", description="The board as it stands, or the combos")
    @app_commands.describe(
        mine="Only for you, with the regions you can conquer and their cost",
        combos="The six combos for sale instead of the board",
        text="The board in words, region by region, only for you (for a screen reader)",
    )
    @app_commands.guild_only()
    @refusals
    async def board(
        self, interaction: Interaction, mine: bool = False, combos: bool = False, text: bool = False
    ) -> None:
        lg = await self.service.last_game(interaction.channel_id)
        if lg.game is None:
            raise ServiceError(tr("The game has not started yet."))
        if combos:
            await self.bot.desk.show_combos(interaction, lg)
        elif text:
            await show_text_board(interaction, lg)
        else:
            await self.bot.desk.show_board(interaction, lg, lg.seat_of(interaction.user.id), mine)

    @app_commands.command(name="status", description="Turn, who must act, deadlines")
    @app_commands.guild_only()
    @refusals
    async def status(self, interaction: Interaction) -> None:
        lg = await self.service.last_game(interaction.channel_id)
        if lg.game is None:
            await interaction.response.send_message(lobby_status(lg), ephemeral=True)
            return
        text = await status_text(self.service, lg, lg.game.state)
        link = await game_link(
            self.service.storage, self.bot.settings.web_url, lg.guild_id, lg.id,
            self.service.clock(),
        )  # fmt: skip
        if link:
            text += "\n" + tr("🌐 This game on the web: {link}", link=link)
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="rules", description="Explain a race, a power or a rule")
    @app_commands.guild_only()
    @refusals
    async def rules(self, interaction: Interaction, name: str) -> None:
        found = lookup(name)
        if found is None:
            raise ServiceError(tr("I don't know {name!r}; pick a name from the list.", name=name))
        key, text = found
        await interaction.response.send_message(
            tr("**{title}**: {text}", title=title(key), text=text), ephemeral=True
        )

    @rules.autocomplete("name")
    async def rules_name(self, interaction: Interaction, current: str) -> list[Any]:
        # Matched in every language, shown in the member's; the value is the English key.
        return [app_commands.Choice(name=title(key)[:100], value=key) for key in search(current)]

    @app_commands.command(name="help", description="How to play here")
    @refusals
    async def help(self, interaction: Interaction) -> None:
        await interaction.response.send_message(help_text(), ephemeral=True)


async def setup(bot: SmallWorldBot) -> None:
    """Extension entry point; it also gives the command tree the catalogs' translations of
    every command (``cogs.translator``), which ``tree.sync`` sends to Discord."""
    await bot.tree.set_translator(Translator())
    await bot.add_cog(GameCog(bot))
