"""Missed deadlines: the defaults a passed deadline plays for a seat, the count of
deadlines a member missed in a row, and an AI standing in once they missed too many.

The count and the stand-in are written in the transaction of the actions that caused
them (``bot.service.commit``); a member takes their seat back with ``/sw back``
(``bot.service.seating``).
"""

from __future__ import annotations

from datetime import datetime

from engine import Game, default_action, label, to_act
from engine.core.state import from_json, to_json
from lang import ntr, slash, tr

from .. import seat_log
from ..league import League
from ..speech import in_games_language
from ..storage import Transaction
from .loaded import LoadedGame
from .outcome import LogRow, Move

#: The AI level that stands in for a member who missed too many deadlines in a row.
STAND_IN_LEVEL = "normal"


@in_games_language
def missed_deadline(lg: LoadedGame, seat: int) -> tuple[list[Move], str, int | None]:
    """What the passed deadline of ``seat`` plays: the defaults that finish its decision,
    the note for the channel (in the game's language: no member asked), and the seat an AI
    takes over now (None: no take-over)."""
    assert lg.game is not None
    state = lg.game.state
    batch: list[Move] = []
    labels = []
    probe = Game.restore(lg.game.config, [], from_json(to_json(state)))
    turn = (state.round, state.turn.seat)
    # Finish the overdue decision: defaults until another seat must act or it is over.
    # A defender's placing ends at the end of the turn, even when the defender plays
    # next (always so with two players): their own turn gets a deadline of its own.
    while to_act(probe.state) == seat and (probe.state.round, probe.state.turn.seat) == turn:
        action = default_action(probe.state)
        assert action is not None
        labels.append(label(probe.state, action))
        probe.play(seat, action)
        batch.append((seat, action, None, True))
    did = " → ".join(labels)
    name = state.players[seat].name
    note = tr("⏰ Time ran out for **{name}**: {did}.", name=name, did=did)
    row = lg.seat_row(seat)
    takeover = bool(row.ai is None and lg.takeover_after and row.missed + 1 >= lg.takeover_after)
    if takeover:
        note += "\n" + ntr(
            "🤖 **{name}** missed {n} deadline in a row: an AI plays the seat from now on. "
            "{who}, `{back}` takes it back.",
            "🤖 **{name}** missed {n} deadlines in a row: an AI plays the seat from now on. "
            "{who}, `{back}` takes it back.",
            row.missed + 1,
            name=name,
            who=f"<@{row.user_id}>",
            back=slash("sw back"),
        )
    return batch, note, seat if takeover else None


async def count_missed(tx: Transaction, lg: LoadedGame, rows: list[LogRow]) -> None:
    """A deadline that played for a seat is one more missed in a row (a batch of defaults
    is one deadline); a move of the member's own sets the count back to nothing."""
    for seat in {seat for seat, _t, _u, auto in rows if auto}:
        row = lg.seat_row(seat)
        row.missed += 1
        await tx.execute(
            "UPDATE seats SET missed = ? WHERE game_id = ? AND user_id = ?",
            (row.missed, lg.id, row.user_id),
        )
    for seat in {seat for seat, _t, user, auto in rows if user is not None and not auto}:
        row = lg.seat_row(seat)
        if row.missed:
            row.missed = 0
            await tx.execute(
                "UPDATE seats SET missed = 0 WHERE game_id = ? AND user_id = ?",
                (lg.id, row.user_id),
            )


async def stand_in(
    tx: Transaction, league: League, lg: LoadedGame, seat: int, now: datetime
) -> None:
    """An AI takes over a seat whose member missed too many deadlines; the game stops
    counting for the season, and the seat's log says so."""
    row = lg.seat_row(seat)
    row.ai, row.stand_in = STAND_IN_LEVEL, True
    await tx.execute(
        "UPDATE seats SET ai = ?, stand_in = 1 WHERE game_id = ? AND user_id = ?",
        (STAND_IN_LEVEL, lg.id, row.user_id),
    )
    await league.unrate(lg.id, tx)
    lg.rated = False
    await seat_log.record(
        tx,
        lg.id,
        seat,
        "takeover",
        row.user_id,
        None,
        now,
        # Stored as data, told in the reader's language (``seat_log.story``).
        detail=f"{seat_log.MISSED}{row.missed}",
    )
