"""Small phrases every label and sentence of the engine shares, in the language spoken.

Kept apart from ``view`` (which imports the turn rules) so that the races, powers, Relics and
Places can label their own actions without an import cycle.
"""

from __future__ import annotations

from lang import tr

from .board import mapdef
from .names import terrain
from .state import GameState


def plural(n: int, word: str) -> str:
    """``1 token``, ``2 tokens``, ``0 coins``: a count with its English noun, singular only
    for one. Words for people use ``lang.ntr`` instead; this stays for English-only text."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def and_list(items: list[str]) -> str:
    """``12``, ``12 and 14``, ``3, 5 and 9``: items joined for a sentence."""
    if len(items) <= 1:
        return "".join(items)
    head = items[0]
    for item in items[1:-1]:
        head = tr("{items}, {item}", items=head, item=item)
    return tr("{items} and {last}", items=head, last=items[-1])


def or_list(items: list[str]) -> str:
    """``conquer 3``, ``conquer 3; or abandon 4``: choices offered for a sentence."""
    if not items:
        return ""
    head = items[0]
    for item in items[1:]:
        head = tr("{choices}; or {choice}", choices=head, choice=item)
    return head


def where(s: GameState, rid: int) -> str:
    """``7 · Mystic Crystals``: a region and its terrain, for labels and messages."""
    return tr("{region} · {terrain}", region=rid, terrain=terrain(mapdef(s).regions[rid].terrain))
