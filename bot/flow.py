"""From an interaction to the service and back to the channel.

Every play goes the same way: the service applies and commits, the member gets a short
reply, then the channel hears what changed (turn summary, fresh board, whose move it is).
Rendering runs in a worker thread so the event loop keeps answering others.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from engine import EngineError, view
from engine.rules import can_decline, end_actions
from engine.state import CLOSING, OVER, PICK
from engine.view import visible_events

from .narrate import describe_event, summary
from .service import GameService, LoadedGame, Outcome, ServiceError
from .views import turn_view

if TYPE_CHECKING:
    from .client import SmallWorldBot

log = logging.getLogger(__name__)


def render_board_png(state_view: dict[str, Any]) -> bytes:
    """The board image for a public view (imported lazily: Pillow is only needed here)."""
    from renderer import render_board

    return render_board(state_view)


def render_combos_png(state_view: dict[str, Any]) -> bytes:
    """The combos panel for a public view."""
    from renderer import render_combos

    return render_combos(state_view)


def render_final_png(state_view: dict[str, Any]) -> bytes:
    """The final score sheet (only once the game is over)."""
    from renderer import render_final

    return render_final(state_view)


async def reply_error(interaction: discord.Interaction[Any], message: str) -> None:
    """A short private refusal, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


def ts(dt: Any) -> str:
    """A Discord timestamp that each reader sees in their own time zone, relative."""
    return f"<t:{int(dt.timestamp())}:R>"


