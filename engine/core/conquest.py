"""Conquest: which regions a race may attack, and what they cost (``conquest_cost``, and
term by term ``cost_breakdown``: ``engine.core.costs`` adds them up; what a conquest does
is ``engine.core.taking``'s).

Rule text [SW p.4]: "To conquer a Region, a player must have available to deploy: 2 Race
tokens + 1 additional Race token for each Encampment, Fortress, Mountain, or Troll's Lair
marker + 1 additional Race token for each Lost Tribe or other player's Race token already
present in the Region."
"""

from __future__ import annotations

from collections.abc import Iterable

from lang import tr

from .abilities import CACHE_LIMIT, Ability, forget_oldest, in_force
from .board import (
    RIVERS,
    is_sealed,
    mapdef,
    regions_of,
    river_regions,
)
from .content import MapDef, RegionDef
from .costs import BASE_COST, RIVER_COST, cost_terms, cost_views, region_cost
from .defences import PLAIN_DEFENCE, Defences, defence_traits
from .gamehooks import may_be_proof, may_defend
from .markers import (
    DEFENCE_MARKERS,
    IMMUNE,
    IMMUNITY_MARKERS,
    OWNER_SPARED,
    SEALING_MARKERS,
)
from .names import piece, power, terrain
from .names import race as race_name
from .overrides import cost_abilities, flag, overriders
from .state import GameState, RaceState
from .terms import Term

#: At most this many tokens short for a final conquest with the die [SW p.5].
MAX_SHORT = 3


def is_first_conquest(s: GameState, race: RaceState) -> bool:
    """A race with no region on the map enters as on its first conquest [SW p.4, p.6]."""
    name = race.name
    return not any(r.race == name for r in s.regions)


def reach(
    s: GameState,
    race: RaceState,
    working: tuple[Ability, ...] | None = None,
    own: list[int] | None = None,
) -> set[int] | None:
    """Regions the race may attack by position; None means every region of the map.

    ``working`` (``in_force(s, race)``) and ``own`` (the race's regions) are passed by
    callers that have them already.
    """
    abl = in_force(s, race) if working is None else working
    if own is None:
        own = regions_of(s, race.name)
    plain = _PLAIN_REACH.get(abl)
    if plain is None:
        if len(_PLAIN_REACH) >= CACHE_LIMIT:
            forget_oldest(_PLAIN_REACH)  # as ``overriders``'s cache: bounded over a long run
        plain = _PLAIN_REACH[abl] = not any(overriders(abl, h) for h in _REACH_HOOKS)
    if plain:
        # Nothing in force changes reach (most races): the edge, or the regions next to
        # theirs, as below without asking each hook.
        if not own:
            return set(_entries(mapdef(s)))
        adjacent = _ADJACENT.get(s.map_id) or _adjacency(s)
        out: set[int] = set()
        for rid in own:  # a loop of ``|=``: faster here than ``union`` of a built list
            out |= adjacent[rid]
        out.difference_update(own)
        return out
    first = not own
    for a in overriders(abl, "reaches_anywhere"):
        if a.reaches_anywhere(s, race, first):
            return None
    if first:
        entries = set(_entries(mapdef(s)))
        for a in overriders(abl, "extra_entries"):
            entries |= a.extra_entries(s, race)
        return entries
    return neighbourhood(s, race, own, abl)


#: The hooks that change where a race may attack (``reach``).
_REACH_HOOKS = ("reaches_anywhere", "extra_entries", "extra_neighbours", "neighbours_of")
#: Whether an ``in_force`` tuple overrides none of ``_REACH_HOOKS`` (the plain rules decide).
_PLAIN_REACH: dict[tuple[Ability, ...], bool] = {}


