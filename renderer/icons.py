"""Small sprites drawn with Pillow primitives: map features, markers and token badges.

Every sprite is drawn at ``SS`` times its size and scaled down, because Pillow draws shapes
without anti-aliasing; the result is an RGBA image, cached, and pasted with its alpha.
Map features sit on rounded squares and markers on discs, so the two families stay apart
even where a glyph is too small to make out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageDraw

from engine.core.content import treasures

from .fonts import font
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

#: Supersampling factor of every sprite.
SS = 4

#: Two letters on the chip of each Righteous Relic (gold disc) and Popular Place (blue square).
RELIC_TAGS = {
    "doormat": "Dm",
    "ring": "Rg",
    "socks": "So",
    "scepter": "Sc",
    "orb": "Or",
    "sword": "Sw",
}
PLACE_TAGS = {
    "altar": "Al",
    "crypt": "Cr",
    "diamonds": "Di",
    "pipe": "Pi",
    "fountain": "Fo",
    "keep": "Ke",
    "lost_mine": "LM",
    "stonehedge": "St",
    "pentacle": "Pe",
}

#: Map features (printed on the board, never move), drawn on rounded squares. The Volcano
#: symbol marks the Chasms where the Flames may put their Volcano.
FEATURES = ("Cavern", "Magic Source", "Mine", "Volcano")
#: Key labels of the features whose name alone would be mistaken for a piece.
FEATURE_NAMES = {"Volcano": "Volcano symbol"}
#: Markers the view may list (``markers`` keys), in the order they are drawn.
MARKERS = (
    "mountain",
    "lair",
    "fortress",
    "camp",
    "hole",
    "hero",
    "dragon",
    # Underground pieces, then the Relics (gold discs) and Places (blue squares).
    "monster",
    "black_mountain",
    "armor",
    "volcano",
    "ancient",
    "queen",
    "ghost",
    "balrog",
    "bag",
    *RELIC_TAGS,
    *PLACE_TAGS,
)
#: How much larger than a plain marker chip some chips are drawn on the board. A Relic or
#: Place carries two letters that must be read on a phone (about 0.25× of the board), and
#: the Underground's single pieces (each changes what may be attacked) must be made out at
#: a glance; the surface markers keep the size the surface boards were tuned for.
CHIP_SCALE: dict[str, float] = {
    **dict.fromkeys((*RELIC_TAGS, *PLACE_TAGS), 1.4),
    **dict.fromkeys(("balrog", "ghost", "queen", "ancient", "volcano"), 1.3),
    **dict.fromkeys(("monster", "armor", "bag"), 1.15),
}


def chip_size(kind: str, base: int) -> int:
    """The size (px) of ``kind``'s chip on a region whose plain chips are ``base`` px."""
    return round(base * CHIP_SCALE.get(kind, 1.0))


#: Readable names of markers, for the key in the legend.
MARKER_NAMES = {
    "mountain": "Mountain",
    "lair": "Troll Lair",
    "fortress": "Fortress",
    "camp": "Encampment",
    "hole": "Hole",
    "hero": "Hero",
    "dragon": "Dragon",
    "lost_tribe": "Lost Tribe",
    "monster": "Monsters",
    "black_mountain": "Black Mountain",
    "armor": "Mushroom Armor",
    "volcano": "Volcano",
    "ancient": "Great Ancient",
    "queen": "Queen",
    "ghost": "Ghost",
    "balrog": "Balrog",
    "bag": "Bag-o'-Many-Things",
    "hammer": "Silver Hammer",
    "vengeance": "Vengeance",
    **{key: t.name for key, t in treasures().items()},
}

Draw = ImageDraw.ImageDraw
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
        size = int(n * 0.62)
        while size > 8 and font(size).getlength(text) > n * 0.92:
            size -= 1
        d.text((n / 2, n / 2), text, fill=INK, font=font(size), anchor="mm")

    return draw


def _unknown(d: Draw, n: float) -> None:
    d.text((n / 2, n / 2), "?", fill=INK, font=font(int(n * 0.7)), anchor="mm")


#: kind -> (glyph, chip fill, True for a rounded square (map feature) or False for a disc).
_SPRITES: dict[str, tuple[Glyph, RGB, bool]] = {
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
}


