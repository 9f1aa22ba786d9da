"""The picture on each chip: one glyph per map feature, marker, Relic and Place, drawn with
Pillow primitives inside a square, and the table giving each piece its glyph, chip colour and
chip shape.

Map features sit on rounded squares and markers on discs, so the two families stay apart
even where a glyph is too small to make out. :func:`.icons.sprite` puts a glyph on its chip.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from .fonts import draw_text, font
from .palette import INK, RGB, WHITE
from .pieces import PLACE_TAGS, RELIC_TAGS
from .teamglyphs import TEAM_SPRITES

Draw = ImageDraw.ImageDraw

#: Supersampling factor of every sprite: glyphs and chips are drawn at ``SS`` times their size
#: and scaled down (:func:`.icons.sprite`).
SS = 4
Glyph = Callable[[Draw, float], None]


def _pts(n: float, *xy: float) -> list[tuple[float, float]]:
    """Unit coordinates (0..1) to sprite pixels."""
    return [(xy[i] * n, xy[i + 1] * n) for i in range(0, len(xy), 2)]


# --- glyphs: each draws inside an n×n square ----------------------------------------------


def _cavern(d: Draw, n: float) -> None:
    d.polygon(
        _pts(n, 0.04, 0.88, 0.14, 0.36, 0.4, 0.12, 0.68, 0.16, 0.9, 0.4, 0.96, 0.88),
        fill=(128, 112, 98),
        outline=INK,
        width=int(n * 0.06),
    )
    d.chord((n * 0.24, n * 0.38, n * 0.76, n * 1.2), 180, 360, fill=INK)


def _magic(d: Draw, n: float) -> None:
    c = n / 2
    big, small = n * 0.42, n * 0.13
    star = []
    for i in range(8):
        r = big if i % 2 == 0 else small
        ang = i * math.pi / 4
        star.append((c + r * math.sin(ang), c - r * math.cos(ang)))
    d.polygon(star, fill=(126, 60, 196), outline=INK, width=int(n * 0.03))
    d.ellipse((c - n * 0.08, c - n * 0.08, c + n * 0.08, c + n * 0.08), fill=WHITE)


def _mine(d: Draw, n: float) -> None:
    w = int(n * 0.15)
    d.line(_pts(n, 0.2, 0.88, 0.66, 0.3), fill=(120, 74, 36), width=w)
    d.arc((n * 0.12, n * 0.1, n * 1.0, n * 0.74), 200, 320, fill=(50, 50, 56), width=int(n * 0.16))
    d.ellipse(
        (n * 0.58, n * 0.58, n * 0.92, n * 0.92),
        fill=(236, 190, 40),
        outline=INK,
        width=int(n * 0.03),
    )


def _mountain(d: Draw, n: float) -> None:
    d.polygon(
        _pts(n, 0.08, 0.82, 0.5, 0.16, 0.92, 0.82),
        fill=(120, 108, 100),
        outline=INK,
        width=int(n * 0.04),
    )
    d.polygon(
        _pts(n, 0.36, 0.38, 0.5, 0.16, 0.64, 0.38, 0.56, 0.34, 0.5, 0.42, 0.44, 0.34), fill=WHITE
    )


def _lair(d: Draw, n: float) -> None:
    # A cave mouth with teeth, light on the dark-brown disc.
    d.chord((n * 0.14, n * 0.24, n * 0.86, n * 1.28), 180, 360, fill=(222, 196, 150))
    d.chord((n * 0.3, n * 0.42, n * 0.7, n * 1.2), 180, 360, fill=INK)
    for x in (0.38, 0.5, 0.62):
        d.polygon(_pts(n, x - 0.05, 0.45, x + 0.05, 0.45, x, 0.6), fill=WHITE)


def _fortress(d: Draw, n: float) -> None:
    stone, o = (170, 170, 176), int(n * 0.035)
    d.rectangle((n * 0.22, n * 0.34, n * 0.78, n * 0.84), fill=stone, outline=INK, width=o)
    for x in (0.22, 0.43, 0.64):
        d.rectangle((n * x, n * 0.18, n * (x + 0.14), n * 0.36), fill=stone, outline=INK, width=o)
    d.chord((n * 0.4, n * 0.56, n * 0.6, n * 0.96), 180, 360, fill=INK)
    d.rectangle((n * 0.4, n * 0.76, n * 0.6, n * 0.84), fill=INK)


def _camp(d: Draw, n: float) -> None:
    d.polygon(
        _pts(n, 0.1, 0.82, 0.5, 0.18, 0.9, 0.82),
        fill=(46, 110, 60),
        outline=INK,
        width=int(n * 0.04),
    )
    d.polygon(_pts(n, 0.5, 0.4, 0.38, 0.82, 0.62, 0.82), fill=(240, 226, 190))
    d.line(_pts(n, 0.5, 0.18, 0.5, 0.06), fill=INK, width=int(n * 0.05))


def _hole(d: Draw, n: float) -> None:
    d.ellipse(
        (n * 0.1, n * 0.3, n * 0.9, n * 0.76), fill=(130, 86, 46), outline=INK, width=int(n * 0.04)
    )
    d.ellipse((n * 0.24, n * 0.38, n * 0.76, n * 0.68), fill=INK)


def _shield(d: Draw, n: float, fill: RGB) -> None:
    """A heater shield, the base of the Hero and of the Mushroom Armor."""
    d.polygon(
        _pts(n, 0.2, 0.16, 0.8, 0.16, 0.8, 0.5, 0.5, 0.9, 0.2, 0.5),
        fill=fill,
        outline=INK,
        width=int(n * 0.04),
    )


def _hero(d: Draw, n: float) -> None:
    _shield(d, n, (240, 196, 40))
    d.line(_pts(n, 0.5, 0.24, 0.5, 0.74), fill=(170, 30, 30), width=int(n * 0.09))
    d.line(_pts(n, 0.3, 0.42, 0.7, 0.42), fill=(170, 30, 30), width=int(n * 0.09))


def _dragon(d: Draw, n: float) -> None:
    wing = (250, 220, 90)
    d.polygon(
        _pts(n, 0.5, 0.5, 0.08, 0.2, 0.14, 0.46, 0.06, 0.56, 0.22, 0.62, 0.26, 0.78),
        fill=wing,
        outline=INK,
        width=int(n * 0.03),
    )
    d.polygon(
        _pts(n, 0.5, 0.5, 0.92, 0.2, 0.86, 0.46, 0.94, 0.56, 0.78, 0.62, 0.74, 0.78),
        fill=wing,
        outline=INK,
        width=int(n * 0.03),
    )
    d.ellipse((n * 0.4, n * 0.28, n * 0.6, n * 0.86), fill=wing, outline=INK, width=int(n * 0.03))
    d.ellipse((n * 0.42, n * 0.14, n * 0.58, n * 0.34), fill=wing, outline=INK, width=int(n * 0.03))


def _monster(d: Draw, n: float) -> None:
    # A horned head with two eyes and fangs, pale on the red disc.
    pale, o = (248, 232, 220), int(n * 0.03)
    d.polygon(_pts(n, 0.2, 0.34, 0.12, 0.06, 0.36, 0.24), fill=pale, outline=INK, width=o)
    d.polygon(_pts(n, 0.8, 0.34, 0.88, 0.06, 0.64, 0.24), fill=pale, outline=INK, width=o)
    d.ellipse((n * 0.16, n * 0.18, n * 0.84, n * 0.9), fill=pale, outline=INK, width=o)
    for x in (0.36, 0.64):
        d.ellipse((n * (x - 0.08), n * 0.38, n * (x + 0.08), n * 0.54), fill=INK)
    d.polygon(_pts(n, 0.34, 0.66, 0.42, 0.82, 0.5, 0.66, 0.58, 0.82, 0.66, 0.66), fill=INK)


def _armor(d: Draw, n: float) -> None:
    _shield(d, n, (150, 96, 170))
    d.chord((n * 0.3, n * 0.3, n * 0.7, n * 0.66), 180, 360, fill=(244, 236, 248))


def _volcano(d: Draw, n: float) -> None:
    d.polygon(
        _pts(n, 0.06, 0.88, 0.36, 0.3, 0.64, 0.3, 0.94, 0.88),
        fill=(96, 70, 56),
        outline=INK,
        width=int(n * 0.04),
    )
    d.polygon(_pts(n, 0.36, 0.3, 0.5, 0.06, 0.64, 0.3), fill=(236, 84, 30))
    d.line(_pts(n, 0.44, 0.34, 0.4, 0.6), fill=(236, 84, 30), width=int(n * 0.07))


def _ancient(d: Draw, n: float) -> None:
    green, o = (70, 150, 96), int(n * 0.03)
    for x in (0.22, 0.4, 0.6, 0.78):
        d.line(_pts(n, x, 0.6, x + (x - 0.5) * 0.3, 0.94), fill=green, width=int(n * 0.1))
    d.ellipse((n * 0.14, n * 0.08, n * 0.86, n * 0.7), fill=green, outline=INK, width=o)
    d.ellipse((n * 0.34, n * 0.24, n * 0.66, n * 0.52), fill=WHITE, outline=INK, width=o)
    d.ellipse((n * 0.45, n * 0.31, n * 0.55, n * 0.45), fill=INK)


def _queen(d: Draw, n: float) -> None:
    d.polygon(
        _pts(n, 0.12, 0.78, 0.12, 0.3, 0.32, 0.52, 0.5, 0.2, 0.68, 0.52, 0.88, 0.3, 0.88, 0.78),
        fill=(240, 196, 40),
        outline=INK,
        width=int(n * 0.04),
    )


def _ghost(d: Draw, n: float) -> None:
    d.polygon(
        _pts(
            n, 0.2, 0.9, 0.2, 0.4, 0.5, 0.08, 0.8, 0.4, 0.8, 0.9, 0.65, 0.78, 0.5, 0.9, 0.35, 0.78
        ),
        fill=WHITE,
        outline=INK,
        width=int(n * 0.04),
    )
    for x in (0.4, 0.6):
        d.ellipse((n * (x - 0.06), n * 0.36, n * (x + 0.06), n * 0.5), fill=INK)


def _balrog(d: Draw, n: float) -> None:
    red, o = (200, 40, 30), int(n * 0.03)
    horn = (246, 150, 60)  # light horns on the dark disc
    d.polygon(_pts(n, 0.22, 0.4, 0.06, 0.04, 0.4, 0.26), fill=horn, outline=INK, width=o)
    d.polygon(_pts(n, 0.78, 0.4, 0.94, 0.04, 0.6, 0.26), fill=horn, outline=INK, width=o)
    d.ellipse((n * 0.18, n * 0.2, n * 0.82, n * 0.92), fill=red, outline=INK, width=o)
    d.polygon(_pts(n, 0.3, 0.46, 0.46, 0.54, 0.3, 0.56), fill=(255, 220, 60))
    d.polygon(_pts(n, 0.7, 0.46, 0.54, 0.54, 0.7, 0.56), fill=(255, 220, 60))


def _bag(d: Draw, n: float) -> None:
    d.ellipse(
        (n * 0.14, n * 0.3, n * 0.86, n * 0.92),
        fill=(170, 120, 70),
        outline=INK,
        width=int(n * 0.04),
    )
    d.polygon(_pts(n, 0.34, 0.34, 0.5, 0.1, 0.66, 0.34), fill=(170, 120, 70), outline=INK)
    d.line(_pts(n, 0.34, 0.34, 0.66, 0.34), fill=INK, width=int(n * 0.05))


def _hammer(d: Draw, n: float) -> None:
    # A silver hammer, head up and handle down to the left, on the dark-blue disc.
    silver, o = (214, 220, 230), int(n * 0.035)
    d.line(_pts(n, 0.24, 0.86, 0.56, 0.42), fill=(150, 104, 60), width=int(n * 0.12))
    d.polygon(
        _pts(n, 0.3, 0.3, 0.56, 0.06, 0.9, 0.42, 0.66, 0.62),
        fill=silver,
        outline=INK,
        width=o,
    )


def _vengeance(d: Draw, n: float) -> None:
    # Three claw marks, pale on the dark-red disc: an attacker marked for revenge.
    for dx in (-0.2, 0.0, 0.2):
        d.line(
            _pts(n, 0.34 + dx, 0.14, 0.66 + dx, 0.86),
            fill=(255, 236, 220),
            width=int(n * 0.11),
        )


def _tag(text: str) -> Glyph:
    def draw(d: Draw, n: float) -> None:
        # As large as two letters fit: the tag is all there is to tell a Relic from another.
        # Wide letters ("Sw") are written in the regular weight rather than smaller: the
        # capitals must stay legible on a phone, even in the key's smaller chips.
        size, bold = int(n * 0.68), True
        while size > 8 and font(size, bold).getlength(text) > n:
            if bold and font(size, False).getlength(text) <= n:
                bold = False
            else:
                size -= 1
        draw_text(d, (n / 2, n / 2), text, size, INK, bold=bold, anchor="mm", scale=SS)

    return draw


def _unknown(d: Draw, n: float) -> None:
    draw_text(d, (n / 2, n / 2), "?", int(n * 0.7), INK, anchor="mm", scale=SS)


#: kind -> (glyph, chip fill, True for a rounded square (map feature) or False for a disc).
SPRITES: dict[str, tuple[Glyph, RGB, bool]] = {
    "Cavern": (_cavern, (236, 236, 232), True),
    "Magic Source": (_magic, (226, 212, 246), True),
    "Mine": (_mine, (250, 236, 196), True),
    # The symbol is printed on the board: a dim square, where the Volcano itself is a bright
    # disc (below) that stands out once the Flames have put it down.
    "Volcano": (_volcano, (120, 110, 124), True),
    "mountain": (_mountain, WHITE, False),
    "lair": (_lair, (104, 62, 34), False),
    "fortress": (_fortress, WHITE, False),
    "camp": (_camp, (246, 232, 196), False),
    "hole": (_hole, WHITE, False),
    "hero": (_hero, (30, 70, 150), False),
    "dragon": (_dragon, (196, 40, 36), False),
    "monster": (_monster, (178, 44, 44), False),
    "black_mountain": (_mountain, (84, 80, 96), False),
    "armor": (_armor, WHITE, False),
    "volcano": (_volcano, (250, 210, 170), False),
    "ancient": (_ancient, (220, 240, 222), False),
    "queen": (_queen, (120, 40, 110), False),
    "ghost": (_ghost, (120, 120, 136), False),
    # Dark, unlike the gold of the Relics: a Balrog seals its region for good.
    "balrog": (_balrog, (52, 40, 44), False),
    "bag": (_bag, (250, 236, 196), False),
    # Pieces kept off the map, drawn in the legend beside their player.
    "hammer": (_hammer, (40, 64, 120), False),
    "vengeance": (_vengeance, (150, 28, 40), False),
    **{key: (_tag(tag), (246, 206, 84), False) for key, tag in RELIC_TAGS.items()},
    **{key: (_tag(tag), (150, 196, 240), True) for key, tag in PLACE_TAGS.items()},
    # Team play's five pieces and Bony the Lich: a picture each (teamglyphs).
    **TEAM_SPRITES,
}


def glyph_of(kind: str) -> tuple[Glyph, RGB, bool]:
    """The glyph, chip fill and chip shape of ``kind``; a "?" on a white disc if unknown."""
    return SPRITES.get(kind, (_unknown, WHITE, False))