def neighbourhood(
    s: GameState,
    race: RaceState,
    own: list[int],
    working: tuple[Ability, ...] | None = None,
) -> set[int]:
    """Regions next to ``own`` for this race: shared borders plus power-given adjacency."""
    adjacent = _ADJACENT.get(s.map_id) or _adjacency(s)
    out: set[int] = set()
    for rid in own:
        out |= adjacent[rid]
    abl = in_force(s, race) if working is None else working
    # Only the abilities that change adjacency are asked (the others add nothing).
    for a in overriders(abl, "extra_neighbours"):
        extra = a.extra_neighbours(s, race)
        if extra and any(rid in extra for rid in own):
            out |= extra
    for a in overriders(abl, "neighbours_of"):
        for rid in own:
            out |= a.neighbours_of(s, race, rid)
    out.difference_update(own)
    return out


def _adjacency(s: GameState) -> list[frozenset[int]]:
    """Each region's bordering regions by id, cached per map as ``mapdef`` is (a key always
    names the same board): ``neighbourhood`` is on the hottest path of ``legal_actions``."""
    found = _ADJACENT[s.map_id] = [r.adjacent for r in mapdef(s).regions]
    return found


_ADJACENT: dict[str, list[frozenset[int]]] = {}


def target_problem(s: GameState, race: RaceState, rid: int) -> str | None:
    """Why ``race`` may not attack ``rid`` whatever it pays, or None if it may."""
    return region_problem(
        s, race, rid, mapdef(s).regions[rid], flag(race, "enters_water", s), reach(s, race)
    )


def _entries(m: MapDef) -> frozenset[int]:
    found = _ENTRIES.get(m.id)
    if found is None:
        found = _ENTRIES[m.id] = frozenset(r.id for r in m.regions if r.entry)
    return found


_ENTRIES: dict[str, frozenset[int]] = {}


def targets(
    s: GameState,
    race: RaceState,
    working: tuple[Ability, ...] | None = None,
    own: list[int] | None = None,
) -> list[int]:
    """Every region ``race`` may attack now, whatever it costs, in id order."""
    listing = s.listing
    if listing is not None and listing[0] is race:
        # Asked by an ability while ``legal_actions`` lists the race's actions: the targets
        # it has just found, in the same position (nothing changes while it lists).
        return [rid for rid, _ in listing[1]]
    return [rid for rid, _ in priced_targets(s, race, (), working, own)]


