"""Which hooks a game may need: the turn rules skip a check that no race, power, Relic or
Place the game can hold overrides (every such check, in a surface game), and ask only the
banner and badge for a moment no Relic or Place ever overrides (``hooked``)."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from .abilities import (
    LENDERS,
    POWERS,
    RACES,
    TREASURES,
    Ability,
    in_force,
    overriders,
    overriding,
)
from .content import load_map, powers, races, treasures
from .rulesets import game_sets, options_on
from .state import GameState, RaceState
from .worlds import WORLDS

_HOOKS_USED: dict[tuple[str, frozenset[str]], frozenset[str]] = {}
#: The hooks and flags ``map_hooks`` looks for.
_OPTIONAL_HOOKS = ("must", "guard", "power_proof", "on_lost", "on_seat_lost")


def map_hooks(s: GameState) -> frozenset[str]:
    """Which of the rarely used hooks and flags (``must``, ``guard``, ``power_proof``,
    ``on_lost``, ``on_seat_lost``) any race, power, Relic or Place the game may hold
    overrides or sets: the turn rules skip a check no ability of the game can need (all of
    them, in a surface game). Cached per map and set of options turned on, and on the state
    (``GameState.map_hooks``)."""
    found = s.map_hooks
    if found is None:
        key = (s.map_id, options_on(s))
        found = _HOOKS_USED.get(key)
        if found is None:
            banners, treasures_ = _pool(s)
            found = _HOOKS_USED[key] = _overridden(banners + treasures_)
            _BANNER_HOOKS[key] = _overridden(banners)
        s.map_hooks = found
    return found


def may_defend(s: GameState) -> bool:
    """Whether a race may have defence traits now (``abilities.defence_traits``: guards, or
    power-proof): a banner or badge of the game may, or a Relic or Place may lend them and
    a lender has something to lend (``lends_after``). False lets ``conquest.targets`` skip
    asking every race (team play's Boneyard lends only once Bony sits on a banner)."""
    hooks = map_hooks(s)
    if "guard" not in hooks and "power_proof" not in hooks:
        return False
    key = (s.map_id, options_on(s))
    own = _BANNER_HOOKS.get(key)
    if own is None:
        own = _BANNER_HOOKS[key] = _overridden(_pool(s)[0])
    if "guard" in own or "power_proof" in own:
        return True
    if len(TREASURES) != _quiet.registered:
        _quiet.update()
    return bool(_quiet.any_lending(s))


#: ``map_hooks`` for the game's race banners and power badges alone, by the same key.
_BANNER_HOOKS: dict[tuple[str, frozenset[str]], frozenset[str]] = {}


def _pool(s: GameState) -> tuple[list[Ability], list[Ability]]:
    """The race banners and power badges the game's market may hold, and its Relics and
    Places."""
    world = WORLDS.get(load_map(s.map_id).world)
    sets = game_sets(world.content_set if world else "", s.options)
    banners = [RACES[n] for n, d in races().items() if d.set in sets.market and n in RACES]
    banners += [POWERS[n] for n, d in powers().items() if d.set in sets.market and n in POWERS]
    # Every Relic and Place of the data has its class (a test checks it).
    return banners, [TREASURES[k] for k, d in treasures().items() if d.set in sets.treasures]


def _overridden(pool: list[Ability]) -> frozenset[str]:
    """Which of ``_OPTIONAL_HOOKS`` an ability of ``pool`` overrides or sets."""
    return frozenset(
        hook
        for hook in _OPTIONAL_HOOKS
        if any(getattr(type(a), hook) is not getattr(Ability, hook) for a in pool)
    )


def hooked(s: GameState, race: RaceState, hook: str) -> tuple[Ability, ...]:
    """What in force for ``race`` overrides ``hook`` (``overriders`` of ``in_force``): the
    turn rules call a moment's hook on these alone, as the others would do nothing.

    A moment no registered Relic or Place overrides, nor any ability a lender may lend
    (``Ability.lendable``), is asked of the banner and badge alone (``overriding``, one cached
    lookup): the Relics and Places in force would add nothing. A lender that may lend any
    ability (the Stonehedge's drawn power) turns this off while its ``lends_after`` field is
    set.
    """
    if len(TREASURES) != _quiet.registered:
        _quiet.update()
    if hook not in _quiet.overridden and not _quiet.lending(s):
        return overriding(race, hook)
    return overriders(in_force(s, race), hook)


def _never(s: GameState) -> bool:
    """``_Quiet.lending`` while no lender may lend any ability: never."""
    return False


def _any_set(fields: tuple[str, ...]) -> Callable[[GameState], bool]:
    """``_Quiet.lending`` for these ``lends_after`` fields: any of them is set."""
    get = attrgetter(*fields)
    if len(fields) == 1:
        return lambda s: bool(get(s))
    return lambda s: any(get(s))


class _Quiet:
    """What ``hooked`` knows of the registered Relics and Places, rebuilt whenever one more
    has registered (the registries only grow)."""

    def __init__(self) -> None:
        #: How many Relics and Places were registered at the last ``update``.
        self.registered = -1
        #: Every hook a Relic or Place, or an ability a lender may lend, overrides.
        self.overridden: frozenset[str] = frozenset()
        #: Whether a lender that may lend any ability has something to lend now.
        self.lending: Callable[[GameState], object] = _never
        #: Whether any lender has something to lend now (``abilities.lent`` may lend).
        self.any_lending: Callable[[GameState], object] = _never

    def update(self) -> None:
        pool: list[Ability] = list(TREASURES.values())
        fields: list[str] = []
        for lender in LENDERS.values():
            if lender.lendable is None:
                fields.append(lender.lends_after)
            else:
                pool += lender.lendable
        self.overridden = frozenset(
            name
            for name, base in vars(Ability).items()
            if callable(base) and not name.startswith("_")
            for a in pool
            if getattr(type(a), name) is not base
        )
        self.lending = _any_set(tuple(dict.fromkeys(fields))) if fields else _never
        every = tuple(dict.fromkeys(lender.lends_after for lender in LENDERS.values()))
        self.any_lending = _any_set(every) if every else _never
        self.registered = len(TREASURES)


_quiet = _Quiet()
