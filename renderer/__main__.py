"""Command line of the renderer.

    python -m renderer demo --out DIR    # demo pictures from seeded simulated games

(The board geometry builder has its own: ``python -m renderer.geometry``.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m renderer",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="boards, combos panels and score sheets from seeded games")
    demo.add_argument("--out", type=Path, required=True, help="folder to write PNGs into")
    args = parser.parse_args(argv)
    from .demo import write_demo

    start = time.perf_counter()
    paths = write_demo(args.out)
    for path in paths:
        print(f"{path}  {path.stat().st_size // 1024} KB")
    print(f"{len(paths)} pictures in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