def priced_targets(
    s: GameState,
    race: RaceState,
    costers: tuple[Ability, ...],
    working: tuple[Ability, ...] | None = None,
    own: list[int] | None = None,
    *,
    anywhere: bool = False,
) -> list[tuple[int, int]]:
    """Every region ``race`` may attack now, in id order, each with its cost as
    ``costs.region_costs`` prices it with ``costers`` (the race's ``cost_abilities``; none gives
    the plain cost): ``legal_actions`` asks this before every conquest, so the two loops
    are one here. ``anywhere``: wherever the race may reach, as the Flying Doormat lets it
    (every rule of conquest but adjacency)."""
    reachable = None if anywhere else reach(s, race, working, own)
    # Seafaring matters only on a map with water (none Underground).
    water_ok = _WATERY.get(s.map_id, True) and flag(race, "enters_water", s)
    # Regions closed to the race whoever holds them (``_closed``) are left out before the
    # per-region check, which would refuse them anyway.
    closed = _CLOSED.get((s.map_id, water_ok))
    if closed is None:
        defs = mapdef(s).regions
        closed = _CLOSED[s.map_id, water_ok] = frozenset(r.id for r in defs if _closed(r, water_ok))
        _WATERY[s.map_id] = any(r.water for r in defs)
    if reachable is None:
        ids: Iterable[int] = (rid for rid in range(len(s.regions)) if rid not in closed)
    else:
        # ``reach`` made this set for this call: closed regions leave it in place (they are
        # refused before reach is asked, so ``region_problem`` decides the same without them).
        if closed:
            reachable.difference_update(closed)
        ids = sorted(reachable)
    # Races that refuse attacks or are Gnome-proof are rare: when none may be now (a surface
    # game, say: ``may_defend``), the per-region defender check is skipped; else each
    # defending race's traits are worked out once (``Defences``), for all its regions.
    guarded = may_defend(s)
    memo = Defences(s) if guarded else None
    traits = memo.traits if memo is not None else {}
    regions, players = s.regions, s.players
    name, seat = race.name, race.owner
    players_turn = s.turn.seat
    immune = IMMUNE
    rivers = RIVERS.get(s.map_id)
    if rivers is None:
        rivers = river_regions(s)
    proofable: bool | None = None
    costers = cost_views(s, race, costers)
    out: list[tuple[int, int]] = []
    for rid in ids:
        r = regions[rid]
        owner = r.owner
        m = r.markers
        # The usual region needs none of ``region_problem``'s refusals: no marker that makes
        # it immune, not the race's own, not an opponent at peace with it, no holder with
        # guards or power-proof (its ``defence_traits``, worked out once per race in
        # ``memo``); its reach was settled by ``ids``. Any other region is asked, which
        # decides as it always has.
        holder = r.race
        if holder == name:
            continue  # ``region_problem``'s first refusal, without its sentence
        if (
            (m and not immune.isdisjoint(m))
            or (owner != -1 and owner != seat and players[owner].peace_with == seat)
            or (
                memo is not None
                and holder is not None
                and (traits.get(holder) or memo.fill(s, holder)) != PLAIN_DEFENCE
            )
        ):
            rdef = mapdef(s).regions[rid]
            if region_problem(s, race, rid, rdef, water_ok, reachable, guarded, memo):
                continue
        # ``costs.price``, for this region: its loop inlined, as a call a region
        # costs more here than the copy (tests/engine/test_speed_shortcuts.py holds the
        # two to the same prices; change them together).
        cost = BASE_COST + r.tokens
        if cost == BASE_COST and rid in rivers:
            cost = RIVER_COST
        if m:
            mine = owner == seat
            for key, n in m.items():
                if key in DEFENCE_MARKERS and not (mine and key in OWNER_SPARED):
                    cost += n
        if costers:
            proof: bool | None = None
            for a in costers:
                delta = a.cost_delta(s, race, rid)
                if delta < 0:
                    # Penalties always count; savings do not against Gnomes (ruling U-R4).
                    if proof is None:
                        if proofable is None:
                            proofable = may_be_proof(s)
                        # ``power_proof``, from the holder's traits worked out once (a
                        # game where a race may be power-proof asks them: ``memo``).
                        proof = (
                            proofable
                            and memo is not None
                            and holder is not None
                            and holder != name
                            and players_turn != s.races[holder].owner
                            and (traits.get(holder) or memo.fill(s, holder))[1]
                        )
                    if proof:
                        continue
                cost += delta
        out.append((rid, cost if cost > 1 else 1))
    return out


def _closed(rdef: RegionDef, water_ok: bool) -> bool:
    """No race may enter the region (impassable), or it is water and the race may not: the
    first refusals of ``region_problem``, whoever holds the region."""
    return rdef.impassable or (rdef.water and not water_ok)


#: ``_closed`` regions by map and ``water_ok``, for ``targets``.
_CLOSED: dict[tuple[str, bool], frozenset[int]] = {}
#: Whether a map has water regions, by map key (worked out with ``_CLOSED``).
_WATERY: dict[str, bool] = {}


