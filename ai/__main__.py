"""Command line of the AI players.

    python -m ai tournament --players 4 --games 400 --seats hard,easy,easy,easy \
        [--seed S] [--budget SECONDS | --iterations K] [--world surface|underground] [--map ID|FILE]
    python -m ai check --games 200 --level hard [--seed S] [--budget S | --iterations K]

``tournament`` rotates the seat list over the games and prints, per entry: level, games, win
share (ties split the win) with its 95% Wilson interval, mean coins, and the decision time
p50/p99 in milliseconds. ``check`` plays games of one level on every map of both worlds and
reports illegal actions and exceptions (the exit status is 1 if there were any).
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.content import map_for_players
from engine.maps import MapError, resolve_map

from . import LEVELS, make_player
from .check import check
from .player import Player
from .tournament import HEADER, EntryStats, tournament


def _budget(ap: argparse.ArgumentParser) -> None:
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--budget", type=float, default=None, help="seconds per decision")
    group.add_argument("--iterations", type=int, default=None, help="playouts per decision")


def main(argv: list[str] | None = None) -> int:
    """Run a subcommand; return the exit status."""
    ap = argparse.ArgumentParser(prog="python -m ai", description="Small World AI players.")
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tournament", help="seats against each other, seats rotated")
    t.add_argument("--players", type=int, required=True)
    t.add_argument("--games", type=int, required=True)
    t.add_argument(
        "--seats",
        required=True,
        help=f"comma-separated levels ({', '.join(LEVELS)}), each optionally with its own"
        " iterations a decision: hard:400,normal:100",
    )
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--world", choices=("surface", "underground"), default="surface")
    t.add_argument(
        "--map",
        default=None,
        help="a built-in board (sw-4p...) or a map file's path, instead of the world's own",
    )
    t.add_argument("--quiet", action="store_true", help="no progress line every 10 games")
    _budget(t)
    c = sub.add_parser("check", help="legal play of one level on every map of both worlds")
    c.add_argument("--games", type=int, required=True, help="games per map")
    c.add_argument("--level", choices=LEVELS, required=True)
    c.add_argument("--seed", type=int, default=1)
    _budget(c)
    args = ap.parse_args(argv)

    if args.command == "tournament":
        seats = [x.strip() for x in args.seats.split(",") if x.strip()]
        if len(seats) != args.players:
            ap.error(f"--seats names {len(seats)} seats for {args.players} players")
        levels: list[str] = []
        own: list[int | None] = []
        for spec in seats:
            level, _, count = spec.partition(":")
            if level not in LEVELS or (count and not count.isdigit()):
                ap.error(f"unknown seat {spec!r}")
            levels.append(level)
            own.append(int(count) if count else None)
        map_key = None
        if args.map is not None:
            try:
                # Any count plays on any board here: the README measures 2 players on sw-4p.
                map_key = resolve_map(args.map)
            except MapError as exc:
                ap.error("; ".join(f"{exc.source}: {p}" for p in exc.problems))

        def make(entry: int, game: int) -> Player:
            iterations = own[entry] if own[entry] is not None else args.iterations
            return make_player(
                levels[entry],
                seed=args.seed * 1_000_003 + game * 101 + entry,
                budget_s=None if own[entry] is not None else args.budget,
                iterations=iterations,
            )

        def progress(done: int, stats: list[EntryStats]) -> None:
            if not args.quiet and done % 10 == 0 and done < args.games:
                shares = " ".join(f"{st.level}={st.wins / st.games:.0%}" for st in stats)
                print(f"[{done}/{args.games}] {shares}", file=sys.stderr, flush=True)

        start = time.perf_counter()
        stats = tournament(
            make, seats, args.games, args.seed, world=args.world, map_id=map_key, progress=progress
        )
        if args.iterations is not None:
            budget = f"iterations={args.iterations}"
        elif args.budget is not None:
            budget = f"budget_s={args.budget}"
        else:
            budget = "default budgets"
        if any(n is not None for n in own):
            budget += " (level:N seats: N playouts a decision)"
        board = args.map or map_for_players(args.players, args.world)
        print(
            f"{args.players} players, {board}, {args.games} games, seats rotated,"
            f" seed={args.seed}, {budget}, {time.perf_counter() - start:.0f} s"
        )
        print(HEADER)
        for st in stats:
            print(st.row())
        return 0

    results = check(
        lambda k: make_player(
            args.level,
            seed=args.seed * 1_000_003 + k,
            budget_s=args.budget,
            iterations=args.iterations,
        ),
        args.games,
        args.seed,
    )
    failures = sum(r.failures for r in results)
    games = sum(r.games for r in results)
    print(f"level={args.level} games={games} failures={failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
