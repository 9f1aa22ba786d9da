"""The desk: a member's request, from the interaction to the service and back.

A refusal is answered privately and changes nothing. An accepted request is applied and
committed by the service together with what it must announce, answered, and then handed to
the announcer (posting and drawing happen after the answer, so the answer is quick). If the
announcement could not be posted, the member is told the truth: the move counts, and why
the channel did not get the message.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from engine import EngineError, problem, to_act, view
from engine.rules import closing_action, end_actions
from engine.state import CONQUER, OVER
from engine.view import visible_events

from .announcer import Announcer, Delivery
from .controls import turn_view
from .messages import CHANNEL, buttons_for, decision_key
from .narrate import describe_event
from .outbox import BLOCKED, PARTIAL, PENDING
from .service import GameService, LoadedGame, Outcome, ServiceError

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


def render_board_png(state_view: dict[str, Any]) -> bytes:
    """The board image for a public view (imported lazily: Pillow is only needed here)."""
    from renderer import render_board

    return render_board(state_view)


def render_combos_png(state_view: dict[str, Any]) -> bytes:
    """The combos panel for a public view."""
    from renderer import render_combos

    return render_combos(state_view)


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
    """A short private refusal, whether or not the interaction was answered already."""
    await answer(interaction, message, ephemeral=True)


def committed(interaction: Interaction) -> None:
    """Remember that this interaction's request changed the game (for error replies)."""
    interaction.extras["committed"] = True


def delivery_note(deliveries: list[Delivery]) -> str | None:
    """What the member must know when the channel did not get the turn message as meant."""
    for d in deliveries:
        if d.kind != CHANNEL:
            continue
        if d.status == PARTIAL:
            return (
                f"Your move counts. The board image could not be posted ({d.error}): the "
                "turn went out as text, and `/sw board` shows the board."
            )
        if d.status == BLOCKED:
            return (
                f"Your move counts, but I cannot post in this channel ({d.error}). The game "
                "is paused until I can; the host was told by DM."
            )
        if d.status == PENDING:
            return (
                f"Your move counts. Discord has not taken the turn message yet ({d.error}); "
                "I keep trying."
            )
    return None


