"""Determinism under a seed, and no peeking at what the seat may not see."""

from __future__ import annotations

import random

import pytest

from ai import make_player
from ai.hidden import determinize
from engine import GameState, legal_actions, to_act, to_json
from engine.core.copying import clone
from engine.core.state import OVER, PICK

from .helpers import positions

LEVELS = ["easy", "normal", "hard"]
ITERATIONS = 6


def _sample(world: str) -> list[GameState]:
    states = [s for s in positions(world, 4, 5, every=1) if s.turn.phase != OVER]
    # Keep the states with a real choice to make: every combo pick (where the order of the
    # stacks decides what the market shows next), and some of the others.
    choices = [s for s in states if len(legal_actions(s, to_act(s))) > 1]
    picks = [s for s in choices if s.turn.phase == PICK]
    return picks[:6] + [s for s in choices if s.turn.phase != PICK][::25]


def _hide_differently(s: GameState, rng: random.Random) -> GameState:
    """The same public position with every hidden part changed."""
    d = clone(s)
    seat = to_act(s)
    for other, p in enumerate(d.players):
        if other != seat:
            p.coins = rng.randrange(0, 80)
            p.score_history = [rng.randrange(0, 80) for _ in p.score_history]
    rng.shuffle(d.race_stack)
    rng.shuffle(d.power_stack)
    rng.shuffle(d.treasures)
    d.seed = rng.getrandbits(40)
    return d


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("world", ["surface", "underground"])
def test_same_state_same_seed_same_action(level: str, world: str) -> None:
    for s in _sample(world):
        seat = to_act(s)
        a = make_player(level, seed=9, iterations=ITERATIONS).choose(s, seat)
        b = make_player(level, seed=9, iterations=ITERATIONS).choose(clone(s), seat)
        assert a == b
        assert a in legal_actions(s, seat)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("world", ["surface", "underground"])
def test_hidden_information_does_not_change_the_choice(level: str, world: str) -> None:
    rng = random.Random(4)
    checked = 0
    for s in _sample(world):
        seat = to_act(s)
        other = _hide_differently(s, rng)
        # The variant really differs in what the seat may not see.
        assert other != s
        a = make_player(level, seed=3, iterations=ITERATIONS).choose(s, seat)
        b = make_player(level, seed=3, iterations=ITERATIONS).choose(other, seat)
        assert a == b, f"{level} changed its mind when hidden information changed"
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_private_copies_are_built_from_public_information_only(world: str) -> None:
    # What every level searches on is the same whatever the hidden parts hold.
    rng = random.Random(8)
    for s in _sample(world):
        seat = to_act(s)
        other = _hide_differently(s, rng)
        a = determinize(s, seat, random.Random(5))
        b = determinize(other, seat, random.Random(5))
        assert to_json(a) == to_json(b)
        # The seat's own purse is its own to know; the others' are estimates.
        assert a.players[seat].coins == s.players[seat].coins


def test_a_private_copy_hides_the_real_future() -> None:
    s = next(x for x in positions("underground", 3, 2, every=1) if x.treasures)
    d = determinize(s, to_act(s), random.Random(1))
    assert d.seed != s.seed
    assert sorted(d.race_stack) == sorted(s.race_stack)
    assert sorted(d.treasures) == sorted(s.treasures)
