"""Play Small World in a terminal, learn it, time random games, check map files.

``python -m engine play|tutorial|simulate|maps``; ``--world underground`` plays or times Small World
Underground on the project's board for the player count (``swu-3p``...).

``play`` is a hot-seat game (``engine.console.terminal``; what it prints is
``engine.console.screen``); ``tutorial`` a guided game against the computer
(``engine.console.tutorial``). A bad argument is refused in one line on stderr with exit status 2
(``engine.console.arguments``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from engine.console import arguments, choices
from engine.console.exits import INTERRUPTED
from engine.console.screen import describe_any, describe_event
from engine.console.terminal import play, run_play
from engine.console.tutorial import tutorial
from engine.core.content import build_map, builtin_maps, load_map
from engine.core.maps import land_count, land_entries, read_map_file
from engine.core.worlds import DEFAULT_WORLD
from engine.simulate import run
from engine.text.names import map_name
from engine.tutorial.arrangement import tutorial_worlds
from lang import N_, speaking, tr

# --- simulate -------------------------------------------------------------------------------


def simulate_line(
    players: int,
    games: int,
    seed: int,
    world: str = DEFAULT_WORLD,
    map_id: str | None = None,
    options: dict[str, Any] | None = None,
) -> str:
    """Play ``games`` random games on ``world`` (or on the map ``map_id``) with ``options``
    and return ``games=N games_per_s=X actions_per_s=Y``."""
    n, seconds, actions = run(players, games, seed, world=world, map_id=map_id, options=options)
    seconds = max(seconds, 1e-9)  # a tiny run must not divide by zero
    return f"games={n} games_per_s={n / seconds:.1f} actions_per_s={actions / seconds:.1f}"


# --- maps -----------------------------------------------------------------------------------


#: The last line of ``maps check`` when a file passed: the engine knows nothing of drawing
#: (it may not import the renderer), so it says where the whole check is.
DRAWING_NOTE = N_(
    "These are the rules only: `python -m renderer check FILE` also says whether the board "
    "can be drawn (the bot checks both)."
)


def check_maps(files: Sequence[str], out: TextIO) -> int:
    """Check map files: one summary line per good file, one line per problem; 0 if all good.

    A closing line says that drawing the board is checked by ``python -m renderer check``.
    """
    status = 0
    passed = False
    for name in files:
        data, problems = read_map_file(name)
        if problems:
            status = 1
            for problem in problems:
                out.write(tr("{file}: {problem}", file=name, problem=problem) + "\n")
            continue
        m = build_map(data)
        ok = tr(
            "{file}: ok ({regions} regions, {land} land, entries {entries})",
            file=name,
            regions=len(m.regions),
            land=land_count(m),
            entries=land_entries(m),
        )
        out.write(ok + "\n")
        passed = True
    if passed:
        out.write(tr(DRAWING_NOTE) + "\n")
    return status


def list_maps(out: TextIO) -> int:
    """One line per built-in map: id, name (which says the player count, and "project
    layout" for a board the project drew itself), world, turns and size."""
    for map_id in builtin_maps():
        m = load_map(map_id)
        line = tr(
            "{id}: {name} · world {world} · {turns} turns · {regions} regions ({land} land)",
            id=m.id,
            name=map_name(m.name),
            world=m.world,
            turns=m.turns,
            regions=len(m.regions),
            land=land_count(m),
        )
        out.write(line + "\n")
    return 0


# --- entry point ----------------------------------------------------------------------------


#: The player counts of ``play`` and ``simulate`` without ``--players`` (nor ``--teams``).
PLAY_PLAYERS, SIMULATE_PLAYERS = 3, 5

#: What ``python -m engine --help`` says first.
DESCRIPTION = N_(
    "Play Small World in a terminal (hot seat), time random games, check map files. "
    "--world underground plays Small World Underground."
)


def _parser() -> arguments.Parser:
    parser = arguments.Parser(prog="python -m engine", description=tr(DESCRIPTION))
    arguments.add_language(parser)
    sub = arguments.subcommands(parser)
    p = sub.add_parser("play", help=tr("a hot-seat game in the terminal"))
    choices.add_game_arguments(p, PLAY_PLAYERS)
    p.add_argument(
        "--seed",
        type=arguments.seed,
        default=None,
        help=tr("replay a game (default: a fresh one)"),
    )
    arguments.add_language(p)
    tut = sub.add_parser("tutorial", help=tr("learn the game: a short guided game"))
    tut.add_argument(
        "--world",
        choices=tutorial_worlds(),
        default=DEFAULT_WORLD,
        help=tr("surface (default) or underground: which world to learn"),
    )
    arguments.add_language(tut)
    sim = sub.add_parser("simulate", help=tr("play random games and print their speed"))
    choices.add_game_arguments(sim, SIMULATE_PLAYERS)
    sim.add_argument(
        "--games",
        type=arguments.at_least(1),
        default=200,
        help=tr("how many games to play (default 200)"),
    )
    sim.add_argument(
        "--seed", type=arguments.seed, default=1, help=tr("the first game's seed (default 1)")
    )
    arguments.add_language(sim)
    maps = sub.add_parser("maps", help=tr("check map files, or list the built-in maps"))
    arguments.add_language(maps)
    maps_sub = arguments.subcommands(maps, "maps_command")
    check = maps_sub.add_parser("check", help=tr("check map files against docs/maps.md"))
    check.add_argument("files", nargs="+", metavar="FILE")
    arguments.add_language(check)
    arguments.add_language(maps_sub.add_parser("list", help=tr("the built-in maps")))
    return parser


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run a command line; the streams default to the process's stdin, stdout and stderr.

    Everything is said in the language of ``--lang``, else of the environment (``LANG``):
    ``arguments.language``. A refused command prints one line on ``stderr`` and returns 2;
    Ctrl-C returns 130.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    with speaking(arguments.language(words)):
        return _run(words, stdin, stdout, stderr)


def _run(
    argv: Sequence[str], stdin: TextIO | None, stdout: TextIO | None, stderr: TextIO | None
) -> int:
    args = _parser().parse_args(argv)
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    prog = f"python -m engine {args.command}"
    try:
        if args.command == "maps":
            if args.maps_command == "check":
                return check_maps(args.files, out)
            return list_maps(out)
        if args.command == "tutorial":
            return tutorial(args.world, inp=inp, out=out)
        try:
            game = choices.game_choice(
                args, PLAY_PLAYERS if args.command == "play" else SIMULATE_PLAYERS
            )
        except choices.Refused as exc:
            return arguments.fail(prog, str(exc), err)
        if args.command == "simulate":
            line = simulate_line(
                game.players, args.games, args.seed, game.world, game.map_key, game.options
            )
            out.write(line + "\n")
            return 0
        return play(
            game.players,
            args.seed,
            game.map_key,
            inp=inp,
            out=out,
            world=game.world,
            options=game.options,
        )
    except KeyboardInterrupt:
        # Ctrl-C during a long simulate or check (the game itself says goodbye on its own).
        err.write(tr("{prog}: interrupted", prog=prog) + "\n")
        return INTERRUPTED


__all__ = [
    "check_maps",
    "describe_any",
    "describe_event",
    "list_maps",
    "main",
    "play",
    "run_play",
    "simulate_line",
]
