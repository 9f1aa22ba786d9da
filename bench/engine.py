"""Benchmark: complete random games per second, played through legal_actions and apply.

    python bench/engine.py --players 5 --games 200 --seed 1 [--world both] [--profile]

Prints one line per world, the base game first, then Small World Underground on the
project's board for the player count (``--world surface`` or ``underground`` for one):
``world=W games=N games_per_s=X actions_per_s=Y cpu_games_per_s=Z``; wall-clock figures are
what a player feels, CPU figures are steadier when the machine is busy. With ``--profile``
it also prints where the time goes, per engine function, for each world measured.
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

#: ``--world`` choices and the worlds each measures, in print order.
WORLDS = {
    "both": ("surface", "underground"),
    "surface": ("surface",),
    "underground": ("underground",),
}


def measure(world: str, players: int, games: int, seed: int) -> str:
    """Play ``games`` random games on ``world`` and return its line of figures."""
    actions = 0
    wall = time.perf_counter()
    cpu = time.process_time()
    for i in range(games):
        actions += random_game(players, seed + i, world=world).state.version
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    return (
        f"world={world} games={games} games_per_s={games / wall:.1f} "
        f"actions_per_s={actions / wall:.1f} cpu_games_per_s={games / cpu:.1f}"
    )


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--world", choices=sorted(WORLDS), default="both")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()

    for world in WORLDS[args.world]:
        print(measure(world, args.players, args.games, args.seed), flush=True)
    if args.profile:
        for world in WORLDS[args.world]:
            print(f"-- profile: {world}")
            prof = cProfile.Profile()
            prof.enable()
            for i in range(min(args.games, 50)):
                random_game(args.players, args.seed + i, world=world)
            prof.disable()
            stats = pstats.Stats(prof)
            stats.sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
