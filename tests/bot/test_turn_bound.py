"""A turn cannot grow without bound (issue 37): tokens moved back and forth, or an action
and its undo, 10,000 times over, leave a game whose stored size stays small; past the bound
the member is told why in one line, and End turn still ends the turn."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import ServiceError
from bot.service.bounds import MAX_TURN_STEPS
from engine import legal_actions, to_act
from engine.core.actions import Move
from engine.core.state import REDEPLOY, GameState

from .world import game_of, open_panel, play_until, started_game, world

#: Moves tried, one way and back, as a stuck client or a hostile member would.
TRIES = 10_000


def _shuffle(s: GameState) -> Move | None:
    """A move of one token between two of the actor's regions that can be moved back."""
    if s.turn.phase != REDEPLOY:
        return None
    for a in legal_actions(s, to_act(s)):
        if isinstance(a, Move) and a.count == 1 and s.regions[a.source].tokens >= 2:
            return a
    return None


async def _stored_bytes(storage: Any, game_id: int) -> int:
    """What the database keeps for a game: its state, its log and its announcements."""
    total = 0
    for sql in (
        "SELECT LENGTH(state) AS n FROM games WHERE id = ?",
        "SELECT LENGTH(text) AS n FROM actions WHERE game_id = ?",
        "SELECT LENGTH(payload) AS n FROM outbox WHERE game_id = ?",
    ):
        total += sum(row["n"] or 0 for row in await storage.fetchall(sql, (game_id,)))
    return total


async def _shuffling(w: Any) -> tuple[Any, int, list[Move]]:
    """A started two-player game played on to a redeployment where the member to act can move
    one token and move it back: the game, that member and the two moves."""
    await started_game(w, players=2)
    lg = await play_until(w, lambda s: _shuffle(s) is not None, seed=3)
    there = _shuffle(lg.game.state)
    assert there is not None
    return lg, lg.user_at(to_act(lg.game.state)), [there, Move(there.target, there.source, 1)]


async def test_ten_thousand_moves_back_and_forth_keep_the_game_small(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    lg, user, moves = await _shuffling(w)
    service = w.env.bot.service
    seat, start = lg.game.state.turn.seat, lg.game.state.turn.steps
    size_before = await _stored_bytes(service.storage, lg.id)
    accepted, refusals = 0, set()
    for i in range(TRIES):
        try:
            await service.act(w.channel.id, user, moves[i % 2])
            accepted += 1
        except ServiceError as exc:
            refusals.add(str(exc))
    # Taken until the turn's bound, refused after it, each time with the same clear line.
    assert accepted == MAX_TURN_STEPS - start
    assert refusals == {
        f"This turn has taken {MAX_TURN_STEPS} steps, the most one turn may: only what ends it "
        "is taken now (End turn, once anything still owed is done)."
    }
    # An undo is a step too: refused as well, so an action and its undo cannot loop either.
    with pytest.raises(ServiceError, match="the most one turn may"):
        await service.undo(w.channel.id, user)
    rows = await service.storage.fetchall("SELECT seq FROM actions WHERE game_id = ?", (lg.id,))
    assert len(rows) < 2 * MAX_TURN_STEPS
    # Without the bound this turn stored 10,000 moves and their announcements (the issue's
    # 4,325 made a 9 MB database); with it, the turn adds well under a megabyte.
    grown = await _stored_bytes(service.storage, lg.id) - size_before
    assert grown < 1_000_000, grown
    # The way out stays open: End turn ends the turn, and the next one starts from nothing.
    result = await w.member(user).slash(w.channel, "sw end")
    assert result.ephemeral and result.response.content.startswith("✅"), result.response.content
    after = (await game_of(w)).game.state
    assert after.turn.seat != seat and after.turn.steps < MAX_TURN_STEPS


async def test_past_the_bound_a_member_is_told_why_in_one_line(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    lg, user, moves = await _shuffling(w)
    steps = lg.game.state.turn.steps
    while steps < MAX_TURN_STEPS:
        await w.env.bot.service.act(w.channel.id, user, moves[steps % 2])
        steps += 1
    move = moves[steps % 2]
    result = await w.member(user).slash(
        w.channel, "sw redeploy", to=move.target, count=1, source=move.source
    )
    assert result.ephemeral
    assert result.response.content.startswith(f"This turn has taken {MAX_TURN_STEPS} steps")
    assert (await game_of(w)).game.state.turn.steps == MAX_TURN_STEPS
    # Nor does the member's panel offer an Undo that would be refused; End turn is there.
    panel = await open_panel(w, w.member(user))
    shown = [c.get("label") for row in panel.components for c in row.get("components", [])]
    assert "Undo" not in shown and "End turn" in shown, shown
