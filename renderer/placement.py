"""Where things go inside a board's regions.

From a map's shapes (``renderer.shapes``), ``layouts`` decides, per region, where its
number, token badge and chips go (``RegionLayout``), so the static layer
(``renderer.static``) and the dynamic one (``renderer.board``) agree on every position;
``number_boxes`` gives the box each region's number covers. A region's number is kept clear
of every chip and badge, its own and its neighbours'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageDraw

from .fonts import font
from .icons import badge
from .palette import WHITE
from .shapes import RegionShape, forget_shapes, map_shape, region_ids

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


def forget_geometries() -> None:
    """Forget every geometry given by ``use_geometry`` and the shapes and layouts drawn from
    it, as a restarted process would."""
    forget_shapes()
    layouts.cache_clear()


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


def _stroke(s: float) -> int:
    """Width (px) of the dark outline around a region's number at scale ``s``."""
    return max(3, round(4 * s))


def _number_half(s: float) -> tuple[float, float, float]:
    """How far a region's number reaches from its middle at scale ``s``, its outline
    included: sideways, up and down. Measured on the font: two bold digits are at most
    1.4 em wide; the digits, centred on the middle, reach 0.39 em above it and 0.37 below."""
    stroke = _stroke(s)
    em = NUMBER_SIZE * s
    return 0.7 * em + stroke, 0.39 * em + stroke, 0.37 * em + stroke


@cache
def _digits_half(rid: int, s: float) -> float:
    """Half the width region ``rid``'s number covers at scale ``s``, its outline included."""
    size_px = round(NUMBER_SIZE * s)
    box = ImageDraw.Draw(Image.new("L", (1, 1))).textbbox(
        (0, 0), str(rid), font=font(size_px), anchor="ms", stroke_width=_stroke(s)
    )
    return (box[2] - box[0]) / 2


def _candidates(
    badge: tuple[float, float],
    ny: float,
    s: float,
    badge_h: int,
    chip: float,
    number_w: float | None = None,
) -> list[tuple[float, float]]:
    """Places for a chip ``chip`` px across around a region's badge (centred on ``badge``)
    and number (at height ``ny``) at scale ``s``, in order of preference: under the badge,
    beside it, beside the number, then further out. Every place is clear of the number and
    of the widest badge; ``number_w`` is half the number's width (default: the widest)."""
    x, y = badge
    pitch = chip + 4 * s
    badge_half = BADGE_MAX_WIDTH * s / 2
    widest, number_up, _ = _number_half(s)
    number_w = widest if number_w is None else number_w
    row1 = y + badge_h / 2 + 5 * s + chip / 2
    row2 = row1 + pitch
    above = ny - number_up - 4 * s - chip / 2
    side_badge = badge_half + chip / 2 + 4 * s
    side_number = number_w + chip / 2 + 4 * s
    return [
        (x, row1), (x + pitch, row1), (x - pitch, row1),
        (x + side_badge, y), (x - side_badge, y),
        (x + side_number, ny), (x - side_number, ny),
        (x + 2 * pitch, row1), (x - 2 * pitch, row1),
        (x, row2), (x + pitch, row2), (x - pitch, row2),
        (x + side_badge + pitch, y), (x - side_badge - pitch, y),
        (x, above), (x + pitch, above), (x - pitch, above),
        # Last, the corners around the number: where a region narrows at the top.
        (x + side_number, above), (x - side_number, above),
        (x + side_number + pitch, ny), (x - side_number - pitch, ny),
    ]  # fmt: skip


