"""Fonts: DejaVu Sans shipped in ``renderer/assets`` (Bitstream Vera licence).

The files travel with the code so every machine draws identical text; if they are missing
(a trimmed install) Pillow's bundled default font is used instead, which needs no file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "assets"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int, bold: bool = True) -> Font:
    """The UI font at ``size`` px, bold by default (bold reads better when scaled down)."""
    path = BOLD if bold else REGULAR
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default(size=size)


def text_width(text: str, size: int, bold: bool = True) -> float:
    """Advance width of ``text`` in px."""
    return font(size, bold).getlength(text)


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


@cache
def _tofu(bold: bool) -> bytes:
    """The bitmap FreeType draws for a character the font lacks (a private-use code point)."""
    return bytes(font(32, bold).getmask("\U0010fffd"))


@cache
def has_glyph(char: str, bold: bool = True) -> bool:
    """Whether the font draws ``char`` as itself rather than as an empty box."""
    return bytes(font(32, bold).getmask(char)) != _tofu(bold)


def printable(text: str, bold: bool = True) -> str:
    """``text`` without the characters the font cannot draw (emoji, CJK in DejaVu Sans).

    Player names come from Discord and often carry emoji; an empty box reads worse than
    nothing. A name made only of such characters is kept as it is, so it still shows up.
    """
    kept = "".join(c for c in text if c.isspace() or has_glyph(c, bold))
    kept = " ".join(kept.split())
    return kept or text
