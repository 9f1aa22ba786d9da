"""Random legal games, for invariants, benchmarks and smoke tests."""

from __future__ import annotations

import random
import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate, repeat
from typing import Any

from engine.core.actions import Action, Conquer, Deploy, EndConquests, EndTurn, Finish, Move
from engine.core.legal import legal_actions
from engine.core.rules import apply
from engine.core.setup import new_game
from engine.core.state import CONQUER, REDEPLOY, GameState
from engine.core.turn import to_act
from engine.core.worlds import DEFAULT_WORLD

#: Relative weights of the random player by phase: it prefers conquering, rarely shuffles
#: tokens, and ends a redeployment soon, so random games look like games and stay short.
_WEIGHTS: dict[str, dict[type, float]] = {
    CONQUER: {Conquer: 4.0, EndConquests: 0.5},
    REDEPLOY: {Move: 0.05, Deploy: 0.3, EndTurn: 3.0, Finish: 3.0},
}
_NO_WEIGHTS: dict[type, float] = {}
#: The default weight, fed to ``dict.get`` alongside each action's type.
_ONES = repeat(1.0)


def choose(rng: random.Random, s: GameState, actions: list[Action]) -> Action:
    """A random legal action, weighted toward what a player usually does."""
    get = _WEIGHTS.get(s.turn.phase, _NO_WEIGHTS).get
    # ``rng.choices(actions, weights)[0]`` spelled out: the same running sums of the same
    # weights and the same single draw, so every seeded game plays exactly as before, without
    # the argument checks and the result list that cost a tenth of a benchmark game.
    cum = list(accumulate(map(get, map(type, actions), _ONES)))
    return actions[bisect_right(cum, rng.random() * cum[-1], 0, len(cum) - 1)]


@dataclass
class SimResult:
    """A finished random game: its final state and the log that produced it."""

    state: GameState
    log: list[tuple[int, str]]


def random_game(
    players: int,
    seed: int,
    *,
    record: bool = False,
    max_actions: int = 5000,
    world: str = DEFAULT_WORLD,
    map_id: str | None = None,
    options: dict[str, Any] | None = None,
    watch: Callable[[GameState], None] | None = None,
) -> SimResult:
    """Play one random game to the end on ``world`` (or ``map_id``, a path ending in
    ``.json`` included) with ``options`` (``{"teams": True}``); ``record`` keeps the action
    log; ``watch`` sees the state after every action (``bench/maps.py``: the regions ever
    held), a hook that works on the compiled engine too, where replacing a function of this
    module would not reach this loop."""
    s = new_game([f"P{i + 1}" for i in range(players)], seed, map_id, options, world=world)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    for _ in range(max_actions):
        seat = to_act(s)
        if seat is None:
            break
        action = choose(rng, s, legal_actions(s, seat))
        apply(s, seat, action, validate=False)
        if watch is not None:
            watch(s)
        if record:
            log.append((seat, action.text))
    else:
        raise RuntimeError(f"game {seed} did not end within {max_actions} actions")
    return SimResult(s, log)


def run(
    players: int,
    games: int,
    seed: int,
    world: str = DEFAULT_WORLD,
    map_id: str | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[int, float, int]:
    """Play ``games`` random games on ``world`` (or ``map_id``) with ``options``; return
    (games, seconds, actions)."""
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        result = random_game(players, seed + i, world=world, map_id=map_id, options=options)
        actions += result.state.version
    return games, time.perf_counter() - start, actions
