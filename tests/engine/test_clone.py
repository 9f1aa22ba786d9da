"""``copying.clone``: an equal copy that shares nothing mutable with its source."""

from __future__ import annotations

import random
from dataclasses import fields

from engine import apply, legal_actions, new_game, to_act, to_json
from engine.core.copying import clone
from engine.core.state import TurnState
from engine.core.turns import new_turn
from engine.simulate import choose


def _mid_game(world: str, seed: int, steps: int):
    s = new_game(["a", "b", "c"], seed, world=world)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = to_act(s)
        if seat is None:
            break
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
    return s


def test_clone_is_equal_and_serializes_the_same() -> None:
    for world in ("surface", "underground"):
        s = _mid_game(world, 7, 120)
        c = clone(s)
        assert c == s
        assert to_json(c) == to_json(s)


def test_clone_is_independent_of_its_source() -> None:
    for world in ("surface", "underground"):
        s = _mid_game(world, 11, 90)
        before = to_json(s)
        c = clone(s)
        # Play the copy on to the end: the source must not move.
        rng = random.Random(3)
        while (seat := to_act(c)) is not None:
            apply(c, seat, choose(rng, c, legal_actions(c, seat)))
        assert to_json(s) == before
        assert c != s
        # And the other way round: mutating the source leaves a fresh copy alone.
        c2 = clone(s)
        snapshot = to_json(c2)
        s.regions[0].markers["mountain"] = 9
        s.players[0].declined.append("x")
        s.turn.used.append("y")
        s.race_stack.pop()
        s.events.append({"kind": "test"})
        assert to_json(c2) == snapshot


def test_a_new_turn_is_the_generated_turn_state() -> None:
    # ``new_turn`` sets every slot itself (a turn begins some forty times a game): a field
    # added to ``TurnState`` and forgotten there fails here, as in ``clone``.
    for seat in (0, 3):
        fresh = new_turn(seat)
        made = TurnState(seat=seat)
        for f in fields(TurnState):
            assert getattr(fresh, f.name) == getattr(made, f.name), f.name
        assert fresh == made
        assert fresh.conquered is not new_turn(seat).conquered
