"""States to ask the AI players about: positions reached by seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import GameState, apply, legal_actions, new_game, to_act
from engine.core.copying import clone
from engine.core.state import CLOSING
from engine.simulate import choose


def positions(world: str, players: int, seed: int, every: int = 7) -> Iterator[GameState]:
    """Copies of the states of a random game, one every ``every`` actions, until it ends."""
    s = new_game([f"P{i + 1}" for i in range(players)], seed, world=world)
    rng = random.Random(seed)
    step = 0
    while (seat := to_act(s)) is not None:
        if step % every == 0:
            yield clone(s)
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
        step += 1


def off_turn_positions(world: str, players: int, seeds: range) -> list[GameState]:
    """States in which a defender, not the player whose turn it is, must act."""
    found = []
    for seed in seeds:
        for s in positions(world, players, seed, every=1):
            if s.turn.phase == CLOSING and to_act(s) != s.turn.seat:
                found.append(s)
                break
    return found
