"""Seats told apart by colour with every common colour vision (``tests.renderer.vision``:
ColorAide's simulations and CIEDE2000).

Why 15 ΔE00 between any two seats, with normal vision, protanopia, deuteranopia and
tritanopia: CIEDE2000 puts a just-noticeable difference at about 1 for large patches seen
side by side. A token is neither: 40 to 50 px on the 1600-px board, it is 11 to 14 px on a
phone (about 0.25° of visual angle), and a player names its owner at a glance, without a
neighbour to compare it with. Stone, Szafir & Setlur ("An engineering model for color
difference as a function of size", Color Imaging Conference 2014) measured on everyday
screens the difference half of viewers notice at size s degrees as 5.1 + 0.75/s in L*,
about 8 L* at 0.25°, and modelled it as proportional to the share of viewers; twice that,
16 L*, is noticed by nearly all, and comes to 14 to 16 ΔE00 at the seats' lightness. Their
chroma figures are larger in CIELAB units, but CIEDE2000 compresses chroma about as much.
"""

from __future__ import annotations

import pytest

from renderer.palette import SEAT_COLOURS, TERRAIN, seat_colour
from tests.renderer.vision import (
    DEFICIENCIES,
    VISIONS,
    delta_e,
    least_delta_e,
    seat_sets,
    smallest_gap,
)

RGB = tuple[int, int, int]
#: Least CIEDE2000 difference between two seats' colours, in every vision (docstring).
SEAT_GAP = 15.0
#: Least difference between a seat's tokens and a terrain they stand on: tokens are outlined
#: in ink, so their fill needs only to be seen at a glance (about 4).
TERRAIN_GAP = 4.0


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
