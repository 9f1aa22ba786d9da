"""Ability factories that more than one world uses: a power worth a coin per region of a terrain."""

from __future__ import annotations

from .abilities import Ability
from .board import count_regions
from .state import GameState, RaceState


def terrain_bonus(
    terrain: str, name: str = "", doc: str = "", in_decline: bool = False
) -> type[Ability]:
    """A power worth one coin per region of a terrain: Forest, Hill and Swamp on the surface,
    Mining, Muddy (even in decline), Mystic and Stone underground. ``name`` is the badge's (the
    terrain's by default), ``doc`` what it does."""
    badge = name or terrain

    class TerrainBonus(Ability):
        __doc__ = doc or f"+1 coin per {terrain} region at the end of the turn."

        def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
            return count_regions(s, regions, terrain)

    TerrainBonus.name = badge
    TerrainBonus.needs = (terrain,)
    TerrainBonus.in_decline = in_decline
    TerrainBonus.__name__ = TerrainBonus.__qualname__ = badge.replace(" ", "")
    return TerrainBonus
