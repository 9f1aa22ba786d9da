"""Which races and powers make no sense in a game, and are taken out of its stacks.

[SWU "Compatibility with Small World"] "Powers and effects that make no sense (because they
were linked to a Terrain type that no longer exists, or because they are linked to Relics or
Places when those are not in play) do not apply and must be taken out of the game before
start." Each race and power declares what it is linked to (``Ability.needs``,
``Ability.needs_treasures``); setup leaves out of the stacks every banner and badge whose
needs the world and the game's treasures do not meet. A world always meets the needs of its
own content, so a game of one world loses nothing.
"""

from __future__ import annotations

from functools import cache

from .abilities import POWERS, RACES, Ability
from .content import powers, races, treasures
from .rulesets import GameSets
from .worlds import WORLDS, World


def unmet(ability: Ability, world: World, kinds: frozenset[str]) -> str | None:
    """Why ``ability`` makes no sense on ``world`` with the treasure kinds ``kinds`` in play
    ("relic", "place"), or None when it does."""
    if ability.needs and not any(world.shows(n) for n in ability.needs):
        return f"{' or '.join(ability.needs)}: none in {world.display_name}"
    if ability.needs_treasures and kinds.isdisjoint(ability.needs_treasures):
        names = " or ".join(
            "Righteous Relics" if k == "relic" else "Popular Places"
            for k in ability.needs_treasures
        )
        return f"no {names} in play"
    return None


def taken_out(world: World, sets: GameSets) -> dict[str, str]:
    """The banners and badges of the game's sets (``sets.market``) taken out before the
    start on ``world``, each with the reason, banners first, in the data's order."""
    return _taken_out(world.name, sets)


@cache
def _taken_out(name: str, sets: GameSets) -> dict[str, str]:
    world = WORLDS[name]
    kinds = frozenset(t.kind for t in treasures().values() if t.set in sets.treasures)
    out: dict[str, str] = {}
    for table, defs in ((RACES, races()), (POWERS, powers())):
        for name, d in defs.items():
            ability = table.get(name)
            if d.set in sets.market and ability is not None:
                why = unmet(ability, world, kinds)
                if why is not None:
                    out[name] = why
    return out
