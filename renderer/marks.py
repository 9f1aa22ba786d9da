"""The marks of a turn on the board: a band inside the border of each region taken this turn
(in the attacker's colour) or left empty (grey stripes), and the cost chips' data.

A band runs along the inside of a region's border, where a region's number may sit when the
region is narrow; the band leaves a gap around the number (``draw_marks``' ``keep_clear``), so
an outline never covers a region number.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .palette import INK, RGB, WHITE, seat_colour
from .shapes import map_shape

#: A box on the board: left, top, right, bottom (px; right and bottom excluded).
Box = tuple[int, int, int, int]

#: Width (px) of the band drawn inside the border of a region taken or left empty.
MARK_WIDTH = 14
#: Stripes and inner edge of the band of a region left empty.
LOST_INK: RGB = (58, 58, 64)
#: Terrain (px) kept between a region's number and a band.
NUMBER_GAP = 2


def read_marks(view: dict[str, Any]) -> dict[str, Any]:
    """The view's marks as ``{"taken": {id: seat}, "lost": {ids}, "cost": {id: cost}}``.

    Region keys may be ints or, after a trip through JSON, strings; anything that is not a
    region of the view is dropped.
    """
    raw = view.get("marks") or {}
    count = len(view["regions"])

    def rid(key: Any) -> int | None:
        try:
            value = int(key)
        except (TypeError, ValueError):
            return None
        return value if 0 <= value < count else None

    taken: dict[int, int] = {}
    for k, seat in (raw.get("taken") or {}).items():
        r = rid(k)
        if r is not None and isinstance(seat, int) and seat >= 0:
            taken[r] = seat
    lost = {r for k in raw.get("lost") or () if (r := rid(k)) is not None and r not in taken}
    cost: dict[int, int] = {}
    for k, value in (raw.get("costs") or {}).items():
        r = rid(k)
        if r is not None and isinstance(value, int):
            cost[r] = value
    return {"taken": taken, "lost": lost, "cost": cost}


def edge_of(band: Image.Image) -> Image.Image:
    """A thin line along the inner side of a band mask."""
    grown = band.filter(ImageFilter.MaxFilter(5))
    return ImageChops.subtract(grown, band)


@cache
def region_band(map_id: str, rid: int) -> tuple[tuple[int, int], Image.Image, Image.Image]:
    """Masks of a band along the inside of a region's border and of its inner edge line,
    with the top left corner where they go on the board.

    Drawn at twice the size and reduced, so they are smooth; the border line itself is left
    uncovered. Treat the masks as read-only: they are shared.
    """
    shape = map_shape(map_id)
    region = shape.regions[rid]
    points = [p for poly in region.polygons for p in poly]
    x0 = max(0, int(min(x for x, _ in points)) - 2)
    y0 = max(0, int(min(y for _, y in points)) - 2)
    x1 = min(shape.width, int(max(x for x, _ in points)) + 3)
    y1 = min(shape.height, int(max(y for _, y in points)) + 3)
    k = 2
    size = ((x1 - x0) * k, (y1 - y0) * k)

    def local(poly: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
        return [((x - x0) * k, (y - y0) * k) for x, y in (*poly, poly[0])]

    inside = Image.new("L", size, 0)
    wide = Image.new("L", size, 0)
    border = Image.new("L", size, 0)
    di, dw, db = ImageDraw.Draw(inside), ImageDraw.Draw(wide), ImageDraw.Draw(border)
    for poly in region.polygons:
        di.polygon(local(poly), fill=255)
        dw.line(local(poly), fill=255, width=2 * MARK_WIDTH * k, joint="curve")
        db.line(local(poly), fill=255, width=4 * k, joint="curve")
    # The board's frame is drawn wider than inner borders: keep clear of it too.
    db.rectangle(
        (0 - x0 * k, 0 - y0 * k, (shape.width - x0) * k - 1, (shape.height - y0) * k - 1),
        outline=255,
        width=5 * k,
    )
    band = ImageChops.subtract(ImageChops.multiply(inside, wide), border)
    band = band.reduce(k)
    return (x0, y0), band, edge_of(band)


@cache
def _stripes(size: tuple[int, int]) -> Image.Image:
    """A mask of diagonal stripes (for the band of a region left empty)."""
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    w, h = size
    for x in range(-h, w + h, 16):
        d.line((x, h, x + h, 0), fill=255, width=8)
    return mask


def paint_mark(
    img: Image.Image,
    kind: str,
    colour: RGB,
    at: tuple[int, int],
    band: Image.Image,
    edge: Image.Image,
) -> None:
    """Paint a taken band (seat colour, dark inner edge) or a lost band (grey stripes)."""
    box = (at[0], at[1], at[0] + band.width, at[1] + band.height)
    if kind == "taken":
        img.paste(colour, box, band)
        img.paste(INK, box, edge)
    else:
        img.paste(WHITE, box, band)
        img.paste(LOST_INK, box, ImageChops.multiply(band, _stripes(band.size)))
        img.paste(LOST_INK, box, edge)


def _with_gaps(
    at: tuple[int, int], band: Image.Image, edge: Image.Image, keep_clear: Sequence[Box]
) -> tuple[Image.Image, Image.Image]:
    """A band and its inner edge, both cut away around every box of ``keep_clear``."""
    x0, y0 = at
    x1, y1 = x0 + band.width, y0 + band.height
    hit = [b for b in keep_clear if b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0]
    if not hit:
        return band, edge
    holes = Image.new("L", band.size, 255)
    d = ImageDraw.Draw(holes)
    g = NUMBER_GAP
    for left, top, right, bottom in hit:
        d.rectangle((left - x0 - g, top - y0 - g, right - x0 + g - 1, bottom - y0 + g - 1), fill=0)
    return ImageChops.multiply(band, holes), ImageChops.multiply(edge, holes)


def draw_marks(
    img: Image.Image,
    view: dict[str, Any],
    marks: dict[str, Any],
    keep_clear: Sequence[Box] = (),
) -> dict[int, tuple[str, tuple[int, int], Image.Image]]:
    """Paint the bands of the regions taken and left empty this turn (under tokens and chips),
    leaving ``keep_clear`` (the region numbers) uncovered.

    Returns, by region, the kind of band, its top left corner and the mask painted there (band
    and edge together), so a test can measure what the bands cover.
    """
    painted: dict[int, tuple[str, tuple[int, int], Image.Image]] = {}
    for kind in ("lost", "taken"):
        found = marks[kind]
        for rid in sorted(found):
            at, band, edge = region_band(view["map"], rid)
            band, edge = _with_gaps(at, band, edge, keep_clear)
            colour = seat_colour(found[rid]) if kind == "taken" else LOST_INK
            paint_mark(img, kind, colour, at, band, edge)
            painted[rid] = (kind, at, ImageChops.lighter(band, edge))
    return painted


__all__ = [
    "LOST_INK",
    "MARK_WIDTH",
    "Box",
    "draw_marks",
    "edge_of",
    "paint_mark",
    "read_marks",
    "region_band",
]
