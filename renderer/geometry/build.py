"""Topology in, geometry out: the whole pipeline and its JSON form.

Geometry JSON (``data/geometry/<map>.json``), all lengths in board pixels, y downwards:

``format``, ``version``
    ``"smallworld-geometry"`` and :data:`FORMAT_VERSION`.
``map``, ``seed``
    The topology's id and the seed it was built with (same seed, same file).
``board``
    ``{"width": 1600, "height": 1100}`` (taller for a map of many regions: ``board_size``);
    the regions tile this rectangle exactly.
``min_clearance``
    The smallest ``clearance`` of any region.
``grid``
    The hex-cell assignment the outlines come from: ``layout`` is
    ``"hex-pointy-odd-r"`` (pointy-top hexes, odd rows shifted right by half a cell),
    ``cols``, ``rows``, circumradius ``size``, ``origin`` (centre of cell (0, 0)) and
    ``cells[row][col]`` = region id. Cell centres are at
    ``(origin.x + sqrt(3) * size * (col + 0.5 * (row % 2)), origin.y + 1.5 * size * row)``.
    Two regions are adjacent exactly when some of their cells are neighbours.
``regions``
    One entry per region: ``id``, ``terrain``, ``board_edge``, ``cells`` (count),
    ``area`` (px², of the outline), ``label`` (the point deepest inside the region, for
    the region number and tokens), ``clearance`` (radius of the empty disc around
    ``label`` that fits inside the region), and ``polygons``: a list holding the outline
    (clockwise on screen, not closed: the last point joins the first).
``borders``
    ``{"regions": [a, b], "points": [...]}`` for each stretch of border between regions
    ``a`` and ``b`` (``b = -1`` for the board edge); region ``a`` lies to the right when
    walking along the points. Outlines are built from exactly these points, so drawing
    the borders as lines matches the filled polygons.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

from lang import tr

from .anneal import anneal
from .embed import build_skeleton
from .grid import HexGrid
from .layout import Problem, check_layout, initial_layout
from .outline import trace
from .topology import Topology, TopologyError, load_topology

#: Board size in pixels that the renderer draws on.
BOARD_WIDTH = 1600
BOARD_HEIGHT = 1100
#: Regions a board of ``BOARD_HEIGHT`` holds (every printed board and ``swu-5p``); a map of
#: more gets a taller board of the same width (a phone shows the board at its width, so the
#: numbers and chips keep their size on it).
BOARD_REGIONS = 60
#: A taller board gives each region the room it has on a board of this many regions: more
#: than at ``BOARD_REGIONS``, where the chips of crowded regions already shrink.
ROOMY_REGIONS = 55
#: Default grid columns; more are used when a map has many regions.
BASE_COLUMNS = 80
#: Version of the JSON layout written by :func:`geometry_to_json`.
FORMAT_VERSION = 1


class GeometryError(RuntimeError):
    """The builder could not produce a layout meeting the hard requirements.

    ``problem`` is the sentence without the map's name in front.
    """

    def __init__(self, message: str, *, name: str | None = None) -> None:
        self.problem = message
        super().__init__(f"{name}: {message}" if name else message)


def board_size(regions: int) -> tuple[int, int]:
    """Width and height (px) of the board for a map of ``regions`` regions: 1600 × 1100 up to
    ``BOARD_REGIONS``; a larger map gets a taller board in 10-px steps, with the room per
    region of a board of ``ROOMY_REGIONS`` regions (70 regions: 1600 × 1400)."""
    if regions <= BOARD_REGIONS:
        return BOARD_WIDTH, BOARD_HEIGHT
    return BOARD_WIDTH, math.ceil(BOARD_HEIGHT * regions / ROOMY_REGIONS / 10) * 10


def default_columns(regions: int) -> int:
    """Grid columns giving at least about 100 cells per region (80 for the base maps)."""
    width, height = board_size(regions)
    cells = BASE_COLUMNS * round(BASE_COLUMNS * height / width / 0.866)
    if cells >= 100 * regions:
        return BASE_COLUMNS
    return math.ceil(BASE_COLUMNS * math.sqrt(100 * regions / cells))


def build_layout(
    topo: Topology, seed: int = 1, cols: int | None = None, sweeps: float = 60.0
) -> tuple[Problem, list[int]]:
    """Check ``topo``, build the exact starting layout and anneal it; return both.

    Raises :class:`TopologyError` if the topology cannot be drawn at all and
    :class:`GeometryError` if no exact starting layout is found.
    """
    rng = random.Random(seed)
    width, height = board_size(len(topo.regions))
    cols = cols or default_columns(len(topo.regions))
    errors: list[str] = []
    found: tuple[Problem, list[int]] | None = None
    # The start is exact when the skeleton's triangles are a few cells thick. When they
    # are not, a finer grid usually helps, and a skeleton from other random weights too.
    for _skeleton in range(3):
        skel = build_skeleton(topo, width, height, rng)
        for attempt in range(3):
            grid = HexGrid.fit(width, height, cols + 24 * attempt)
            problem = Problem.make(topo, grid)
            owner = initial_layout(problem, skel)
            errors = check_layout(problem, owner)
            if not errors:
                found = (problem, owner)
                break
        if found:
            break
    if found is None:
        raise GeometryError(
            tr(
                "no layout of hexagons shows exactly the map's borders ({details})",
                details="; ".join(errors[:6]),
            ),
            name=topo.name,
        )
    problem, owner = found
    owner = anneal(problem, owner, rng, sweeps=sweeps)
    errors = check_layout(problem, owner)
    if errors:  # the annealer only makes moves that keep the layout valid
        raise GeometryError(
            tr("polishing the layout broke it ({details})", details="; ".join(errors[:6])),
            name=topo.name,
        )
    return problem, owner


def build_geometry(
    topo: Topology, seed: int = 1, cols: int | None = None, sweeps: float = 60.0
) -> dict[str, Any]:
    """Run the whole pipeline and return the geometry as a JSON-ready dict."""
    problem, owner = build_layout(topo, seed=seed, cols=cols, sweeps=sweeps)
    width, height = board_size(len(topo.regions))
    shapes = trace(problem, owner, width, height, seed)
    grid = problem.grid
    ids = problem.ids
    cells_per = [0] * problem.n
    for k in owner:
        cells_per[k] += 1

    def pt(p: tuple[float, float]) -> list[float]:
        return [round(p[0], 1), round(p[1], 1)]

    regions = []
    for k, shape in enumerate(shapes.regions):
        reg = topo.regions[shape.id]
        regions.append(
            {
                "id": shape.id,
                "terrain": reg.terrain,
                "board_edge": reg.board_edge,
                "cells": cells_per[k],
                "area": round(shape.area),
                "label": pt(shape.label),
                "clearance": math.floor(shape.clearance * 10) / 10,
                "polygons": [[pt(p) for p in shape.outline]],
            }
        )
    borders = [
        {"regions": [b.a, b.b], "points": [pt(p) for p in b.points]}
        for b in sorted(shapes.borders, key=lambda b: (min(b.a, b.b) if b.b >= 0 else b.a, b.b))
    ]
    rows = [[ids[owner[r * grid.cols + c]] for c in range(grid.cols)] for r in range(grid.rows)]
    return {
        "format": "smallworld-geometry",
        "version": FORMAT_VERSION,
        "map": topo.name,
        "seed": seed,
        "board": {"width": width, "height": height},
        "grid": {
            "layout": "hex-pointy-odd-r",
            "cols": grid.cols,
            "rows": grid.rows,
            "size": grid.size,
            "origin": list(grid.origin),
            "cells": rows,
        },
        "min_clearance": min(r["clearance"] for r in regions),
        "regions": regions,
        "borders": borders,
    }


def geometry_to_json(geometry: dict[str, Any]) -> str:
    """Compact but diff-friendly JSON: one line per region, border and grid row."""
    head = {k: v for k, v in geometry.items() if k not in ("grid", "regions", "borders")}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
    grid = dict(geometry["grid"])
    cells = grid.pop("cells")
    lines.append('  "grid": {')
    for k, v in grid.items():
        lines.append(f"    {json.dumps(k)}: {json.dumps(v)},")
    lines.append('    "cells": [')
    lines.append(",\n".join("      " + json.dumps(row, separators=(",", ":")) for row in cells))
    lines.append("    ]")
    lines.append("  },")
    for key in ("regions", "borders"):
        lines.append(f"  {json.dumps(key)}: [")
        items = ["    " + json.dumps(item, separators=(",", ":")) for item in geometry[key]]
        lines.append(",\n".join(items))
        lines.append("  ]" + ("," if key == "regions" else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def build_file(map_path: str | Path, out_path: str | Path, seed: int = 1) -> dict[str, Any]:
    """Build the geometry of the map file ``map_path`` and write it to ``out_path``."""
    topo = load_topology(map_path)
    geometry = build_geometry(topo, seed=seed)
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(geometry_to_json(geometry), encoding="utf-8")
    return geometry


__all__ = [
    "BOARD_HEIGHT",
    "BOARD_REGIONS",
    "BOARD_WIDTH",
    "GeometryError",
    "TopologyError",
    "board_size",
    "build_file",
    "build_geometry",
    "build_layout",
    "geometry_to_json",
]
