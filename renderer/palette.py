"""Colours chosen to stay apart for colour-blind players.

Seats use the Okabe–Ito palette, which stays distinguishable under the common forms of
colour blindness; terrains differ in lightness as well as hue and each also carries a
pattern, so no information rests on hue alone.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

#: Seat colours, in seat order (Okabe–Ito: vermillion, blue, bluish green, reddish purple,
#: orange, sky blue).
SEATS: tuple[RGB, ...] = (
    (213, 94, 0),
    (0, 114, 178),
    (0, 158, 115),
    (204, 121, 167),
    (230, 159, 0),
    (86, 180, 233),
)

#: Terrain fill and the colour of its pattern strokes.
TERRAIN: dict[str, tuple[RGB, RGB]] = {
    "Farmland": ((236, 220, 150), (214, 190, 110)),
    "Hill": ((196, 206, 140), (160, 172, 100)),
    "Forest": ((92, 138, 78), (62, 104, 52)),
    "Swamp": ((128, 160, 146), (92, 124, 112)),
    "Mountain": ((166, 156, 142), (120, 110, 98)),
    "Sea": ((74, 124, 184), (110, 156, 210)),
    "Lake": ((132, 182, 222), (170, 206, 236)),
}
UNKNOWN_TERRAIN: tuple[RGB, RGB] = ((200, 200, 200), (170, 170, 170))

INK: RGB = (33, 30, 28)
PAPER: RGB = (250, 246, 236)
BORDER: RGB = (40, 34, 30)
DECLINE: RGB = (150, 150, 150)
LOST_TRIBE: RGB = (118, 100, 86)


def seat_colour(seat: int) -> RGB:
    """The colour of a seat (cycling if there are ever more seats than colours)."""
    return SEATS[seat % len(SEATS)]


def terrain_colours(terrain: str) -> tuple[RGB, RGB]:
    """Fill and pattern colour of a terrain."""
    return TERRAIN.get(terrain, UNKNOWN_TERRAIN)


def text_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)
