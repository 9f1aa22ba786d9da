"""The hard level's search of a conquest phase's first move (issue 23): which moves it compares,
that the normal level's choices stay as they were, and that it is deterministic."""

from __future__ import annotations

import pytest

from ai import make_player
from ai.easy import Easy
from ai.hard import FIRST_MOVES
from ai.search import turn_choices
from engine import GameState, apply, legal_actions, new_game, to_act
from engine.core.actions import Conquer, Decline
from engine.core.copying import clone
from engine.core.state import CONQUER


def first_moves_of_play(world: str, players: int, seed: int) -> list[GameState]:
    """Copies of the states, in a game of easy players, where a seat is to make the first
    move of its conquest phase with at least three conquests on offer."""
    s = new_game([f"P{i + 1}" for i in range(players)], seed, world=world)
    easy = [Easy(seed * 10 + k) for k in range(players)]
    found = []
    while (seat := to_act(s)) is not None:
        actions = legal_actions(s, seat)
        first = s.turn.phase == CONQUER and s.turn.seat == seat and not s.turn.conquered
        if first and sum(type(a) is Conquer for a in actions) >= 3:
            found.append(clone(s))
        apply(s, seat, easy[seat].choose(s, seat))
    return found


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_candidates_start_with_the_easy_choice(world: str) -> None:
    states = first_moves_of_play(world, 4, 3)
    assert len(states) >= 10
    for s in states:
        seat = to_act(s)
        assert seat is not None
        actions = legal_actions(s, seat)
        easy = Easy(1)
        rest = [a for a in actions if a != Decline()]
        got = easy.candidates(clone(s), seat, rest, FIRST_MOVES)
        assert got[0] == easy.conquer(clone(s), seat, rest)
        assert 1 <= len(got) <= FIRST_MOVES
        assert len(set(got)) == len(got)
        assert all(a in actions for a in got)


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_hard_compares_first_moves_normal_only_the_decline(world: str) -> None:
    states = first_moves_of_play(world, 4, 5)
    searched = 0
    for s in states:
        seat = to_act(s)
        assert seat is not None
        actions = legal_actions(s, seat)
        wide = turn_choices(clone(s), seat, actions, Easy(1), FIRST_MOVES)
        narrow = turn_choices(clone(s), seat, actions, Easy(1))
        if Decline() in actions:
            # The normal level: declining against the easy player's first move, as before.
            assert narrow is not None and len(narrow) == 2 and narrow[0] == Decline()
            assert wide is not None and wide[:2] == narrow
        else:
            assert narrow is None
        if wide is not None and len(wide) - (Decline() in actions) >= 2:
            searched += 1
    assert searched >= 5, "the hard level compared too few first moves"


def test_hard_is_deterministic_with_iterations_on_first_moves() -> None:
    states = first_moves_of_play("surface", 4, 7)[:4]
    assert states
    for s in states:
        seat = to_act(s)
        assert seat is not None
        a = make_player("hard", seed=5, iterations=40).choose(clone(s), seat)
        b = make_player("hard", seed=5, iterations=40).choose(clone(s), seat)
        assert a == b
        assert a in legal_actions(s, seat)


def play_out(s: GameState, players: int, seed: int) -> None:
    """Finish the game on ``s`` with easy players (seeds from ``seed``)."""
    easy = [Easy(seed * 10 + k) for k in range(players)]
    while (seat := to_act(s)) is not None:
        apply(s, seat, easy[seat].choose(s, seat))


def lead(s: GameState, seat: int) -> int:
    """How far ``seat``'s coins are ahead of the best opponent's (negative when behind)."""
    return s.players[seat].coins - max(p.coins for k, p in enumerate(s.players) if k != seat)


def test_hard_first_move_beats_the_easy_one_in_real_play() -> None:
    # Two easy players, surface, game seed 19 (one where the two choices differ; issue 41's
    # hard level agrees with easy on the seed 4 this test used before): after the first
    # seat's pick its first conquest is due. The easy player's best-rated region and the one
    # hard finds by playouts are each played, then the game is finished by easy players under
    # eight different futures (dice seeds): the hard choice ends ahead of the easy one in
    # every future.
    players = 2
    s = new_game([f"P{i + 1}" for i in range(players)], 19)
    easy = Easy(40)
    seat = to_act(s)
    assert seat is not None
    apply(s, seat, easy.choose(s, seat))
    assert to_act(s) == seat and s.turn.phase == CONQUER and not s.turn.conquered
    mine = make_player("hard", seed=1, iterations=300).choose(clone(s), seat)
    theirs = easy.choose(clone(s), seat)
    assert mine != theirs
    ends: dict[str, list[int]] = {"hard": [], "easy": []}
    for future in range(8):
        for name, action in (("hard", mine), ("easy", theirs)):
            c = clone(s)
            c.seed = 1000 + future
            apply(c, seat, action)
            play_out(c, players, future)
            ends[name].append(lead(c, seat))
    assert all(h > e for h, e in zip(ends["hard"], ends["easy"], strict=True)), ends
    assert sum(ends["hard"]) - sum(ends["easy"]) >= 8 * 10, ends