class Desk:
    """Plays requests for members and has their announcements posted."""

    def __init__(self, service: GameService, announcer: Announcer) -> None:
        self.service = service
        self.announcer = announcer

    # --- requests -----------------------------------------------------------------------

    async def play(
        self,
        interaction: Interaction,
        actions: list[Any] | Any,
        *,
        key: str | None = None,
    ) -> Outcome | None:
        """Apply actions for the member; reply with what was done; announce the change."""
        try:
            await self.service.check(interaction.channel_id, interaction.user.id, actions, key=key)
        except (ServiceError, EngineError) as exc:
            await reply_error(interaction, str(exc))
            return None
        if interaction.type == discord.InteractionType.component:
            # A press is acknowledged at once without a message (Discord's 3 seconds).
            await interaction.response.defer()
        try:
            outcome = await self.service.act(
                interaction.channel_id, interaction.user.id, actions, key=key
            )
        except (ServiceError, EngineError) as exc:
            # Someone else's action (or the same button pressed twice) got in between the
            # first check and the game's lock: refused there, privately.
            await reply_error(interaction, str(exc))
            return None
        committed(interaction)
        await self.acknowledge(interaction, outcome)
        await self.announce(outcome, interaction)
        return outcome

    async def undo(self, interaction: Interaction, key: str | None = None) -> None:
        """Take back the member's last action (checked inside the game's lock)."""
        try:
            await self.service.undo(interaction.channel_id, interaction.user.id, key=key)
        except (ServiceError, EngineError) as exc:
            await reply_error(interaction, str(exc))
            return
        committed(interaction)
        await answer(interaction, f"**{interaction.user.display_name}** undid their last action.")

    async def acknowledge(self, interaction: Interaction, outcome: Outcome) -> None:
        """The member's reply: the labels of what was applied and what the dice said."""
        lg = outcome.game
        assert lg.game is not None
        state = lg.game.state
        name = interaction.user.display_name
        lines = [f"**{name}**: " + " → ".join(a.label for a in outcome.applied)]
        for e in visible_events(state, outcome.new_events):
            if e["kind"] in ("roll", "berserk", "grow"):
                told = describe_event(state, e)
                if told:
                    lines.append(told)
        if not outcome.actor_changed and state.turn.phase != OVER:
            # Ending is refused while the player owes a choice (the Amazons' 4): say which.
            seat = to_act(state)
            closing = closing_action(state)
            why = problem(state, seat, closing) if seat is not None else None
            if why and state.turn.phase != CONQUER:
                lines.append(f"Before you end: {why}")
        kwargs: dict[str, Any] = {}
        if not outcome.actor_changed and state.turn.phase != OVER:
            # The same member acts on: put the next steps (End turn, Undo...) under the reply.
            kwargs["view"] = turn_view(
                lg.id, decision_key(state), state.version, buttons_for(state)
            )
        await answer(interaction, "\n".join(lines), **kwargs)

    async def announce(
        self, outcome: Outcome, interaction: Interaction | None = None
    ) -> list[Delivery]:
        """Post what the outcome recorded; tell the member privately if it did not go out."""
        if not outcome.announced:
            return []
        deliveries = await self.announcer.deliver(outcome.game.id, outcome.announced)
        note = delivery_note(deliveries)
        if note and interaction is not None:
            await interaction.followup.send(note, ephemeral=True)
        return deliveries

    async def press(self, interaction: Interaction, game_id: int, key: str, verb: str) -> None:
        """A game-message button."""
        try:
            lg = await self.service.load(game_id)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return
        if lg.channel_id != interaction.channel_id:
            await reply_error(interaction, "That button belongs to another channel's game.")
            return
        if verb == "coins":
            await self.show_coins(interaction, lg)
            return
        if lg.status != "active" or lg.game is None:
            await reply_error(interaction, "This game is over.")
            return
        if verb == "combos":
            await self.show_combos(interaction, lg)
            return
        actor = lg.actor_id()
        if actor != interaction.user.id:
            seat = lg.seat_of(actor) if actor else None
            who = lg.game.state.players[seat].name if seat is not None else "nobody"
            await reply_error(interaction, f"Only {who} can press this now.")
            return
        if verb == "undo":
            await self.undo(interaction, key)
        elif verb == "decline":
            await self.play(interaction, "decline", key=key)
        else:
            await self.play(interaction, end_actions(lg.game.state), key=key)

    async def show_coins(self, interaction: Interaction, lg: LoadedGame) -> None:
        """The member's own coins, to them alone."""
        seat = lg.seat_of(interaction.user.id)
        if seat is None or lg.game is None:
            await reply_error(interaction, "You are not playing in this game.")
            return
        coins = lg.game.state.players[seat].coins
        await interaction.response.send_message(
            f"You have **{coins}** victory coins. Only you can see this.", ephemeral=True
        )

    async def show_combos(self, interaction: Interaction, lg: LoadedGame) -> None:
        """The combos panel, privately (it is public information, but spares the channel)."""
        assert lg.game is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        public = view(lg.game.state)
        png = await asyncio.to_thread(render_combos_png, public)
        lines = [
            f"`{c['slot']}` **{c['power']} {c['race']}** · {c['tokens']} tokens · "
            f"costs {c['slot'] - 1}" + (f" · {c['coins']} coins on it" if c["coins"] else "")
            for c in public["market"]
        ]
        await interaction.followup.send(
            "\n".join(lines), file=discord.File(io.BytesIO(png), "combos.png"), ephemeral=True
        )

    # --- deadlines ----------------------------------------------------------------------

    async def tick(self) -> None:
        """Post what is owed, apply defaults for overdue decisions, send reminders."""
        await self.announcer.deliver_due()
        overdue, remind = await self.service.due_games()
        for game_id in overdue:
            try:
                outcome = await self.service.run_deadline(game_id)
            except Exception:  # one broken game must not stop the others' deadlines
                log.exception("deadline of game %s failed", game_id)
                continue
            if outcome is not None:
                await self.announce(outcome)
        for game_id in remind:
            ids = await self.service.remind(game_id)
            if ids:
                await self.announcer.deliver(game_id, ids)
