"""Proofs of the pictures' text, for the tests that check it can be read.

Every text a picture shows is drawn by :func:`.fonts.draw_text`. Inside :func:`proofing` it
also notes what it wrote: the words, their size in the finished picture, their colour and the
colour of their halo. With ``bare=True`` it leaves the words out (a halo is still drawn, in
its own colour, where the words would be): a picture drawn bare differs from the same picture
drawn normally exactly where its text is, and what the bare one has there is what the text
is read against. Both hold for sprites too, because proofing starts and ends with the
renderer's caches of drawn pictures emptied.

Outside :func:`proofing` nothing is noted and the text is drawn: drawing costs nothing more.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, get_type_hints

from PIL import Image

from .palette import RGB


@dataclass(frozen=True, slots=True)
class Written:
    """A text as drawn: its words, font size (px) in the finished picture, boldness, colour,
    and the colour of its halo (an outline drawn around the letters), if any."""

    text: str
    size: float
    bold: bool
    fill: RGB
    halo: RGB | None


@dataclass(slots=True)
class _Proof:
    written: list[Written]
    bare: bool


_PROOF: ContextVar[_Proof | None] = ContextVar("renderer_proof", default=None)


def _clear_picture_caches() -> None:
    """Empty every cache of the renderer whose function returns a picture (sprites, static
    layers, legend backgrounds), so that what is drawn next is drawn anew; caches of
    geometry and layouts are kept."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("renderer") or module is None:
            continue
        for obj in list(vars(module).values()):
            if not callable(getattr(obj, "cache_clear", None)):
                continue
            try:
                hints = get_type_hints(obj.__wrapped__, vars(module))
            except (AttributeError, NameError, TypeError):
                continue
            answer = hints.get("return")
            if answer is Image.Image or Image.Image in getattr(answer, "__args__", ()):
                obj.cache_clear()


@contextmanager
def proofing(*, bare: bool = False) -> Iterator[list[Written]]:
    """Note every text drawn in this block into the list it yields; with ``bare``, draw none.

    The renderer's picture caches are emptied on the way in and out, so that no sprite is
    reused across the block's edge (its text was drawn, or noted, or not, as it was then).
    """
    _clear_picture_caches()
    proof = _Proof([], bare)
    token = _PROOF.set(proof)
    try:
        yield proof.written
    finally:
        _PROOF.reset(token)
        _clear_picture_caches()


def note(text: str, size: float, bold: bool, fill: Any, halo: Any) -> bool:
    """Note a text about to be drawn, when proofing; return whether to draw its words."""
    proof = _PROOF.get()
    if proof is None:
        return True
    if isinstance(fill, tuple):
        halo_rgb = tuple(halo[:3]) if isinstance(halo, tuple) else None
        proof.written.append(Written(text, size, bold, tuple(fill[:3]), halo_rgb))  # type: ignore[arg-type]
    return not proof.bare