def _finish(big: Image.Image) -> Image.Image:
    """Scale a supersampled sprite down by ``SS`` with a box filter on premultiplied alpha.

    A box filter keeps flat colours exact (a seat colour stays that seat colour, which
    the tests and the palette rely on) and premultiplying avoids dark fringes at edges.
    """
    return big.convert("RGBa").reduce(SS).convert("RGBA")


@cache
def sprite(kind: str, size: int, count: int = 1) -> Image.Image:
    """A feature or marker chip, ``size`` px across; a count above one is shown in a corner."""
    glyph, chip, square = _SPRITES.get(kind, (_unknown, WHITE, False))
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
    """The chip with a count bubble over its lower right (same footprint as the chip)."""
    size = chip.width
    bubble = max(14, int(size * 0.56))
    out = chip.copy()
    n = bubble * SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, n - 1, n - 1), fill=INK, outline=WHITE, width=SS * 2)
    d.text((n / 2, n / 2), str(count), fill=WHITE, font=font(int(n * 0.74)), anchor="mm")
    out.alpha_composite(_finish(big), (size - bubble, size - bubble))
    return out


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
    """
    n = height * SS
    small, large = int(n * 0.5), int(n * 0.78)
    f_small, f_large = font(small), font(large)
    count_text = str(count)
    pad = n * 0.3
    gap = n * 0.1
    content = f_small.getlength(text) + gap + f_large.getlength(count_text)
    width = int(max(n * 1.5, content + 2 * pad)) // SS * SS + SS
    big = Image.new("RGBA", (width, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    edge = max(SS * 2, int(n * 0.07))
    box = (0, 0, width - 1, n - 1)
    if decline:
        d.rounded_rectangle(box, radius=n / 2, fill=DECLINE_FILL)
        # Diagonal hatching, clipped to the pill by a mask.
        hatch = Image.new("RGBA", big.size, (0, 0, 0, 0))
        hd = ImageDraw.Draw(hatch)
        step = int(n * 0.22)
        for hx in range(-n, width + n, step):
            hd.line((hx, n, hx + n, 0), fill=DECLINE_HATCH, width=max(SS, int(n * 0.04)))
        mask = Image.new("L", big.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(box, radius=n / 2, fill=255)
        hatch.putalpha(ImageChops.multiply(hatch.getchannel("A"), mask))
        big.alpha_composite(hatch)
        ring = int(n * 0.16)
        d.rounded_rectangle(box, radius=n / 2, outline=fill, width=ring + edge)
        d.rounded_rectangle(box, radius=n / 2, outline=INK, width=edge)
        ink: RGB = WHITE
    elif tribe:
        d.rounded_rectangle(box, radius=n / 2, fill=TRIBE_FILL, outline=TRIBE_INK, width=edge)
        ink = TRIBE_INK
    else:
        d.rounded_rectangle(box, radius=n / 2, fill=fill, outline=INK, width=edge)
        ink = text_on(fill)
    x: float = (width - content) / 2
    base = n * 0.5 + large * 0.36  # shared baseline, so both texts sit on one line
    # In decline, a grey halo keeps the text clear of the hatching.
    halo = int(SS * 1.5) if decline else 0
    for pos, txt, fnt in (
        (x, text, f_small),
        (x + f_small.getlength(text) + gap, count_text, f_large),
    ):
        d.text(
            (pos, base),
            txt,
            fill=ink,
            font=fnt,
            anchor="ls",
            stroke_width=halo,
            stroke_fill=DECLINE_FILL,
        )
    return _finish(big)


@cache
def seat_disc(colour: RGB, size: int, label: str = "") -> Image.Image:
    """A plain disc in a seat colour with a dark rim (legend and charts)."""
    n = size * SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, n - 1, n - 1), fill=colour, outline=INK, width=int(n * 0.08))
    if label:
        d.text((n / 2, n / 2), label, fill=text_on(colour), font=font(int(n * 0.55)), anchor="mm")
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
    f = font(int(n * (0.56 if len(text) < 2 else 0.46)))
    d.text((n / 2, n / 2 + n * 0.02), text, fill=INK, font=f, anchor="mm")
    return _finish(big)
