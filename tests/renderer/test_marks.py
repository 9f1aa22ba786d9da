"""Marks of a turn on the board (``view["marks"]``), and badges told apart on a phone."""

from __future__ import annotations

import copy
import io
import json
from collections import Counter
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine import new_game, view
from engine.core.changes import attack_costs, turn_marks
from renderer import render_board
from renderer.board import compose
from renderer.demo import demo_seed, midgame
from renderer.icons import COST_RING
from renderer.marks import LOST_INK, NUMBER_GAP
from renderer.palette import SEAT_COLOURS, TRIBE_FILL, luminance, seat_colour
from renderer.static import RegionLayout, features_key, layouts, number_boxes, region_ids

RGB = tuple[int, int, int]
#: Width of a phone screen held upright, in px: what the board is shrunk to on Discord.
PHONE = 450


def empty_view(players: int, seed: int = 1) -> dict[str, Any]:
    """A new game's view with nothing on the board: no tokens, tribes or markers."""
    v = view(new_game([f"Player {i + 1}" for i in range(players)], seed))
    for r in v["regions"]:
        r.update(race=None, owner=-1, tokens=0, markers={}, in_decline=False)
    return v


def region_layouts(v: dict[str, Any]) -> tuple[RegionLayout, ...]:
    feats = features_key(v["regions"])
    return layouts(v["map"], tuple(len(f) for f in feats))


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def inner_ring(map_id: str, rid: int) -> tuple[tuple[int, int, int, int], Image.Image]:
    """The pixels of a region 4 to 11 px inside its border, found on the region-id raster.

    Returned as a box of the board and a mask of that box (255 on the ring).
    """
    ids = region_ids(map_id)
    inside = ids.point(lambda v: 255 if v == rid + 1 else 0)
    x0, y0, x1, y1 = inside.getbbox() or (0, 0, 0, 0)
    box = (max(0, x0 - 12), max(0, y0 - 12), min(ids.width, x1 + 12), min(ids.height, y1 + 12))
    region = inside.crop(box)
    near = region.filter(ImageFilter.MinFilter(7))  # at least 3 px from the border
    far = region.filter(ImageFilter.MinFilter(23))  # at least 11 px from it
    return box, ImageChops.subtract(near, far)


def ring_colours(img: Image.Image, map_id: str, rid: int) -> tuple[Counter[RGB], int]:
    """Colours on the inner ring of a region, and the ring's pixel count.

    The region's number and the gap the band leaves around it are not part of the ring.
    """
    box, mask = inner_ring(map_id, rid)
    x0, y0, x1, y1 = number_boxes(map_id, ())[rid]
    g = NUMBER_GAP
    ImageDraw.Draw(mask).rectangle(
        (x0 - box[0] - g, y0 - box[1] - g, x1 - box[0] + g - 1, y1 - box[1] + g - 1), fill=0
    )
    crop = img.crop(box)
    seen: Counter[RGB] = Counter()
    for colour, m in zip(crop.get_flattened_data(), mask.get_flattened_data(), strict=True):
        if m:
            seen[colour] += 1
    return seen, sum(seen.values())


def marked(v: dict[str, Any], **marks: Any) -> dict[str, Any]:
    out = copy.deepcopy(v)
    out["marks"] = marks
    return out


def test_a_taken_region_is_outlined_in_the_attacker_colour() -> None:
    v = empty_view(4)
    v["regions"][5].update(race="Ratmen", owner=2, tokens=4)
    plain = png(render_board(v))
    img = png(render_board(marked(v, taken={5: 2}, lost=[])))
    seen, total = ring_colours(img, v["map"], 5)
    assert seen[seat_colour(2)] > 0.8 * total
    before, _ = ring_colours(plain, v["map"], 5)
    assert before[seat_colour(2)] < 0.01 * total
    # The outline stays inside the region: its neighbours' rings are untouched.
    for other in (4, 6):
        assert ring_colours(img, v["map"], other) == ring_colours(plain, v["map"], other)
    # The token badge is drawn over the band, whole.
    lay = region_layouts(v)[5]
    box = (round(lay.badge[0]) - 20, round(lay.badge[1]) - 12)
    crop = (*box, box[0] + 40, box[1] + 24)
    assert img.crop(crop).tobytes() == plain.crop(crop).tobytes()


def test_each_attacker_gets_their_own_colour() -> None:
    v = empty_view(5)
    img = png(render_board(marked(v, taken={3: 0, 9: 4})))
    for rid, seat in ((3, 0), (9, 4)):
        seen, total = ring_colours(img, v["map"], rid)
        assert seen[seat_colour(seat)] > 0.8 * total
        others = set(SEAT_COLOURS) - {seat_colour(seat)}
        assert sum(seen[c] for c in others) < 0.01 * total


def test_a_region_left_empty_has_a_striped_band_in_no_seat_colour() -> None:
    v = empty_view(3)
    img = png(render_board(marked(v, taken={}, lost=[7])))
    seen, total = ring_colours(img, v["map"], 7)
    assert 0.25 * total < seen[LOST_INK] < 0.75 * total
    assert 0.15 * total < seen[(255, 255, 255)] < 0.75 * total
    assert not set(SEAT_COLOURS) & set(seen)
    plain, _ = ring_colours(png(render_board(v)), v["map"], 7)
    assert plain[LOST_INK] == 0


