"""Conquest: which regions a race may attack, what they cost, and what a conquest does.

Rule text [SW p.4]: "To conquer a Region, a player must have available to deploy: 2 Race
tokens + 1 additional Race token for each Encampment, Fortress, Mountain, or Troll's Lair
marker + 1 additional Race token for each Lost Tribe or other player's Race token already
present in the Region."
"""

from __future__ import annotations

from .abilities import abilities, cost_abilities, flag
from .board import clear_region, event, is_empty, is_immune, mapdef, regions_of
from .content import RegionDef
from .market import remove_race
from .state import GameState, RaceState

BASE_COST = 2
#: At most this many tokens short for a final conquest with the die [SW p.5].
MAX_SHORT = 3


def is_first_conquest(s: GameState, race: RaceState) -> bool:
    """A race with no region on the map enters as on its first conquest [SW p.4, p.6]."""
    name = race.name
    return not any(r.race == name for r in s.regions)


def reach(s: GameState, race: RaceState) -> set[int] | None:
    """Regions the race may attack by position; None means every region of the map."""
    m = mapdef(s)
    abl = abilities(race)
    own = regions_of(s, race.name)
    first = not own
    if any(a.reaches_anywhere(s, race, first) for a in abl):
        return None
    if first:
        return {r.id for r in m.regions if r.entry}
    return neighbourhood(s, race, own)


def neighbourhood(s: GameState, race: RaceState, own: list[int]) -> set[int]:
    """Regions next to ``own`` for this race: shared borders plus power-given adjacency."""
    m = mapdef(s)
    out: set[int] = set()
    for rid in own:
        out |= m.regions[rid].adjacent
    for a in abilities(race):
        extra = a.extra_neighbours(s, race)
        if extra and any(rid in extra for rid in own):
            out |= extra
    out.difference_update(own)
    return out


def target_problem(s: GameState, race: RaceState, rid: int) -> str | None:
    """Why ``race`` may not attack ``rid`` whatever it pays, or None if it may."""
    return _problem(
        s, race, rid, mapdef(s).regions[rid], flag(race, "enters_water"), reach(s, race)
    )


def targets(s: GameState, race: RaceState) -> list[int]:
    """Every region ``race`` may attack now, whatever it costs, in id order."""
    reachable = reach(s, race)
    water_ok = flag(race, "enters_water")
    defs = mapdef(s).regions
    ids = range(len(s.regions)) if reachable is None else sorted(reachable)
    return [rid for rid in ids if _problem(s, race, rid, defs[rid], water_ok, reachable) is None]


def _problem(
    s: GameState,
    race: RaceState,
    rid: int,
    rdef: RegionDef,
    water_ok: bool,
    reachable: set[int] | None,
) -> str | None:
    # The one place that decides whether a region may be attacked; ``targets`` calls it in a
    # loop with the per-race facts computed once.
    region = s.regions[rid]
    if region.race == race.name:
        return f"You already hold region {rid}."
    if rdef.water and not water_ok:
        return f"Region {rid} is a {rdef.terrain}: only Seafaring races may conquer it."
    if region.owner != race.owner and is_immune(s, rid):
        return f"Region {rid} is immune ({immunity_name(s, rid)})."
    if region.owner not in (-1, race.owner) and not race.in_decline:
        defender = s.players[region.owner]
        if defender.peace_with == race.owner and defender.active == region.race:
            return f"You are at peace with {defender.name}: their active race is off limits."
    if reachable is not None and rid not in reachable:
        if is_first_conquest(s, race):
            return f"Region {rid} is not on the border: a first conquest enters from the edge."
        return f"Region {rid} is not next to your regions."
    return None


def immunity_name(s: GameState, rid: int) -> str:
    """The marker that makes a region immune, for messages."""
    m = s.regions[rid].markers
    for key, label in (("hole", "Hole-in-the-Ground"), ("hero", "Hero"), ("dragon", "Dragon")):
        if m.get(key):
            return label
    return "immune"


def conquest_cost(s: GameState, race: RaceState, rid: int) -> int:
    """Tokens needed to conquer ``rid`` outright, after the race's and power's modifiers."""
    region = s.regions[rid]
    cost = BASE_COST + region.tokens
    m = region.markers
    if m:
        cost += (
            m.get("mountain", 0)
            + m.get("lair", 0)
            + m.get("fortress", 0)
            + m.get("camp", 0)
            + m.get("lost_tribe", 0)
            + m.get("monster", 0)
        )
    for a in cost_abilities(race):
        cost += a.cost_delta(s, race, rid)
    return cost if cost > 1 else 1


def take_region(s: GameState, race: RaceState, rid: int, tokens: int, how: str = "conquer") -> None:
    """Move ``tokens`` of the race from hand into ``rid``, resolving the defender's losses.

    [SW p.4] The defender "must immediately take all of these Race tokens back in hand and:
    Permanently discard one Race token back into the Storage tray; Keep the other Race tokens
    in hand, and redeploy them ... as the final action of the current player's turn."

    A race In Decline whose last region this was leaves the map at once, its tokens in hand
    with it [SW p.6]: "when the last token of a race In Decline is wiped off the map".
    """
    region = s.regions[rid]
    turn = s.turn
    nonempty = not is_empty(s, rid)
    defender_name = region.race
    lost = 0
    defender = None
    if defender_name is not None:
        defender = s.races[defender_name]
        held = region.tokens
        loss = 1
        for a in abilities(defender):
            loss = min(loss, a.losses)
        if how == "enchant":
            loss = 1
        lost = min(held, loss)
        defender.hand += held - lost
        if (
            region.owner != race.owner
            and s.players[region.owner].active == defender_name
            and region.owner not in turn.attacked
        ):
            turn.attacked.append(region.owner)
    tribe = region.markers.pop("lost_tribe", 0)
    region.markers.pop("monster", None)
    clear_region(s, rid)
    region.race = race.name
    region.owner = race.owner
    region.tokens = tokens
    race.hand -= tokens if how != "enchant" else 0
    turn.acted = True
    turn.conquered.append(rid)
    if nonempty:
        turn.nonempty_conquests += 1
    event(
        s,
        how,
        seat=race.owner,
        race=race.name,
        region=rid,
        tokens=tokens,
        defender=defender_name,
        # The owner is recorded, not looked up later: the race may leave the map at once.
        defender_seat=defender.owner if defender is not None else None,
        lost=lost,
        lost_tribe=bool(tribe),
    )
    if defender is not None and defender.in_decline and not regions_of(s, defender.name):
        # Gone now, not when the turn closes: the banner is back under the stack before the
        # next conquest of this turn.
        defender.hand = 0
        remove_race(s, defender.name)
    for a in abilities(race):
        a.on_conquer(s, race, rid)
