"""Which hooks a game may need: the turn rules skip a check that no race, power, Relic or
Place the game can hold overrides (every such check, in a surface game), and ask only the
banner and badge for a moment no Relic or Place ever overrides (``hooked``)."""

from __future__ import annotations

from collections.abc import Callable

from .abilities import (
    AFTER_ACTION,
    CHANGED_BY,
    FOLLOWING,
    LENDERS,
    POWERS,
    RACES,
    TREASURES,
    Ability,
    hidden_total,
    holdings,
    in_force,
    may_lend,
)
from .content import load_map, powers, races, treasures
from .overrides import overriders, overriding
from .rulesets import barred_in_decline, game_sets, options_on
from .state import GameState, RaceState
from .worlds import WORLDS

_HOOKS_USED: dict[tuple[str, frozenset[str]], frozenset[str]] = {}
#: The hooks and flags ``map_hooks`` looks for.
_OPTIONAL_HOOKS = (
    "must",
    "guard",
    "power_proof",
    "on_lost",
    "on_seat_lost",
    "declines_after_scoring",
)


def map_hooks(s: GameState) -> frozenset[str]:
    """Which of the rarely used hooks and flags (``must``, ``guard``, ``power_proof``,
    ``on_lost``, ``on_seat_lost``, ``declines_after_scoring``) any race, power, Relic or
    Place the game may hold
    overrides or sets: the turn rules skip a check no ability of the game can need (all of
    them, in a surface game). Those a race banner or power badge of the game overrides or
    sets are in it a second time, prefixed ``BANNER`` (``banner:guard``), and the Relics
    and Places the game may hold, prefixed ``PIECE`` (``piece:stonehedge``). Cached per map
    and set of options turned on, and on the state (``GameState.map_hooks``)."""
    found = s.map_hooks
    if found is None:
        key = (s.map_id, options_on(s))
        found = _HOOKS_USED.get(key)
        if found is None:
            banners, treasures_ = _pool(s)
            found = _overridden(banners + treasures_)
            found = _HOOKS_USED[key] = (
                found
                | {BANNER + h for h in _overridden(banners)}
                | {PIECE + t.name for t in treasures_}
            )
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
    if _BANNER_GUARD in hooks or _BANNER_PROOF in hooks:
        return True
    return may_lend(s, "guard") or may_lend(s, "power_proof")


def may_be_proof(s: GameState) -> bool:
    """Whether a race may be power-proof now (``defences.power_proof``: Gnomes): a banner or
    badge of the game is, or a Relic or Place may lend it. False lets conquest costs skip
    asking each defender whether a saving counts against it."""
    hooks = map_hooks(s)
    if "power_proof" not in hooks:
        return False
    return _BANNER_PROOF in hooks or may_lend(s, "power_proof")


def followers(s: GameState) -> tuple[Callable[[GameState], None], ...]:
    """The after-action hooks (``abilities.AFTER_ACTION``) of the Relics and Places the game
    may hold (``map_hooks`` names them ``piece:`` and their key), in registration order:
    ``rules.apply`` runs these alone, the others following a piece not in the game."""
    found = FOLLOWING.get(s.map_hooks)  # type: ignore[arg-type]
    if found is None:
        hooks = map_hooks(s)
        found = FOLLOWING[hooks] = tuple(h for k, h in AFTER_ACTION if PIECE + k in hooks)
    return found


#: ``map_hooks``'s prefix for a Relic or Place the game may hold (``piece:stonehedge``).
PIECE = "piece:"
#: ``map_hooks``'s prefix for a hook or flag a race banner or power badge of the game sets.
BANNER = "banner:"
#: ``map_hooks``'s entries for a banner or badge that guards, or is power-proof.
_BANNER_GUARD = BANNER + "guard"
_BANNER_PROOF = BANNER + "power_proof"
#: ``map_hooks``'s entry for a banner or badge that may force a choice (``Ability.must``).
BANNER_MUST = BANNER + "must"


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

    A race that holds no Relic or Place that overrides the moment (``abilities.CHANGED_BY``)
    and no lender (whose loan may) is asked through its banner and badge alone
    (``overriding``, one cached lookup): the pieces ``in_force`` adds would add nothing.
    """
    if s.hidden_total == 0:
        return overriding(race, hook)  # a game without Relics or Places
    held = s.holdings
    if held is None or s.held is None:
        if not hidden_total(s):
            return overriding(race, hook)
        held = holdings(s)
    # Only a Relic or Place the race holds adds to the banner and badge in ``in_force``: one
    # that overrides the moment, or a lender (what it lends may). Most races hold none; in
    # decline, a rule set may bar them.
    mine = held.get(race.name)
    if mine and not (race.in_decline and s.options and barred_in_decline(s)):
        by = CHANGED_BY.get(hook)
        for _, k in mine:
            if k in LENDERS or (by is not None and k in by):
                return overriders(in_force(s, race), hook)
    return overriding(race, hook)
