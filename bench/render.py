"""Benchmark: drawing the board of a 5-player game in the middle of play.

    python bench/render.py [--runs 20] [--world surface|underground|both]

The static layer and the palette of the map are drawn first and cached, as in the running
bot (whose first board of a map pays for them once); the time that takes is printed too.
Then the medians over ``--runs`` renders are printed on one last line as
``render_ms=X encode_ms=Y png_kb=Z``: ``render_ms`` is the whole ``render_board`` call
(drawing and PNG encoding), ``encode_ms`` the PNG encoding alone of the same finished image.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import view
from renderer.board import compose, render_board
from renderer.board_palette import board_palette
from renderer.demo import demo_seed, midgame, stage_markers
from renderer.picture import encode
from renderer.static import features_key


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument(
        "--world", choices=("surface", "underground", "both"), default="both", help="which boards"
    )
    args = parser.parse_args()
    worlds = ("surface", "underground") if args.world == "both" else (args.world,)
    for world in worlds:
        print(f"== {world} ==")
        if world == "surface":
            measure(view(stage_markers(midgame(5, demo_seed(5)))), args.runs)
        else:
            measure(view(midgame(5, 5, "underground")), args.runs)


def measure(v: dict[str, Any], runs: int) -> None:
    """Render one board ``runs`` times and print the medians."""
    start = time.perf_counter()
    render_board(v)  # warms the static layer, the layouts, the palette and the sprites
    print(
        f"warm-up (static layer, palette, sprites; once per map): "
        f"{(time.perf_counter() - start) * 1000:.0f} ms"
    )
    renders = []
    png = b""
    for _ in range(runs):
        start = time.perf_counter()
        png = render_board(v)
        renders.append(time.perf_counter() - start)
    image = compose(v).image
    pal = board_palette(v["map"], len(v["players"]), features_key(v["regions"]))
    encodes = []
    for _ in range(runs):
        start = time.perf_counter()
        encode(image, pal)
        encodes.append(time.perf_counter() - start)
    print(f"image {image.width}x{image.height}, {runs} runs, medians:")
    print(
        f"render_ms={statistics.median(renders) * 1000:.1f} "
        f"encode_ms={statistics.median(encodes) * 1000:.1f} png_kb={len(png) / 1024:.0f}"
    )


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/render.py"))
