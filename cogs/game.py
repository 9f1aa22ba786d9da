"""The ``/sw`` slash commands: play, private coins and information (the lobby and seat
commands are ``cogs.seats``'; how refusals are answered, ``cogs.refusals``).

Cogs stay thin: they parse the interaction and hand it to the service, through ``bot.desk``
for anything that plays. Every rule is the engine's: options offered by autocomplete come
from ``legal_actions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import ServiceError
from bot.glossary import lookup, search, title
from bot.looks import show_board, show_combos
from bot.text_board import show_text_board
from bot.web.links import game_link
from cogs.choices import member_choices
from cogs.help import help_text
from cogs.refusals import answer_failure, refusals
from cogs.seats import SeatCommands
from cogs.status import lobby_status, status_text
from cogs.translator import Translator
from engine.core.actions import Abandon, Conquer, Decline, Deploy, Move, PickCombo, Reinforce
from engine.core.legal import end_actions
from engine.rulesets.teams.sigil import ORDER_TEXT, ORDERS, SigilOrder
from lang import tr

if TYPE_CHECKING:
    from bot.client import SmallWorldBot

Interaction = discord.Interaction[Any]


class GameCog(
    SeatCommands, commands.GroupCog, group_name="sw", group_description="Play Small World"
):
    """Small World games, one per channel or thread: the play, private and information
    sub-commands of ``/sw`` here, the lobby and seat ones from ``SeatCommands``."""

    def __init__(self, bot: SmallWorldBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_app_command_error(
        self, interaction: Interaction, error: app_commands.AppCommandError
    ) -> None:
        # The tree's handler also logs the failure; the member is told what it left behind.
        await answer_failure(interaction, error)

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
            await show_combos(interaction, lg, self.bot.workers)
        elif text:
            await show_text_board(interaction, lg)
        else:
            seat = lg.seat_of(interaction.user.id)
            await show_board(interaction, lg, seat, mine, self.bot.workers)

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
