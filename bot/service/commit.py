"""Applying actions and committing them: all or nothing in the engine, then one SQLite
transaction that appends the actions, saves the state, moves the deadline, records a
finished game's result and what the change must announce (the outbox).

The cached game is changed in memory first; if the engine refuses an action of the batch
or the transaction fails, the game is put back exactly as it was (or dropped from the
cache, to be read again), so a refused request changes nothing.
"""

from __future__ import annotations

from engine import EngineError, label, to_act
from engine.core.game import events_since
from engine.core.state import OVER, SETUP, from_json, to_json

from .. import outbox
from ..league import League
from ..messages import rating_text
from ..storage import now_iso
from .deadlines import deadline_for
from .lessons import lesson_notes
from .loaded import LoadedGame
from .notices import live_announcements, timed_out_scores, turn_announcements
from .outcome import Applied, LogRow, Move, Outcome
from .store import Games
from .takeover import count_missed, stand_in


class Committer:
    """Applies and commits the actions of the games of one store."""

    def __init__(self, games: Games, league: League) -> None:
        self.games = games
        self.league = league

    async def apply(
        self,
        lg: LoadedGame,
        batch: list[Move],
        note: str | None = None,
        takeover: int | None = None,
    ) -> Outcome:
        """Play a batch of actions, all or nothing, and commit it; what it did.

        ``note`` goes with the announcement (a deadline's), ``takeover`` is a seat an AI
        takes over with these actions. The caller holds the game's lock.
        """
        game = lg.game
        assert game is not None
        before = game.state
        actor_before = to_act(before)
        turn_before = (before.round, before.turn.seat)
        # The setup before the first turn is no one's turn: its summary names no player.
        in_setup = before.turn.phase == SETUP
        snapshot = to_json(before)
        log_len = len(game.log)
        events_before = list(before.events)
        events_list, events_count = before.events, len(before.events)
        labels = []
        try:
            for seat, action, _user, _auto in batch:
                # For the member's reply ("✅ …"): in the language spoken, theirs.
                labels.append(label(game.state, action))
                game.play(seat, action)
        except EngineError:
            # All or nothing: put the game back exactly as it was.
            game.state = from_json(snapshot)
            del game.log[log_len:]
            raise
        state = game.state
        outcome = Outcome(
            lg,
            applied=[
                Applied(s, a.text, lab, auto)
                for (s, a, _u, auto), lab in zip(batch, labels, strict=True)
            ],
        )
        outcome.actor_changed = to_act(state) != actor_before or state.turn.phase == OVER
        outcome.turn_seat = None if in_setup else turn_before[1]
        outcome.turn_ended = (state.round, state.turn.seat) != turn_before or (
            state.turn.phase == OVER
        )
        if outcome.turn_ended:
            # A new turn moved the finished one's events to ``last_events``; the game's end
            # starts no new turn, so the final turn's events (those from before this request
            # included) are still ``events``.
            outcome.finished_turn_events = (
                state.last_events if state.turn.phase != OVER else list(state.events)
            )
        else:
            outcome.new_events = state.events[len(events_before) :]
        outcome.added_events = events_since(state, events_list, events_count)
        try:
            await self.commit(
                lg,
                [(s, a.text, u, auto) for s, a, u, auto in batch],
                # A new turn is a new decision even for the same member (a defender who
                # plays next): it gets the whole deadline and its own reminder.
                reset_deadline=outcome.actor_changed or outcome.turn_ended,
                outcome=outcome,
                note=note,
                takeover=takeover,
            )
        except BaseException:
            game.state = from_json(snapshot)
            del game.log[log_len:]
            self.games.forget(lg.id)
            raise
        return outcome

    async def commit(
        self,
        lg: LoadedGame,
        rows: list[LogRow],
        reset_deadline: bool = False,
        outcome: Outcome | None = None,
        note: str | None = None,
        takeover: int | None = None,
    ) -> None:
        """Append the actions, save the state and, when the decision passed to someone else,
        record its announcements: one transaction. ``takeover`` is a seat an AI takes over
        with these actions (its member missed too many deadlines)."""
        game = lg.game
        assert game is not None
        state = game.state
        now = self.games.clock()
        over = state.turn.phase == OVER
        footer = None
        deadline = lg.deadline_at
        reminded = lg.reminded
        if over:
            deadline = None
        elif reset_deadline:
            deadline = deadline_for(lg, state, now)
            reminded = False
        async with self.games.write(lg) as tx:
            row = await tx.fetchone(
                "SELECT COALESCE(MAX(seq), 0) AS seq FROM actions WHERE game_id = ?", (lg.id,)
            )
            seq = row["seq"] if row else 0
            for seat, text, user_id, auto in rows:
                seq += 1
                await tx.execute(
                    "INSERT INTO actions (game_id, seq, seat, user_id, text, auto, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (lg.id, seq, seat, user_id, text, int(auto), now_iso(now)),
                )
            await count_missed(tx, lg, rows)
            if takeover is not None:
                await stand_in(tx, self.league, lg, takeover, now)
            await tx.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, deadline_at = ?,"
                " reminded = ?, updated_at = ? WHERE id = ?",
                (
                    to_json(state),
                    state.version,
                    "over" if over else "active",
                    now_iso(deadline) if deadline else None,
                    int(reminded),
                    now_iso(now),
                    lg.id,
                ),
            )
            if over:
                # The result (and the ratings of a rated game) with the game's last action.
                users = {s.seat: s.user_id for s in lg.seats if s.seat is not None}
                changes = await self.league.record_game(tx, lg.id, game, users, now)
                footer = rating_text(changes)
            if outcome is not None and outcome.turn_ended:
                items = await turn_announcements(
                    tx,
                    lg,
                    state,
                    deadline,
                    # The turn's player, even when a defender's placing ended it.
                    finished_seat=outcome.turn_seat,
                    finished_events=outcome.finished_turn_events,
                    note=note,
                    footer=footer,
                )
            else:
                # Within a turn the channel gets no new message, only the turn's live one
                # brought up to date (and posted afresh when it must ping a defender).
                items = await live_announcements(
                    tx, lg, state, deadline, note=note, ping=reset_deadline
                )
            if outcome is not None:
                items += timed_out_scores(lg, outcome)
            items += await lesson_notes(
                tx, lg, state, outcome.added_events if outcome else [], now_iso(now)
            )
            ids = await outbox.record(tx, lg.id, items, now)
            if outcome is not None:
                outcome.announced = ids
        lg.deadline_at = deadline
        lg.reminded = reminded
        if over:
            lg.status = "over"
            # Nothing changes a finished game any more: it leaves the cache.
            self.games.forget(lg.id)
