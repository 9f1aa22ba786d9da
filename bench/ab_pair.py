"""Pair two or more ``bench/hard_ab.py --log`` runs game by game (same ``--seed``).

    python bench/ab_pair.py BASE.jsonl OTHER.jsonl [MORE.jsonl ...] [--entry 0]

Runs of the same seed play the same deals with the same seeds in every seat, so each game's
result of one entry (``--entry``, the hard seat: 0 in ``hard,easy,easy,easy``) pairs with the
same game of the other run, and only the variant's choices differ. Prints each run's win
share with its 95% Wilson interval and mean coins, over the games all runs have, then every
run against the first: the mean paired difference of win share and of coins with its
standard error, 95% interval (normal approximation) and z, and how many games each side won
that the other did not, and in how many games every seat ended with the same coins (most
likely the same game: the variant changed none of its decisions that mattered).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.tournament import wilson


def load(path: str, entry: int) -> dict[int, tuple[float, int, tuple[int, ...]]]:
    """Game number -> (win share, coins) of ``entry`` in one log, and every entry's coins."""
    out = {}
    for line in Path(path).read_text().splitlines():
        row = json.loads(line)
        out[row["game"]] = (row["wins"][entry], row["coins"][entry], tuple(row["coins"]))
    return out


def paired(base: list[float], other: list[float]) -> tuple[float, float]:
    """Mean of ``other - base`` game by game, and its standard error."""
    diffs = [b - a for a, b in zip(base, other, strict=True)]
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return mean, se


def z(mean: float, se: float) -> float:
    """``mean / se``, 0 when both runs agree on every game (no spread)."""
    return mean / se if se else 0.0


def main(argv: list[str] | None = None) -> int:
    """Print the runs and their paired differences against the first."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--entry", type=int, default=0)
    args = ap.parse_args(argv)
    runs = [load(p, args.entry) for p in args.logs]
    games = sorted(set.intersection(*(set(r) for r in runs)))
    n = len(games)
    print(f"{n} games common to all runs, entry {args.entry}")
    print(f"{'run':<40} {'win':>6}  {'95% interval':<16} {'coins':>6}")
    for path, run in zip(args.logs, runs, strict=True):
        wins = sum(run[g][0] for g in games)
        lo, hi = wilson(wins, n)
        coins = statistics.fmean(run[g][1] for g in games)
        print(f"{Path(path).name:<40} {wins / n:>6.1%}  [{lo:.1%}, {hi:.1%}] {coins:>6.1f}")
    base = runs[0]
    for path, run in zip(args.logs[1:], runs[1:], strict=True):
        dw, sw = paired([base[g][0] for g in games], [run[g][0] for g in games])
        dc, sc = paired([float(base[g][1]) for g in games], [float(run[g][1]) for g in games])
        gained = sum(1 for g in games if run[g][0] > base[g][0])
        lost = sum(1 for g in games if run[g][0] < base[g][0])
        same = sum(1 for g in games if run[g][2] == base[g][2])
        print(
            f"{Path(path).name} - {Path(args.logs[0]).name}: win {dw:+.1%} (se {sw:.1%},"
            f" 95% [{dw - 1.96 * sw:+.1%}, {dw + 1.96 * sw:+.1%}], z {z(dw, sw):+.2f});"
            f" coins {dc:+.2f} (se {sc:.2f}, z {z(dc, sc):+.2f}); games better {gained},"
            f" worse {lost}; games alike (every seat's coins) {same}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
