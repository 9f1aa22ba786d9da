"""A/B of the hard level's settings (issue 23): a variant of hard in one seat.

    python bench/hard_ab.py [--set first_moves=1] [--seats hard,easy,easy,easy] [--games 100]
        [--iterations 300 | --budget 1.5] [--seed 1] [--world surface|underground]
        [--log results.jsonl]

Every ``hard`` seat plays with the attributes given by ``--set NAME=VALUE`` (repeatable; an
attribute of ``ai.hard.Hard``, such as ``first_moves``, or a setting of ``ai.search``, such as
``LEAF``), the other seats as ``python -m ai tournament`` builds them (same seeds), the seat
list rotated over the games. Prints the same table as the tournament. A setting of
``ai.search`` is set around the variant's decisions only, so every other seat keeps the
defaults. ``--log`` writes each game's win shares and coins per entry, one JSON line a
game, so that two runs of the same seed pair up game by game.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai.search
from ai import Player, make_player
from ai.tournament import HEADER, seat_seed, tournament
from engine import GameState
from engine.compiled import STATUS
from engine.core.actions import Action


class Variant(Player):
    """The hard level with some module settings changed around its decisions."""

    def __init__(self, inner: Player, module_sets: dict[str, object]) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.module_sets = module_sets
        self.level = inner.level

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """The inner player's decision with ``ai.search`` settings changed meanwhile."""
        before = {k: getattr(ai.search, k) for k in self.module_sets}
        for k, v in self.module_sets.items():
            setattr(ai.search, k, v)
        try:
            return self.inner.decide(state, seat, actions)
        finally:
            for k, v in before.items():
                setattr(ai.search, k, v)


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE (Python literal)")
    ap.add_argument("--seats", default="hard,easy,easy,easy")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--budget", type=float, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--world", default="surface")
    ap.add_argument("--log", default=None, help="write each game's result per entry (JSON lines)")
    args = ap.parse_args(argv)
    attrs: dict[str, object] = {}
    module_sets: dict[str, object] = {}
    for item in args.set:
        name, _, text = item.partition("=")
        value = ast.literal_eval(text)
        (module_sets if hasattr(ai.search, name) else attrs)[name] = value
    seats = args.seats.split(",")

    def make(entry: int, game: int) -> Player:
        level, _, count = seats[entry].partition(":")
        p = make_player(
            level,
            seed=seat_seed(args.seed, game, entry),
            budget_s=None if count else args.budget,
            iterations=int(count) if count else args.iterations,
        )
        if level != "hard":
            return p
        for k, v in attrs.items():
            setattr(p, k, v)
        return Variant(p, module_sets) if module_sets else p

    start = time.perf_counter()
    log = open(args.log, "w") if args.log else None  # noqa: SIM115 - closed below
    seen = [0.0] * len(seats)

    def progress(done: int, stats: list) -> None:
        # Each entry's win share in this game: the paired A/B compares game by game.
        if log is None:
            return
        row = [st.wins - seen[i] for i, st in enumerate(stats)]
        seen[:] = [st.wins for st in stats]
        log.write(
            json.dumps({"game": done - 1, "wins": row, "coins": [st.coins[-1] for st in stats]})
            + "\n"
        )
        log.flush()

    stats = tournament(make, seats, args.games, args.seed, world=args.world, progress=progress)
    if log is not None:
        log.close()
    print(STATUS)
    print(
        f"{len(seats)} players, {args.world}, {args.games} games, seed={args.seed},"
        f" iterations={args.iterations} budget={args.budget} set={args.set},"
        f" {time.perf_counter() - start:.0f} s"
    )
    print(HEADER)
    for st in stats:
        print(st.row())
    return 0


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/hard_ab.py"))
