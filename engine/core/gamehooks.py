"""Which rarely used hooks a game may need: the turn rules skip a check that no race,
power, Relic or Place the game can hold overrides (every such check, in a surface game)."""

from __future__ import annotations

from .abilities import POWERS, RACES, TREASURES, Ability
from .content import load_map, powers, races, treasures
from .rulesets import game_sets, options_on
from .state import GameState
from .worlds import WORLDS

_HOOKS_USED: dict[tuple[str, frozenset[str]], frozenset[str]] = {}
#: The hooks and flags ``map_hooks`` looks for.
_OPTIONAL_HOOKS = ("must", "guard", "power_proof", "on_lost", "on_seat_lost")


def map_hooks(s: GameState) -> frozenset[str]:
    """Which of the rarely used hooks and flags (``must``, ``guard``, ``power_proof``,
    ``on_lost``, ``on_seat_lost``) any race, power, Relic or Place the game may hold
    overrides or sets: the turn rules skip a check no ability of the game can need (all of
    them, in a surface game). Cached per map and set of options turned on."""
    key = (s.map_id, options_on(s))
    found = _HOOKS_USED.get(key)
    if found is None:
        world = WORLDS.get(load_map(s.map_id).world)
        sets = game_sets(world.content_set if world else "", s.options)
        pool = [RACES[n] for n, d in races().items() if d.set in sets.market and n in RACES]
        pool += [POWERS[n] for n, d in powers().items() if d.set in sets.market and n in POWERS]
        # Every Relic and Place of the data has its class (a test checks it).
        pool += [TREASURES[k] for k, d in treasures().items() if d.set in sets.treasures]
        found = _HOOKS_USED[key] = frozenset(
            hook
            for hook in _OPTIONAL_HOOKS
            if any(getattr(type(a), hook) is not getattr(Ability, hook) for a in pool)
        )
    return found
