"""Time the geometry builder on the base maps (writes nothing under data/).

python bench/geometry.py [--seed N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from renderer.geometry import build_geometry, load_topology  # noqa: E402


def main() -> None:
    """Build each base map once and print its time and smallest label clearance."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in ("sw-2p", "sw-3p", "sw-4p", "sw-5p"):
        topo = load_topology(ROOT / "data" / "maps" / f"{name}.json")
        start = time.perf_counter()
        geometry = build_geometry(topo, seed=args.seed)
        took = time.perf_counter() - start
        print(
            f"{name}: {took:.2f} s, {len(geometry['regions'])} regions, "
            f"min label clearance {geometry['min_clearance']} px"
        )


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/geometry.py"))
