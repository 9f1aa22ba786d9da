"""The part of a board that never changes during a game: terrain, borders, numbers, features.

It is drawn once per map and kept in memory (``functools.cache``); every board image starts
from a copy of it. Where each region's number and map features go is decided in
``renderer.placement`` from the map's shapes (``renderer.shapes``); both are re-exported
here for the modules that import them from this one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .fonts import draw_text
from .icons import paste_centred, sprite
from .palette import BORDER, FLOWING, INK, PITS, RGB, WHITE, terrain_colours
from .pieces import FEATURES
from .placement import (
    BADGE_HEIGHT,
    CHIP,
    NUMBER_SIZE,
    RegionLayout,
    forget_geometries,
    layouts,
    marker_places,
    number_boxes,
    number_text,
    region_layout,
)
from .shapes import (
    GEOMETRY_DIR,
    MapShape,
    RegionShape,
    given_geometry,
    map_shape,
    region_ids,
    use_geometry,
)

#: Side of a terrain pattern tile (it repeats seamlessly).
TILE = 48


# --- terrain patterns ------------------------------------------------------------------------

TileDraw = Callable[[ImageDraw.ImageDraw, int, RGB], None]


def _brick(t: int) -> list[tuple[float, float]]:
    """Motif centres of a tile in two offset rows, repeated across edges to wrap seamlessly."""
    base = [(t * 0.25, t * 0.25), (t * 0.75, t * 0.25), (0.0, t * 0.75), (t * 0.5, t * 0.75)]
    return [(x + dx, y + dy) for x, y in base for dx in (-t, 0, t) for dy in (-t, 0, t)]


def _farmland(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    # Furrows: diagonal lines whose spacing divides the tile, so they join across tiles.
    step = t // 4
    for c in range(-t, 2 * t, step):
        d.line((c, t, c + t, 0), fill=ink, width=2)


def _hill(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.arc((x - 9, y - 4, x + 9, y + 10), 200, 340, fill=ink, width=3)


def _forest(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.polygon([(x, y - 8), (x - 6, y + 4), (x + 6, y + 4)], fill=ink)
        d.line((x, y + 4, x, y + 8), fill=ink, width=2)


def _swamp(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.line((x - 8, y + 5, x + 8, y + 5), fill=ink, width=2)
        d.line((x, y + 5, x, y - 6), fill=ink, width=2)
        d.line((x - 4, y + 5, x - 6, y - 2), fill=ink, width=2)
        d.line((x + 4, y + 5, x + 6, y - 2), fill=ink, width=2)


def _mountain(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.line((x - 9, y + 6, x, y - 6, x + 9, y + 6), fill=ink, width=3)


def _waves(period: int, amp: float, rows: int) -> TileDraw:
    def draw(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
        for j in range(rows):
            y0 = (j + 0.5) * t / rows
            shift = j * period / 2
            pts = [
                (x, y0 + amp * math.sin(2 * math.pi * (x + shift) / period))
                for x in range(-4, t + 5, 2)
            ]
            d.line(pts, fill=ink, width=2)

    return draw


def _lake(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    # Short ripples rather than the sea's full wave lines: same water, different texture.
    for x, y in _brick(t):
        d.arc((x - 8, y - 3, x, y + 5), 200, 340, fill=ink, width=2)
        d.arc((x, y - 3, x + 8, y + 5), 20, 160, fill=ink, width=2)


def _bubbles(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.ellipse((x - 5, y - 5, x + 5, y + 5), outline=ink, width=2)
        d.ellipse((x + 6, y - 9, x + 10, y - 5), outline=ink, width=2)


def _mushrooms(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.chord((x - 8, y - 8, x + 8, y + 6), 180, 360, fill=ink)
        d.line((x, y - 1, x, y + 7), fill=ink, width=3)


def _crystals(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.polygon([(x, y - 9), (x + 5, y), (x, y + 9), (x - 5, y)], outline=ink, width=2)


def _peaks(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.polygon([(x - 9, y + 6), (x - 2, y - 7), (x + 5, y + 6)], fill=ink)
        d.line((x + 1, y + 6, x + 6, y - 2, x + 11, y + 6), fill=ink, width=2)


def _picks(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.line((x - 6, y - 6, x + 6, y + 6), fill=ink, width=2)
        d.arc((x - 9, y - 9, x + 3, y + 3), 170, 280, fill=ink, width=3)


def _cracks(d: ImageDraw.ImageDraw, t: int, ink: RGB) -> None:
    for x, y in _brick(t):
        d.line((x - 9, y - 4, x - 3, y + 2, x + 1, y - 3, x + 9, y + 5), fill=ink, width=2)


#: Terrain -> the pattern its tile draws over its fill colour.
PATTERNS: dict[str, TileDraw] = {
    "Mudpool": _bubbles,
    "Mushroom Forest": _mushrooms,
    "Mystic Crystals": _crystals,
    "Black Mountain": _peaks,
    "Mine": _picks,
    "River": _waves(32, 5.0, 2),
    "Abysmal Chasm": _cracks,
    "Farmland": _farmland,
    "Hill": _hill,
    "Forest": _forest,
    "Swamp": _swamp,
    "Mountain": _mountain,
    "Sea": _waves(24, 3.5, 3),
    "Lake": _lake,
}


@cache
def terrain_tile(terrain: str) -> Image.Image:
    """One seamless TILE×TILE square of a terrain: its fill with its pattern."""
    fill, ink = terrain_colours(terrain)
    tile = Image.new("RGB", (TILE, TILE), fill)
    draw = PATTERNS.get(terrain)
    if draw is not None:
        draw(ImageDraw.Draw(tile), TILE, ink)
    return tile


def _tiled(tile: Image.Image, size: tuple[int, int]) -> Image.Image:
    out = Image.new("RGB", size)
    for y in range(0, size[1], tile.height):
        for x in range(0, size[0], tile.width):
            out.paste(tile, (x, y))
    return out


# --- the static layer -----------------------------------------------------------------------


@cache
def static_layer(map_id: str, features: tuple[tuple[str, ...], ...] = ()) -> Image.Image:
    """The board of a map with only what is printed on it: terrain, borders, numbers, features.

    ``features`` lists each region's map features (from the view), so the picture follows the
    game's own map data; it is part of the cache key together with the map id. Treat the
    returned image as read-only: it is shared.
    """
    shape = map_shape(map_id)
    size = (shape.width, shape.height)
    img = Image.new("RGB", size, WHITE)
    by_terrain: dict[str, list[RegionShape]] = {}
    for r in shape.regions:
        by_terrain.setdefault(r.terrain, []).append(r)
    for terrain, regions in by_terrain.items():
        mask = Image.new("L", size, 0)
        md = ImageDraw.Draw(mask)
        for r in regions:
            for poly in r.polygons:
                md.polygon(poly, fill=255, outline=255)
        img.paste(_tiled(terrain_tile(terrain), size), (0, 0), mask)
    for r in shape.regions:
        if r.terrain in PITS:
            _pit(img, r, PITS[r.terrain])
    _borders(img, shape)
    d = ImageDraw.Draw(img)
    lays = layouts(map_id, tuple(len(f) for f in features))
    for r in shape.regions:
        feats = features[r.id] if r.id < len(features) else ()
        lay = lays[r.id]
        xy, size_px, stroke = number_text(lay)
        draw_text(d, xy, str(r.id), size_px, WHITE, anchor="ms", halo=(stroke, INK))
        for kind, centre in zip(feats, lay.feature_slots(), strict=True):
            paste_centred(img, sprite(kind, lay.chip), centre)
    return img


#: Width (px) of the rim of a pit, and how far its light reaches into the pit.
PIT_RIM = 16


def _pit(img: Image.Image, r: RegionShape, rim: RGB) -> None:
    """Light the inside of a region's border with ``rim``, fading out towards its middle."""
    points = [p for poly in r.polygons for p in poly]
    pad = PIT_RIM * 2
    x0 = max(0, int(min(x for x, _ in points)) - pad)
    y0 = max(0, int(min(y for _, y in points)) - pad)
    x1 = min(img.width, int(max(x for x, _ in points)) + pad)
    y1 = min(img.height, int(max(y for _, y in points)) + pad)
    inside = Image.new("L", (x1 - x0, y1 - y0), 0)
    d = ImageDraw.Draw(inside)
    for poly in r.polygons:
        d.polygon([(x - x0, y - y0) for x, y in poly], fill=255)
    # Blurred, the mask falls from 255 deep inside to about 128 on the border: what is left
    # of it near the border, inside the region, is the rim's light.
    depth = inside.filter(ImageFilter.BoxBlur(PIT_RIM / 2)).filter(ImageFilter.BoxBlur(PIT_RIM / 2))
    light = depth.point(lambda v: max(0, min(230, (255 - v) * 4)))
    img.paste(rim, (x0, y0, x1, y1), ImageChops.multiply(light, inside))


