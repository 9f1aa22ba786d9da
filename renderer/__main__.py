"""``python -m renderer demo --out DIR``: write demo images from seeded games."""

from __future__ import annotations

import argparse
from pathlib import Path

from .demo import write_demo


def main() -> None:
    """Parse the command line and write the demo images."""
    ap = argparse.ArgumentParser(prog="python -m renderer")
    sub = ap.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="boards, combos panel and final sheets from seeded games")
    demo.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    for path in write_demo(args.out):
        print(path)


if __name__ == "__main__":
    main()
