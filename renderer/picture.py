"""What every picture is drawn with: a writer that records its texts, the finished picture
with those texts, and the PNG encoder.

The board, the combos panel, the score sheet and the league pictures all write through
:class:`Writer`, so tests and alt text can read back every word and where it went.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from .fonts import draw_text, printable
from .marks import Box
from .palette import INK, RGB

#: PNG zlib level: on palette pictures 3 is as fast as 1 and smaller; 6 doubles the time.
PNG_LEVEL = 3


@dataclass(frozen=True, slots=True)
class TextItem:
    """A piece of text drawn on a picture and the box (left, top, right, bottom) it covers."""

    text: str
    box: tuple[int, int, int, int]


@dataclass(slots=True)
class BoardLayout:
    """Where a board's region contents were drawn, for tests that measure overlaps.

    ``numbers``: each region's number (its outline included); ``badges``: the token badges by
    region; ``chips``: (region, kind, box) of every chip, map features (``feature:NAME``),
    markers and cost chips (``cost``); ``bands``: by region, the kind of band (taken, lost),
    its top left corner and the mask painted there.
    """

    numbers: tuple[Box, ...] = ()
    badges: dict[int, Box] = field(default_factory=dict)
    chips: list[tuple[int, str, Box]] = field(default_factory=list)
    bands: dict[int, tuple[str, tuple[int, int], Image.Image]] = field(default_factory=dict)


@dataclass(slots=True)
class Composed:
    """A finished picture, the texts written on it (for tests and alt text), and where a
    board's region contents went (``layout``; empty for other pictures)."""

    image: Image.Image
    texts: list[TextItem] = field(default_factory=list)
    layout: BoardLayout = field(default_factory=BoardLayout)


class Writer:
    """An ``ImageDraw`` that remembers every text it writes and where."""

    def __init__(self, img: Image.Image, texts: list[TextItem]) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img)
        self.texts = texts

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB = INK,
        *,
        bold: bool = True,
        anchor: str = "lm",
    ) -> float:
        """Write ``text``; return its right edge."""
        text = printable(text, bold)
        box = draw_text(self.draw, xy, text, size, fill, bold=bold, anchor=anchor)
        self.texts.append(TextItem(text, (int(box[0]), int(box[1]), int(box[2]), int(box[3]))))
        return float(box[2])


def encode(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes of a picture; with ``palette`` (a "P" image), as an 8-bit palette PNG.

    Pillow spends most of an RGB PNG's time choosing row filters; a palette PNG skips them
    and is a third of the size. Mapping to a fixed palette is a few milliseconds.
    """
    buf = io.BytesIO()
    if palette is not None:
        img = img.quantize(palette=palette, dither=Image.Dither.NONE)
    img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()