def _borders(img: Image.Image, shape: MapShape) -> None:
    """Region borders, drawn at twice the size and scaled down so they are anti-aliased.

    A border between two regions of one flowing terrain (``FLOWING``) is a thin line of the
    terrain's pattern ink instead, so the water reads as one stream."""
    k = 2
    w, h = img.size
    ink = Image.new("L", (w * k, h * k), 0)
    d = ImageDraw.Draw(ink)
    flows: dict[str, list[list[tuple[float, float]]]] = {}
    if shape.borders:
        joins = shape.joins or ((-1, -1),) * len(shape.borders)
        terrain = {r.id: r.terrain for r in shape.regions}
        for (points, outer), (a, b) in zip(shape.borders, joins, strict=True):
            line = [(x * k, y * k) for x, y in points]
            same = terrain.get(a)
            if not outer and same in FLOWING and terrain.get(b) == same:
                flows.setdefault(same, []).append(line)
                continue
            d.line(line, fill=255, width=(5 if outer else 3) * k, joint="curve")
    else:  # older geometry files without shared borders: outline every polygon
        for r in shape.regions:
            for poly in r.polygons:
                d.line(
                    [(x * k, y * k) for x, y in (*poly, poly[0])],
                    fill=255,
                    width=3 * k,
                    joint="curve",
                )
    d.rectangle((0, 0, w * k - 1, h * k - 1), outline=255, width=4 * k)
    for name, lines in flows.items():
        thin = Image.new("L", (w * k, h * k), 0)
        td = ImageDraw.Draw(thin)
        for line in lines:
            td.line(line, fill=255, width=3 * k, joint="curve")
        img.paste(terrain_colours(name)[1], (0, 0, w, h), thin.reduce(k))
    mask = ink.reduce(k)
    img.paste(BORDER, (0, 0, w, h), mask)


def features_key(view_regions: list[dict[str, object]]) -> tuple[tuple[str, ...], ...]:
    """The static-layer cache key part for a view's regions: their drawable map features."""
    out = []
    for r in view_regions:
        feats = r.get("features") or ()
        assert isinstance(feats, (list, tuple))
        out.append(tuple(f for f in FEATURES if f in feats))
    return tuple(out)


#: The names of ``renderer.placement`` and ``renderer.shapes`` stay importable from here,
#: where they used to live.


def clear_geometry() -> None:
    """Forget every geometry given by ``use_geometry`` and what was drawn from it (the
    layouts and the static layers), as a restarted process would."""
    forget_geometries()
    static_layer.cache_clear()


__all__ = [
    "BADGE_HEIGHT",
    "CHIP",
    "GEOMETRY_DIR",
    "NUMBER_SIZE",
    "TILE",
    "MapShape",
    "RegionLayout",
    "RegionShape",
    "clear_geometry",
    "features_key",
    "given_geometry",
    "layouts",
    "map_shape",
    "marker_places",
    "number_boxes",
    "region_ids",
    "region_layout",
    "static_layer",
    "terrain_tile",
    "use_geometry",
]
