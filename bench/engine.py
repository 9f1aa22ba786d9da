"""Benchmark: complete random games per second, played through legal_actions and apply.

    python bench/engine.py --players 5 --games 200 --seed 1 [--profile]

Prints one line ``games=N games_per_s=X actions_per_s=Y cpu_games_per_s=Z``; wall-clock
figures are what a player feels, CPU figures are steadier when the machine is busy. With
``--profile`` it also prints where the time goes, per engine function.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.simulate import random_game


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()

    actions = 0
    wall = time.perf_counter()
    cpu = time.process_time()
    for i in range(args.games):
        actions += random_game(args.players, args.seed + i).state.version
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    print(
        f"games={args.games} games_per_s={args.games / wall:.1f} "
        f"actions_per_s={actions / wall:.1f} cpu_games_per_s={args.games / cpu:.1f}"
    )
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for i in range(min(args.games, 50)):
            random_game(args.players, args.seed + i)
        prof.disable()
        stats = pstats.Stats(prof)
        stats.sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
