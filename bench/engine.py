"""Benchmark: complete random games per second, played through legal_actions and apply.

    python bench/engine.py --players 5 --games 200 --seed 1 [--world both] [--profile]
    python bench/engine.py --teams --games 200 --rounds 3   # 6-player team games beside 5

Prints one line per world, the base game first, then Small World Underground on the
project's board for the player count (``--world surface`` or ``underground`` for one):
``world=W games=N games_per_s=X actions_per_s=Y cpu_games_per_s=Z warmup_s=A first_game_s=B
process_s=P clones_per_s=C cpu_clones_per_s=D``; wall-clock figures are what a player feels,
CPU figures are steadier when the machine is busy.

``warmup_s`` is the cost of starting cold: a fresh Python process imports the engine and plays
one game (``first_game_s`` is that game alone), so it includes loading the data files and
filling the engine's caches, and ``process_s`` is that whole process from launch to exit
(the interpreter's start-up too); the rest of the line is measured after that. ``clones_per_s`` is
``copying.clone`` calls per second on a mid-game state of that world and player count (what the
AI seats' search pays per copy). With ``--profile`` it also prints where the time goes, per
engine function, for each world measured.

``--compare REV`` measures the working tree against commit ``REV`` instead, in interleaved
rounds (at least 2), and prints the ratio (``bench/compare.py``): the guard run before an
engine change lands.

``--teams`` measures 6-player team games (``players=6 options=teams``) right after the
``--players`` line of the same world, ``--rounds`` times in turn, and ends with one
``teams_vs_players`` line per world: the ratio of the best team rate to the best rate of the
other count, both taken in this run on this machine.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.copying import clone
from engine.core.legal import legal_actions
from engine.core.rules import apply
from engine.core.rulesets import options_for
from engine.core.setup import new_game
from engine.core.state import GameState
from engine.core.turn import to_act
from engine.simulate import choose, random_game

#: The checkout measured: the fresh process of ``warmup`` imports the engine from here.
ROOT = Path(__file__).resolve().parent.parent

#: ``--world`` choices and the worlds each measures, in print order.
WORLDS = {
    "both": ("surface", "underground"),
    "surface": ("surface",),
    "underground": ("underground",),
}


#: Run in a fresh interpreter: the import and the first game, timed apart, printed as two numbers.
_COLD = """
import sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
from engine.simulate import random_game
t1 = time.perf_counter()
random_game({players}, {seed}, world={world!r}, options={options!r})
t2 = time.perf_counter()
print(t2 - t0, t2 - t1)
"""


def warmup(world: str, players: int, seed: int) -> tuple[float, float, float]:
    """Seconds a fresh process takes to import the engine and finish its first game, the
    first game alone, and the whole process from launch to exit (interpreter start-up too)."""
    code = _COLD.format(
        root=str(ROOT), players=players, seed=seed, world=world, options=options_for(players)
    )
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    return float(out[0]), float(out[1]), time.perf_counter() - start


def mid_game(world: str, players: int, seed: int) -> GameState:
    """A state halfway through a random game (by actions), as search would copy it."""
    options = options_for(players)
    total = random_game(players, seed, world=world, options=options).state.version
    s = new_game([f"P{i + 1}" for i in range(players)], seed, world=world, options=options)
    rng = random.Random(seed)
    # The same choices as ``random_game``, stopped at half its length.
    while s.version < total // 2:
        seat = to_act(s)
        assert seat is not None
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
    return s


def clone_rate(world: str, players: int, seed: int, seconds: float = 0.5) -> tuple[float, float]:
    """``clone`` calls per second on a mid-game state: wall clock and CPU time."""
    s = mid_game(world, players, seed)
    calls = 0
    wall = time.perf_counter()
    cpu = time.process_time()
    # Batches of 200 keep the clock reads out of the figure.
    while time.perf_counter() - wall < seconds:
        for _ in range(200):
            clone(s)
        calls += 200
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    return calls / wall, calls / cpu


def measure(world: str, players: int, games: int, seed: int) -> tuple[str, float]:
    """Play ``games`` random games of ``players`` on ``world`` (6: in teams) and return its
    line of figures and its games per second."""
    cold, first, process = warmup(world, players, seed)
    options = options_for(players)
    actions = 0
    wall = time.perf_counter()
    cpu = time.process_time()
    for i in range(games):
        actions += random_game(players, seed + i, world=world, options=options).state.version
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    clones, cpu_clones = clone_rate(world, players, seed)
    named = "".join(f" options={name}" for name in options)
    line = (
        f"world={world} players={players}{named} games={games} games_per_s={games / wall:.1f} "
        f"actions_per_s={actions / wall:.1f} cpu_games_per_s={games / cpu:.1f} "
        f"warmup_s={cold:.3f} first_game_s={first:.3f} process_s={process:.3f} "
        f"clones_per_s={clones:.0f} cpu_clones_per_s={cpu_clones:.0f}"
    )
    return line, games / wall


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--world", choices=sorted(WORLDS), default="both")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--teams", action="store_true", help="6-player team games beside --players")
    ap.add_argument("--rounds", type=int, default=1, help="measurements of each, in turn")
    ap.add_argument(
        "--compare",
        metavar="REV",
        help="the working tree against commit REV, interleaved (bench/compare.py)",
    )
    args = ap.parse_args()

    if args.compare:
        from bench.compare import compare

        for world in WORLDS[args.world]:
            compare(
                args.compare,
                args.players,
                world,
                args.games,
                max(args.rounds, 2),
                args.seed,
                args.teams,
            )
        return

    counts = (args.players, 6) if args.teams else (args.players,)
    best: dict[tuple[str, int], float] = {}
    for _ in range(args.rounds):
        for world in WORLDS[args.world]:
            for players in counts:
                line, rate = measure(world, players, args.games, args.seed)
                print(line, flush=True)
                best[world, players] = max(rate, best.get((world, players), 0.0))
    if args.teams:
        for world in WORLDS[args.world]:
            team, other = best[world, 6], best[world, args.players]
            print(
                f"world={world} teams_vs_players={team / other:.2f} "
                f"best_team_games_per_s={team:.1f} best_{args.players}p_games_per_s={other:.1f}"
            )
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
    from engine.console import exits

    sys.exit(exits.run(main, "bench/engine.py"))
