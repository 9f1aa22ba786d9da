"""Who may hold the Seas and the Lake, checked after every action of a random game.

[SW "Seafaring"] "As long as your Seafaring race is active, you may conquer the Seas and the
Lake ... You keep these Regions even once you go into Decline ... Only Seafaring races may
occupy the Seas and the Lake." A race enters water only while it may (Seafaring, its own or
lent; the Kraken, ruling 104); once in, it keeps the region, in decline or after losing the
power that let it in (ruling 114), until the region is emptied or taken.
"""

from __future__ import annotations

from engine.core.board import mapdef
from engine.core.overrides import flag
from engine.core.state import GameState


class Afloat:
    """The water regions held, by region, with the race that entered them while it could."""

    def __init__(self) -> None:
        self.held: dict[int, str] = {}

    def check(self, s: GameState) -> None:
        """Fail if a race came into a Sea or the Lake without the power to enter it."""
        for rid, d in enumerate(mapdef(s).regions):
            if not d.water:
                continue
            race = s.regions[rid].race
            if race is None:
                self.held.pop(rid, None)
            elif self.held.get(rid) != race:
                assert flag(s.races[race], "enters_water", s), (rid, race)
                self.held[rid] = race
