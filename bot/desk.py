"""The desk: a member's request, from the interaction to the service and back.

A refusal is answered privately and changes nothing. An accepted request is applied and
committed by the service together with what it must announce, answered, and then handed to
the announcer (posting and drawing happen after the answer, so the answer is quick). If the
announcement could not be posted, the member is told the truth: the move counts, and why
the channel did not get the message. What the member is told is composed in
``bot.answers``; the pictures a member asks to look at are ``bot.looks``'.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from lang import tr

from .announcer import Announcer
from .answers import delivery_note, refusal, seat_panel, told
from .claims import DEADLINE
from .looks import show_board, show_combos
from .once import Once, answered, refused
from .panel import Settings
from .posting import Delivery
from .request_log import RequestLog
from .service import GameService
from .service.loaded import LoadedGame
from .service.outcome import Outcome, PanelReply
from .service.play import Actions
from .service.presses import LOOKS, Planned
from .text_board import show_text_board
from .workers import Workers

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: The longest refusal sent (Discord takes 2,000 characters in a message).
MAX_REFUSAL = 300


async def answer(interaction: Interaction, text: str, **kwargs: Any) -> None:
    """Reply to an interaction, whether or not it was acknowledged already.

    Buttons are acknowledged with a silent defer (no "thinking" message), so that what
    follows may be public or private as each reply needs.
    """
    if interaction.response.is_done():
        await interaction.followup.send(text, **kwargs)
    else:
        await interaction.response.send_message(text, **kwargs)


async def reply_error(interaction: Interaction, message: str) -> None:
    """A short private refusal, whether or not the interaction was answered already (a
    refusal that repeats a member's long text is cut to one Discord message)."""
    refused(interaction)
    if len(message) > MAX_REFUSAL:
        message = message[: MAX_REFUSAL - 1] + "…"
    await answer(interaction, message, ephemeral=True)


def committed(interaction: Interaction) -> None:
    """Remember that this interaction's request changed the game (for error replies)."""
    interaction.extras["committed"] = True


class Desk:
    """Plays requests for members and has their announcements posted."""

    def __init__(
        self, service: GameService, announcer: Announcer, workers: Workers | None = None
    ) -> None:
        self.service = service
        self.announcer = announcer
        #: Where boards and panels are drawn (``bot.workers``).
        self.workers = workers or Workers(0)
        #: Copies of a request sent at once are answered once (every command and press).
        self.once = Once(
            service.clock,
            # Several processes on one database: the requests they saw are kept there too.
            RequestLog(service.storage, announcer.claims.owner) if service.storage.shared else None,
        )
        #: Called with the game after every accepted change (the AI seats listen).
        self.on_change: Callable[[LoadedGame], None] | None = None

    # --- requests -----------------------------------------------------------------------

    async def play(
        self,
        interaction: Interaction,
        actions: Actions | Planned,
        *,
        key: str | None = None,
    ) -> Outcome | None:
        """Apply actions for the member in one call to the service (``Planned`` ones worked
        out from the game there); reply with what was done; announce the change."""
        reply = await self.service.request(
            interaction.channel_id,
            interaction.user.id,
            actions,
            key=key,
            acknowledge=self.acknowledgement(interaction),
        )
        return await self.played(interaction, reply)

    async def played(self, interaction: Interaction, reply: PanelReply) -> Outcome | None:
        """Answer a request that played: why it was refused (nothing changed then), or what
        it did with the member's panel for what comes next, then announce the change."""
        if reply.outcome is None:
            await reply_error(interaction, str(reply.refusal))
            return None
        assert reply.game is not None
        committed(interaction)
        note = told(reply.game, reply.outcome.applied, reply.events, reply.seat)
        await self.answer_with_panel(interaction, reply.game, reply.seat, note)
        await self.announce(reply.outcome, interaction)
        return reply.outcome

    def acknowledgement(self, interaction: Interaction) -> Callable[[], Awaitable[Any]] | None:
        """How a request that passed the first check is acknowledged before it is applied:
        a press at once, without a message (Discord's 3 seconds); a command by its reply,
        unless other requests arrived meanwhile (``Once.acknowledge_if_busy``: the first
        of many found the bot idle, and would wait for the others' work). Nothing more when
        it was acknowledged on arrival."""
        if interaction.response.is_done():
            return None
        if interaction.type == discord.InteractionType.component:
            return interaction.response.defer
        return lambda: self.once.acknowledge_if_busy(interaction)

    async def undo(self, interaction: Interaction, key: str | None = None) -> None:
        """Take back the member's last action (checked inside the game's lock)."""
        reply = await self.service.request_undo(
            interaction.channel_id, interaction.user.id, key=key
        )
        await self.undone(interaction, reply)

    async def undone(self, interaction: Interaction, reply: PanelReply) -> None:
        """Answer an undo: why it was refused, or the member's panel; then announce it."""
        if reply.outcome is None:
            await reply_error(interaction, str(reply.refusal))
            return
        assert reply.game is not None
        committed(interaction)
        await self.answer_with_panel(interaction, reply.game, reply.seat, tr("↩️ Undone."))
        await self.announce(reply.outcome, interaction)

    async def answer_with_panel(
        self, interaction: Interaction, lg: LoadedGame, seat: int | None, note: str
    ) -> None:
        """A private reply: ``note`` and, below it, the panel of the member's ``seat`` now."""
        text, panel = seat_panel(lg, seat, note=note)
        kwargs: dict[str, Any] = {"ephemeral": True}
        if panel is not None:
            kwargs["view"] = panel
        await answer(interaction, text, **kwargs)

    async def announce(
        self, outcome: Outcome, interaction: Interaction | None = None
    ) -> list[Delivery]:
        """Post what the outcome recorded; tell the member privately if it did not go out."""
        if interaction is not None:
            # The member has the result: a copy made from now on is a new request.
            answered(interaction, self.service.clock())
        if self.on_change is not None:
            self.on_change(outcome.game)
        if not outcome.announced:
            return []
        deliveries = await self.announcer.deliver(outcome.game.id, outcome.announced)
        note = delivery_note(deliveries)
        if note and interaction is not None:
            await interaction.followup.send(note, ephemeral=True)
        return deliveries

    async def press(self, interaction: Interaction, game_id: int, key: str, verb: str) -> None:
        """A game-message button (pressed twice at once, it counts once)."""
        await self.once.run(
            interaction,
            lambda: self._press(interaction, game_id, key, verb),
            private=verb not in LOOKS,
        )

    async def _press(self, interaction: Interaction, game_id: int, key: str, verb: str) -> None:
        # One call to the service per press: it reads and checks the message's game and,
        # for a button that plays, plays it and returns all that the answer needs.
        reply = await self.service.message_press(
            game_id,
            interaction.channel_id,
            interaction.user.id,
            verb,
            key,
            self.acknowledgement(interaction),
        )
        if reply.error is not None:
            await reply_error(interaction, reply.error)
        elif verb == "undo":
            await self.undone(interaction, reply)
        elif verb not in LOOKS:
            await self.played(interaction, reply)
        elif verb == "coins":
            assert reply.game is not None
            await self.show_coins(interaction, reply.game, reply.seat)
        elif verb == "combos":
            assert reply.game is not None
            await show_combos(interaction, reply.game, self.workers)
        elif verb == "words":
            assert reply.game is not None
            await show_text_board(interaction, reply.game)
        else:
            assert reply.game is not None
            await self.open_panel(interaction, reply.game, reply.seat)

    async def open_panel(self, interaction: Interaction, lg: LoadedGame, seat: int | None) -> None:
        """The controls of the member playing ``seat``, privately (they can be opened again
        at any time)."""
        text, panel = seat_panel(lg, seat)
        if panel is None:
            await reply_error(interaction, text)
            return
        await interaction.response.send_message(text, view=panel, ephemeral=True)

    async def panel_press(
        self,
        interaction: Interaction,
        game_id: int,
        version: int,
        settings_text: str,
        payload: str,
    ) -> None:
        """A press on a member's panel: play what it names, or show the panel as asked
        (pressed twice at once, it counts once)."""
        await self.once.run(
            interaction,
            lambda: self._panel_press(interaction, game_id, version, settings_text, payload),
            # A move or an undo: its answer edits this panel, whenever it comes.
            private=payload.startswith("a=") or payload == "undo",
        )

    async def _panel_press(
        self,
        interaction: Interaction,
        game_id: int,
        version: int,
        settings_text: str,
        payload: str,
    ) -> None:
        # One call to the service per press: it reads the game and, for a move or an undo,
        # plays it and returns all that the answer needs.
        settings = Settings.decode(settings_text)
        channel_id, user_id = interaction.channel_id, interaction.user.id
        if payload.startswith("a="):
            reply = await self.service.panel_play(
                game_id,
                channel_id,
                user_id,
                payload[2:].split("|"),
                version,
                self.acknowledgement(interaction),
            )
        elif payload == "undo":
            reply = await self.service.panel_undo(game_id, channel_id, user_id, version)
        else:
            reply = await self.service.panel_game(game_id, channel_id, user_id)
        if reply.error is not None:
            await reply_error(interaction, reply.error)
            return
        assert reply.game is not None
        if payload == "board":
            await show_board(interaction, reply.game, reply.seat, True, self.workers)
        elif payload.startswith("a=") or payload == "undo":
            await self.panel_result(interaction, reply, version, settings, undone=payload == "undo")
        else:
            # Settings only (a move's start, a count, a page): nothing is played.
            await self.show_panel(interaction, reply.game, reply.seat, settings.after(payload))

    async def panel_result(
        self,
        interaction: Interaction,
        reply: PanelReply,
        version: int,
        settings: Settings,
        *,
        undone: bool,
    ) -> None:
        """The panel after a move (or, ``undone``, an undo): what it did, or why nothing was
        played; then what it announced is posted. Only the count the member chose is kept,
        except on a refused undo, which shows the panel as it was set."""
        assert reply.game is not None
        kept = Settings(amount=settings.amount)
        if reply.outcome is None:
            assert reply.refusal is not None
            note = refusal(reply.game, version, reply.refusal)
            shown = settings if undone else kept
            await self.show_panel(interaction, reply.game, reply.seat, shown, note=note)
            return
        committed(interaction)
        if undone:
            note = tr("↩️ Undone.")
        else:
            note = told(reply.game, reply.outcome.applied, reply.events, reply.seat)
        await self.show_panel(interaction, reply.game, reply.seat, kept, note=note)
        await self.announce(reply.outcome, interaction)

    async def show_panel(
        self,
        interaction: Interaction,
        lg: LoadedGame,
        seat: int | None,
        settings: Settings,
        note: str = "",
    ) -> None:
        """Replace the panel the member pressed with its fresh state."""
        text, panel = seat_panel(lg, seat, settings, note)
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text, view=panel)
        else:
            await interaction.response.edit_message(content=text, view=panel)

    async def show_coins(self, interaction: Interaction, lg: LoadedGame, seat: int | None) -> None:
        """The coins of the member playing ``seat``, to them alone."""
        if seat is None or lg.game is None:
            await reply_error(interaction, tr("You are not playing in this game."))
            return
        coins = lg.game.state.players[seat].coins
        await interaction.response.send_message(
            tr("You have **{coins}** victory coins. Only you can see this.", coins=coins),
            ephemeral=True,
        )

    # --- deadlines ----------------------------------------------------------------------

    async def tick(self) -> None:
        """Post what is owed, apply defaults for overdue decisions, send reminders."""
        await self.announcer.deliver_due()
        overdue, remind = await self.service.due_games()
        claims = self.announcer.claims
        for game_id in overdue:
            # Another process may be applying this deadline: it is skipped here (and even if
            # both tried, the game's revision would let one apply it).
            outcome = None
            async with claims.holding(DEADLINE, game_id) as mine:
                if not mine:
                    continue
                try:
                    outcome = await self.service.run_deadline(game_id)
                except Exception:  # one broken game must not stop the others' deadlines
                    log.exception("deadline of game %s failed", game_id)
            if outcome is not None:
                await self.announce(outcome)
        for game_id in remind:
            async with claims.holding(DEADLINE, game_id) as mine:
                ids = await self.service.remind(game_id) if mine else []
            if ids:
                await self.announcer.deliver(game_id, ids)
