"""The part of a board that never changes during a game: terrain, borders, numbers, symbols.

It is drawn once per map and kept in memory; every board image starts from a copy.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw

from engine.content import load_map

from .fonts import font
from .palette import BORDER, INK, RGB, terrain_colours

GEOMETRY = Path(__file__).resolve().parent.parent / "data" / "geometry"
PATTERN_STEP = 22


@dataclass(frozen=True)
class RegionShape:
    """Where a region is drawn: its outlines, label point and clear radius around it."""

    id: int
    terrain: str
    polygons: tuple[tuple[tuple[float, float], ...], ...]
    label: tuple[float, float]
    clearance: float


@dataclass(frozen=True)
class MapShape:
    """A board's size and region shapes."""

    id: str
    width: int
    height: int
    regions: tuple[RegionShape, ...]


@cache
def map_shape(map_id: str) -> MapShape:
    """The committed geometry of a map (``data/geometry/<map>.json``)."""
    raw = json.loads((GEOMETRY / f"{map_id}.json").read_text(encoding="utf-8"))
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
    return MapShape(raw["map"], raw["board"]["width"], raw["board"]["height"], regions)


def _pattern(terrain: str, size: tuple[int, int], colour: RGB) -> Image.Image:
    """A transparent layer covering the board with the terrain's pattern."""
    w, h = size
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    c = (*colour, 255)
    step = PATTERN_STEP
    if terrain == "Farmland":  # furrows
        for x in range(-h, w, step):
            d.line([(x, 0), (x + h, h)], fill=c, width=3)
    elif terrain == "Hill":  # little mounds
        for j, y in enumerate(range(0, h + step, step)):
            for x in range((j % 2) * step, w + step, 2 * step):
                d.arc([x - 10, y - 6, x + 10, y + 8], 200, 340, fill=c, width=3)
    elif terrain == "Forest":  # trees
        for j, y in enumerate(range(0, h + step, step)):
            for x in range((j % 2) * step // 2, w + step, step):
                d.polygon([(x, y - 8), (x - 6, y + 5), (x + 6, y + 5)], fill=c)
    elif terrain == "Swamp":  # reeds over water lines
        for j, y in enumerate(range(0, h + step, step)):
            for x in range((j % 2) * step, w + step, 2 * step):
                d.line([(x - 9, y), (x + 9, y)], fill=c, width=3)
                d.line([(x - 3, y), (x - 3, y - 8)], fill=c, width=2)
                d.line([(x + 3, y), (x + 3, y - 6)], fill=c, width=2)
    elif terrain == "Mountain":  # peaks
        for j, y in enumerate(range(0, h + step, step)):
            for x in range((j % 2) * step, w + step, 2 * step):
                d.line([(x - 10, y + 6), (x, y - 7), (x + 10, y + 6)], fill=c, width=3)
    elif terrain in ("Sea", "Lake"):  # waves
        amp = 4 if terrain == "Sea" else 3
        for j, y in enumerate(range(0, h + step, step)):
            pts = [(x, y + amp * math.sin((x + j * 11) / 7)) for x in range(0, w + 8, 6)]
            d.line(pts, fill=c, width=2)
    return layer


@cache
def static_layer(map_id: str) -> Image.Image:
    """The board of a map with nothing on it but its printed features (cached)."""
    shape = map_shape(map_id)
    size = (shape.width, shape.height)
    img = Image.new("RGB", size, (255, 255, 255))
    by_terrain: dict[str, list[RegionShape]] = {}
    for r in shape.regions:
        by_terrain.setdefault(r.terrain, []).append(r)
    for terrain, regions in by_terrain.items():
        fill, stroke = terrain_colours(terrain)
        mask = Image.new("L", size, 0)
        md = ImageDraw.Draw(mask)
        for r in regions:
            for poly in r.polygons:
                md.polygon(poly, fill=255)
        img.paste(fill, mask=mask)
        pattern = _pattern(terrain, size, stroke)
        alpha = Image.composite(pattern.getchannel("A"), Image.new("L", size, 0), mask)
        img.paste(pattern.convert("RGB"), mask=alpha)
    d = ImageDraw.Draw(img)
    for r in shape.regions:
        for poly in r.polygons:
            d.line([*poly, poly[0]], fill=BORDER, width=4, joint="curve")
    d.rectangle([0, 0, shape.width - 1, shape.height - 1], outline=BORDER, width=6)
    features = {r.id: r for r in load_map(map_id).regions}
    for r in shape.regions:
        _number_and_symbols(d, r, features[r.id].features, features[r.id].terrain)
    return img


def layout(r: RegionShape) -> dict[str, tuple[float, float]]:
    """Anchor points inside a region: its number, its tokens and its markers."""
    x, y = r.label
    c = r.clearance
    return {
        "number": (x, y - 0.55 * c),
        "tokens": (x, y + 0.04 * c),
        "markers": (x, y + 0.56 * c),
    }


def _number_and_symbols(
    d: ImageDraw.ImageDraw, r: RegionShape, features: frozenset[str], terrain: str
) -> None:
    nx, ny = layout(r)["number"]
    f = font(number_font_size(r.clearance))
    text = str(r.id)
    w = d.textlength(text, font=f)
    symbols = [k for k in SYMBOL_ORDER if k in features]
    if terrain == "Mountain":
        symbols.append("Mountain")
    gap = 30
    total = w + gap * len(symbols)
    left = nx - total / 2
    d.text(
        (left + w / 2, ny), text, font=f, fill="white", anchor="mm", stroke_width=4, stroke_fill=INK
    )
    for k, kind in enumerate(symbols):
        draw_feature(d, kind, left + w + gap * k + gap / 2 + 2, ny)


SYMBOL_ORDER = ("Cavern", "Magic Source", "Mine")


def draw_feature(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, s: float = 13) -> None:
    """A map symbol centred at (x, y): Cavern, Magic Source, Mine or Mountain."""
    if kind == "Cavern":  # a dark cave mouth
        d.pieslice([x - s, y - s, x + s, y + s], 180, 360, fill=(40, 36, 40), outline="white")
        d.rectangle([x - s, y, x + s, y + s * 0.35], fill=(40, 36, 40))
    elif kind == "Magic Source":  # a violet star
        pts = []
        for k in range(10):
            rad = s if k % 2 == 0 else s * 0.45
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
        d.polygon(pts, fill=(150, 70, 200), outline="white")
    elif kind == "Mine":  # a gold nugget with a pick
        d.polygon(
            [(x, y - s), (x + s, y), (x, y + s), (x - s, y)], fill=(226, 178, 40), outline=INK
        )
        d.line([(x - s * 0.5, y + s * 0.5), (x + s * 0.5, y - s * 0.5)], fill=INK, width=3)
    elif kind == "Mountain":  # a snow-capped peak
        d.polygon(
            [(x - s * 1.2, y + s), (x, y - s), (x + s * 1.2, y + s)],
            fill=(96, 86, 76),
            outline="white",
        )
        d.polygon(
            [(x - s * 0.4, y - s * 0.33), (x, y - s), (x + s * 0.4, y - s * 0.33)], fill="white"
        )


def number_font_size(clearance: float) -> int:
    """Region numbers as big as the region allows, never below what a phone can read."""
    return max(28, min(40, int(clearance * 0.45)))


__all__ = ["MapShape", "RegionShape", "draw_feature", "font", "map_shape", "static_layer"]
