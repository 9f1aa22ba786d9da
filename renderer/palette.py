"""Colours and names shared by every picture: seats, terrains, race initials.

Seat colours are chosen to stay apart for the common kinds of colour blindness: every two
seats of every game at least 15 CIEDE2000 apart with protanopia, deuteranopia and tritanopia
(tests/renderer/test_colour_vision.py; why 15: docs/accessibility.md). The board never relies
on them alone (tokens also carry race initials, and the legend ties initials to players).
Terrains are told apart by a pattern as well as a fill.
"""

from __future__ import annotations

from functools import cache

from lang import current, ptr

RGB = tuple[int, int, int]

#: Seat colours in seat order. Partners in a team game (seats 1 & 4, 2 & 5, 3 & 6) share a
#: family of hues told apart by lightness, so a team reads as one on the board: team A orange
#: and yellow, team B sky blue and blue, team C plum and pink. Found by searching sRGB for the
#: largest smallest difference between two seats over normal, protan, deutan and tritan
#: vision (two models each), within hue and lightness bounds that keep each family and the
#: text on a token at 4.5:1; then the families' order was chosen so that the smaller games
#: get the widest gaps (3 players: 31.7 ΔE00, all six: 15.5). The dark seat (plum) is third:
#: with orange and sky blue it stays apart in every vision, where the pink would go near the
#: orange for a tritanope.
SEAT_COLOURS: tuple[RGB, ...] = (
    (214, 149, 54),  # orange
    (56, 191, 235),  # sky blue
    (137, 34, 134),  # plum
    (255, 218, 0),  # yellow
    (17, 105, 252),  # blue
    (250, 40, 136),  # pink
)
#: Names of the seat colours, for alt text and the legend.
SEAT_COLOUR_NAMES = ("orange", "sky blue", "plum", "yellow", "blue", "pink")

INK: RGB = (28, 26, 24)  # outlines and dark text
PAPER: RGB = (250, 246, 236)  # panel background
PAPER_DARK: RGB = (232, 224, 206)  # bands and card backgrounds
HIGHLIGHT: RGB = (255, 236, 150)  # the row of the player to act, the winner
MUTED: RGB = (110, 104, 96)  # secondary text
WHITE: RGB = (255, 255, 255)
DECLINE_FILL: RGB = (70, 70, 78)  # tokens of a race in decline: dark, unlike every other badge
DECLINE_HATCH: RGB = (104, 104, 114)
TRIBE_FILL: RGB = (224, 214, 190)  # Lost Tribe tokens: neutral parchment
TRIBE_INK: RGB = (96, 72, 40)
BORDER: RGB = (40, 32, 24)

#: Terrain fill and the darker ink of its pattern. Fills are kept light and muted so that the
#: saturated seat colours of the tokens stand out on every terrain.
TERRAIN: dict[str, tuple[RGB, RGB]] = {
    "Farmland": ((240, 224, 156), (196, 166, 80)),
    "Hill": ((190, 214, 138), (118, 150, 76)),
    "Forest": ((104, 156, 96), (46, 98, 52)),
    "Swamp": ((150, 158, 124), (84, 98, 70)),
    "Mountain": ((184, 170, 156), (112, 98, 88)),
    "Sea": ((96, 146, 208), (160, 196, 236)),
    "Lake": ((156, 204, 234), (96, 156, 206)),
    # Underground: hues the surface does not use (lilac, teal, slate, tan), each with its own
    # pattern; the River is a deep navy, darker than the Sea and than the blue seat's tokens
    # (the River's first blue was within 9 ΔE of them), the Chasms nearly black. Checked
    # under simulated protan, deutan and tritan vision (tests/renderer/test_underground_art).
    "Mudpool": ((166, 136, 104), (96, 70, 44)),
    "Mushroom Forest": ((214, 186, 224), (132, 84, 152)),
    "Mystic Crystals": ((186, 234, 222), (40, 140, 140)),
    "Black Mountain": ((114, 112, 118), (48, 44, 58)),
    "Mine": ((242, 196, 112), (140, 88, 30)),
    "River": ((38, 74, 120), (150, 200, 232)),
    "Abysmal Chasm": ((46, 40, 52), (110, 96, 122)),
}
UNKNOWN_TERRAIN: tuple[RGB, RGB] = ((200, 200, 200), (150, 150, 150))
#: Terrains that flow across their shared borders: the line between two regions of one of
#: them is drawn thin in its pattern ink, so that a River reads as one stream on the board
#: while its regions stay apart.
FLOWING = frozenset({"River"})
#: Terrains drawn as holes in the board, with the colour of their rim: lit near the border
#: and darkening towards the middle, like a pit seen from above.
PITS: dict[str, RGB] = {"Abysmal Chasm": (176, 158, 188)}