def region_layout(
    r: RegionShape,
    features: int = 0,
    board_height: int = 1100,
    ids: Image.Image | None = None,
    avoid: tuple[Reach, ...] = (),
) -> RegionLayout:
    """The layout of a region with ``features`` map-feature chips.

    ``ids`` is the map's region-id raster (``region_ids``); without it chips are placed in a
    row under the badge without checking that they stay inside the region. No chip place
    touches a box of ``avoid`` (the neighbours' numbers).
    """
    s = _scale(r)
    x, y = r.label
    badge_h = round(BADGE_HEIGHT * s)
    chip = round(CHIP * s)
    _, number_up, number_down = _number_half(s)
    # 4 px (at scale 1) between the number's outline and the badge: clear of the cost chip
    # that takes the badge's place in an empty region (2 px taller than a badge) as well.
    number_dy = badge_h / 2 + 4 * s + number_down
    row_dy = badge_h / 2 + 5 * s + chip / 2
    # A label whose clear disc touches the board's edge would put the number (or the chips)
    # against the frame; slide the whole stack inwards, where the region continues.
    top, bottom = y - number_dy - number_up, y + row_dy + chip / 2
    if top < EDGE_MARGIN:
        y += EDGE_MARGIN - top
    elif bottom > board_height - EDGE_MARGIN:
        y -= bottom - (board_height - EDGE_MARGIN)
    ny = y - number_dy
    candidates = _candidates((x, y), ny, s, badge_h, chip, _digits_half(r.id, s))
    spare: tuple[tuple[float, float], ...] = ()
    if ids is None:
        slots = tuple(candidates[:3] + candidates[7:9])
    else:
        half = chip / 2 + 1  # one pixel of terrain between a chip and the border
        clear = [
            not any(_overlap((cx - half, cy - half, cx + half, cy + half), b) for b in avoid)
            for cx, cy in candidates
        ]
        ok = [
            free and _fits(ids, r.id + 1, (cx - half, cy - half, cx + half, cy + half))
            for (cx, cy), free in zip(candidates, clear, strict=True)
        ]
        slots = tuple(c for c, good in zip(candidates, ok, strict=True) if good)
        # A chip that does not fit spills over the region's border rather than onto a
        # neighbour's number: the places clear of the numbers come first.
        spare = tuple(
            c
            for c, good, free in sorted(
                zip(candidates, ok, clear, strict=True), key=lambda t: not t[2]
            )
            if not good
        )
    return RegionLayout(s, (x, ny), (x, y), badge_h, chip, features, slots, spare)


def _clear_of(
    centre: tuple[float, float], size: float, placed: list[tuple[float, float, float]]
) -> bool:
    """Whether a chip ``size`` px across at ``centre`` keeps 2 px from every ``placed``
    chip (x, y, size)."""
    x, y = centre
    return all(math.hypot(x - px, y - py) >= (size + ps) / 2 + 2 for px, py, ps in placed)


