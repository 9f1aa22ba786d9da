"""Chips and token badges: a glyph on its chip, the token pill, seat discs, coins and cost
chips, and the helper that pastes a sprite centred.

Every sprite is drawn at ``SS`` times its size and scaled down, because Pillow draws shapes
without anti-aliasing; the result is an RGBA image, cached, and pasted with its alpha.
What each piece looks like is in :mod:`.glyphs`; which pieces exist, in :mod:`.pieces`.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageDraw

from .fonts import draw_text, font
from .glyphs import SS, glyph_of
from .palette import (
    DECLINE_FILL,
    DECLINE_HATCH,
    INK,
    RGB,
    TRIBE_FILL,
    TRIBE_INK,
    WHITE,
    text_on,
)


def _finish(big: Image.Image) -> Image.Image:
    """Scale a supersampled sprite down by ``SS`` with a box filter on premultiplied alpha.

    A box filter keeps flat colours exact (a seat colour stays that seat colour, which
    the tests and the palette rely on) and premultiplying avoids dark fringes at edges.
    """
    return big.convert("RGBa").reduce(SS).convert("RGBA")


@cache
def sprite(kind: str, size: int, count: int = 1) -> Image.Image:
    """A feature or marker chip, ``size`` px across; a count above one is shown in a corner."""
    glyph, chip, square = glyph_of(kind)
    n = size * SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    edge = max(SS, int(n * 0.07))
    box = (edge // 2, edge // 2, n - 1 - edge // 2, n - 1 - edge // 2)
    if square:
        d.rounded_rectangle(box, radius=n * 0.22, fill=chip, outline=INK, width=edge)
    else:
        d.ellipse(box, fill=chip, outline=INK, width=edge)
    # A thin margin: the glyph is what must be made out on a phone.
    inset = n * 0.1
    inner = Image.new("RGBA", (int(n - 2 * inset),) * 2, (0, 0, 0, 0))
    glyph(ImageDraw.Draw(inner), inner.width)
    big.alpha_composite(inner, (int(inset), int(inset)))
    out = _finish(big)
    if count > 1:
        out = _with_count(out, count)
    return out


def _with_count(chip: Image.Image, count: int) -> Image.Image:
    """The chip with a count bubble over its lower right (same footprint as the chip).

    The bubble is most of the chip's width and its digit nearly fills it: a count is read
    on a phone, where a chip is a dozen pixels wide (``pieces.COUNTED`` draws such a chip
    larger than a plain one)."""
    size = chip.width
    bubble = max(14, int(size * 0.62))
    out = chip.copy()
    n = bubble * SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, n - 1, n - 1), fill=INK, outline=WHITE, width=SS * 2)
    digits = str(count)
    draw_text(
        d,
        (n / 2, n / 2),
        digits,
        int(n * (0.9 if len(digits) < 2 else 0.7)),
        WHITE,
        anchor="mm",
        scale=SS,
    )
    out.alpha_composite(_finish(big), (size - bubble, size - bubble))
    return out


#: The light rim around a token pill (px, supersampled: 1.5 px in the picture) and its colour.
BADGE_RIM = 6
RIM: RGB = WHITE

#: Height of the race initials on a token pill, as a share of the pill's height: on the
#: smallest pill a board draws (40 px) they are 24.8 px, whose capitals stay 4.4 px tall on a
#: phone showing the board 390 px wide (tests/renderer/test_legibility.py says why 4.4).
INITIALS = 0.62


@lru_cache(maxsize=2048)
def badge(
    text: str,
    count: int,
    fill: RGB,
    height: int,
    *,
    decline: bool = False,
    tribe: bool = False,
) -> Image.Image:
    """A token pill: race ``text`` (initials) then the ``count`` in large digits.

    Active races fill the pill with the owner's seat colour. A race in decline is dark
    charcoal, hatched, with white text and a thick ring in the seat colour: dark where every
    other badge is light, so it reads as "asleep" in any colour vision and even where the
    ring is too thin to see. Lost Tribes are light parchment with brown ink.

    Every pill has a thin light rim outside its dark outline: one of the two stands out
    by 3:1 or more (WCAG, graphic objects) from any terrain, the River's dark blue too.
    """
    n = height * SS
    small, large = int(n * INITIALS), int(n * 0.78)
    f_small, f_large = font(small), font(large)
    count_text = str(count)
    pad = n * 0.26
    gap = n * 0.08
    content = f_small.getlength(text) + gap + f_large.getlength(count_text)
    width = int(max(n * 1.5, content + 2 * pad)) // SS * SS + SS
    big = Image.new("RGBA", (width, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    edge = max(SS * 2, int(n * 0.07))
    d.rounded_rectangle((0, 0, width - 1, n - 1), radius=n / 2, fill=RIM)
    box = (BADGE_RIM, BADGE_RIM, width - 1 - BADGE_RIM, n - 1 - BADGE_RIM)
    corner = n / 2 - BADGE_RIM
    if decline:
        d.rounded_rectangle(box, radius=corner, fill=DECLINE_FILL)
        # Diagonal hatching, clipped to the pill by a mask.
        hatch = Image.new("RGBA", big.size, (0, 0, 0, 0))
        hd = ImageDraw.Draw(hatch)
        step = int(n * 0.22)
        for hx in range(-n, width + n, step):
            hd.line((hx, n, hx + n, 0), fill=DECLINE_HATCH, width=max(SS, int(n * 0.04)))
        mask = Image.new("L", big.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(box, radius=corner, fill=255)
        hatch.putalpha(ImageChops.multiply(hatch.getchannel("A"), mask))
        big.alpha_composite(hatch)
        ring = int(n * 0.16)
        d.rounded_rectangle(box, radius=corner, outline=fill, width=ring + edge)
        d.rounded_rectangle(box, radius=corner, outline=INK, width=edge)
        ink: RGB = WHITE
    elif tribe:
        d.rounded_rectangle(box, radius=corner, fill=TRIBE_FILL, outline=TRIBE_INK, width=edge)
        ink = TRIBE_INK
    else:
        d.rounded_rectangle(box, radius=corner, fill=fill, outline=INK, width=edge)
        ink = text_on(fill)
    x: float = (width - content) / 2
    base = n * 0.5 + large * 0.36  # shared baseline, so both texts sit on one line
    # In decline, a grey halo keeps the text clear of the hatching.
    halo = int(SS * 1.5) if decline else 0
    for pos, txt, px in (
        (x, text, small),
        (x + f_small.getlength(text) + gap, count_text, large),
    ):
        ring = (halo, DECLINE_FILL) if halo else None
        draw_text(d, (pos, base), txt, px, ink, anchor="ls", halo=ring, scale=SS)
    return _finish(big)


@cache
def seat_disc(colour: RGB, size: int, label: str = "") -> Image.Image:
    """A plain disc in a seat colour with a dark rim (legend and charts)."""
    n = size * SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, n - 1, n - 1), fill=colour, outline=INK, width=int(n * 0.08))
    if label:
        # Two letters (a team game's seat name, "A1") a little smaller, clear of the rim.
        size = int(n * (0.55 if len(label) < 2 else 0.48))
        draw_text(d, (n / 2, n / 2), label, size, text_on(colour), anchor="mm", scale=SS)
    return _finish(big)


def paste_centred(
    dest: Image.Image, sprite_img: Image.Image, centre: tuple[float, float]
) -> tuple[int, int, int, int]:
    """Alpha-paste ``sprite_img`` onto ``dest`` (RGB or RGBA) centred on ``centre``; return
    the box it covers (left, top, right, bottom)."""
    x = round(centre[0] - sprite_img.width / 2)
    y = round(centre[1] - sprite_img.height / 2)
    dest.paste(sprite_img, (x, y), sprite_img)
    return (x, y, x + sprite_img.width, y + sprite_img.height)


@cache
def coin(size: int) -> Image.Image:
    """A gold coin (for coins lying on a combo)."""
    n = size * SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, n - 1, n - 1), fill=(236, 190, 40), outline=INK, width=SS * 3)
    d.ellipse((n * 0.14, n * 0.14, n * 0.86, n * 0.86), outline=(196, 146, 20), width=SS * 2)
    return _finish(big)


#: Ring of a cost chip: the red of a road sign, unlike every seat colour and marker chip.
COST_RING: RGB = (200, 24, 40)


@cache
def cost_chip(cost: int, size: int) -> Image.Image:
    """What a conquest costs, as a white disc with a thick red ring and the count in ink.

    Shaped like a speed-limit sign, so it reads as a number to mind rather than a marker.
    """
    n = size * SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    ring = int(n * 0.13)
    d.ellipse((0, 0, n - 1, n - 1), fill=INK)
    d.ellipse((SS, SS, n - 1 - SS, n - 1 - SS), fill=COST_RING)
    d.ellipse((ring, ring, n - 1 - ring, n - 1 - ring), fill=WHITE)
    text = str(cost)
    size = int(n * (0.62 if len(text) < 2 else 0.46))
    draw_text(d, (n / 2, n / 2 + n * 0.02), text, size, INK, anchor="mm", scale=SS)
    return _finish(big)