@cache
def _initials(language: str) -> dict[str, str]:
    """Two-letter race initials written on the tokens, in ``language`` (the language spoken:
    it keys the cache); fixed so that no two races share them (Trolls and Tritons, Dwarves
    and Iron Dwarves would under a naive rule), and in each language taken from its names
    of the races (French Zombies are "Zo", not "Gh")."""
    return {
        # i18n: the initials of the Amazons on their tokens
        "Amazons": ptr("race initials", "Am"),
        # i18n: the initials of the Dwarves on their tokens
        "Dwarves": ptr("race initials", "Dw"),
        # i18n: the initials of the Elves on their tokens
        "Elves": ptr("race initials", "El"),
        # i18n: the initials of the Ghouls on their tokens
        "Ghouls": ptr("race initials", "Gh"),
        # i18n: the initials of the Giants on their tokens
        "Giants": ptr("race initials", "Gi"),
        # i18n: the initials of the Halflings on their tokens
        "Halflings": ptr("race initials", "Ha"),
        # i18n: the initials of the Humans on their tokens
        "Humans": ptr("race initials", "Hu"),
        # i18n: the initials of the Orcs on their tokens
        "Orcs": ptr("race initials", "Or"),
        # i18n: the initials of the Ratmen on their tokens
        "Ratmen": ptr("race initials", "Ra"),
        # i18n: the initials of the Skeletons on their tokens
        "Skeletons": ptr("race initials", "Sk"),
        # i18n: the initials of the Sorcerers on their tokens
        "Sorcerers": ptr("race initials", "So"),
        # i18n: the initials of the Tritons on their tokens
        "Tritons": ptr("race initials", "Tn"),
        # i18n: the initials of the Trolls on their tokens
        "Trolls": ptr("race initials", "Tr"),
        # i18n: the initials of the Wizards on their tokens
        "Wizards": ptr("race initials", "Wi"),
        # i18n: the initials of the Cultists on their tokens
        "Cultists": ptr("race initials", "Cu"),
        # i18n: the initials of the Drow on their tokens
        "Drow": ptr("race initials", "Dr"),
        # i18n: the initials of the Flames on their tokens
        "Flames": ptr("race initials", "Fl"),
        # i18n: the initials of the Gnomes on their tokens
        "Gnomes": ptr("race initials", "Gn"),
        # i18n: the initials of the Iron Dwarves on their tokens
        "Iron Dwarves": ptr("race initials", "ID"),
        # i18n: the initials of the Kraken on their tokens
        "Kraken": ptr("race initials", "Kr"),
        # i18n: the initials of the Liches on their tokens
        "Liches": ptr("race initials", "Li"),
        # i18n: the initials of the Lizardmen on their tokens
        "Lizardmen": ptr("race initials", "Lz"),
        # i18n: the initials of the Mudmen on their tokens
        "Mudmen": ptr("race initials", "Mu"),
        # i18n: the initials of the Mummies on their tokens
        "Mummies": ptr("race initials", "Mm"),
        # i18n: the initials of the Ogres on their tokens
        "Ogres": ptr("race initials", "Og"),
        # i18n: the initials of the Shadow Mimes on their tokens
        "Shadow Mimes": ptr("race initials", "SM"),
        # i18n: the initials of the Shrooms on their tokens
        "Shrooms": ptr("race initials", "Sh"),
        # i18n: the initials of the Spiderines on their tokens
        "Spiderines": ptr("race initials", "Sp"),
        # i18n: the initials of the Will-o'-Wisps on their tokens
        "Will-o'-Wisps": ptr("race initials", "WW"),
        # i18n: the initials on the tokens of a Lost Tribe
        "Lost Tribe": ptr("race initials", "LT"),
    }


def seat_colour(seat: int) -> RGB:
    """The colour of a seat (cycles past the sixth, which the game never reaches)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def terrain_colours(terrain: str) -> tuple[RGB, RGB]:
    """(fill, pattern ink) of a terrain; grey for a terrain this palette does not know."""
    return TERRAIN.get(terrain, UNKNOWN_TERRAIN)


def initials(race: str) -> str:
    """The race's two-letter initials in the language spoken (its first two letters for a
    race not in the table); ``initials("Lost Tribe")`` is the Lost Tribes' "LT"."""
    return _initials(current()).get(race) or (race[:1].upper() + race[1:2].lower())


def luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG) of an sRGB colour, 0 (black) to 1 (white)."""

    def chan(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def text_on(rgb: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``rgb`` (WCAG contrast ratio)."""
    lum = luminance(rgb)
    return INK if (lum + 0.05) / (luminance(INK) + 0.05) >= 1.05 / (lum + 0.05) else WHITE
