"""Queries and small mutations of the board shared by the turn rules and the abilities."""

from __future__ import annotations

from bisect import insort
from typing import Any

from .content import MapDef, components, load_map, races
from .markers import DEFENCE_MARKERS, IMMUNE, MARKER_NAMES, OCCUPYING, RACE_MARKERS, SEALED
from .rng import mix
from .state import GameState, RaceState


def mapdef(s: GameState) -> MapDef:
    """The map definition of this game."""
    # Cached by key: a map key always names the same board (built-in ids are files, other
    # keys hash the map's content), and this is on the hottest path of the rules.
    found = _MAPS.get(s.map_id)
    if found is None:
        found = _MAPS[s.map_id] = load_map(s.map_id)
    return found


_MAPS: dict[str, MapDef] = {}
#: The River regions of each map (``river_regions``'s cache; the conquest hot path reads it).
RIVERS: dict[str, frozenset[int]] = {}


def river_regions(s: GameState) -> frozenset[int]:
    """Ids of the map's River regions (none on the surface), cached per map."""
    found = RIVERS.get(s.map_id)
    if found is None:
        found = RIVERS[s.map_id] = frozenset(r.id for r in mapdef(s).regions if r.river)
    return found


def count_regions(s: GameState, regions: list[int], terrain: str = "", feature: str = "") -> int:
    """How many of ``regions`` are of ``terrain`` and show ``feature`` (either may be left
    out), or count as them on another world (``RegionDef.kinds``, ``World.alike``): the
    count behind every "+1 coin per ... region" bonus."""
    defs = mapdef(s).regions
    return sum(
        1
        for rid in regions
        if (not terrain or terrain in defs[rid].kinds)
        and (not feature or feature in defs[rid].kinds)
    )


def regions_of(s: GameState, race: str) -> list[int]:
    """Ids of the regions a race occupies, in id order (a new list: the caller may keep it)."""
    held = s.held
    if held is None:
        held = index_regions(s)
    found = held.get(race)
    return found[:] if found else []


def held_regions(s: GameState, race: str) -> list[int]:
    """``regions_of`` without the copy: the index's own list, for a caller that only reads
    it and lets it go before the board changes (the hot paths of ``legal_actions``)."""
    held = s.held
    if held is None:
        held = index_regions(s)
    return held.get(race) or []


def index_regions(s: GameState) -> dict[str, list[int]]:
    """Build the index of the regions each race holds (``GameState.held``) from the board.

    Rules code changes a region's race only by ``clear_region`` and ``occupy``, which keep
    the index, and its markers only by ``add_marker``, ``drop_marker`` and those two; anything
    else that writes ``RegionState.race`` or puts a Place or Relic (a position staged by hand)
    sets ``s.held = None`` after it. Which pieces each race holds (``GameState.holdings``) is
    worked out again too."""
    s.holdings = None
    held: dict[str, list[int]] = {}
    for i, r in enumerate(s.regions):
        if r.race is not None:
            held.setdefault(r.race, []).append(i)
    s.held = held
    return held


def occupy(s: GameState, rid: int, race: RaceState, tokens: int) -> None:
    """Put ``tokens`` of ``race`` in the empty region ``rid`` (``clear_region`` first)."""
    r = s.regions[rid]
    assert r.race is None, (rid, r.race)
    if r.markers:
        s.holdings = None  # a Place or Relic here may change hands (``abilities.holdings``)
    r.race = race.name
    r.owner = race.owner
    r.tokens = tokens
    held = s.held
    if held is not None:
        mine = held.get(race.name)
        if mine is None:
            held[race.name] = [rid]
        elif not mine or mine[-1] < rid:
            mine.append(rid)
        else:
            insort(mine, rid)


def owned_regions(s: GameState, seat: int) -> list[int]:
    """Ids of the regions holding any race of a seat."""
    return [i for i, r in enumerate(s.regions) if r.owner == seat]


def tokens_on_board(s: GameState, race: str) -> int:
    """Tokens of a race on the map."""
    # The race's regions from the index (``regions_of``), not a scan of the board: the end
    # of every turn asks this of each race in decline.
    held = s.held
    if held is None:
        held = index_regions(s)
    regions = s.regions
    return sum([regions[rid].tokens for rid in held.get(race, ())])


def tray(s: GameState, race: str) -> int:
    """Tokens of a race still in the box: total minus board, hand and off-board reserve.

    Tokens the race only borrows (Silver Hammers in play) are not its own: they are added back.
    """
    total = races()[race].tray
    rs = s.races.get(race)
    if rs is None:
        return total
    return total - tokens_on_board(s, race) - rs.hand - rs.reserve + rs.borrowed


