"""The 256-colour palette a board is mapped to before it is written as a PNG.

A palette PNG is a third of the size of an RGB one and much faster to write; the palette
keeps the colours a reader relies on exact (seat colours, terrains, the interface) and
fills the rest from a sample board, so anti-aliased edges map closely.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from .icons import COST_RING, badge, cost_chip, sprite
from .key import MARK_LABELS, KeyItem
from .legend import ROW, background
from .marks import LOST_INK
from .palette import (
    DECLINE_FILL,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    PAPER_DARK,
    RGB,
    TERRAIN,
    WHITE,
    seat_colour,
)
from .pieces import FEATURES, MARKERS


#: Colours that must survive palette mapping exactly: the seat colours (the owner of a token
#: is read from them), terrain fills and inks, and the interface colours.
def _exact_colours() -> list[RGB]:
    from . import palette as pal

    colours: list[RGB] = [*pal.SEAT_COLOURS]
    for fill, ink in pal.TERRAIN.values():
        colours += [fill, ink]
    colours += [
        INK,
        WHITE,
        PAPER,
        PAPER_DARK,
        HIGHLIGHT,
        MUTED,
        DECLINE_FILL,
        pal.DECLINE_HATCH,
        pal.TRIBE_FILL,
        pal.TRIBE_INK,
        pal.BORDER,
        COST_RING,
        LOST_INK,
        (170, 160, 144),
        (0, 0, 0),
    ]
    return list(dict.fromkeys(colours))


@cache
def board_palette(map_id: str, players: int, features: tuple[tuple[str, ...], ...]) -> Image.Image:
    """A 256-colour palette for a map's boards: exact key colours plus the best of the rest.

    The rest comes from a sample picture: the empty board with its legend, and a strip of
    every token badge and marker in every seat colour, so anti-aliased edges map closely.
    """
    every: tuple[tuple[KeyItem, ...], ...] = (
        tuple(("terrain", t) for t in TERRAIN),
        (
            *(("feature", f) for f in FEATURES),
            ("tribe", "Lost Tribe"),
            ("decline", "Or\t1\tin decline"),
            *(("marker", k) for k in MARKERS),
        ),
        tuple((k, label) for k, label in MARK_LABELS.items()),
    )
    bg, _ = background(map_id, (ROW,) * players, features, every)
    strip = Image.new("RGB", (bg.width, 200), PAPER)
    x = 0
    for seat in range(players):
        for decline in (False, True):
            for h in (40, 44, 50):
                img = badge("Wi", 12, seat_colour(seat), h, decline=decline)
                if x + img.width > strip.width:
                    break
                strip.paste(img, (x, 0 if not decline else 100), img)
                x += img.width + 2
        x = (x // 50 + 1) * 50 % strip.width
    for i, kind in enumerate((*MARKERS, *FEATURES)):
        img = sprite(kind, 36, 2)
        strip.paste(img, (10 + 44 * i, 60), img)
    for i, cost in enumerate((2, 5, 12)):
        img = cost_chip(cost, 48)
        strip.paste(img, (800 + 56 * i, 50), img)
    strip.paste(HIGHLIGHT, (0, 160, strip.width, 200))
    sample = Image.new("RGB", (bg.width, bg.height + strip.height))
    sample.paste(bg, (0, 0))
    sample.paste(strip, (0, bg.height))
    exact = _exact_colours()
    rest = sample.quantize(
        256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    flat = rest.getpalette() or []
    # Drop sampled colours within a few steps of an exact one: a near twin in the palette
    # could capture the exact colour's pixels when the picture is mapped.
    sampled = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat) - 2, 3)]
    near = [
        c
        for c in sampled
        if min(max(abs(a - b) for a, b in zip(c, e, strict=True)) for e in exact) > 4
    ]
    colours = list(dict.fromkeys(exact + near))[:256]
    out = Image.new("P", (1, 1))
    out.putpalette([c for rgb in colours for c in rgb])
    return out
