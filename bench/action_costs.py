"""Benchmark: what one action costs in the engine's four hot calls, in microseconds.

    python bench/action_costs.py [--players 4] [--games 20] [--seed 1] [--repeats 5]
        [--world both] [--profile]

Plays ``--games`` random games (``engine.simulate``'s player, the AI's playouts and the
benchmarks' games) and keeps, before every action, a copy of the state with the seat to act
and the action chosen. Then it times each call over that whole sample, on fresh copies so
that no cache of an earlier call helps a later one:

- ``legal_actions``: the list of the seat to act;
- ``priced_targets``: the regions the active race may attack and their costs, asked exactly
  as ``legal_actions`` asks it during a conquest (its arguments are worked out untimed);
- ``clone``: one copy of the state (what search pays per copy);
- ``apply``: the chosen action, unvalidated as playouts apply it; ``apply_checked`` the same
  with validation, as the bot applies a member's action.

Prints one line per world and call: ``world=W call=C us_per_action=X us_per_call=Y
calls=N actions=M``; ``us_per_action`` spreads the call's total time over every action of
the sample (``priced_targets`` runs only in some of them), ``us_per_call`` is its time per
call. Each figure is the median of ``--repeats`` passes. The engine measured is whichever
this interpreter imports: the compiled one after ``python -m engine build``, the pure one
with ``ENGINE_PURE=1`` (see ``docs/engine.md``); the first line says which.
``--profile`` then prints cProfile's view of the same random games (pure Python only: a
compiled function is one opaque call to the profiler).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.compiled import engine_status
from engine.core.abilities import cost_abilities, in_force
from engine.core.actions import Action
from engine.core.board import held_regions
from engine.core.conquest import priced_targets
from engine.core.legal import legal_actions
from engine.core.rules import apply
from engine.core.rulesets import options_for
from engine.core.setup import new_game
from engine.core.state import CONQUER, GameState, clone
from engine.core.turn import to_act
from engine.simulate import choose, random_game

#: ``--world`` choices and the worlds each measures, in print order.
WORLDS = {
    "both": ("surface", "underground"),
    "surface": ("surface",),
    "underground": ("underground",),
}

#: One step of a sample: the state before the action, the seat to act and its action.
Step = tuple[GameState, int, Action]


def sample(world: str, players: int, games: int, seed: int) -> list[Step]:
    """Every step of ``games`` random games, each state copied before its action."""
    steps: list[Step] = []
    options = options_for(players)
    for g in range(games):
        s = new_game([f"P{i + 1}" for i in range(players)], seed + g, world=world, options=options)
        rng = random.Random(seed + g)
        while (seat := to_act(s)) is not None:
            action = choose(rng, s, legal_actions(s, seat))
            steps.append((clone(s), seat, action))
            apply(s, seat, action, validate=False)
    return steps


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


def timed(run: Callable[[], int]) -> tuple[float, int]:
    """Seconds ``run`` takes and the calls it made."""
    start = time.perf_counter()
    calls = run()
    return time.perf_counter() - start, calls


def one_pass(steps: list[Step]) -> dict[str, tuple[float, int]]:
    """Each call timed once over the whole sample, on fresh copies."""
    out: dict[str, tuple[float, int]] = {}
    states = [clone(s) for s, _, _ in steps]

    def legal() -> int:
        for st, (_, seat, _) in zip(states, steps, strict=True):
            legal_actions(st, seat)
        return len(states)

    out["legal_actions"] = timed(legal)
    args = [a for a in (_conquest_args(clone(s)) for s, _, _ in steps) if a is not None]

    def priced() -> int:
        for a in args:
            priced_targets(*a)
        return len(args)

    out["priced_targets"] = timed(priced)

    def copies() -> int:
        for s, _, _ in steps:
            clone(s)
        return len(steps)

    out["clone"] = timed(copies)
    for name, validate in (("apply", False), ("apply_checked", True)):
        out[name] = timed(partial(applying, steps, [clone(s) for s, _, _ in steps], validate))
    return out


def applying(steps: list[Step], states: list[GameState], validate: bool) -> int:
    """Each step's action applied to its fresh copy of the state."""
    for st, (_, seat, action) in zip(states, steps, strict=True):
        apply(st, seat, action, validate=validate)
    return len(states)


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
    for world in WORLDS[args.world]:
        steps = sample(world, args.players, args.games, args.seed)
        passes = [one_pass(steps) for _ in range(args.repeats)]
        for call in passes[0]:
            seconds = statistics.median(p[call][0] for p in passes)
            calls = passes[0][call][1]
            print(
                f"world={world} players={args.players} call={call} "
                f"us_per_action={seconds / len(steps) * 1e6:.1f} "
                f"us_per_call={seconds / max(calls, 1) * 1e6:.1f} "
                f"calls={calls} actions={len(steps)}",
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
