"""Places and Relics on the surface [SWU "Compatibility with Small World"], the option
``surface_relics``, on any player count.

"If you wish to introduce Places and Relics in Small World itself, take a number of Monster
tokens equal to (2 x the number of players) + 2; then place 2 Monster tokens in each Lost
Tribes Region of your choice. Simply make sure that no two such Monster occupied Regions are
adjacent to each other. Then complete your set-up by placing a single Lost Tribe token in any
Lost Tribe Region not occupied by Monsters."

So players + 1 Lost Tribe regions get 2 Monsters each instead of their Lost Tribe (a Monster
region costs 2 + 2 = 4), no two of them adjacent; the other Lost Tribe regions keep theirs.
"of your choice" names no one: the players choose in turn order from the first seat, one
region each, wrapping round until players + 1 are chosen; the deadline takes the
lowest-numbered region on offer (ruling 92). Each Monster region hides one of the
Underground's 15 Relics and Places (``treasure_sets``), shuffled face down; none is taken
out (ruling 93). They work as the Underground's rules say, in decline too where the piece
says so (ruling 94).

With team play the team setup lays the board out instead (``rulesets.layout``: team play
registers first): its 5 single Monsters, Lost Tribes kept, hide the pieces, and this
option adds the Underground's Relics and Places to the stack (ruling 95). On the
Underground, whose boards print their Monsters, the option places nothing.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.rulesets import RuleSet, SetupStep, register_ruleset
from engine.core.state import GameState
from engine.rulesets.monsters import (
    lairs,
    lays_monsters,
    monster_regions,
    monster_step,
    prints_monsters,
    put_monsters,
)
from lang import N_

#: The game option that turns it on.
OPTION = "surface_relics"
#: [SWU "Compatibility"] "place 2 Monster tokens in each Lost Tribes Region of your choice".
MONSTERS_EACH = 2
lays_monsters(OPTION, MONSTERS_EACH)
#: The content set whose Relics and Places join the hidden stack.
TREASURE_SET = "underground"


def regions_wanted(players: int) -> int:
    """How many Monster regions: "(2 x the number of players) + 2" tokens, 2 on each."""
    return (2 * players + 2) // MONSTERS_EACH


def relics_setup(s: GameState) -> SetupStep | None:
    """The next Monster region, chosen by the seats in turn order, wrapping round."""
    if prints_monsters(s):
        return None
    taken, free = lairs(s)
    placed = len(taken)
    if placed >= regions_wanted(len(s.players)):
        return None
    return monster_step(s, placed % len(s.players), _place, free)


def _place(s: GameState, action: Action) -> None:
    seat = len(monster_regions(s)) % len(s.players)
    # "placing a single Lost Tribe token in any Lost Tribe Region not occupied by Monsters":
    # the Monster regions hold no Lost Tribe.
    put_monsters(s, seat, action, MONSTERS_EACH, keep_tribe=False)


def relics_hiding(s: GameState) -> int:
    """One Place or Relic per Monster region, on a board that prints none."""
    return 0 if prints_monsters(s) else regions_wanted(len(s.players))


def relic_sets(world_set: str) -> tuple[str, ...]:
    """The Underground's Relics and Places join the hidden stack, whatever the world."""
    return (TREASURE_SET,)


SURFACE_RELICS = register_ruleset(
    RuleSet(
        name=OPTION,
        players=(),
        title=N_("Places and Relics on the surface"),
        treasure_sets=relic_sets,
        setup=relics_setup,
        hiding=relics_hiding,
    )
)

__all__ = ["MONSTERS_EACH", "OPTION", "SURFACE_RELICS", "regions_wanted", "relics_setup"]
