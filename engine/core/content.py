"""Game content read from the project's ``data/`` folder: races, powers, components, maps.

Everything here is immutable and shared by all games; per-game state lives in ``state``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .rulesets import all_player_counts, counts_text
from .worlds import DEFAULT_WORLD, WORLDS, default_world

DATA_DIR = Path(__file__).resolve().parents[2] / "data"


@dataclass(frozen=True, slots=True)
class RaceDef:
    """A race banner: tokens it gives, tokens in the box, conquest-only extras."""

    name: str
    set: str
    tokens: int
    tray: int
    conquest_only: int = 0


@dataclass(frozen=True, slots=True)
class PowerDef:
    """A special power badge and the tokens it adds."""

    name: str
    set: str
    tokens: int


@dataclass(frozen=True, slots=True)
class TreasureDef:
    """A Righteous Relic or Popular Place: its marker key, names and kind."""

    key: str
    name: str
    fr: str
    kind: str
    set: str

    @property
    def relic(self) -> bool:
        """Relics move to the region where they were last used; Places never move."""
        return self.kind == "relic"


@dataclass(frozen=True, slots=True)
class RegionDef:
    """One region of a printed map, with everything the rules derive from the map alone."""

    id: int
    terrain: str
    features: frozenset[str]
    edge: bool
    entry: bool
    adjacent: frozenset[int]
    coastal: bool
    #: Seas and Lakes: closed to everyone but Seafaring races.
    water: bool = False
    #: The Underground River: 1 token to conquer when empty, emptied at redeployment.
    river: bool = False
    #: An Abysmal Chasm: never entered, never crossed.
    impassable: bool = False
    #: Its terrain, its symbols, and the terrains and symbols of other worlds they count as
    #: (``World.alike``): what "a Forest region" or "a Mine region" asks.
    kinds: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class MapDef:
    """A board: its regions and the length of its turn track."""

    id: str
    name: str
    players: tuple[int, ...]
    turns: int
    regions: tuple[RegionDef, ...]
    world: str = DEFAULT_WORLD

    def with_feature(self, feature: str) -> frozenset[int]:
        """Ids of the regions that carry ``feature`` (for example ``"Cavern"``)."""
        return frozenset(r.id for r in self.regions if feature in r.features)


def _read(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


@cache
def races() -> dict[str, RaceDef]:
    """All race banners by name."""
    return {
        r["name"]: RaceDef(r["name"], r["set"], r["tokens"], r["tray"], r.get("conquest_only", 0))
        for r in _read("races.json")["races"]
    }


@cache
def powers() -> dict[str, PowerDef]:
    """All special power badges by name."""
    return {
        p["name"]: PowerDef(p["name"], p["set"], p["tokens"])
        for p in _read("powers.json")["powers"]
    }


@cache
def treasures() -> dict[str, TreasureDef]:
    """All Relics and Places by marker key, in the order of the data file."""
    return {
        t["key"]: TreasureDef(t["key"], t["name"], t["fr"], t["kind"], t["set"])
        for t in _read("treasures.json")["treasures"]
    }


@cache
def combo_tokens(race: str, power: str) -> int:
    """Tokens a combo's banner and badge give when it is picked [SW p.4], those for conquest
    only included (before any cap by the race's tray)."""
    r = races()[race]
    return r.tokens + r.conquest_only + powers()[power].tokens


@cache
def components() -> dict[str, Any]:
    """Physical limits of the box: marker counts, die faces, starting coins (read once: the
    die roll of every reinforcement reads it; callers only read it)."""
    return _read("components.json")


def build_map(raw: dict[str, Any]) -> MapDef:
    """Turn a map's JSON form into a ``MapDef``, checking that adjacency is symmetric."""
    by_id = {r["id"]: r for r in raw["regions"]}
    if sorted(by_id) != list(range(len(by_id))):
        raise ValueError(f"map {raw['id']}: region ids must be 0..{len(by_id) - 1}")
    for r in raw["regions"]:
        for n in r["adjacent"]:
            if r["id"] not in by_id[n]["adjacent"]:
                raise ValueError(f"map {raw['id']}: {r['id']} lists {n} but not the reverse")
    # A world the table does not know reads as the default one (no crossable or impassable
    # terrain there); ``maps.validate`` refuses such maps before they are played.
    world = WORLDS.get(raw.get("world", DEFAULT_WORLD)) or default_world()
    crossable = world.crossable
    impassable = world.impassable
    seas = world.seas
    # Coastal: bordering a Sea or Lake (Tritons) or the River (Fisher).
    shore = seas | crossable
    alike = world.alike
    regions = []
    for r in raw["regions"]:
        own = frozenset((r["terrain"], *r["features"]))
        kinds = own.union(*(alike.get(k, ()) for k in own)) if alike else own
        coastal = any(by_id[n]["terrain"] in shore for n in r["adjacent"])
        regions.append(
            RegionDef(
                id=r["id"],
                terrain=r["terrain"],
                features=frozenset(r["features"]),
                edge=r["edge"],
                entry=r["entry"] or r["edge"],
                adjacent=frozenset(r["adjacent"]),
                coastal=coastal,
                water=r["terrain"] in seas,
                river=r["terrain"] in crossable,
                impassable=r["terrain"] in impassable,
                kinds=kinds,
            )
        )
    return MapDef(
        raw["id"],
        raw["name"],
        tuple(raw["players"]),
        raw["turns"],
        tuple(regions),
        raw.get("world", DEFAULT_WORLD),
    )


def hiding_places(m: MapDef) -> int:
    """How many Places and Relics the board hides: one per region showing its world's
    treasure symbol (the Underground's Monsters), none on the surface."""
    world = WORLDS.get(m.world)
    symbol = world.treasure_symbol if world else ""
    return sum(1 for r in m.regions if symbol in r.features) if symbol else 0


def map_to_dict(m: MapDef) -> dict[str, Any]:
    """The JSON form of a map, such that ``build_map(map_to_dict(m)) == m``.

    Region lists are sorted, and ``entry`` is the value the rules use (edge regions included),
    so two files describing the same board give the same dict.
    """
    return {
        "id": m.id,
        "name": m.name,
        "world": m.world,
        "players": list(m.players),
        "turns": m.turns,
        "regions": [
            {
                "id": r.id,
                "terrain": r.terrain,
                "features": sorted(r.features),
                "edge": r.edge,
                "entry": r.entry,
                "adjacent": sorted(r.adjacent),
            }
            for r in m.regions
        ],
    }


#: Maps that are not files of ``data/maps``, by the key games refer to them with.
_registered: dict[str, tuple[MapDef, dict[str, Any]]] = {}


def builtin_maps() -> list[str]:
    """Ids of the maps shipped in ``data/maps``, sorted."""
    return list(_builtin_ids())


@cache
def _builtin_ids() -> tuple[str, ...]:
    # Read once per process (``clear_maps`` forgets it): every new game asks, and listing a
    # folder costs more than the rest of a game's setup.
    return tuple(sorted(p.stem for p in (DATA_DIR / "maps").glob("*.json")))


@cache
def _builtin_map(map_id: str) -> MapDef:
    return build_map(_read(f"maps/{map_id}.json"))


def load_map(map_id: str) -> MapDef:
    """A map by id, for example ``"sw-3p"``, or by the key ``register_map`` returned."""
    found = _registered.get(map_id)
    if found is not None:
        return found[0]
    return _builtin_map(map_id)


def register_map(raw: dict[str, Any], key: str | None = None) -> str:
    """Make a map that is not a built-in file loadable by ``load_map``; return its key.

    A map identical to the built-in map of the same id is that map: its id is returned and
    nothing is registered. Any other map is keyed ``"<id>@<12 hex digits>"``, the digits
    hashing its canonical form, so different layouts never share a key even when their
    authors gave them the same id. ``key`` forces the key (a saved game names its own).
    """
    m = build_map(raw)
    if key is None:
        if m.id in _builtin_ids() and _builtin_map(m.id) == m:
            return m.id
        canonical = json.dumps(map_to_dict(m), sort_keys=True, separators=(",", ":"))
        key = f"{m.id}@{hashlib.sha256(canonical.encode()).hexdigest()[:12]}"
    _registered[key] = (m, map_to_dict(m))
    return key


def custom_map(map_id: str) -> dict[str, Any] | None:
    """The JSON form of a registered (not built-in) map, or None for any other id."""
    found = _registered.get(map_id)
    return None if found is None else json.loads(json.dumps(found[1]))


def clear_maps() -> None:
    """Forget registered maps and cached built-in ones, as a fresh process would."""
    _registered.clear()
    _builtin_map.cache_clear()
    _builtin_ids.cache_clear()


def map_for_players(players: int, world: str = DEFAULT_WORLD) -> str:
    """The built-in map of a world for a player count (``sw-3p``, ``swu-3p``)."""
    counts = all_player_counts()
    if players not in counts:
        raise ValueError(f"Small World is played by {counts_text(counts)} players")
    if world not in WORLDS:
        raise ValueError(f"unknown world {world!r} (known: {', '.join(sorted(WORLDS))})")
    map_id = f"{WORLDS[world].map_prefix}-{players}p"
    if map_id not in _builtin_ids():
        name = WORLDS[world].display_name
        raise ValueError(f"{name} has no built-in board for {players} players yet: give a board")
    return map_id
