"""Command line of the renderer.

    python -m renderer demo --out DIR           # demo pictures from seeded simulated games
    python -m renderer map FILE [--out PNG]     # a map file's board as set up, or why not
    python -m renderer check FILE...            # the rules and the drawing: one line each

Each takes ``--lang fr`` for its pictures and problems in another language.

(The board geometry builder has its own: ``python -m renderer.geometry``.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.console import arguments, exits
from engine.core.maps import unreadable
from lang import DEFAULT, LANGUAGES, speaking, tr


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it; returns the exit code."""
    parser = arguments.Parser(
        prog="python -m renderer",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = arguments.subcommands(parser)
    demo = sub.add_parser("demo", help="boards, combos panels and score sheets from seeded games")
    demo.add_argument("--out", type=Path, required=True, help="folder to write PNGs into")
    demo.add_argument(
        "--lang", choices=sorted(LANGUAGES), default=DEFAULT, help="the pictures' language"
    )
    drawn = sub.add_parser("map", help="draw a map file's board as set up, or say why it fails")
    drawn.add_argument("file", type=Path, help="a map file (format: docs/maps.md)")
    drawn.add_argument("--out", type=Path, help="PNG to write (default: FILE with .png)")
    drawn.add_argument("--seed", type=arguments.seed, default=1, help="seed of the layout builder")
    drawn.add_argument(
        "--lang", choices=sorted(LANGUAGES), default=DEFAULT, help="the problems' language"
    )
    check = sub.add_parser(
        "check", help="check map files against the rules and that their board can be drawn"
    )
    check.add_argument("files", nargs="+", type=Path, metavar="FILE")
    check.add_argument(
        "--lang", choices=sorted(LANGUAGES), default=DEFAULT, help="the problems' language"
    )
    args = parser.parse_args(argv)
    if args.command == "check":
        with speaking(args.lang):
            return check_files(args.files)
    if args.command == "map":
        with speaking(args.lang):
            return draw_map(args.file, args.out or args.file.with_suffix(".png"), args.seed)
    from .demo import write_demo

    if args.out.exists() and not args.out.is_dir():
        print(f"python -m renderer demo: {args.out} is a file, not a folder", file=sys.stderr)
        return 1
    start = time.perf_counter()
    try:
        with speaking(args.lang):
            paths = write_demo(args.out)
    except OSError as exc:
        why = _why(exc)
        print(f"python -m renderer demo: cannot write into {args.out}: {why}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"{path}  {path.stat().st_size // 1024} KB")
    print(f"{len(paths)} pictures in {time.perf_counter() - start:.1f} s")
    return 0


def check_files(paths: list[Path]) -> int:
    """Check map files: the rules of their world, then whether their board can be drawn.

    Prints ``FILE: ok (...)`` for a good file and ``FILE: problem`` for each problem; the
    exit code is 1 if any file has one.
    """
    from .mapcheck import check_map_bytes

    status = 0
    for path in paths:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            print(tr("{file}: {problem}", file=path, problem=unreadable(exc)))
            status = 1
            continue
        found = check_map_bytes(raw)
        if found.ok:
            print(tr("{file}: {problem}", file=path, problem=found.summary()))
            continue
        status = 1
        for problem in found.problems:
            print(tr("{file}: {problem}", file=path, problem=problem))
    return status


def draw_map(path: Path, out: Path, seed: int = 1) -> int:
    """Check a map file, lay out its regions, and draw its board as set up for a game.

    Prints one line: where the picture went (stdout), or why the file or its layout failed
    (stderr, one line per problem of the file; exit 1).
    """
    from engine import new_game, view
    from engine.core.content import register_map
    from engine.core.rulesets import options_for

    from .board import render_board
    from .mapcheck import check_map_bytes
    from .static import use_geometry

    try:
        raw = path.read_bytes()
    except OSError as exc:
        print(tr("error: {file}: {problem}", file=path, problem=unreadable(exc)), file=sys.stderr)
        return 1
    found = check_map_bytes(raw, seed)
    if not found.ok or found.geometry is None:
        for problem in found.problems:
            print(tr("error: {file}: {problem}", file=path, problem=problem), file=sys.stderr)
        return 1
    key = register_map(found.data)
    use_geometry(key, found.geometry)
    players = min(found.data["players"])
    s = new_game([f"P{i + 1}" for i in range(players)], 1, key, options=options_for(players))
    try:
        out.write_bytes(render_board(view(s)))
    except OSError as exc:
        print(f"error: cannot write {out}: {_why(exc)}", file=sys.stderr)
        return 1
    regions, world = len(found.data["regions"]), found.data["world"]
    print(f"{out}  {out.stat().st_size // 1024} KB ({regions} regions, {world})")
    return 0


def _why(exc: OSError) -> str:
    """An OS error in words, without its errno and path (the line names the path)."""
    return exc.strerror or str(exc)


if __name__ == "__main__":
    sys.exit(exits.run(main, "python -m renderer"))