def region_problem(
    s: GameState,
    race: RaceState,
    rid: int,
    rdef: RegionDef,
    water_ok: bool,
    reachable: set[int] | None,
    guarded: bool = True,
    memo: Defences | None = None,
) -> str | None:
    """Why ``race`` may not attack ``rid`` (``rdef`` its map facts), or None.

    ``water_ok``: the race may enter water; ``reachable``: the regions it may reach (None: do
    not check reach); ``guarded``: ask the defender's guards too; ``memo``: what a caller
    asking of many regions in one position (``targets``) keeps between them.
    """
    # The one place that decides whether a region may be attacked; ``targets`` calls it in a
    # loop with the per-race facts computed once.
    region = s.regions[rid]
    if region.race == race.name:
        return tr("You already hold region {region}.", region=rid)
    # The two tests of ``_closed``, each with its sentence.
    if rdef.water and not water_ok:
        return tr(
            "Region {region} is a {terrain}: only {power} races may conquer it.",
            region=rid,
            terrain=terrain(rdef.terrain),
            power=power("Seafaring"),
        )
    if rdef.impassable:
        return tr(
            "Region {region} is an {terrain}: no one may enter it.",
            region=rid,
            terrain=terrain(rdef.terrain),
        )
    m = region.markers
    if m and not IMMUNE.isdisjoint(m) and (region.owner != race.owner or is_sealed(s, rid)):
        return tr("Region {region} is immune ({marker}).", region=rid, marker=immunity_name(s, rid))
    owner = region.owner
    if owner != -1 and owner != race.owner and not race.in_decline:
        defender = s.players[owner]
        if defender.peace_with == race.owner and defender.active == region.race:
            return tr(
                "You are at peace with {who}: their active race is off limits.", who=defender.name
            )
    if reachable is not None and rid not in reachable:
        if is_first_conquest(s, race):
            return tr(
                "Region {region} is not on the border: a first conquest enters from the edge.",
                region=rid,
            )
        return tr("Region {region} is not next to your regions.", region=rid)
    if guarded and region.race is not None:
        holder = s.races[region.race]
        found = memo.traits.get(holder.name) if memo is not None else None
        if found is None:
            found = defence_traits(holder, s)
            if memo is not None:
                memo.traits[holder.name] = found
        if found == PLAIN_DEFENCE:
            return None
        guarding, proof = found
        for a in guarding:
            why = a.guard(s, holder, race, rid)
            if why:
                return why
        if proof and holder.owner != s.turn.seat and rid not in _plain(s, race, memo):
            return tr(
                "Region {region} is held by {race}: no power, Relic or Place helps you "
                "reach them, and it is not next to your regions.",
                region=rid,
                race=race_name(region.race),
            )
    return None


def _plain(s: GameState, race: RaceState, memo: Defences | None) -> set[int]:
    """``plain_reach``, kept in ``memo`` when given."""
    if memo is None:
        return plain_reach(s, race)
    if memo.plain is None:
        memo.plain = plain_reach(s, race)
    return memo.plain


def plain_reach(s: GameState, race: RaceState) -> set[int]:
    """Regions the race reaches by the plain rules: borders, or the edge on a first conquest."""
    m = mapdef(s)
    own = regions_of(s, race.name)
    if not own:
        return {r.id for r in m.regions if r.entry}
    out: set[int] = set()
    for rid in own:
        out |= m.regions[rid].adjacent
    return out


def immunity_name(s: GameState, rid: int) -> str:
    """The marker that makes a region immune, for messages."""
    m = s.regions[rid].markers
    for key in IMMUNITY_MARKERS + SEALING_MARKERS:
        if m.get(key):
            return piece(key)
    return tr("immune")


def conquest_cost(s: GameState, race: RaceState, rid: int) -> int:
    """Tokens needed to conquer ``rid`` outright, after the race's and power's modifiers."""
    listing = s.listing
    if listing is not None and listing[0] is race:
        # Asked by an ability while ``legal_actions`` lists the race's actions: the price it
        # has just found for a target (a Relic's conquest), in the same position.
        for found, cost in listing[1]:
            if found == rid:
                return cost
    return region_cost(s, race, rid, cost_abilities(race, s))


def cost_breakdown(s: GameState, race: RaceState, rid: int) -> list[Term]:
    """``conquest_cost`` term by term (``costs.cost_terms``): the base 2 (an empty River's
    1), the tokens there, each defence marker, what each race, power, Relic or Place in
    force adds or saves, a saving a power-proof defender makes useless (a term of 0), and
    what brings the sum back to the minimum of 1. The amounts add up to ``conquest_cost``,
    from the same walk over the same hooks; each term names its source for the words."""
    return cost_terms(s, race, rid, cost_abilities(race, s))
