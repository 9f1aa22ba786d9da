"""Playouts a hard decision makes, and whether its playout cap or its clock ends it (issue 41).

    python bench/hard_playouts.py [--games 4] [--seats hard,easy,easy,easy] [--seed 1]
        [--world surface|underground] [--budget 1.5] [--max-playouts 600]
        [--iterations K] [--set rollout_easy=True]

Plays tournament games (the seats built as ``python -m ai tournament`` builds them, same
seeds) and counts, for every searched decision of a hard seat (``Hard.search``), the
playouts (``ai.search.trial`` calls) and the seconds it took. A timed search ends each
sequential-halving round either at its share of ``MAX_PLAYOUTS`` (the cap) or at its share of
the budget (the clock): a decision is "capped" when it played exactly the playouts the cap
allows for its number of options (``cap_playouts``), "clocked" otherwise (with
``--iterations`` every decision plays its schedule: "capped" is then 100%, a check of
``cap_playouts`` against the search). ``--max-playouts``
sets ``ai.hard.MAX_PLAYOUTS`` for the run (to see what a higher cap would cost), ``--set``
an attribute of ``ai.hard.Hard`` (``rollout_easy``, ``first_moves``). Prints the
distribution by number of options, then the tournament's table (decision-time percentiles
of every decision, searched or not).
"""

from __future__ import annotations

import argparse
import ast
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai.hard
from ai import Player, make_player
from ai.tournament import HEADER, percentile, seat_seed, tournament
from engine.compiled import STATUS


def cap_playouts(options: int, playouts: int) -> int:
    """The playouts a search of ``options`` options makes when every round stops at its share
    of ``playouts`` (the schedule of ``Hard.search``)."""
    rounds = ai.hard.halving_rounds(options)
    alive, total = options, 0
    for _ in range(rounds):
        total += ai.hard.round_share(playouts, rounds, alive) * alive
        alive = ai.hard.survivors(alive)
    return total


class Recorder:
    """Counts trials and times every ``Hard.search`` while installed."""

    def __init__(self) -> None:
        self.trials = 0
        #: One (options, playouts, seconds) a searched decision.
        self.decisions: list[tuple[int, int, float]] = []

    def install(self) -> None:
        """Wrap ``ai.hard.trial`` (counted) and ``Hard.search`` (timed)."""
        trial, search = ai.hard.trial, ai.hard.Hard.search

        def counted(*args: object, **kwargs: object) -> float:
            self.trials += 1
            return trial(*args, **kwargs)  # type: ignore[arg-type]

        def timed(hard: ai.hard.Hard, state, seat, options, first, rng):  # type: ignore[no-untyped-def]
            before, t0 = self.trials, time.perf_counter()
            action = search(hard, state, seat, options, first, rng)
            self.decisions.append((len(options), self.trials - before, time.perf_counter() - t0))
            return action

        ai.hard.trial = counted  # type: ignore[assignment]
        ai.hard.Hard.search = timed  # type: ignore[method-assign]


def report(decisions: list[tuple[int, int, float]], cap: int) -> None:
    """Print playouts and seconds by number of options, and the share ended by the cap."""
    groups: dict[str, list[tuple[int, int, float]]] = defaultdict(list)
    for d in sorted(decisions):
        groups[str(d[0])].append(d)
    groups["all"] = decisions
    print(
        f"{'options':>7} {'decisions':>9} {'playouts p50':>12} {'min':>5} {'max':>5}"
        f" {'capped':>7} {'s p50':>6} {'s p99':>6} {'ms/playout':>10}"
    )
    for label, items in groups.items():
        counts = [n for _, n, _ in items]
        secs = [s for _, _, s in items]
        capped = sum(1 for k, n, _ in items if n == cap_playouts(k, cap))
        print(
            f"{label:>7} {len(items):>9} {statistics.median(counts):>12.0f} {min(counts):>5}"
            f" {max(counts):>5} {capped / len(items):>7.0%} {statistics.median(secs):>6.2f}"
            f" {percentile(secs, 0.99):>6.2f} {1000 * sum(secs) / max(1, sum(counts)):>10.2f}"
        )


def main(argv: list[str] | None = None) -> int:
    """Play the games, print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", default="hard,easy,easy,easy")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--world", default="surface")
    ap.add_argument(
        "--budget", type=float, default=None, help="seconds a decision (default: the level's)"
    )
    ap.add_argument("--max-playouts", type=int, default=None, help="set ai.hard.MAX_PLAYOUTS")
    ap.add_argument("--iterations", type=int, default=None, help="fixed playouts (no clock)")
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE: a Hard attribute")
    args = ap.parse_args(argv)
    if args.max_playouts is not None:
        ai.hard.MAX_PLAYOUTS = args.max_playouts
    for item in args.set:
        name, _, text = item.partition("=")
        setattr(ai.hard.Hard, name, ast.literal_eval(text))
    rec = Recorder()
    rec.install()
    seats = args.seats.split(",")

    def make(entry: int, game: int) -> Player:
        return make_player(
            seats[entry],
            seed=seat_seed(args.seed, game, entry),
            budget_s=args.budget if seats[entry] == "hard" else None,
            iterations=args.iterations if seats[entry] == "hard" else None,
        )

    start = time.perf_counter()
    stats = tournament(make, seats, args.games, args.seed, world=args.world)
    elapsed = time.perf_counter() - start
    timed = args.iterations is None
    cap = ai.hard.MAX_PLAYOUTS if timed else args.iterations
    print(STATUS)
    print(
        f"{len(seats)} players, {args.world}, {args.games} games, seed={args.seed},"
        f" budget={args.budget or ai.hard.DEFAULT_BUDGET_S if timed else None}"
        f" MAX_PLAYOUTS={ai.hard.MAX_PLAYOUTS} iterations={args.iterations} set={args.set},"
        f" {elapsed:.0f} s ({elapsed / args.games:.1f} s a game),"
        f" {len(rec.decisions) / args.games:.1f} searched decisions a game"
    )
    report(rec.decisions, cap)
    print("\n".join([HEADER, *(st.row() for st in stats)]))
    return 0


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/hard_playouts.py"))
