"""Pictures of team play's five pieces and of Bony the Lich.

Team games add five pieces to the Relics (gold discs) and Places (blue squares), whose
chips otherwise carry two letters. These five get a picture each, in a colour of its own on
the chip of its family, so they tell apart at a glance on a phone where two letters are
five pixels tall: the Golden Soapbar a pink bar with bubbles, Glandulf's Tavern an amber
mug, Bony's Boneyard crossed bones, Mirror's Vale a framed mirror, the Sigil of Sacrifice a
drop of blood. Bony the Lich, on the In Decline banner he guards, is a skull on a dark
purple disc, drawn on each region of that banner and beside it in the legend.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from .palette import INK, RGB, WHITE

Draw = ImageDraw.ImageDraw
Glyph = Callable[[Draw, float], None]


def _box(n: float, x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
    return (x0 * n, y0 * n, x1 * n, y1 * n)


def _soapbar(d: Draw, n: float) -> None:
    o = max(1, int(n * 0.05))
    d.rounded_rectangle(
        _box(n, 0.1, 0.42, 0.9, 0.84), radius=n * 0.12, fill=(246, 150, 196), outline=INK, width=o
    )
    d.line((n * 0.22, n * 0.56, n * 0.6, n * 0.56), fill=WHITE, width=max(1, int(n * 0.06)))
    for box in ((0.2, 0.1, 0.42, 0.32), (0.5, 0.04, 0.64, 0.18), (0.62, 0.2, 0.8, 0.38)):
        d.ellipse(_box(n, *box), fill=WHITE, outline=INK, width=max(1, int(n * 0.035)))


def _tavern(d: Draw, n: float) -> None:
    o = max(1, int(n * 0.05))
    d.arc(_box(n, 0.5, 0.36, 0.9, 0.76), 270, 90, fill=INK, width=max(2, int(n * 0.1)))
    d.rectangle(_box(n, 0.14, 0.3, 0.66, 0.92), fill=(232, 150, 28), outline=INK, width=o)
    d.ellipse(_box(n, 0.08, 0.1, 0.72, 0.42), fill=WHITE, outline=INK, width=o)


def _boneyard(d: Draw, n: float) -> None:
    bone: RGB = (250, 246, 232)
    w = int(n * 0.14)
    for a, b in (((0.2, 0.2), (0.8, 0.8)), ((0.8, 0.2), (0.2, 0.8))):
        d.line((a[0] * n, a[1] * n, b[0] * n, b[1] * n), fill=INK, width=w + int(n * 0.08))
        d.line((a[0] * n, a[1] * n, b[0] * n, b[1] * n), fill=bone, width=w)
        for x, y in (a, b):
            for dx, dy in ((-0.06, 0.06), (0.06, -0.06)):
                cx, cy = (x + dx) * n, (y + dy) * n
                r = n * 0.09
                d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=bone, outline=INK, width=1)


def _mirror(d: Draw, n: float) -> None:
    o = max(1, int(n * 0.04))
    d.rectangle(_box(n, 0.43, 0.68, 0.57, 0.96), fill=(120, 78, 36), outline=INK, width=o)
    d.ellipse(_box(n, 0.2, 0.04, 0.8, 0.76), fill=(196, 140, 40), outline=INK, width=o)
    d.ellipse(_box(n, 0.29, 0.13, 0.71, 0.67), fill=(236, 248, 255), outline=INK, width=o)
    d.line(
        (n * 0.38, n * 0.46, n * 0.5, n * 0.24), fill=(120, 170, 220), width=max(1, int(n * 0.06))
    )


def _sigil(d: Draw, n: float) -> None:
    red: RGB = (196, 24, 36)
    o = max(1, int(n * 0.045))
    d.polygon(
        [(n * 0.5, n * 0.04), (n * 0.76, n * 0.5), (n * 0.24, n * 0.5)],
        fill=red,
        outline=INK,
        width=o,
    )
    d.ellipse(_box(n, 0.22, 0.34, 0.78, 0.92), fill=red, outline=INK, width=o)
    d.polygon([(n * 0.5, n * 0.08), (n * 0.73, n * 0.5), (n * 0.27, n * 0.5)], fill=red)
    d.ellipse(_box(n, 0.34, 0.52, 0.46, 0.66), fill=(250, 170, 170))


def _bony(d: Draw, n: float) -> None:
    bone: RGB = (244, 240, 226)
    o = max(1, int(n * 0.04))
    d.rectangle(_box(n, 0.34, 0.6, 0.66, 0.9), fill=bone, outline=INK, width=o)
    d.ellipse(_box(n, 0.16, 0.08, 0.84, 0.74), fill=bone, outline=INK, width=o)
    for x in (0.26, 0.54):
        d.ellipse(_box(n, x, 0.32, x + 0.2, 0.54), fill=INK)
    d.polygon([(n * 0.5, n * 0.56), (n * 0.44, n * 0.66), (n * 0.56, n * 0.66)], fill=INK)
    for x in (0.42, 0.5, 0.58):
        d.line((n * x, n * 0.74, n * x, n * 0.9), fill=INK, width=max(1, int(n * 0.03)))


#: kind -> (glyph, chip fill, True for a square): the Relic keeps the Relics' gold disc,
#: the Places the Places' blue square; Bony a dark purple disc.
TEAM_SPRITES: dict[str, tuple[Glyph, RGB, bool]] = {
    "soapbar": (_soapbar, (246, 206, 84), False),
    "tavern": (_tavern, (150, 196, 240), True),
    "boneyard": (_boneyard, (150, 196, 240), True),
    "mirror": (_mirror, (150, 196, 240), True),
    "sigil": (_sigil, (150, 196, 240), True),
    "bony": (_bony, (74, 40, 100), False),
}
