"""Queries and small mutations of the board shared by the turn rules and the abilities."""

from __future__ import annotations

from typing import Any

from .content import MapDef, components, load_map, races
from .rng import mix
from .state import GameState, RaceState

#: Markers that add one to the cost of conquering their region, each. Underground: "+ 1
#: additional Race token for each Black Mountain, each Mushroom Armor and the Keep on the
#: Motherland marker; + 1 ... for each Monster token" [SWU p.5].
DEFENCE_MARKERS = (
    "mountain",
    "lair",
    "fortress",
    "camp",
    "lost_tribe",
    "monster",
    "black_mountain",
    "armor",
    "keep",
)
#: Defence markers that are a Place's power, which its occupant's own player never uses
#: against his other race ("Using a Popular Place's power is always optional" [SWU p.14]).
OWNER_SPARED = frozenset({"keep"})
#: Markers that make a region immune to enemy conquests and powers.
IMMUNITY_MARKERS = ("hole", "hero", "dragon", "ancient", "queen")
#: Markers that make a region immune to every player, its own occupant included: the Balrog
#: [SWU p.15] "immune to all players", and the Ghost by ruling (docs/rulings.md).
SEALING_MARKERS = ("balrog", "ghost")
#: Every marker that makes a region immune (to enemies, or to everyone).
IMMUNE = frozenset(IMMUNITY_MARKERS + SEALING_MARKERS)
_SEALED = frozenset(SEALING_MARKERS)
#: Markers that belong to the race holding the region and leave with it when the region is
#: conquered or abandoned: Troll Lairs, Fortresses, Holes, Heroes, the Dragon, Mushroom Armor
#: (back to the box [SWU p.12]), the Great Ancient (off the map until the Cultists place it
#: again, by ruling), the Queen (by ruling: it leaves with the Royal region); Encampments and
#: the Bag-o'-Many-Things go back to their owner's hand instead (``clear_region``).
RACE_MARKERS = (
    "lair",
    "fortress",
    "hole",
    "hero",
    "dragon",
    "camp",
    "armor",
    "bag",
    "ancient",
    "queen",
)


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
    out): the count behind every "+1 coin per ... region" bonus."""
    defs = mapdef(s).regions
    return sum(
        1
        for rid in regions
        if (not terrain or defs[rid].terrain == terrain)
        and (not feature or feature in defs[rid].features)
    )


def regions_of(s: GameState, race: str) -> list[int]:
    """Ids of the regions a race occupies, in id order."""
    return [i for i, r in enumerate(s.regions) if r.race == race]


def owned_regions(s: GameState, seat: int) -> list[int]:
    """Ids of the regions holding any race of a seat."""
    return [i for i, r in enumerate(s.regions) if r.owner == seat]


def tokens_on_board(s: GameState, race: str) -> int:
    """Tokens of a race on the map."""
    # A list, not a generator: summing a built list is the faster of the two here, and the
    # end of every turn asks this of each race in decline.
    return sum([r.tokens for r in s.regions if r.race == race])


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
    return sum(r.markers.get(marker, 0) for r in s.regions)


#: Readable names of region markers, as the box and the rulebook call them.
MARKER_NAMES: dict[str, str] = {
    "lost_tribe": "Lost Tribe",
    "mountain": "Mountain",
    "lair": "Troll Lair",
    "fortress": "Fortress",
    "camp": "Encampment",
    "hole": "Hole-in-the-Ground",
    "hero": "Hero",
    "dragon": "Dragon",
    "monster": "Monster",
    "black_mountain": "Black Mountain",
    "armor": "Mushroom Armor",
    "volcano": "Volcano",
    "ancient": "Great Ancient",
    "balrog": "Balrog",
    "ghost": "Tomb-raider's Ghost",
    "queen": "Queen",
    "bag": "Bag-o'-Many-Things",
    "vengeance": "Vengeance",
    "hammer": "Silver Hammer",
}


def marker_limit(marker: str) -> int:
    """The number of a marker in the box."""
    return int(components()["markers"][MARKER_NAMES[marker]])


def nonempty_conquests(s: GameState, race: RaceState) -> int:
    """Non-empty regions the race conquered this turn (Orcs, Pillaging, Skeletons)."""
    return s.turn.nonempty_conquests if s.turn.race == race.name else 0


def is_empty(s: GameState, rid: int) -> bool:
    """The rules' "empty": no race token, Lost Tribe or Monster (markers do not count)."""
    r = s.regions[rid]
    return r.tokens == 0 and not r.markers.get("lost_tribe") and not r.markers.get("monster")


def is_immune(s: GameState, rid: int) -> bool:
    """Immune to enemy conquests and powers: Hole-in-the-Ground, Hero, Dragon, Great Ancient,
    Queen, or (immune to everyone) the Balrog or the Ghost."""
    m = s.regions[rid].markers
    # Markers at zero are deleted (drop_marker), so presence means at least one.
    return bool(m) and not IMMUNE.isdisjoint(m)


def is_sealed(s: GameState, rid: int) -> bool:
    """Immune to every player, its own occupant included (the Balrog, the Ghost)."""
    m = s.regions[rid].markers
    return bool(m) and not _SEALED.isdisjoint(m)


def defence(s: GameState, rid: int) -> int:
    """Tokens and markers defending a region: the cost of conquering it, before the base 2."""
    r = s.regions[rid]
    m = r.markers
    return r.tokens + (sum(m.get(k, 0) for k in DEFENCE_MARKERS) if m else 0)


def add_marker(s: GameState, rid: int, marker: str, n: int = 1) -> None:
    """Put ``n`` markers in a region."""
    m = s.regions[rid].markers
    m[marker] = m.get(marker, 0) + n


def drop_marker(s: GameState, rid: int, marker: str, n: int | None = None) -> int:
    """Take markers out of a region (all of them when ``n`` is None); return how many."""
    m = s.regions[rid].markers
    have = m.get(marker, 0)
    take = have if n is None else min(n, have)
    if take:
        if have == take:
            del m[marker]
        else:
            m[marker] = have - take
    return take


def clear_region(s: GameState, rid: int) -> None:
    """Empty a region of its race and of the markers that belong to that race.

    Encampments are never lost [SW p.10]: they go back to their race's supply, to be placed
    again by their owner.
    """
    r = s.regions[rid]
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


def roll_die(s: GameState) -> int:
    """Roll the reinforcement die (faces 0,0,0,1,2,3) from the game's seed."""
    faces = components()["die_faces"]
    s.rng_counter += 1
    return int(faces[mix(s.seed, s.rng_counter) % len(faces)])


def event(s: GameState, kind: str, **data: Any) -> None:
    """Record something that happened, for turn summaries and history."""
    data["kind"] = kind
    s.events.append(data)


def race_of(s: GameState, name: str) -> RaceState:
    """The race in play with this banner name."""
    return s.races[name]
