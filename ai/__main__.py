"""Command line of the AI players.

    python -m ai tournament --players 4 --games 400 --seats hard,easy,easy,easy \
        [--seed S] [--budget SECONDS | --iterations K] [--world surface|underground] [--map ID|FILE]
    python -m ai tournament --teams [--world underground] [--games N] [--seats L1,...,L6]
    python -m ai check --games 200 --level hard [--seed S] [--budget S | --iterations K]

``tournament`` rotates the seat list over the games and prints, per entry: level, games, win
share (ties split the win) with its 95% Wilson interval, mean coins, and the decision time
p50/p99 in milliseconds. ``--teams`` plays 6-player team games (``TEAM_GAMES`` games and six
``easy`` seats unless told) and adds the same figures by seat (A1 … C2), by team (A, B, C;
coins are the team's score) and by the pair of entries playing as partners (entries e, e+3).
``check`` plays games of one level on every map of both worlds and
reports illegal actions and exceptions (the exit status is 1 if there were any).
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.console import arguments, choices, exits
from engine.rulesets.teams import OPTION as TEAMS
from engine.rulesets.teams import PLAYERS as TEAM_PLAYERS

from . import LEVELS, make_player
from .check import check
from .player import Player
from .tournament import HEADER, EntryStats, TeamTally, seat_seed, tournament

#: Games a ``--teams`` tournament plays unless ``--games`` says otherwise.
TEAM_GAMES = 60


def _budget(ap: arguments.Parser) -> None:
    group = ap.add_mutually_exclusive_group()
    group.add_argument(
        "--budget", type=arguments.seconds, default=None, help="seconds per decision"
    )
    group.add_argument(
        "--iterations", type=arguments.at_least(1), default=None, help="playouts per decision"
    )


def main(argv: list[str] | None = None) -> int:
    """Run a subcommand; return the exit status (2 for a refused command, 130 for Ctrl-C)."""
    ap = arguments.Parser(prog="python -m ai", description="Small World AI players.")
    sub = arguments.subcommands(ap)
    t = sub.add_parser("tournament", help="seats against each other, seats rotated")
    choices.add_game_arguments(t, None)
    t.add_argument(
        "--games", type=arguments.at_least(1), default=None, help=f"--teams: {TEAM_GAMES}"
    )
    t.add_argument(
        "--seats",
        default=None,
        help=f"comma-separated levels ({', '.join(LEVELS)}), each optionally with its own"
        " iterations a decision: hard:400,normal:100 (--teams: six easy seats by default)",
    )
    t.add_argument("--seed", type=arguments.seed, default=1)
    t.add_argument("--quiet", action="store_true", help="no progress line every 10 games")
    _budget(t)
    c = sub.add_parser("check", help="legal play of one level on every map of both worlds")
    c.add_argument("--games", type=arguments.at_least(1), required=True, help="games per map")
    c.add_argument("--level", choices=LEVELS, required=True)
    c.add_argument("--seed", type=arguments.seed, default=1)
    _budget(c)
    args = ap.parse_args(argv)
    try:
        return _run({"tournament": t, "check": c}[args.command], args)
    except KeyboardInterrupt:
        print(f"python -m ai {args.command}: interrupted", file=sys.stderr)
        return 130


def _run(ap: arguments.Parser, args: argparse.Namespace) -> int:
    """Run the parsed command; ``ap`` (its sub-command's parser) refuses what the parser
    alone could not check, in one line."""

    if args.command == "tournament":
        try:
            # Any player count may play on any board here (a 2-player game on sw-4p).
            game = choices.game_choice(args, None, any_size=True)
        except choices.Refused as exc:
            ap.error(str(exc))
        teamed = TEAMS in game.options
        if teamed:
            args.games = args.games or TEAM_GAMES
            args.seats = args.seats or ",".join(["easy"] * TEAM_PLAYERS)
        for flag in ("games", "seats"):
            if getattr(args, flag) is None:
                ap.error(f"--{flag} is required (unless --teams)")
        seats = [x.strip() for x in args.seats.split(",") if x.strip()]
        if len(seats) != game.players:
            ap.error(f"--seats names {len(seats)} seats for {game.players} players")
        levels: list[str] = []
        own: list[int | None] = []
        for spec in seats:
            level, _, count = spec.partition(":")
            if level not in LEVELS:
                ap.error(f"unknown seat {spec!r}: the levels are {', '.join(LEVELS)}")
            if count and not (count.isdigit() and int(count) >= 1):
                ap.error(f"seat {spec!r}: the playouts after ':' must be a whole number from 1")
            levels.append(level)
            own.append(int(count) if count else None)

        def make(entry: int, game: int) -> Player:
            iterations = own[entry] if own[entry] is not None else args.iterations
            return make_player(
                levels[entry],
                seed=seat_seed(args.seed, game, entry),
                budget_s=None if own[entry] is not None else args.budget,
                iterations=iterations,
            )

        def progress(done: int, stats: list[EntryStats]) -> None:
            if not args.quiet and done % 10 == 0 and done < args.games:
                shares = " ".join(f"{st.level}={st.wins / st.games:.0%}" for st in stats)
                print(f"[{done}/{args.games}] {shares}", file=sys.stderr, flush=True)

        start = time.perf_counter()
        teams = TeamTally(seats) if teamed else None
        stats = tournament(
            make,
            seats,
            args.games,
            args.seed,
            world=game.world,
            map_id=game.map_key,
            progress=progress,
            options=game.options or None,
            teams=teams,
        )
        if args.iterations is not None:
            budget = f"iterations={args.iterations}"
        elif args.budget is not None:
            budget = f"budget_s={args.budget}"
        else:
            budget = "default budgets"
        if any(n is not None for n in own):
            budget += " (level:N seats: N playouts a decision)"
        kind = "".join(f", {name}" for name in game.options)
        board = args.map_id or game.board
        print(
            f"{game.players} players{kind}, {board}, {args.games} games, seats rotated,"
            f" seed={args.seed}, {budget}, {time.perf_counter() - start:.0f} s"
        )
        print(HEADER)
        for st in stats:
            print(st.row())
        if teams is not None:
            print("\n".join(teams.rows()))
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
    sys.exit(exits.run(main, "python -m ai"))
