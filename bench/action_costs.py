"""Benchmark: what one action costs in the engine's four hot calls, in microseconds.

    python bench/action_costs.py [--players 4] [--games 20] [--seed 1] [--repeats 5]
        [--world both] [--profile]

Plays ``--games`` random games (``engine.simulate``'s player: the AI's playouts and the
benchmarks' games) and, before every action, times on the live state:

- ``legal_actions``: the list of the seat to act;
- ``priced_targets``: the regions the active race may attack and their costs, asked again
  exactly as ``legal_actions`` asks it during a conquest (its arguments worked out untimed);
- ``clone``: one copy of the state (what search pays per copy);
- ``apply``: the chosen action, unvalidated as playouts apply it; ``apply_checked`` the same
  action with validation (as the bot applies a member's), on the copy, which is dropped.

Prints one line per world and call: ``world=W call=C us_per_action=X us_per_call=Y
calls=N actions=M``; ``us_per_action`` spreads the call's total time over every action
(``priced_targets`` runs only during conquests), ``us_per_call`` is its time per call, each
less the cost of reading the clock, and the median of ``--repeats`` passes over the same
games. The engine measured is whichever this interpreter imports: the compiled one after
``python -m engine build``, the pure one with ``ENGINE_PURE=1`` (``docs/engine.md``); the
first line says which. ``--profile`` then prints cProfile's view of the same games (pure
Python only: a compiled function is one opaque call to the profiler).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.compiled import engine_status
from engine.core.abilities import in_force
from engine.core.board import held_regions
from engine.core.conquest import priced_targets
from engine.core.copying import clone
from engine.core.legal import legal_actions
from engine.core.overrides import cost_abilities
from engine.core.rules import apply
from engine.core.rulesets import options_for
from engine.core.setup import new_game
from engine.core.state import CONQUER, GameState
from engine.core.turn import to_act
from engine.simulate import choose, random_game

#: ``--world`` choices and the worlds each measures, in print order.
WORLDS = {
    "both": ("surface", "underground"),
    "surface": ("surface",),
    "underground": ("underground",),
}

#: The calls timed, in print order.
CALLS = ("legal_actions", "priced_targets", "clone", "apply", "apply_checked")


def _conquest_args(s: GameState) -> tuple[Any, ...] | None:
    """``priced_targets``'s arguments as ``legal_actions`` would pass them now, or None when
    it would not ask (no conquest, or no token in hand)."""
    t = s.turn
    if t.phase != CONQUER or t.pending or t.race is None:
        return None
    race = s.races[t.race]
    if race.hand < 1:
        return None
    working = in_force(s, race)
    return (s, race, cost_abilities(race, s), working, held_regions(s, race.name))


def clock_cost() -> float:
    """Seconds between two reads of the clock, taken off every timed call."""
    gaps = []
    for _ in range(10_000):
        a = perf_counter()
        gaps.append(perf_counter() - a)
    return statistics.median(gaps)


def one_pass(world: str, players: int, games: int, seed: int) -> dict[str, tuple[float, int]]:
    """Seconds spent in each call and how many calls, over ``games`` random games."""
    spent = dict.fromkeys(CALLS, 0.0)
    calls = dict.fromkeys(CALLS, 0)
    options = options_for(players)
    for g in range(games):
        s = new_game([f"P{i + 1}" for i in range(players)], seed + g, world=world, options=options)
        rng = random.Random(seed + g)
        while (seat := to_act(s)) is not None:
            a = perf_counter()
            actions = legal_actions(s, seat)
            b = perf_counter()
            spent["legal_actions"] += b - a
            args = _conquest_args(s)
            if args is not None:
                a = perf_counter()
                priced_targets(*args)
                spent["priced_targets"] += perf_counter() - a
                calls["priced_targets"] += 1
            a = perf_counter()
            copy = clone(s)
            spent["clone"] += perf_counter() - a
            action = choose(rng, s, actions)
            a = perf_counter()
            apply(copy, seat, action)
            b = perf_counter()
            apply(s, seat, action, validate=False)
            spent["apply_checked"] += b - a
            spent["apply"] += perf_counter() - b
            for call in ("legal_actions", "clone", "apply", "apply_checked"):
                calls[call] += 1
    return {call: (spent[call], calls[call]) for call in CALLS}


def main() -> None:
    """Sample the games, time the calls and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--world", choices=sorted(WORLDS), default="both")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    print(engine_status(), flush=True)
    tick = clock_cost()
    for world in WORLDS[args.world]:
        passes = [one_pass(world, args.players, args.games, args.seed) for _ in range(args.repeats)]
        actions = passes[0]["apply"][1]
        for call in CALLS:
            calls = passes[0][call][1]
            seconds = statistics.median(p[call][0] for p in passes) - calls * tick
            print(
                f"world={world} players={args.players} call={call} "
                f"us_per_action={seconds / actions * 1e6:.1f} "
                f"us_per_call={seconds / max(calls, 1) * 1e6:.1f} "
                f"calls={calls} actions={actions}",
                flush=True,
            )
        if args.profile:
            prof = cProfile.Profile()
            prof.enable()
            for g in range(args.games):
                random_game(args.players, args.seed + g, world=world)
            prof.disable()
            pstats.Stats(prof).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/action_costs.py"))
