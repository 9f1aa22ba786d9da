"""Command line of the renderer.

    python -m renderer demo --out DIR           # demo pictures from seeded simulated games
    python -m renderer map FILE [--out PNG]     # a map file's board as set up, or why not

(The board geometry builder has its own: ``python -m renderer.geometry``.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine import arguments


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it; returns the exit code."""
    parser = arguments.Parser(
        prog="python -m renderer",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="boards, combos panels and score sheets from seeded games")
    demo.add_argument("--out", type=Path, required=True, help="folder to write PNGs into")
    drawn = sub.add_parser("map", help="draw a map file's board as set up, or say why it fails")
    drawn.add_argument("file", type=Path, help="a map file (format: docs/maps.md)")
    drawn.add_argument("--out", type=Path, help="PNG to write (default: FILE with .png)")
    drawn.add_argument("--seed", type=arguments.seed, default=1, help="seed of the layout builder")
    args = parser.parse_args(argv)
    if args.command == "map":
        return draw_map(args.file, args.out or args.file.with_suffix(".png"), args.seed)
    from .demo import write_demo

    if args.out.exists() and not args.out.is_dir():
        print(f"python -m renderer demo: {args.out} is a file, not a folder", file=sys.stderr)
        return 1
    start = time.perf_counter()
    try:
        paths = write_demo(args.out)
    except OSError as exc:
        why = _why(exc)
        print(f"python -m renderer demo: cannot write into {args.out}: {why}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"{path}  {path.stat().st_size // 1024} KB")
    print(f"{len(paths)} pictures in {time.perf_counter() - start:.1f} s")
    return 0


def draw_map(path: Path, out: Path, seed: int = 1) -> int:
    """Check a map file, lay out its regions, and draw its board as set up for a game.

    Prints one line: where the picture went (stdout), or why the file or its layout failed
    (stderr, one line per problem of the file; exit 1).
    """
    from engine import new_game, view
    from engine.maps import MapError, load_map_file, register_board

    from .board import render_board
    from .geometry import TopologyError, build_geometry, topology_from_dict
    from .static import use_geometry

    try:
        m = load_map_file(path)
    except MapError as exc:
        for problem in exc.problems:
            print(f"error: {path}: {problem}", file=sys.stderr)
        return 1
    key = register_board(m)
    try:
        from engine.content import map_to_dict

        geometry = build_geometry(topology_from_dict(map_to_dict(m), m.id), seed=seed)
    except TopologyError as exc:
        print(f"error: {path}: the regions cannot be laid out as a board: {exc}", file=sys.stderr)
        return 1
    use_geometry(key, geometry)
    players = min(m.players)
    s = new_game([f"P{i + 1}" for i in range(players)], 1, key)
    try:
        out.write_bytes(render_board(view(s)))
    except OSError as exc:
        print(f"error: cannot write {out}: {_why(exc)}", file=sys.stderr)
        return 1
    print(f"{out}  {out.stat().st_size // 1024} KB ({len(m.regions)} regions, {m.world})")
    return 0


def _why(exc: OSError) -> str:
    """An OS error in words, without its errno and path (the line names the path)."""
    return exc.strerror or str(exc)


if __name__ == "__main__":
    sys.exit(main())
