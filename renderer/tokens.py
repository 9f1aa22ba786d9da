"""Race tokens and markers as small, legible pieces drawn with Pillow primitives."""

from __future__ import annotations

import math

from PIL import ImageDraw

from .fonts import font
from .palette import DECLINE, INK, LOST_TRIBE, RGB, text_on

#: Two-letter names on tokens; unique across every race of every box.
INITIALS: dict[str, str] = {
    "Amazons": "Am",
    "Dwarves": "Dw",
    "Elves": "El",
    "Ghouls": "Gh",
    "Giants": "Gi",
    "Halflings": "Ha",
    "Humans": "Hu",
    "Orcs": "Or",
    "Ratmen": "Ra",
    "Skeletons": "Sk",
    "Sorcerers": "So",
    "Tritons": "Tr",
    "Trolls": "Tl",
    "Wizards": "Wi",
    "Cultists": "Cu",
    "Drow": "Dr",
    "Flames": "Fl",
    "Gnomes": "Gn",
    "Iron Dwarves": "ID",
    "Kraken": "Kr",
    "Liches": "Li",
    "Lizardmen": "Lz",
    "Mudmen": "Mu",
    "Mummies": "Mm",
    "Ogres": "Og",
    "Shadow Mimes": "SM",
    "Shrooms": "Sh",
    "Spiderines": "Sp",
    "Will-o'-Wisps": "Wo",
}

PILL_H = 38


def initials(race: str) -> str:
    """The two letters shown on a race's tokens."""
    return INITIALS.get(race, race[:2])


def pill(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    tag: str,
    count: int,
    fill: RGB,
    ring: RGB | None = None,
) -> None:
    """A token stack: a rounded pill with the race's initials and the number of tokens.

    Active races are filled with their owner's colour; races in decline are grey with a ring
    in the owner's colour, so both owner and status read at a glance.
    """
    f_tag = font(20)
    f_num = font(28)
    num = str(count)
    w = d.textlength(tag, font=f_tag) + d.textlength(num, font=f_num) + 30
    box = [x - w / 2, y - PILL_H / 2, x + w / 2, y + PILL_H / 2]
    d.rounded_rectangle(box, radius=PILL_H / 2, fill=fill, outline="white", width=3)
    if ring is not None:
        inner = [box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3]
        d.rounded_rectangle(inner, radius=PILL_H / 2 - 3, outline=ring, width=5)
    colour = text_on(fill)
    tx = box[0] + 13
    d.text((tx, y + 1), tag, font=f_tag, fill=colour, anchor="lm")
    d.text((box[2] - 12, y + 1), num, font=f_num, fill=colour, anchor="rm")


def race_pill(
    d: ImageDraw.ImageDraw, x: float, y: float, race: str, count: int, seat: RGB, decline: bool
) -> None:
    """Tokens of a player's race in a region."""
    if decline:
        pill(d, x, y, initials(race), count, DECLINE, ring=seat)
    else:
        pill(d, x, y, initials(race), count, seat)


def lost_tribe(d: ImageDraw.ImageDraw, x: float, y: float, count: int) -> None:
    """A Lost Tribe token (no owner)."""
    pill(d, x, y, "LT", count, LOST_TRIBE)


MARKER_ORDER = ("lair", "fortress", "camp", "hole", "hero", "dragon")
MARKER_W = 38


def marker(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, count: int = 1) -> None:
    """One marker icon centred at (x, y), with a count when more than one is stacked."""
    s = 15
    if kind == "lair":  # a cave-like den
        d.ellipse([x - s, y - s, x + s, y + s], fill=(110, 70, 40), outline="white", width=2)
        d.text((x, y + 1), "L", font=font(19), fill="white", anchor="mm")
    elif kind == "fortress":  # a tower with battlements
        d.rectangle(
            [x - s + 2, y - s + 5, x + s - 2, y + s], fill=(120, 120, 130), outline="white", width=2
        )
        for k in (-1, 0, 1):
            d.rectangle(
                [x + k * 7 - 3, y - s, x + k * 7 + 3, y - s + 5],
                fill=(120, 120, 130),
                outline="white",
            )
    elif kind == "camp":  # a tent
        d.polygon(
            [(x - s, y + s), (x, y - s), (x + s, y + s)], fill=(200, 150, 60), outline="white"
        )
        d.line([(x, y - s), (x, y + s)], fill=INK, width=2)
    elif kind == "hole":  # a hole in the ground
        d.ellipse(
            [x - s, y - s * 0.6, x + s, y + s * 0.6], fill=(20, 20, 20), outline="white", width=2
        )
    elif kind == "hero":  # a gold star
        pts = []
        for k in range(10):
            rad = s + 2 if k % 2 == 0 else (s + 2) * 0.45
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
        d.polygon(pts, fill=(250, 200, 30), outline=INK)
    elif kind == "dragon":  # a red wing
        d.polygon(
            [
                (x - s, y + s),
                (x - s * 0.2, y - s),
                (x + s, y - s * 0.3),
                (x + s * 0.2, y + s * 0.2),
            ],
            fill=(200, 30, 30),
            outline="white",
        )
        d.text((x, y + 2), "D", font=font(16), fill="white", anchor="mm")
    if count > 1:
        d.text(
            (x + s, y + s),
            str(count),
            font=font(16),
            fill="white",
            anchor="mm",
            stroke_width=3,
            stroke_fill=INK,
        )


def marker_row(d: ImageDraw.ImageDraw, x: float, y: float, markers: dict[str, int]) -> None:
    """The markers of a region side by side, centred on x."""
    kinds = [k for k in MARKER_ORDER if markers.get(k)]
    left = x - MARKER_W * (len(kinds) - 1) / 2
    for i, kind in enumerate(kinds):
        marker(d, kind, left + MARKER_W * i, y, markers[kind])
