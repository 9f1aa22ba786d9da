"""Command line: build geometry from a map file, rebuild all base maps, or preview one.

python -m renderer.geometry build --map data/maps/sw-5p.json --out data/geometry/sw-5p.json
python -m renderer.geometry build-all            # data/maps/sw-{2,3,4,5}p.json
python -m renderer.geometry preview --map data/geometry/sw-5p.json --out /tmp/sw-5p.png
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.console import arguments, exits

from .build import GeometryError, build_file
from .topology import TopologyError

#: Maps rebuilt by ``build-all`` with the seed recorded for each (the committed files).
BASE_MAPS = {"sw-2p": 1, "sw-3p": 1, "sw-4p": 1, "sw-5p": 1}
ROOT = Path(__file__).resolve().parents[2]


def _build(map_path: Path, out: Path, seed: int) -> None:
    start = time.perf_counter()
    geometry = build_file(map_path, out, seed=seed)
    took = time.perf_counter() - start
    print(
        f"{out}: {len(geometry['regions'])} regions, grid {geometry['grid']['cols']}x"
        f"{geometry['grid']['rows']}, min label clearance {geometry['min_clearance']} px, "
        f"{took:.1f} s"
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    parser = arguments.Parser(
        prog="python -m renderer.geometry",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = arguments.subcommands(parser)
    p_build = sub.add_parser("build", help="build the geometry of one map file")
    p_build.add_argument("--map", required=True, type=Path, help="map topology JSON")
    p_build.add_argument("--out", required=True, type=Path, help="geometry JSON to write")
    p_build.add_argument("--seed", type=arguments.seed, default=1, help="random seed (default 1)")
    p_all = sub.add_parser("build-all", help="rebuild data/geometry for the base maps")
    p_all.add_argument("--maps", type=Path, default=ROOT / "data" / "maps")
    p_all.add_argument("--out-dir", type=Path, default=ROOT / "data" / "geometry")
    p_prev = sub.add_parser("preview", help="draw a geometry file as a PNG")
    p_prev.add_argument("--map", required=True, type=Path, help="geometry JSON")
    p_prev.add_argument("--out", required=True, type=Path, help="PNG to write")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            _build(args.map, args.out, args.seed)
        elif args.command == "build-all":
            for name, seed in BASE_MAPS.items():
                _build(args.maps / f"{name}.json", args.out_dir / f"{name}.json", seed)
        else:
            from .preview import preview_file

            preview_file(args.map, args.out)
            print(f"wrote {args.out}")
    except UnicodeDecodeError as exc:
        print(f"error: not UTF-8 text (byte at offset {exc.start}): {exc.reason}", file=sys.stderr)
        return 1
    except (TopologyError, GeometryError, OSError, ValueError) as exc:
        print(f"error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(exits.run(main, "python -m renderer.geometry"))
