"""Fonts: DejaVu Sans shipped in ``renderer/assets`` (Bitstream Vera licence), and Noto fonts
for the characters it lacks (``renderer.fontfaces``: CJK, emoji, other scripts).

The files travel with the code so every machine draws identical text; if DejaVu Sans is
missing (a trimmed install) Pillow's bundled default font is used instead, which needs no file.

Every text a picture shows goes through :func:`draw_text` (``Writer.text`` calls it) and is
measured by :func:`text_width`: both cut the text into runs by font (``fontfaces.runs``) and
put the runs side by side on one baseline, so what is measured is what is drawn. A text the UI
font draws whole (nearly every text) is drawn and measured exactly as Pillow would.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, NamedTuple

from PIL import ImageDraw, ImageFont

from .fontfaces import ASSETS as FONT_DIR
from .fontfaces import BOLD, REGULAR, covered, load, runs
from .proof import note

__all__ = [
    "BOLD",
    "FONT_DIR",
    "REGULAR",
    "Font",
    "Measure",
    "draw_text",
    "ellipsize",
    "fit_text",
    "font",
    "has_glyph",
    "printable",
    "text_width",
]

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Box = tuple[float, float, float, float]


@cache
def font(size: int, bold: bool = True) -> Font:
    """The UI font at ``size`` px, bold by default (bold reads better when scaled down)."""
    path = BOLD if bold else REGULAR
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default(size=size)


def _pieces(text: str, size: int, bold: bool) -> list[tuple[Font, str]]:
    """``text`` as (font, run) pairs at ``size``."""
    return [(font(size, bold) if f is None else load(f, size), s) for f, s in runs(text, bold)]


def text_width(text: str, size: int, bold: bool = True) -> float:
    """Advance width of ``text`` in px, each run in the font that draws it."""
    return sum(f.getlength(s) for f, s in _pieces(text, size, bold))


class Measure(NamedTuple):
    """``text_width`` at one size, for code that measures with a font's ``getlength``."""

    size: int
    bold: bool = True

    def getlength(self, text: str) -> float:
        return text_width(text, self.size, self.bold)


def fit_text(text: str, size: int, max_width: float, bold: bool = True, min_size: int = 12) -> int:
    """The largest font size ≤ ``size`` (and ≥ ``min_size``) at which ``text`` fits."""
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    return size


def ellipsize(text: str, size: int, max_width: float, bold: bool = True) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width`` at ``size``."""
    text = printable(text, bold)
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…"


def has_glyph(char: str, bold: bool = True) -> bool:
    """Whether some font draws ``char`` as itself rather than as an empty box."""
    return covered(char, bold)


def printable(text: str, bold: bool = True) -> str:
    """``text`` without the characters no font can draw, spaces squeezed.

    Player names come from Discord; an empty box reads worse than nothing. A name made only
    of such characters is kept as it is, so it still shows up.
    """
    kept = " ".join("".join(s for _, s in runs(text, bold)).split())
    return kept or text


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Any,
    *,
    bold: bool = True,
    anchor: str = "la",
    halo: tuple[int, Any] | None = None,
    scale: int = 1,
) -> Box:
    """Draw ``text`` at ``xy`` as ``ImageDraw.text`` would with ``font(size, bold)`` and
    ``anchor``, each run in the font that has its glyphs; return the box it covers.

    The runs share the UI font's baseline, and the anchor's height is the UI font's
    (``a``/``m``/``s``/``d``), so a name in any script sits where a Latin one would.
    ``halo`` (width, colour) outlines the letters; ``scale`` says how many times larger
    than the finished picture the image is drawn (a sprite drawn supersampled), for the
    proofs of :mod:`.proof`, which every text is noted in while a test proofs a picture.
    """
    width, ring = halo or (0, None)
    if not note(text, size / scale, bold, fill, ring if width else None):
        # Proofing bare: the halo, if any, in place of the letters it would ring.
        fill = ring if width else None
    stroke: dict[str, Any] = {"stroke_width": width, "stroke_fill": ring} if width else {}
    reach = {"stroke_width": width} if width else {}
    pieces = _pieces(text, size, bold)
    if len(pieces) == 1 and pieces[0][0] is font(size, bold):
        if fill is not None:
            draw.text(xy, pieces[0][1], font=pieces[0][0], fill=fill, anchor=anchor, **stroke)
        return draw.textbbox(xy, pieces[0][1], font=pieces[0][0], anchor=anchor, **reach)
    across, down = anchor[0], anchor[1]
    widths = [f.getlength(s) for f, s in pieces]
    # Pillow rounds an anchor's offset to whole pixels (as it does the heights below).
    x = (
        xy[0]
        - {"l": 0, "m": math.floor(sum(widths) / 2 + 0.5), "r": math.floor(sum(widths) + 0.5)}[
            across
        ]
    )
    ui = font(size, bold)
    ascent, descent = ui.getmetrics() if isinstance(ui, ImageFont.FreeTypeFont) else (size, 0)
    lift = {"a": ascent, "m": (ascent - descent + 1) // 2, "s": 0, "d": -descent}
    if down not in lift:
        raise ValueError(f"anchor {anchor!r}: fallback text takes a/m/s/d heights")
    y = xy[1] + lift[down]
    box: Box | None = None
    for (f, s), w in zip(pieces, widths, strict=True):
        if fill is not None:
            draw.text((x, y), s, font=f, fill=fill, anchor="ls", **stroke)
        b = draw.textbbox((x, y), s, font=f, anchor="ls", **reach)
        box = (
            b
            if box is None
            else (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]), max(box[3], b[3]))
        )
        x += w
    assert box is not None
    return box
