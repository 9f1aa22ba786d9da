"""Deterministic randomness drawn from (seed, counter), so a state needs no RNG object.

A counter in the game state makes every draw reproducible and the state trivially
serializable: replaying the same actions from the same seed draws the same numbers.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def mix(seed: int, counter: int) -> int:
    """Return a well-scrambled 64-bit integer for a (seed, counter) pair (splitmix64)."""
    z = (seed * 0x9E3779B97F4A7C15 + counter * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def shuffled(items: list[T], seed: int, counter: int) -> list[T]:
    """Return a new list with ``items`` shuffled by the draw at ``counter``."""
    out = list(items)
    random.Random(mix(seed, counter)).shuffle(out)
    return out
