"""What conquering a region costs, as the rules add it up, term by term.

Rule text [SW p.4]: "To conquer a Region, a player must have available to deploy: 2 Race
tokens + 1 additional Race token for each Encampment, Fortress, Mountain, or Troll's Lair
marker + 1 additional Race token for each Lost Tribe or other player's Race token already
present in the Region." [SWU p.5] "The River only costs 1 token to conquer"; a race, power,
Relic or Place may add or save tokens (``Ability.cost_delta``), never under 1 token.

``price`` is the one walk over those tables and hooks: ``region_costs`` (behind
``conquest.conquest_cost``) adds the terms up, ``cost_terms`` (behind
``conquest.cost_breakdown``) also writes each one down (``engine.core.terms``), so the two
cannot say different things. ``conquest.priced_targets`` prices every target of
``legal_actions`` in a loop of its own, held to the same prices by
``tests/engine/test_speed_shortcuts.py`` and ``tests/engine/test_breakdowns.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .abilities import TREASURES, Ability
from .board import RIVERS, mapdef, river_regions
from .defences import power_proof
from .gamehooks import may_be_proof
from .markers import DEFENCE_MARKERS, OWNER_SPARED
from .names import PIECE, RACE, TERRAIN, TREASURE
from .state import GameState, RaceState
from .terms import ABILITY, BASE, MARKER, MINIMUM, RIVER, SPARED, TOKENS, Term, ability_term

BASE_COST = 2
#: [SWU p.5] "The River only costs 1 token to conquer".
RIVER_COST = 1
#: The term of the base cost, made once.
_BASE_TERM = Term(BASE, BASE_COST)


def price(
    s: GameState,
    race: RaceState,
    rid: int,
    costers: tuple[Ability, ...],
    rivers: frozenset[int],
    terms: list[Term] | None = None,
) -> int:
    """The tokens ``race`` needs to conquer ``rid`` before the minimum of 1, with the race's
    cost-changing abilities (``overrides.cost_abilities``) given and the map's River regions
    (``board.river_regions``); with ``terms``, each term of the sum is appended to it."""
    region = s.regions[rid]
    tokens = region.tokens
    if tokens or rid not in rivers:
        cost = BASE_COST + tokens
        if terms is not None:
            terms.append(_BASE_TERM)
            if tokens:
                terms.append(Term(TOKENS, tokens, region.race or "", RACE))
    else:
        cost = RIVER_COST
        if terms is not None:
            terms.append(Term(RIVER, RIVER_COST, mapdef(s).regions[rid].terrain, TERRAIN))
    m = region.markers
    if m:
        own = region.owner == race.owner
        for key, n in m.items():
            if key in DEFENCE_MARKERS and not (own and key in OWNER_SPARED):
                cost += n
                if terms is not None and n:
                    terms.append(Term(MARKER, n, key, TREASURE if key in TREASURES else PIECE))
    proof: bool | None = None
    for a in costers:
        delta = a.cost_delta(s, race, rid)
        if delta < 0:
            # Penalties always count; savings do not against Gnomes (ruling U-R4).
            if proof is None:
                proof = may_be_proof(s) and power_proof(s, rid, race)
            if proof:
                if terms is not None:
                    terms.append(ability_term(SPARED, 0, a, region.race or ""))
                continue
        cost += delta
        if terms is not None and delta:
            terms.append(ability_term(ABILITY, delta, a))
    return cost


def region_cost(s: GameState, race: RaceState, rid: int, costers: tuple[Ability, ...]) -> int:
    """``conquest.conquest_cost`` with the race's cost-changing abilities
    (``cost_abilities``) given: ``price`` and the minimum of 1."""
    rivers = RIVERS.get(s.map_id)
    if rivers is None:
        rivers = river_regions(s)
    cost = price(s, race, rid, costers, rivers)
    return cost if cost > 1 else 1


def region_costs(
    s: GameState, race: RaceState, rids: Sequence[int], costers: tuple[Ability, ...]
) -> list[int]:
    """The cost of conquering each of ``rids`` outright, in order: ``price`` and the minimum
    of 1, the per-map facts looked up once."""
    rivers = RIVERS.get(s.map_id)
    if rivers is None:
        rivers = river_regions(s)
    if len(rids) > 1:
        # Worth it for a list (one region, as a conquest prices it, asks ``cost_delta``).
        costers = cost_views(s, race, costers)
    out: list[int] = []
    for rid in rids:
        cost = price(s, race, rid, costers, rivers)
        out.append(cost if cost > 1 else 1)
    return out


def cost_terms(
    s: GameState,
    race: RaceState,
    rid: int,
    costers: tuple[Ability, ...],
    more: Sequence[Term] = (),
) -> list[Term]:
    """The terms of ``region_costs``'s price of ``rid``, in the order the rules add them:
    the base (or the River's), the tokens there, each defence marker, each ability's delta
    (a saving that does not count against a power-proof defender as a ``SPARED`` term of
    0), then ``more`` (the Berserk die already rolled, a Relic's saving), then what brings
    the sum back to 1 if it fell under it. Their amounts add up to the cost."""
    rivers = RIVERS.get(s.map_id)
    if rivers is None:
        rivers = river_regions(s)
    terms: list[Term] = []
    cost = price(s, race, rid, costers, rivers, terms)
    for term in more:
        terms.append(term)
        cost += term.amount
    if cost < 1:
        terms.append(Term(MINIMUM, 1 - cost))
    return terms


def cost_views(s: GameState, race: RaceState, costers: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """``costers`` to price many regions of this state with: a coster that looks around the
    board replaced by what it worked out once (``Ability.for_costs``), the others as they are."""
    if costers and _LOOKING.get(costers, True) and looks_around(costers):
        return tuple([a.for_costs(s, race) for a in costers])
    return costers


def looks_around(costers: tuple[Ability, ...]) -> bool:
    """Whether one of ``costers`` works out once what it looks around the board for
    (``Ability.for_costs``); kept per tuple in ``_LOOKING`` (the banners, badges and lent
    abilities make few)."""
    found = _LOOKING.get(costers)
    if found is None:
        found = _LOOKING[costers] = any(type(a).for_costs is not Ability.for_costs for a in costers)
    return found


_LOOKING: dict[tuple[Ability, ...], bool] = {}
