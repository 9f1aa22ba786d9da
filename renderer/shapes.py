"""A board's shapes as the renderer reads them: region outlines, label points, borders.

``map_shape`` reads a map's geometry, either the committed ``data/geometry/<map>.json`` or
one built in this process (``use_geometry``: a server's own map); ``region_ids`` rasters it
into region ids. Apart from ``renderer.placement``, which decides where things go inside
the regions, because every picture of a board (the static layer, legends, marks, a map's
check) starts from these shapes, with or without a layout.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

#: The committed geometry of every map, one ``<map>.json`` each.
GEOMETRY_DIR = Path(__file__).resolve().parent.parent / "data" / "geometry"


@dataclass(frozen=True, slots=True)
class RegionShape:
    """Where a region is drawn: its outlines, label point and clear radius around it."""

    id: int
    terrain: str
    polygons: tuple[tuple[tuple[float, float], ...], ...]
    label: tuple[float, float]
    clearance: float


@dataclass(frozen=True, slots=True)
class MapShape:
    """A board's size, region shapes and shared borders."""

    id: str
    width: int
    height: int
    regions: tuple[RegionShape, ...]
    #: Border polylines as (points, True when on the board's outer edge).
    borders: tuple[tuple[tuple[tuple[float, float], ...], bool], ...]
    #: The two region ids each border separates, in ``borders`` order (-1: off the board).
    joins: tuple[tuple[int, int], ...] = ()


#: Geometry built in this process for maps that have no committed file (``python -m
#: renderer map FILE``), by map key.
_BUILT: dict[str, dict[str, Any]] = {}


def use_geometry(map_id: str, geometry: dict[str, Any]) -> None:
    """Draw the map ``map_id`` with ``geometry`` (as ``renderer.geometry`` builds it)."""
    _BUILT[map_id] = geometry
    map_shape.cache_clear()


def given_geometry(map_id: str) -> dict[str, Any] | None:
    """The geometry ``use_geometry`` gave for ``map_id`` in this process, or None (a map
    drawn from its committed file). Another process that must draw the map is handed it."""
    return _BUILT.get(map_id)


@cache
def map_shape(map_id: str) -> MapShape:
    """The geometry of a map: built in this process (``use_geometry``), else the committed
    ``data/geometry/<map>.json``."""
    raw = _BUILT.get(map_id) or json.loads(
        (GEOMETRY_DIR / f"{map_id}.json").read_text(encoding="utf-8")
    )
    regions = tuple(
        RegionShape(
            id=r["id"],
            terrain=r["terrain"],
            polygons=tuple(tuple((x, y) for x, y in poly) for poly in r["polygons"]),
            label=(r["label"][0], r["label"][1]),
            clearance=r["clearance"],
        )
        for r in sorted(raw["regions"], key=lambda r: r["id"])
    )
    borders = tuple(
        (tuple((x, y) for x, y in b["points"]), min(b["regions"]) < 0)
        for b in raw.get("borders", [])
    )
    joins = tuple((int(b["regions"][0]), int(b["regions"][-1])) for b in raw.get("borders", []))
    return MapShape(
        raw["map"], raw["board"]["width"], raw["board"]["height"], regions, borders, joins
    )


@cache
def region_ids(map_id: str) -> Image.Image:
    """A raster of the board where each pixel holds its region's id + 1 (0 on borders)."""
    shape = map_shape(map_id)
    ids = Image.new("L", (shape.width, shape.height), 0)
    d = ImageDraw.Draw(ids)
    for r in shape.regions:
        for poly in r.polygons:
            d.polygon(poly, fill=r.id + 1)
    for points, _outer in shape.borders:
        d.line(points, fill=0, width=5)
    return ids


def forget_shapes() -> None:
    """Forget every geometry given by ``use_geometry`` and the shapes read from it, as a
    restarted process would."""
    _BUILT.clear()
    map_shape.cache_clear()
    region_ids.cache_clear()
