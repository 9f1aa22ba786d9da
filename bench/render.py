"""Benchmark: drawing a 5-player mid-game board.

    python bench/render.py [--runs 20]

The static layer of the map is drawn once first (and cached, as in the bot); then the
median over ``--runs`` renders is printed as ``render_ms=X encode_ms=Y png_kb=Z``, where
``render_ms`` is the whole ``render_board`` call (compose + PNG encoding) and ``encode_ms``
the PNG encoding of the same finished image alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import view
from renderer import render_board
from renderer.board import compose, encode
from renderer.demo import played
from renderer.static import static_layer


def main() -> None:
    """Measure and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    state = played(5, 5, 110)
    v = view(state)
    t = time.perf_counter()
    static_layer(state.map_id)
    warm_ms = (time.perf_counter() - t) * 1000
    renders, encodes = [], []
    png = b""
    for _ in range(args.runs):
        t = time.perf_counter()
        png = render_board(v)
        renders.append(time.perf_counter() - t)
    image = compose(v)
    for _ in range(args.runs):
        t = time.perf_counter()
        encode(image)
        encodes.append(time.perf_counter() - t)
    print(f"static layer drawn once in {warm_ms:.0f} ms (cached afterwards)")
    print(
        f"render_ms={statistics.median(renders) * 1000:.1f} "
        f"encode_ms={statistics.median(encodes) * 1000:.1f} png_kb={len(png) / 1024:.0f}"
    )


if __name__ == "__main__":
    main()
