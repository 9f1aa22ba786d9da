"""Which abilities in force override a hook or set a flag: the lookups the hot paths make
(``legal_actions``, prices, defences) so that they call only the abilities that change
something.

The base hooks of ``Ability`` do nothing and return nothing, so calling only the abilities
whose class overrides a hook gives the same result as calling them all; these lookups are
cached per race or per ``in_force`` tuple. What a race has in force, and what the Relics
and Places lend it, is ``engine.core.abilities``; this module only asks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .abilities import CACHE_LIMIT, abilities, forget_oldest, lent, may_lend
from .protocol import Ability

if TYPE_CHECKING:
    from .state import GameState, RaceState


def overriding(race: RaceState, hook: str) -> tuple[Ability, ...]:
    """The banner and badge in force that override ``hook`` (a method of ``Ability``), so
    hot paths call only those; cached per race, power, decline and hook."""
    key = (race.name, race.power, race.in_decline, hook)
    found = _OVERRIDING.get(key)
    if found is None:
        base = getattr(Ability, hook)
        found = _OVERRIDING[key] = tuple(
            a for a in abilities(race) if getattr(type(a), hook) is not base
        )
    return found


_OVERRIDING: dict[tuple[str, str, bool, str], tuple[Ability, ...]] = {}


def overriders(working: tuple[Ability, ...], hook: str) -> tuple[Ability, ...]:
    """The abilities of ``working`` (an ``in_force`` tuple) that override ``hook``, in order.

    The base hooks do nothing and return nothing, so calling only these gives the same result
    as calling every ability; cached per tuple and hook, as the same few tuples come back on
    every call of the hot paths (``legal_actions``, ``targets``).
    """
    key = (working, hook)
    found = _OVERRIDERS.get(key)
    if found is None:
        if len(_OVERRIDERS) >= CACHE_LIMIT:
            # Banners, badges and the Relics and Places a race holds make many tuples over a
            # long run (a bot's months, a search's playouts): bounded, not growing forever.
            forget_oldest(_OVERRIDERS)
        base = getattr(Ability, hook)
        found = _OVERRIDERS[key] = tuple(a for a in working if getattr(type(a), hook) is not base)
    return found


_OVERRIDERS: dict[tuple[tuple[Ability, ...], str], tuple[Ability, ...]] = {}


def cost_abilities(race: RaceState, s: GameState) -> tuple[Ability, ...]:
    """The abilities in force that change conquest costs (the hot path skips the others):
    the banner and badge, and what the Relics and Places lend the race (``lent``)."""
    own = overriding(race, "cost_delta")
    if not may_lend(s, "cost_delta"):
        return own  # nothing lent now may change a cost
    for p in lent(s, race):
        if type(p).cost_delta is not Ability.cost_delta:
            own = (*own, p)
    return own


_FLAG_CACHE: dict[tuple[str, str, bool, str], bool] = {}


def own_flag(race: RaceState, attr: str) -> bool:
    """True if the race's banner or badge sets a boolean class flag, decline taken into
    account (cached: it depends on the race alone)."""
    key = (race.name, race.power, race.in_decline, attr)
    found = _FLAG_CACHE.get(key)
    if found is None:
        found = _FLAG_CACHE[key] = any(getattr(a, attr) for a in abilities(race))
    return found


def flag(race: RaceState, attr: str, s: GameState) -> bool:
    """True if the race's banner or badge sets a boolean class flag, decline taken into
    account, or an ability a Relic or Place lends the race (``lent``) sets it."""
    if own_flag(race, attr):
        return True
    if not may_lend(s, attr):
        return False  # nothing lent now may set it
    found = lent(s, race)
    return bool(found) and any(getattr(p, attr) for p in found)


def lends_defence(s: GameState) -> bool:
    """Whether a Relic or Place may now lend some race a guard or make it power-proof
    (``may_lend`` for either, in one test)."""
    return may_lend(s, _DEFENCE)


#: The names ``lends_defence`` asks about.
_DEFENCE = ("guard", "power_proof")
