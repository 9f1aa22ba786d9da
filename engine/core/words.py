"""Small phrases every label and sentence of the engine shares.

Kept apart from ``view`` (which imports the turn rules) so that the races, powers, Relics and
Places can label their own actions without an import cycle.
"""

from __future__ import annotations

from .board import mapdef
from .state import GameState


def plural(n: int, word: str) -> str:
    """``1 token``, ``2 tokens``, ``0 coins``: a count with its noun, singular only for one."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def and_list(items: list[str]) -> str:
    """``12``, ``12 and 14``, ``3, 5 and 9``: items joined for a sentence."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def where(s: GameState, rid: int) -> str:
    """``7 · Mystic Crystals``: a region and its terrain, for labels and messages."""
    return f"{rid} · {mapdef(s).regions[rid].terrain}"
