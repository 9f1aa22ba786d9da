"""The part of a board that never changes during a game: terrain, borders, numbers, features.

It is drawn once per map and kept in memory (``functools.cache``); every board image starts
from a copy of it. This module also decides where things go inside a region (``RegionLayout``)
so that the static and the dynamic layer agree on every position.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .fonts import font
from .icons import FEATURES, paste_centred, sprite
from .palette import BORDER, FLOWING, INK, PITS, RGB, WHITE, terrain_colours

GEOMETRY_DIR = Path(__file__).resolve().parent.parent / "data" / "geometry"

#: Sizes at scale 1, for the smallest regions (label clearance of about 60 px). The number's
#: digits are 0.73 of the font size tall: 40 px gives 29 px digits, readable at 50 % zoom.
NUMBER_SIZE = 40
BADGE_HEIGHT = 44
CHIP = 40
#: Clearance (px) at which a region's contents are drawn at scale 1.
BASE_CLEARANCE = 60.0
MAX_SCALE = 1.15
#: Width of the widest token badge at scale 1 ("WW 20"), kept clear of chips.
BADGE_MAX_WIDTH = 104
#: Closest distance (px) of a region's number or icons to the top or bottom of the board.
EDGE_MARGIN = 10
#: Side of a terrain pattern tile (it repeats seamlessly).
TILE = 48


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


@dataclass(frozen=True, slots=True)
class RegionLayout:
    """Where a region's number, token badge and chips go.

    From top to bottom: the number, then the token badge (on the label point, unless the
    label is too near the board's edge), then chips: map features first, then markers, in
    ``slots`` order. Slots were checked against the region's own pixels, so chips stay inside
    the region; only a region too small for all of them overflows, into ``spare`` places.
    """

    scale: float
    number: tuple[float, float]
    badge: tuple[float, float]
    badge_height: int
    chip: int
    features: int
    slots: tuple[tuple[float, float], ...]
    spare: tuple[tuple[float, float], ...] = ()

    def feature_slots(self) -> list[tuple[float, float]]:
        """Centres of the map-feature chips (drawn in the static layer)."""
        return self._take(0, self.features)

    def marker_slots(self, count: int) -> list[tuple[float, float]]:
        """Centres of ``count`` marker chips, after the feature chips."""
        return self._take(self.features, count)

    def _take(self, start: int, count: int) -> list[tuple[float, float]]:
        places = self.slots + self.spare
        out = list(places[start : start + count])
        x, y = places[-1] if places else self.badge
        while len(out) < count:  # more chips than places: keep going right, never stack
            x += self.chip + 2
            out.append((x, y))
        return out


#: Geometry built in this process for maps that have no committed file (``python -m
#: renderer map FILE``), by map key.
_BUILT: dict[str, dict[str, Any]] = {}


def use_geometry(map_id: str, geometry: dict[str, Any]) -> None:
    """Draw the map ``map_id`` with ``geometry`` (as ``renderer.geometry`` builds it)."""
    _BUILT[map_id] = geometry
    map_shape.cache_clear()


def clear_geometry() -> None:
    """Forget every geometry given by ``use_geometry`` and what was drawn from it, as a
    restarted process would."""
    _BUILT.clear()
    for cached in (map_shape, region_ids, layouts, static_layer):
        cached.cache_clear()


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


def _scale(r: RegionShape) -> float:
    """Everything grows a little with the clear disc (up to ``MAX_SCALE``; more would make
    numbers look uneven) and shrinks a little below 60 px (never under 0.9×, where digits
    are still 26 px tall). A few discrete steps, so that cached sprites are reused."""
    s = min(MAX_SCALE, max(0.9, r.clearance / BASE_CLEARANCE))
    return round(s * 20) / 20


@cache
def _disc(size: tuple[int, int]) -> Image.Image:
    """A mask of ``size``: 255 inside the inscribed disc (ellipse), 0 in the corners."""
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, size[0] - 1, size[1] - 1), fill=255)
    return mask


def _fits(ids: Image.Image, value: int, box: tuple[float, float, float, float]) -> bool:
    """Whether the disc inscribed in ``box`` lies inside region ``value`` of the id raster.

    Chips are discs or well-rounded squares, so a box corner may poke over a border line.
    """
    x0, y0, x1, y1 = (round(v) for v in box)
    if x0 < 0 or y0 < 0 or x1 > ids.width or y1 > ids.height:
        return False
    crop = ids.crop((x0, y0, x1, y1))
    if crop.getextrema() == (value, value):
        return True
    outside = crop.point(lambda v: 0 if v == value else 255)
    return ImageChops.multiply(outside, _disc(crop.size)).getbbox() is None


def _candidates(
    badge: tuple[float, float], ny: float, s: float, badge_h: int, chip: float
) -> list[tuple[float, float]]:
    """Places for a chip ``chip`` px across around a region's badge (centred on ``badge``)
    and number (at height ``ny``) at scale ``s``, in order of preference: under the badge,
    beside it, beside the number, then further out. Every place is clear of the number and
    of the widest badge."""
    x, y = badge
    digits = 0.73 * NUMBER_SIZE * s
    pitch = chip + 4 * s
    badge_half = BADGE_MAX_WIDTH * s / 2
    number_half = 0.62 * NUMBER_SIZE * s  # two bold digits are about 1.24 em wide
    row1 = y + badge_h / 2 + 5 * s + chip / 2
    row2 = row1 + pitch
    above = ny - digits / 2 - 4 * s - chip / 2
    side_badge = badge_half + chip / 2 + 4 * s
    side_number = number_half + chip / 2 + 6 * s
    return [
        (x, row1), (x + pitch, row1), (x - pitch, row1),
        (x + side_badge, y), (x - side_badge, y),
        (x + side_number, ny), (x - side_number, ny),
        (x + 2 * pitch, row1), (x - 2 * pitch, row1),
        (x, row2), (x + pitch, row2), (x - pitch, row2),
        (x + side_badge + pitch, y), (x - side_badge - pitch, y),
        (x, above), (x + pitch, above), (x - pitch, above),
    ]  # fmt: skip


def region_layout(
    r: RegionShape, features: int = 0, board_height: int = 1100, ids: Image.Image | None = None
) -> RegionLayout:
    """The layout of a region with ``features`` map-feature chips.

    ``ids`` is the map's region-id raster (``region_ids``); without it chips are placed in a
    row under the badge without checking that they stay inside the region.
    """
    s = _scale(r)
    x, y = r.label
    badge_h = round(BADGE_HEIGHT * s)
    chip = round(CHIP * s)
    digits = 0.73 * NUMBER_SIZE * s
    number_dy = badge_h / 2 + 6 * s + digits / 2
    row_dy = badge_h / 2 + 5 * s + chip / 2
    # A label whose clear disc touches the board's edge would put the number (or the chips)
    # against the frame; slide the whole stack inwards, where the region continues.
    top, bottom = y - number_dy - digits / 2, y + row_dy + chip / 2
    if top < EDGE_MARGIN:
        y += EDGE_MARGIN - top
    elif bottom > board_height - EDGE_MARGIN:
        y -= bottom - (board_height - EDGE_MARGIN)
    ny = y - number_dy
    candidates = _candidates((x, y), ny, s, badge_h, chip)
    spare: tuple[tuple[float, float], ...] = ()
    if ids is None:
        slots = tuple(candidates[:3] + candidates[7:9])
    else:
        half = chip / 2 + 1  # one pixel of terrain between a chip and the border
        ok = [
            _fits(ids, r.id + 1, (cx - half, cy - half, cx + half, cy + half))
            for cx, cy in candidates
        ]
        slots = tuple(c for c, good in zip(candidates, ok, strict=True) if good)
        spare = tuple(c for c, good in zip(candidates, ok, strict=True) if not good)
    return RegionLayout(s, (x, ny), (x, y), badge_h, chip, features, slots, spare)


def _clear_of(
    centre: tuple[float, float], size: float, placed: list[tuple[float, float, float]]
) -> bool:
    """Whether a chip ``size`` px across at ``centre`` keeps 2 px from every ``placed``
    chip (x, y, size)."""
    x, y = centre
    return all(math.hypot(x - px, y - py) >= (size + ps) / 2 + 2 for px, py, ps in placed)


@lru_cache(maxsize=8192)
def marker_places(
    map_id: str, features: tuple[int, ...], rid: int, sizes: tuple[int, ...]
) -> tuple[tuple[float, float, int], ...]:
    """Where the marker chips of region ``rid`` go: (x, y, size) for each of ``sizes``.

    Chips of the layout's own size land where ``RegionLayout.marker_slots`` puts them. A
    larger chip (a Relic, a Place, an Underground piece) gets places worked out for its own
    size, and shrinks step by step towards the plain size where the region is too small for
    it: inside its region a chip says where it is, spilled over a border it would not. Each
    chip takes the first place inside the region that keeps clear of the number, the badge,
    the map features and the chips before it; when even a plain chip finds none, the first
    clear place on the board (never past the board's edge nor onto another chip).
    """
    lay = layouts(map_id, features)[rid]
    shape = map_shape(map_id)
    ids = region_ids(map_id)
    placed = [(x, y, float(lay.chip)) for x, y in lay.feature_slots()]
    out: list[tuple[float, float, int]] = []
    for wanted in sizes:
        tries = [*range(wanted, lay.chip, -4), min(wanted, lay.chip)]
        where: tuple[float, float, int] | None = None
        spill: tuple[float, float, int] | None = None
        for size in tries:
            half = size / 2 + 1  # one pixel of terrain between a chip and the border
            for x, y in _candidates(lay.badge, lay.number[1], lay.scale, lay.badge_height, size):
                if not (half <= x <= shape.width - half and half <= y <= shape.height - half):
                    continue
                if not _clear_of((x, y), size, placed):
                    continue
                if _fits(ids, rid + 1, (x - half, y - half, x + half, y + half)):
                    where = (x, y, size)
                    break
                if spill is None or size < spill[2]:
                    spill = (x, y, size)
            if where is not None:
                break
        if where is None:
            if spill is not None:
                where = spill
            else:  # crowded out everywhere: keep going right of the last chip, on the board
                size = tries[-1]
                x, y = out[-1][:2] if out else lay.badge
                where = (min(x + size + 2, shape.width - size / 2 - 1), y, size)
        out.append(where)
        placed.append((where[0], where[1], float(where[2])))
    return tuple(out)


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


@cache
def layouts(map_id: str, features: tuple[int, ...]) -> tuple[RegionLayout, ...]:
    """Every region's layout on a map, given how many feature chips each region has."""
    shape = map_shape(map_id)
    ids = region_ids(map_id)
    return tuple(
        region_layout(r, features[r.id] if r.id < len(features) else 0, shape.height, ids)
        for r in shape.regions
    )


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


_PATTERNS: dict[str, TileDraw] = {
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
    draw = _PATTERNS.get(terrain)
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
        size_px = round(NUMBER_SIZE * lay.scale)
        # Anchor "ms" is the baseline: centre the digits (0.73 em tall) on lay.number.
        nx, ny = lay.number
        d.text(
            (nx, ny + 0.365 * size_px),
            str(r.id),
            font=font(size_px),
            fill=WHITE,
            anchor="ms",
            stroke_width=max(3, round(4 * lay.scale)),
            stroke_fill=INK,
        )
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
