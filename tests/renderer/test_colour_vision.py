"""Seats told apart by colour with every common colour vision, and the board's marks standing
out from what surrounds them (``tests.renderer.vision``: ColorAide's simulations, CIEDE2000 and
WCAG contrast).

Why 15 ΔE00 between any two seats, with normal vision, protanopia, deuteranopia and
tritanopia: CIEDE2000 puts a just-noticeable difference at about 1 for large patches seen
side by side. A token is neither: 40 to 50 px on the 1600-px board, it is 10 to 12 px on a
390-px phone (a quarter of a degree and a little more, at 1.58 arcmin a pixel:
test_legibility), and a player names its owner at a glance, without a neighbour to compare
it with. Stone, Szafir & Setlur ("An engineering model for color
difference as a function of size", Color Imaging Conference 2014) measured on everyday
screens the difference half of viewers notice at size s degrees as 5.1 + 0.75/s in L*,
about 8 L* at 0.25°, and modelled it as proportional to the share of viewers; twice that,
16 L*, is noticed by nearly all, and comes to 14 to 16 ΔE00 at the seats' lightness. Their
chroma figures are larger in CIELAB units, but CIEDE2000 compresses chroma about as much.
"""

from __future__ import annotations

import pytest

from engine.core.content import builtin_maps
from renderer.icons import badge
from renderer.palette import (
    BORDER,
    FLOWING,
    PITS,
    SEAT_COLOURS,
    TERRAIN,
    WHITE,
    seat_colour,
    terrain_colours,
)
from renderer.static import GEOMETRY_DIR, map_shape
from tests.renderer.vision import (
    DEFICIENCIES,
    VISIONS,
    contrast,
    delta_e,
    least_delta_e,
    seat_sets,
    smallest_gap,
)

RGB = tuple[int, int, int]
#: Least CIEDE2000 difference between two seats' colours, in every vision (docstring).
SEAT_GAP = 15.0
#: Least difference between a seat's tokens and a terrain they stand on: tokens are outlined
#: in ink and rimmed in white, so their fill needs only to be seen at a glance (about 4).
TERRAIN_GAP = 4.0
#: WCAG 2.x (1.4.11): graphic objects need 3:1 against what is next to them.
MARK_CONTRAST = 3.0


SETS = {name: [seat_colour(x) for x in seats] for name, seats in seat_sets().items()}


def test_every_player_count_and_both_worlds_are_checked() -> None:
    assert {int(k.split()[1][:-1]) for k in SETS} == {2, 3, 4, 5, 6}
    assert {k.split()[0] for k in SETS} == {"surface", "underground"}
    assert set(SETS["surface 6p"]) == set(SEAT_COLOURS)


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("seats", SETS)
def test_any_two_seats_differ_by_15_delta_e(seats: str, vision: str) -> None:
    gap, a, b = smallest_gap(SETS[seats], vision)
    assert gap >= SEAT_GAP, (seats, vision, a, b, round(gap, 1))


def test_a_seat_stands_apart_from_the_terrain_it_stands_on() -> None:
    for terrain, (fill, _) in TERRAIN.items():
        for seat, colour in enumerate(SEAT_COLOURS):
            assert least_delta_e(colour, fill) >= TERRAIN_GAP, (terrain, seat)


def test_the_simulations_confuse_what_each_deficiency_confuses() -> None:
    """An orange and a green far apart in plain sight come close with protanopia and
    deuteranopia and stay apart with tritanopia; a yellow and a pink, the other way round."""
    orange, green = (230, 159, 0), (140, 170, 0)
    yellow, pink = (240, 200, 60), (250, 170, 200)
    assert delta_e(orange, green) > 20 and delta_e(yellow, pink) > 20
    for vision in ("protanopia", "deuteranopia"):
        assert delta_e(orange, green, vision) < 8 < delta_e(yellow, pink, vision), vision
    assert delta_e(yellow, pink, "tritanopia") < 8 < delta_e(orange, green, "tritanopia")
    assert set(DEFICIENCIES) == set(VISIONS) - {"normal"}
    assert all(len(VISIONS[v]) == 2 for v in DEFICIENCIES)


# --- graphic marks ---------------------------------------------------------------------------


def edge_colours(pill_fill: RGB, **kind: bool) -> tuple[RGB, RGB]:
    """The rim and the outline of a token pill, read from its pixels at the middle of its top
    edge (1.5-px rim, then a 2 to 3 px outline)."""
    img = badge("Or", 3, pill_fill, 44, **kind)
    x = img.width // 2
    (*rim, a1), (*line, a2) = img.getpixel((x, 0)), img.getpixel((x, 2))  # type: ignore[misc]
    assert a1 == a2 == 255
    return tuple(rim), tuple(line)  # type: ignore[return-value]


@pytest.mark.parametrize(
    "pill",
    [*(f"seat {x + 1}" for x in range(len(SEAT_COLOURS))), "in decline", "Lost Tribe"],
)
def test_a_token_stands_out_from_every_terrain(pill: str) -> None:
    """Its light rim or its dark outline contrasts 3:1 with any terrain (the River included)."""
    if pill.startswith("seat"):
        rim, line = edge_colours(seat_colour(int(pill.split()[1]) - 1))
    else:
        rim, line = edge_colours(WHITE, **{"decline" if "decline" in pill else "tribe": True})
    assert rim != line
    for terrain in TERRAIN:
        fill = terrain_colours(terrain)[0]
        best = max(contrast(rim, fill), contrast(line, fill))
        assert best >= MARK_CONTRAST, (pill, terrain, round(best, 2))


def beside_border(terrain: str) -> RGB:
    """What a region shows next to its border: a pit its lit rim, others their fill."""
    return PITS.get(terrain, terrain_colours(terrain)[0])


@pytest.mark.parametrize(
    "map_id", [m for m in builtin_maps() if (GEOMETRY_DIR / f"{m}.json").exists()]
)
def test_every_border_between_two_regions_stands_out(map_id: str) -> None:
    """The line between two regions contrasts 3:1 with one of them, or the two regions with
    each other; between two regions of a flowing terrain (the River) the thin line is the
    terrain's pattern ink, which contrasts with its fill. (The board's outer frame borders
    the picture's edge and the legend, not a region.)"""
    shape = map_shape(map_id)
    terrain = {r.id: r.terrain for r in shape.regions}
    checked = 0
    for (_, outer), (a, b) in zip(shape.borders, shape.joins, strict=True):
        if outer:
            continue
        ta, tb = terrain[a], terrain[b]
        if ta == tb and ta in FLOWING:
            fill, ink = terrain_colours(ta)
            best = contrast(ink, fill)
        else:
            one, two = beside_border(ta), beside_border(tb)
            best = max(contrast(BORDER, one), contrast(BORDER, two), contrast(one, two))
        assert best >= MARK_CONTRAST, (a, b, ta, tb, round(best, 2))
        checked += 1
    assert checked > len(shape.regions)
