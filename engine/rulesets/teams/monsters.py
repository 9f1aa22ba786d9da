"""Team play's setup on the surface [TEAMS "Setup"]: "If you are playing on the Small World
map, before the first turn, all players except the first one should place 1 Monster token in
the Lost Tribe regions of their choice (but not one that already contains, or is adjacent to
a Region already containing, a Monster)."

"These Monster tokens ... augment the defenses of the Region they are in by 1 (so
conquering that Region will now cost 2+1+1=4 by default, rather than 3 for a Region with
just a Lost Tribe token); and they determine which Regions of Small World will contain some
Relic or Places, once conquered." So the Lost Tribe stays, each placed Monster hides one
Place or Relic, and the decisions go in seat order from the second seat (B1, C1, A2, B2,
C2). On the Underground the board prints its Monsters: nothing is placed.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.rulesets import SetupStep
from engine.core.state import GameState
from engine.rulesets.monsters import (
    lairs,
    monster_regions,
    monster_step,
    prints_monsters,
    put_monsters,
)

#: [TEAMS "Setup"] "place 1 Monster token".
MONSTERS_EACH = 1


def team_setup(s: GameState) -> SetupStep | None:
    """The next seat's Monster, from the second seat on, while a region is free."""
    if prints_monsters(s):
        return None
    placed, free = lairs(s)
    seat = len(placed) + 1
    if seat >= len(s.players):
        return None
    return monster_step(s, seat, _place, free)


def _place(s: GameState, action: Action) -> None:
    seat = len(monster_regions(s)) + 1
    put_monsters(s, seat, action, MONSTERS_EACH, keep_tribe=True)


def team_hiding(s: GameState) -> int:
    """One Place or Relic per placed Monster: one per player but the first, on the surface."""
    return 0 if prints_monsters(s) else len(s.players) - 1
