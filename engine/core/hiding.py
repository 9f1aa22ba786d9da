"""How many Places and Relics a game hides, and which ones may be hidden.

The board's Monster regions hide one each (``content.hiding_places``: the regions showing
the world's treasure symbol, the Underground's Monsters); a rule set whose setup fills
regions with Monsters before the first turn hides one more for each of them (its
``hiding``: team play on the surface, Places and Relics on the surface). Setup draws that
many from the shuffled Relics and Places of the game's content sets
(``rulesets.game_sets``), or all of them when there are fewer.
"""

from __future__ import annotations

from typing import Any

from .content import hiding_places, load_map, treasures
from .rulesets import game_sets, ruled_hiding
from .worlds import WORLDS


def hidden_pool(world: str, options: dict[str, Any]) -> list[str]:
    """The Relics and Places a game on ``world`` with ``options`` shuffles, by key, sorted."""
    entry = WORLDS.get(world)
    sets = game_sets(entry.content_set if entry else "", options)
    return sorted(k for k, t in treasures().items() if t.set in sets.treasures)


def hiding_spots(s: Any) -> int:
    """How many Places and Relics the game ``s`` hides: the map's, then its rule sets'."""
    return hiding_places(load_map(s.map_id)) + ruled_hiding(s)


def stack_size(s: Any) -> int:
    """How many Places and Relics setup put face down in the stack of the game ``s``."""
    m = load_map(s.map_id)
    return min(hiding_spots(s), len(hidden_pool(m.world, s.options)))