class Flow:
    """Plays requests for members and tells the channel what happened."""

    def __init__(self, bot: SmallWorldBot) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        """The game service of the bot."""
        return self.bot.service

    # --- requests -----------------------------------------------------------------------

    async def play(
        self,
        interaction: discord.Interaction[Any],
        actions: list[Any] | Any,
        *,
        turn_key: str | None = None,
        ephemeral: bool = False,
    ) -> Outcome | None:
        """Apply actions for the member; reply with what was done; announce the change.

        A refusal is answered at once, privately. An accepted request is deferred first, so the
        interaction is answered within Discord's 3 seconds however busy the bot is, then
        applied and committed, then the reply follows.
        """
        try:
            await self.service.check(
                interaction.channel_id, interaction.user.id, actions, turn_key=turn_key
            )
        except (ServiceError, EngineError) as exc:
            await reply_error(interaction, str(exc))
            return None
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        try:
            outcome = await self.service.act(
                interaction.channel_id, interaction.user.id, actions, turn_key=turn_key
            )
        except (ServiceError, EngineError) as exc:
            # Someone else's action got in between the check and the lock: say so privately
            # and drop the public "thinking" placeholder.
            await interaction.delete_original_response()
            await interaction.followup.send(str(exc), ephemeral=True)
            return None
        await self.acknowledge(interaction, outcome, ephemeral=ephemeral)
        await self.announce(outcome)
        return outcome

    async def acknowledge(
        self, interaction: discord.Interaction[Any], outcome: Outcome, ephemeral: bool = False
    ) -> None:
        """The member's reply: the labels of what was applied and what the dice said."""
        state = outcome.game.game.state  # type: ignore[union-attr]
        name = interaction.user.display_name
        lines = [f"**{name}**: " + " → ".join(a.label for a in outcome.applied)]
        for e in visible_events(state, outcome.new_events):
            if e["kind"] in ("roll", "berserk", "grow"):
                told = describe_event(state, e)
                if told:
                    lines.append(told)
        text = "\n".join(lines)
        kwargs: dict[str, Any] = {"ephemeral": ephemeral}
        lg = outcome.game
        if not outcome.actor_changed and lg.game is not None and lg.game.state.turn.phase != OVER:
            # The same member acts on: put the next steps (End turn, Undo...) under the reply.
            kwargs["view"] = turn_view(lg.id, lg.turn_key(), self.buttons_for(lg))
        if interaction.response.is_done():
            await interaction.followup.send(text, **kwargs)
        else:
            await interaction.response.send_message(text, **kwargs)

    async def press(
        self, interaction: discord.Interaction[Any], game_id: int, key: str, verb: str
    ) -> None:
        """A turn-message button."""
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
        state = lg.game.state
        actor = lg.actor_id()
        if actor != interaction.user.id:
            who = lg.game.state.players[lg.seat_of(actor) or 0].name if actor else "nobody"
            await reply_error(interaction, f"Only {who} can press this now.")
            return
        if key != lg.turn_key():
            await reply_error(
                interaction, "That button belongs to a decision that is already over."
            )
            return
        if verb == "undo":
            try:
                await self.service.undo(interaction.channel_id, interaction.user.id)
            except (ServiceError, EngineError) as exc:
                await reply_error(interaction, str(exc))
                return
            await interaction.response.send_message(
                f"**{interaction.user.display_name}** undid their last action."
            )
            return
        if verb == "decline":
            await self.play(interaction, "decline", turn_key=key)
            return
        await self.play(interaction, end_actions(state), turn_key=key)

    async def show_coins(self, interaction: discord.Interaction[Any], lg: LoadedGame) -> None:
        """The member's own coins, to them alone."""
        seat = lg.seat_of(interaction.user.id)
        if seat is None or lg.game is None:
            await reply_error(interaction, "You are not playing in this game.")
            return
        coins = lg.game.state.players[seat].coins
        await interaction.response.send_message(
            f"You have **{coins}** victory coins. Only you can see this.", ephemeral=True
        )

    async def show_combos(self, interaction: discord.Interaction[Any], lg: LoadedGame) -> None:
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

    # --- channel messages ---------------------------------------------------------------

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        """The channel or thread of a game."""
        ch = self.bot.get_channel(channel_id)
        if ch is None:
            ch = await self.bot.fetch_channel(channel_id)
        return ch  # type: ignore[return-value]

    async def announce(self, outcome: Outcome, note: str | None = None) -> None:
        """Tell the channel what a request changed: summary, board, and who acts next."""
        if not (outcome.turn_ended or outcome.actor_changed):
            return
        lg = outcome.game
        assert lg.game is not None
        state = lg.game.state
        ch = await self.channel(lg.channel_id)
        public = view(state)
        parts: list[str] = []
        if note:
            parts.append(note)
        if outcome.turn_ended and outcome.finished_turn_events:
            done_seat = outcome.applied[-1].seat if outcome.applied else None
            title = f"**{state.players[done_seat].name}'s turn**" if done_seat is not None else ""
            parts.append(
                (title + "\n" if title else "") + summary(state, outcome.finished_turn_events)
            )
        if state.turn.phase == OVER:
            await self._game_over(ch, lg, parts)
            return
        png = await asyncio.to_thread(render_board_png, public)
        parts.append(self.next_decision_text(lg))
        verbs = self.buttons_for(lg)
        await ch.send(
            "\n\n".join(parts),
            file=discord.File(io.BytesIO(png), "board.png"),
            view=turn_view(lg.id, lg.turn_key(), verbs),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        await self.dm_if_wanted(lg)

    def next_decision_text(self, lg: LoadedGame) -> str:
        """Who must act now, mentioned, with what they can do and the deadline."""
        assert lg.game is not None
        state = lg.game.state
        actor = lg.actor_id()
        mention = f"<@{actor}>" if actor else "nobody"
        deadline = f" Deadline {ts(lg.deadline_at)}." if lg.deadline_at else ""
        t = state.turn
        if t.phase == CLOSING:
            p = t.pending[0]
            race = state.races[p.race]
            return (
                f"{mention}, your {p.race} were driven out: place the {race.hand} tokens in "
                f"your regions with `/sw redeploy`, or press **Done placing** to spread them."
                f"{deadline}"
            )
        head = f"**Round {state.round}/{state.turns}** · {mention}, it's your turn."
        if t.phase == PICK:
            return f"{head} Pick a combo with `/sw pick` (see **Combos**).{deadline}"
        return f"{head} Conquer with `/sw conquer`, or use `/sw do` for every option.{deadline}"

    def buttons_for(self, lg: LoadedGame) -> list[str]:
        """The buttons that make sense for the decision being made now."""
        assert lg.game is not None
        state = lg.game.state
        if state.turn.phase == CLOSING:
            return ["finish", "coins"]
        verbs = ["end", "undo"]
        if state.turn.phase == PICK:
            verbs = ["combos"]
        elif can_decline(state):
            verbs.append("decline")
        return [*verbs, "coins"]

    async def _game_over(
        self, ch: discord.abc.Messageable, lg: LoadedGame, parts: list[str]
    ) -> None:
        assert lg.game is not None
        state = lg.game.state
        final = view(state)
        result = state.result or {}
        rows = result.get("ranking", [])
        lines = [
            f"{i + 1}. **{r['name']}** · {r['coins']} coins · {r['tokens']} tokens on the board"
            for i, r in enumerate(rows)
        ]
        winners = ", ".join(state.players[w].name for w in result.get("winners", []))
        tie = " (tie broken on tokens)" if result.get("tiebreak_used") else ""
        parts.append(f"🏆 **Game over!** Winner: **{winners}**{tie}\n" + "\n".join(lines))
        sheet, board = await asyncio.gather(
            asyncio.to_thread(render_final_png, final), asyncio.to_thread(render_board_png, final)
        )
        await ch.send(
            "\n\n".join(parts),
            files=[
                discord.File(io.BytesIO(sheet), "final.png"),
                discord.File(io.BytesIO(board), "board.png"),
            ],
        )

    async def dm_if_wanted(self, lg: LoadedGame) -> None:
        """An opt-in direct message to the member who must act now."""
        actor = lg.actor_id()
        if actor is None or not await self.service.wants_dm(actor):
            return
        try:
            # Without the members intent the user may not be cached: fetch if needed.
            user = self.bot.get_user(actor) or await self.bot.fetch_user(actor)
            await user.send(f"It's your move in <#{lg.channel_id}> (Small World).")
        except discord.HTTPException:
            log.info("could not DM %s", actor)

    # --- deadlines ----------------------------------------------------------------------

    async def tick(self) -> None:
        """Apply defaults for overdue decisions and send reminders (called periodically)."""
        overdue, remind = await self.service.due_games()
        for game_id in overdue:
            try:
                outcome = await self.service.run_deadline(game_id)
            except Exception:  # one broken game must not stop the others' deadlines
                log.exception("deadline of game %s failed", game_id)
                continue
            if outcome is not None and outcome.applied:
                lg = outcome.game
                who = lg.game.state.players[outcome.applied[0].seat].name  # type: ignore[union-attr]
                did = " → ".join(a.label for a in outcome.applied)
                await self.announce(outcome, note=f"⏰ Time ran out for **{who}**: {did}.")
        for game_id in remind:
            lg = await self.service.load(game_id)
            actor = lg.actor_id()
            if actor is None:
                continue
            ch = await self.channel(lg.channel_id)
            await ch.send(
                f"⏰ <@{actor}>, a reminder: your move in Small World is due {ts(lg.deadline_at)}.",
                allowed_mentions=discord.AllowedMentions(users=True),
            )
            await self.service.mark_reminded(game_id)
