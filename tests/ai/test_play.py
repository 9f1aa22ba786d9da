"""Every level plays whole games, on both worlds, for 2 to 5 players, with legal actions only."""

from __future__ import annotations

import pytest

from ai import LEVELS, make_player
from ai.tournament import play_game, wilson
from engine import legal_actions, to_act

from .helpers import off_turn_positions

#: Small search budgets keep these games quick; the rules they exercise are the same.
ITERATIONS = 3


@pytest.mark.parametrize("world", ["surface", "underground"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_mixed_levels_play_complete_games(world: str, players: int) -> None:
    # Every level sits at every table; play_game validates each action through apply.
    seats = [LEVELS[(players + k) % len(LEVELS)] for k in range(players)]
    ai = [make_player(level, seed=k, iterations=ITERATIONS) for k, level in enumerate(seats)]
    rec = play_game(ai, seed=40 + players, world=world)
    assert len(rec.coins) == players
    assert sum(rec.wins) == pytest.approx(1.0)
    for level, times in zip(seats, rec.times, strict=True):
        assert times, f"{level} never had to decide"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("world", ["surface", "underground"])
def test_each_level_alone_finishes_a_game(level: str, world: str) -> None:
    ai = [make_player(level, seed=k, iterations=ITERATIONS) for k in range(3)]
    rec = play_game(ai, seed=7, world=world)
    assert rec.actions > 50


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_off_turn_decisions_are_answered(world: str) -> None:
    found = off_turn_positions(world, 4, range(1, 6))
    assert found, "no defender had to place tokens in these games"
    for s in found:
        seat = to_act(s)
        assert seat is not None and seat != s.turn.seat
        for level in LEVELS:
            action = make_player(level, seed=1, iterations=ITERATIONS).choose(s, seat)
            assert action in legal_actions(s, seat)


def test_easy_beats_random_clearly() -> None:
    from ai.tournament import tournament

    stats = tournament(
        lambda entry, game: make_player(("easy", "random")[entry], seed=game),
        ["easy", "random"],
        games=12,
        seed=100,
    )
    easy, rnd = stats
    assert easy.games == rnd.games == 12
    assert easy.wins >= 10, f"easy won only {easy.wins} of 12 against random"


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3)
    assert hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
