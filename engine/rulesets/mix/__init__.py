"""Mixed markets [SWU "Compatibility with Small World"]: one market of the surface's and the
Underground's races and powers, on either world, for any player count (2 to 5, and 6 with
team play). Game option ``mix``.

The Underground rulebook (rules/small-world-underground.en.txt, "Compatibility with Small
World") lets players "mix and match elements from both games, taking some Small World races
underground or bringing some underground races to the surface". The rule set adds both
content sets to the stacks (``market_sets``); the rest is the core's and the worlds' data:

- the equivalent terrains and symbols ("Black Mountain/Mountain ... Muddy/Marsh ...
  Mushroom Forest/Forest ... Mining/Mine symbol ... Mystic Crystals/Magic symbol") and "the
  Seas and Lake ... transferred to the River Regions and vice versa" are each world's
  ``World.alike``, which the races and powers read through ``RegionDef.kinds``;
- "Powers and effects that make no sense ... must be taken out of the game before start":
  each race and power declares what it is linked to (``Ability.needs``,
  ``needs_treasures``) and setup leaves out what the world and the game's Relics and Places
  do not offer (``engine.core.fitting.taken_out``), which the view lists under
  ``view(...)["rulesets"]["mix"]["taken_out"]``.

Rulings 98-110 in docs/rulings.md ("Mixed markets"); notes in docs/notes/mixed-markets.md.
"""

from __future__ import annotations

from typing import Any

from engine.core.board import mapdef
from engine.core.fitting import taken_out
from engine.core.rulesets import RuleSet, game_sets, register_ruleset
from engine.core.state import GameState
from engine.core.worlds import WORLDS
from lang import N_

#: The game option that turns mixed markets on.
OPTION = "mix"
#: The content sets (``set`` in data/races.json and powers.json) of the one market.
SETS = ("base", "underground")


def market_sets(world_set: str) -> tuple[str, ...]:
    """Both worlds' races and powers join the stacks, whichever world is played."""
    del world_set
    return SETS


def removed(s: GameState) -> dict[str, str]:
    """The banners and badges taken out of this game before the start, with the reason."""
    world = WORLDS[mapdef(s).world]
    return taken_out(world, game_sets(world.content_set, s.options))


def mix_view(s: GameState, viewer: int | None) -> dict[str, Any]:
    """What everyone sees: the sets in the market and what was taken out, and why."""
    del viewer
    return {"sets": list(SETS), "taken_out": dict(removed(s))}


MIX = register_ruleset(
    RuleSet(
        name=OPTION,
        players=(),
        view=mix_view,
        title=N_("mixed markets"),
        market_sets=market_sets,
    )
)

__all__ = ["MIX", "OPTION", "SETS", "market_sets", "mix_view", "removed"]