def marker_total(s: GameState, marker: str) -> int:
    """How many of a marker lie on the map."""
    total = 0
    for r in s.regions:  # a loop, not a generator: the Fortified ask at every step
        m = r.markers
        if m:
            total += m.get(marker, 0)
    return total


def marker_limit(marker: str) -> int:
    """The number of a marker in the box (``components.json`` counts it by its name)."""
    return int(components()["markers"][MARKER_NAMES[marker]])


def nonempty_conquests(s: GameState, race: RaceState) -> int:
    """Non-empty regions the race conquered this turn (Orcs, Pillaging, Skeletons)."""
    return s.turn.nonempty_conquests if s.turn.race == race.name else 0


def is_empty(s: GameState, rid: int) -> bool:
    """The rules' "empty": no race token and no marker that occupies the region as a race
    would (``markers.OCCUPYING``: Lost Tribes, Monsters); other markers do not count."""
    r = s.regions[rid]
    m = r.markers
    return r.tokens == 0 and not (m and any(m.get(k) for k in OCCUPYING))


def is_immune(s: GameState, rid: int) -> bool:
    """Immune to enemy conquests and powers: a marker of ``markers.IMMUNE`` lies there (one
    immune to enemies, or one that seals the region against everyone)."""
    m = s.regions[rid].markers
    # Markers at zero are deleted (drop_marker), so presence means at least one.
    return bool(m) and not IMMUNE.isdisjoint(m)


def is_sealed(s: GameState, rid: int) -> bool:
    """Immune to every player, its own occupant included (``markers.SEALED``)."""
    m = s.regions[rid].markers
    return bool(m) and not SEALED.isdisjoint(m)


def defence(s: GameState, rid: int) -> int:
    """Tokens and markers defending a region: the cost of conquering it, before the base 2."""
    r = s.regions[rid]
    m = r.markers
    return r.tokens + (sum(m.get(k, 0) for k in DEFENCE_MARKERS) if m else 0)


def add_marker(s: GameState, rid: int, marker: str, n: int = 1) -> None:
    """Put ``n`` markers in a region."""
    m = s.regions[rid].markers
    m[marker] = m.get(marker, 0) + n
    s.holdings = None  # it may be a Place or Relic (``abilities.holdings``)


def drop_marker(s: GameState, rid: int, marker: str, n: int | None = None) -> int:
    """Take markers out of a region (all of them when ``n`` is None); return how many."""
    m = s.regions[rid].markers
    have = m.get(marker, 0)
    take = have if n is None else min(n, have)
    if take:
        s.holdings = None  # it may be a Place or Relic (``abilities.holdings``)
        if have == take:
            del m[marker]
        else:
            m[marker] = have - take
    return take


def clear_region(s: GameState, rid: int) -> None:
    """Empty a region of its race and of the markers that belong to that race
    (``markers.RACE_MARKERS``).

    Encampments are never lost [SW p.10]: they go back to their race's supply, to be placed
    again by their owner.
    """
    r = s.regions[rid]
    if r.markers:
        s.holdings = None  # a Place or Relic here may change hands (``abilities.holdings``)
    if r.race is not None and s.held is not None:
        mine = s.held.get(r.race)
        if mine is not None and rid in mine:
            mine.remove(rid)
    camps = r.markers.get("camp", 0)
    owner = s.races.get(r.race) if r.race else None
    if camps and owner is not None:
        owner.camps_free += camps
    if r.markers.get("bag") and owner is not None:
        # [SWU p.13] "you do not leave the Bag behind; rather you take it back in hand."
        owner.pieces["bag"] = owner.pieces.get("bag", 0) + 1
    r.race = None
    r.owner = -1
    r.tokens = 0
    if r.markers:
        for k in RACE_MARKERS:
            r.markers.pop(k, None)


def take_token(s: GameState, rid: int) -> bool:
    """Take one token off region ``rid`` (to the tray or a hand: the caller's to say); the
    region is cleared if that was its last. Returns whether it was."""
    r = s.regions[rid]
    r.tokens -= 1
    if r.tokens:
        return False
    clear_region(s, rid)
    return True


def roll_die(s: GameState) -> int:
    """Roll the reinforcement die (faces 0,0,0,1,2,3) from the game's seed."""
    faces = components()["die_faces"]
    s.rng_counter += 1
    return int(faces[mix(s.seed, s.rng_counter) % len(faces)])


def event(s: GameState, kind: str, **data: Any) -> None:
    """Record something that happened, for turn summaries and history."""
    data["kind"] = kind
    s.events.append(data)


def record(s: GameState, kind: str, data: dict[str, Any]) -> None:
    """``event`` with its fields as a dict the caller made (and gives up)."""
    data["kind"] = kind
    s.events.append(data)


def race_of(s: GameState, name: str) -> RaceState:
    """The race in play with this banner name."""
    return s.races[name]
