"""Issue 39's measured run: conquest and score breakdowns against the engine, on 2,000
random games per world and option set.

    python bench/breakdowns.py [--games 2000] [--seed 1]

Plays ``--games`` random games (seeds ``seed`` ..) of each option set of
``tests/engine/helpers_breakdowns.py`` (the surface, with Relics and Places, with mixed
markets, and team play with each; the Underground, with mixed markets, and team play with
each), checking at every action that every conquest on offer (a Relic's and the
Will-o'-Wisps' roll included) costs what its breakdown adds up to, that each conquest
played does what its breakdown says (with the die: succeeds when the die shows what the hand
lacks), and that every turn's score adds its terms up to the coins the seat gains. Prints one
line per option set, then the totals, and the first disagreements met if any (the exit
status is then 1)::

    set="surface" games=2000 actions=... conquests_offered=... relic_and_wisp_offered=...
        conquests_played=... with_the_die=... scores=... mismatches=0 races=14 powers=20
        seconds=...
    total games=20000 ... mismatches=0 races=... powers=... (of ... and ...)

``tests/engine/test_breakdowns.py`` plays 12 games a set, enough to pick every race and
power; this is the issue's "at least 2,000 random games per world and option set".
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# The score check stands in for ``turns.score``, which the compiled engine never looks up:
# the pure engine plays here (the compiled one plays the same games, tests/engine/test_engines.py).
os.environ["ENGINE_PURE"] = "1"

from engine.core.abilities import POWERS, RACES
from tests.engine.helpers_breakdowns import Counts, play_many


def main(argv: list[str] | None = None) -> None:
    """Play and check the games the command line asks for, printing the counts."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="games per option set")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    started = last = time.perf_counter()

    def done(name: str, c: Counts) -> None:
        nonlocal last
        now = time.perf_counter()
        print(f'set="{name}" {c.line()} seconds={now - last:.1f}', flush=True)
        for example in c.examples:
            print(f"  mismatch: {example}", flush=True)
        last = now

    counts = play_many(a.games, a.seed, done)
    every = Counts()
    for c in counts.values():
        for key in (
            "games",
            "actions",
            "offered",
            "others",
            "conquests",
            "rolls",
            "scores",
            "mismatches",
        ):
            setattr(every, key, getattr(every, key) + getattr(c, key))
        every.races |= c.races
        every.powers |= c.powers
    print(
        f"total {every.line()} (of {len(RACES)} and {len(POWERS)}) "
        f"seconds={time.perf_counter() - started:.1f}"
    )
    if every.mismatches:
        sys.exit(1)


if __name__ == "__main__":
    main()