def _on_a_number(
    centre: tuple[float, float], size: float, numbers: tuple[tuple[int, int, int, int], ...]
) -> bool:
    """Whether a chip ``size`` px across at ``centre`` would touch a region's number (any
    region's: a chip that spills over a border must not hide the neighbour's number)."""
    x0, y0 = centre[0] - size / 2 - 1, centre[1] - size / 2 - 1
    x1, y1 = centre[0] + size / 2 + 1, centre[1] + size / 2 + 1
    return any(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in numbers)


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
    numbers = number_boxes(map_id, features)
    placed = [(x, y, float(lay.chip)) for x, y in lay.feature_slots()]
    out: list[tuple[float, float, int]] = []
    for wanted in sizes:
        tries = [*range(wanted, lay.chip, -4), min(wanted, lay.chip)]
        where: tuple[float, float, int] | None = None
        spill: tuple[float, float, int] | None = None
        for size in tries:
            half = size / 2 + 1  # one pixel of terrain between a chip and the border
            number_w = _digits_half(rid, lay.scale)
            for x, y in _candidates(
                lay.badge, lay.number[1], lay.scale, lay.badge_height, size, number_w
            ):
                if not (half <= x <= shape.width - half and half <= y <= shape.height - half):
                    continue
                if not _clear_of((x, y), size, placed) or _on_a_number((x, y), size, numbers):
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
def layouts(map_id: str, features: tuple[int, ...]) -> tuple[RegionLayout, ...]:
    """Every region's layout on a map, given how many feature chips each region has."""
    shape = map_shape(map_id)
    ids = region_ids(map_id)

    def lay_out(r: RegionShape) -> RegionLayout:
        return region_layout(r, features[r.id] if r.id < len(features) else 0, shape.height, ids)

    lays = [lay_out(r) for r in shape.regions]
    # A wide token badge may reach over a border onto a neighbour's number: slide one of the
    # two stacks (number, badge and chips) away from the other, just far enough.
    for a in range(len(lays)):
        for b in range(len(lays)):
            if a == b or not _overlap(_number_reach(lays[a]), _badge_reach(lays[b])):
                continue
            up = lays[b].badge[1] < lays[a].number[1]  # b's badge is above a's number
            na, rb = _number_reach(lays[a]), _badge_reach(lays[b])
            gap = (rb[3] - na[1] + 1) if up else (na[3] - rb[1] + 1)
            for rid, dy in ((a, gap if up else -gap), (b, -gap if up else gap)):
                x, y = lays[rid].badge
                moved = lay_out(replace(shape.regions[rid], label=(x, y + dy)))
                trial = [*lays[:rid], moved, *lays[rid + 1 :]]
                if not _overlap(_number_reach(trial[a]), _badge_reach(trial[b])):
                    lays[rid] = moved
                    break
    # Map-feature chips keep off the neighbours' numbers too.
    numbers = [_number_reach(lay) for lay in lays]
    for r in shape.regions:
        lay = lays[r.id]
        others = tuple(n for i, n in enumerate(numbers) if i != r.id)
        if any(_overlap(_chip_box(c, lay.chip), n) for c in lay.feature_slots() for n in others):
            at = replace(r, label=lay.badge)
            feats = features[r.id] if r.id < len(features) else 0
            lays[r.id] = region_layout(at, feats, shape.height, ids, others)
    return tuple(lays)


#: A box as floats: left, top, right, bottom.
Reach = tuple[float, float, float, float]


def _overlap(a: Reach, b: Reach) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _chip_box(centre: tuple[float, float], size: float) -> Reach:
    half = size / 2 + 1
    return (centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half)


def _number_reach(lay: RegionLayout) -> Reach:
    """The box a region's number may cover (any one or two digits), its outline included."""
    w, up, down = _number_half(lay.scale)
    x, y = lay.number
    return (x - w, y - up, x + w, y + down)


def _badge_reach(lay: RegionLayout) -> Reach:
    """The box the widest token badge (two wide initials, two digits) covers on a region."""
    width = badge("WW", 88, WHITE, lay.badge_height).width
    x, y = lay.badge
    return (x - width / 2, y - lay.badge_height / 2, x + width / 2, y + lay.badge_height / 2)


def number_text(lay: RegionLayout) -> tuple[tuple[float, float], int, int]:
    """Where a region's number is written (baseline anchor), its font size and stroke."""
    size_px = round(NUMBER_SIZE * lay.scale)
    # Anchor "ms" is the baseline: centre the digits (0.73 em tall) on lay.number.
    nx, ny = lay.number
    return (nx, ny + 0.365 * size_px), size_px, _stroke(lay.scale)


@cache
def number_boxes(map_id: str, features: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """The box each region's number covers, its dark outline included, as ``static_layer``
    writes it (left, top, right, bottom; ``features`` as for ``layouts``)."""
    d = ImageDraw.Draw(Image.new("L", (1, 1)))
    boxes = []
    for rid, lay in enumerate(layouts(map_id, features)):
        xy, size_px, stroke = number_text(lay)
        x0, y0, x1, y1 = d.textbbox(
            xy, str(rid), font=font(size_px), anchor="ms", stroke_width=stroke
        )
        boxes.append((math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)))
    return tuple(boxes)


__all__ = [
    "BADGE_HEIGHT",
    "CHIP",
    "NUMBER_SIZE",
    "RegionLayout",
    "forget_geometries",
    "layouts",
    "marker_places",
    "number_boxes",
    "number_text",
    "region_layout",
]