def test_cost_chips_mark_every_attackable_region_and_nothing_else() -> None:
    v = empty_view(2)
    v["regions"][10].update(race="Orcs", owner=1, tokens=3)
    costs = {4: 2, 10: 6, 17: 12}
    plain = png(render_board(v))
    img = png(render_board(marked(v, costs=costs)))
    assert COST_RING not in {c for _, c in plain.getcolors(1 << 20)}
    lays = region_layouts(v)
    for rid, lay in enumerate(lays):
        box = (
            round(lay.badge[0]) - 90,
            round(lay.badge[1]) - 30,
            round(lay.badge[0]) + 90,
            round(lay.badge[1]) + 110,
        )
        chip = img.crop(box).getcolors(1 << 16) or []
        rings = sum(n for n, c in chip if c == COST_RING)
        assert (rings > 30) == (rid in costs), rid
    # The chip of an occupied region sits beside the badge, not on it.
    badge = colours_at(img, lays[10].badge, (20, 10))
    assert badge.most_common(1)[0][0] == seat_colour(1)
    assert COST_RING not in badge


def colours_at(
    img: Image.Image, centre: tuple[float, float], half: tuple[int, int]
) -> Counter[RGB]:
    x, y = round(centre[0]), round(centre[1])
    box = img.crop((x - half[0], y - half[1], x + half[0], y + half[1]))
    return Counter({c: n for n, c in box.getcolors(1 << 16)})


def test_the_key_explains_the_marks_only_when_there_are_some() -> None:
    v = empty_view(3)
    words = {t.text for t in compose(v).texts}
    assert not {"taken this turn", "left empty this turn", "tokens to conquer"} & words
    some = {t.text for t in compose(marked(v, taken={2: 1})).texts}
    assert "taken this turn" in some
    assert not {"left empty this turn", "tokens to conquer"} & some
    every = compose(marked(v, taken={2: 1}, lost=[5], costs={8: 3})).texts
    texts = {t.text for t in every}
    assert {"taken this turn", "left empty this turn", "tokens to conquer"} <= texts
    # The three share one row under the rest of the key.
    rows = {t.box[1] for t in every if t.text in MARKS}
    assert len(rows) == 1 and rows.pop() > max(t.box[1] for t in every if t.text == "Farmland")
    # Empty marks are no marks.
    assert render_board(marked(v, taken={}, lost=[], costs={})) == render_board(v)


MARKS = ("taken this turn", "left empty this turn", "tokens to conquer")


def test_marks_read_the_same_after_a_trip_through_json() -> None:
    v = empty_view(4)
    marks = {"taken": {5: 2, 12: 0}, "lost": [20], "costs": {7: 3}}
    direct = render_board(marked(v, **marks))
    via_json = render_board(marked(v, **json.loads(json.dumps(marks))))
    assert direct == via_json
    assert render_board(marked(v, **marks)) == direct  # deterministic
    # Region ids the map does not have are ignored rather than drawn somewhere.
    assert render_board(marked(v, **marks, extra=1)) == direct
    bad = copy.deepcopy(marks)
    bad["taken"][999] = 1
    bad["costs"]["x"] = 2
    assert render_board(marked(v, **bad)) == direct


def test_marks_from_a_real_game_outline_the_regions_taken_last_turn() -> None:
    s = midgame(5, demo_seed(5))
    marks = turn_marks(s, s.last_events)
    assert marks["taken"]
    v = view(s)
    v["marks"] = marks
    img = png(render_board(v))
    for rid, seat in marks["taken"].items():
        seen, total = ring_colours(img, v["map"], rid)
        assert seen[seat_colour(seat)] > 0.6 * total, rid


def test_marks_leave_coins_hidden() -> None:
    s = midgame(4, demo_seed(4))
    seat = s.turn.seat
    v = view(s, seat)
    v["marks"] = {**turn_marks(s, s.last_events), "costs": attack_costs(s, seat)}
    leaked = copy.deepcopy(v)
    for p in leaked["players"]:
        p["coins"] = 123
    assert render_board(leaked) == render_board(v)
    assert not any("coin" in t.text for t in compose(leaked).texts)


def test_a_declined_badge_and_a_lost_tribe_badge_differ_on_a_phone() -> None:
    """The 2-player case that looked alike: ``Hu 1`` in decline beside a Lost Tribe ``LT 1``."""
    v = empty_view(2)
    v["regions"][11].update(race="Humans", owner=1, tokens=1, in_decline=True)
    v["regions"][10].update(markers={"lost_tribe": 1})
    img = png(render_board(v))
    small = img.resize((PHONE, round(img.height * PHONE / img.width)), Image.Resampling.LANCZOS)
    k = PHONE / img.width
    lays = region_layouts(v)

    def mean(rid: int) -> RGB:
        x, y = lays[rid].badge
        box = small.crop((round(x * k) - 5, round(y * k) - 3, round(x * k) + 5, round(y * k) + 3))
        px = list(box.get_flattened_data())
        return (
            sum(p[0] for p in px) // len(px),
            sum(p[1] for p in px) // len(px),
            sum(p[2] for p in px) // len(px),
        )

    declined, tribe = mean(11), mean(10)
    # One is dark, the other light: a difference of lightness survives any colour vision.
    contrast = (luminance(tribe) + 0.05) / (luminance(declined) + 0.05)
    assert contrast > 2, (declined, tribe)
    assert luminance(declined) < 0.2 < 0.35 < luminance(tribe)
    full = colours_at(img, lays[10].badge, (20, 10)).most_common(1)[0][0]
    assert full == TRIBE_FILL
