"""Map files: check one against the rules of its world, load it, and register it for a game.

A map is data (``docs/maps.md`` describes the format). ``validate`` lists every problem of a
map's JSON form in one line each; ``load_map_file`` reads a file and refuses it with a
``MapError`` naming all of them; ``register_board`` makes a file or a ``MapDef`` playable.

What a world allows (its terrains, its map symbols, the box tokens that limit them) is the
``WORLDS`` table, so a new world's boards are one more entry here, not new checks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .content import (
    MapDef,
    build_map,
    builtin_maps,
    components,
    custom_map,
    load_map,
    map_to_dict,
    register_map,
)
from .worlds import WORLDS, World, default_world


class MapError(ValueError):
    """A map that may not be played; ``problems`` holds one line per problem."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"- {p}" for p in self.problems)
        super().__init__(f"{source}: {len(self.problems)} problem(s):\n{lines}")


#: A map id: letters, digits, ``-``, ``_`` and ``.``; ``@`` is kept for registered keys.
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

#: Player counts the rules know.
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # 6: the team boards (issue 22); the engine plays 2 to 5 today

_TOP = ("id", "name", "world", "players", "turns", "regions")
_OPTIONAL_TOP = ("about",)
_REGION = ("id", "terrain", "features", "edge", "entry", "adjacent")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _ids(xs: list[int]) -> str:
    return ", ".join(str(x) for x in xs)


def _top_problems(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in _TOP:
        if key not in data:
            out.append(f"missing field '{key}'")
    for key in sorted(set(data) - set(_TOP) - set(_OPTIONAL_TOP)):
        out.append(f"unknown field {key!r}")
    mid = data.get("id")
    if "id" in data and not (isinstance(mid, str) and ID_PATTERN.fullmatch(mid)):
        out.append(f"'id' must be a string of letters, digits, '-', '_' or '.', not {mid!r}")
    if "name" in data and (not isinstance(data["name"], str) or not data["name"].strip()):
        out.append("'name' must be a non-empty string")
    if "world" in data and not isinstance(data["world"], str):
        out.append(f"'world' must be a string, not {data['world']!r}")
    if "about" in data and not isinstance(data["about"], str):
        out.append("'about' must be a string")
    if "players" in data:
        ps = data["players"]
        if not isinstance(ps, list) or not ps or not all(_is_int(p) for p in ps):
            out.append(f"'players' must be a non-empty list of whole numbers, not {ps!r}")
        else:
            bad = [p for p in ps if not MIN_PLAYERS <= p <= MAX_PLAYERS]
            if bad:
                out.append(
                    f"'players' must be between {MIN_PLAYERS} and {MAX_PLAYERS}, not {_ids(bad)}"
                )
            if len(set(ps)) != len(ps):
                out.append("'players' lists a player count twice")
    if "turns" in data and (not _is_int(data["turns"]) or data["turns"] < 1):
        out.append(f"'turns' must be a whole number of at least 1, not {data['turns']!r}")
    if "regions" in data and (not isinstance(data["regions"], list) or not data["regions"]):
        out.append("'regions' must be a non-empty list")
    return out


def _region_type_problems(pos: int, r: object) -> list[str]:
    if not isinstance(r, dict):
        return [f"region at position {pos} must be an object"]
    name = f"region {r['id']}" if _is_int(r.get("id")) else f"region at position {pos}"
    out = [f"{name}: missing field '{k}'" for k in _REGION if k not in r]
    out += [f"{name}: unknown field {k!r}" for k in sorted(set(r) - set(_REGION))]
    if "id" in r and not _is_int(r["id"]):
        out.append(f"{name}: 'id' must be a whole number, not {r['id']!r}")
    if "terrain" in r and not isinstance(r["terrain"], str):
        out.append(f"{name}: 'terrain' must be a string")
    for key in ("edge", "entry"):
        if key in r and not isinstance(r[key], bool):
            out.append(f"{name}: '{key}' must be true or false")
    if "features" in r:
        fs = r["features"]
        if not isinstance(fs, list) or not all(isinstance(f, str) for f in fs):
            out.append(f"{name}: 'features' must be a list of strings")
        elif len(set(fs)) != len(fs):
            out.append(f"{name}: 'features' lists a feature twice")
    if "adjacent" in r:
        adj = r["adjacent"]
        if not isinstance(adj, list) or not all(_is_int(n) for n in adj):
            out.append(f"{name}: 'adjacent' must be a list of region ids")
        elif len(set(adj)) != len(adj):
            out.append(f"{name}: 'adjacent' lists a neighbour twice")
    return out


def _id_problems(regions: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    seen: set[int] = set()
    for pos, r in enumerate(regions):
        rid = r["id"]
        if rid in seen:
            out.append(f"region id {rid} is used twice")
        elif rid != pos:
            out.append(f"region at position {pos} has id {rid}: ids must be 0..n-1 in file order")
        seen.add(rid)
    return out


def _graph_problems(regions: list[dict[str, Any]], world: World) -> list[str]:
    out: list[str] = []
    n = len(regions)
    links: set[tuple[int, int]] = set()
    for r in regions:
        for m in r["adjacent"]:
            if m == r["id"]:
                out.append(f"region {m} lists itself as a neighbour")
            elif not 0 <= m < n:
                out.append(f"region {r['id']} lists neighbour {m}, which does not exist")
            else:
                links.add((r["id"], m))
    for a, b in sorted(links):
        if (b, a) not in links:
            out.append(
                f"regions {a} and {b}: {a} lists {b} as a neighbour but {b} does not list {a}"
            )

    land = [r["id"] for r in regions if r["terrain"] not in world.water]
    if not land:
        return [*out, "the map has no land region"]
    # Land may be joined through crossable regions (the River), never through the rest of
    # ``water``. Borders count in either direction here: a one-sided one is reported above.
    way = set(land) | {r["id"] for r in regions if r["terrain"] in world.crossable}
    near: dict[int, set[int]] = {rid: set() for rid in way}
    for a, b in links:
        if a in near and b in near:
            near[a].add(b)
            near[b].add(a)
    groups: list[list[int]] = []
    placed: set[int] = set()
    for start in land:
        if start in placed:
            continue
        group, todo = {start}, [start]
        while todo:
            for nxt in near[todo.pop()] - group:
                group.add(nxt)
                todo.append(nxt)
        placed |= group
        groups.append(sorted(set(land) & group))
    if len(groups) > 1:
        main = max(groups, key=len)
        over = " or ".join(["land", *sorted(world.crossable)])
        for g in groups:
            if g is not main:
                out.append(
                    f"land regions {_ids(g)} cannot reach region {main[0]} over {over}: "
                    "land must be one connected group"
                )

    edge_land = [r for r in regions if r["edge"] and r["terrain"] not in world.water]
    if not edge_land:
        out.append("no land region is on the board edge: a first conquest has nowhere to start")
    for r in regions:
        if r["edge"] and not r["entry"] and r["terrain"] not in world.water - world.crossable:
            kind = "land" if r["terrain"] not in world.water else r["terrain"]
            out.append(
                f'region {r["id"]} is {kind} on the board edge but has "entry": false '
                "(every edge region is an entry region; set it to true)"
            )
    return out


def _chain_problems(regions: list[dict[str, Any]], terrain: str) -> list[str]:
    """The regions of ``terrain`` form one chain, without fork or loop, ends on the edge."""
    ids = [r["id"] for r in regions if r["terrain"] == terrain]
    if not ids:
        return []
    n = len(regions)
    mine = set(ids)
    near = {rid: {m for m in regions[rid]["adjacent"] if 0 <= m < n and m in mine} for rid in ids}
    for rid in ids:  # borders either way, as for land: one-sided ones are reported already
        for m in near[rid]:
            near[m].add(rid)
    out: list[str] = []
    reached, todo = {ids[0]}, [ids[0]]
    while todo:
        for nxt in near[todo.pop()] - reached:
            reached.add(nxt)
            todo.append(nxt)
    if reached != mine:
        out.append(
            f"{terrain} regions {_ids(sorted(mine - reached))} cannot reach {terrain} region "
            f"{ids[0]} along the {terrain}: the {terrain} is one chain of regions"
        )
    for rid in ids:
        if len(near[rid]) > 2:
            out.append(
                f"{terrain} region {rid} borders {len(near[rid])} other {terrain} regions "
                f"({_ids(sorted(near[rid]))}): the {terrain} is one chain, without forks"
            )
    if out:
        return out
    ends = [rid for rid in ids if len(near[rid]) < 2]
    if not ends:
        return [
            f"{terrain} regions {_ids(ids)} form a loop: the {terrain} is a chain with two ends"
        ]
    for rid in ends:
        if not regions[rid]["edge"]:
            out.append(
                f'{terrain} region {rid} is an end of the {terrain} but has "edge": false: '
                f"both ends of the {terrain} touch the board edge"
            )
    return out


def _rule_problems(regions: list[dict[str, Any]], world: World) -> list[str]:
    """The world's own map facts: impassable regions, chains, where symbols may be."""
    out: list[str] = []
    for r in regions:
        if r["terrain"] in world.impassable and (r["entry"] or r["edge"]):
            out.append(
                f"region {r['id']} is an {r['terrain']}, which no race enters, but has "
                f'"entry" or "edge" true (the engine makes every edge region an entry; '
                "set both to false)"
            )
    for terrain in sorted(world.chains):
        out += _chain_problems(regions, terrain)
    for r in regions:
        for f in r["features"]:
            allowed = world.only_on.get(f)
            if allowed is not None and r["terrain"] not in allowed:
                out.append(
                    f"region {r['id']}: {f} may only be on {', '.join(sorted(allowed))}, "
                    f"not on {r['terrain']}"
                )
    for f, why in sorted(world.needed.items()):
        if not any(f in r["features"] for r in regions):
            out.append(f"no region shows {f}: {why}")
    return out


def _world_problems(regions: list[dict[str, Any]], world: World) -> list[str]:
    out: list[str] = []
    for r in regions:
        if isinstance(r["terrain"], str) and r["terrain"] not in world.terrains:
            out.append(
                f"region {r['id']}: unknown terrain {r['terrain']!r} for world {world.name} "
                f"(known: {', '.join(sorted(world.terrains))})"
            )
        for f in r["features"]:
            if f not in world.features:
                out.append(
                    f"region {r['id']}: unknown feature {f!r} for world {world.name} "
                    f"(known: {', '.join(sorted(world.features))})"
                )
    box = components()["markers"]
    for symbol, marker in sorted(world.limits.items()):
        ids = [r["id"] for r in regions if r["terrain"] == symbol or symbol in r["features"]]
        each = world.per_region.get(symbol, 1)
        room = int(box[marker]) // each
        if len(ids) > room and each == 1:
            out.append(
                f"{len(ids)} regions show {symbol} (regions {_ids(ids)}) but the box has only "
                f"{box[marker]} {marker} tokens"
            )
        elif len(ids) > room:
            out.append(
                f"{len(ids)} regions show {symbol} (regions {_ids(ids)}) but the box's "
                f"{box[marker]} {marker} tokens cover only {room} regions at {each} each"
            )
    return out


def validate(data: Any, worlds: Mapping[str, World] | None = None) -> list[str]:
    """Every problem of a map's JSON form, one line each; empty when the map is playable.

    Field and type problems come first. The checks of ids, borders, land and symbols need
    well-formed regions, and run once every region is; those of terrains and symbols also
    need a known world. ``worlds`` replaces the ``WORLDS`` table (tests use it for worlds
    still to come).
    """
    worlds = WORLDS if worlds is None else worlds
    if not isinstance(data, dict):
        return ["a map must be a JSON object"]
    out = _top_problems(data)
    world = None
    if isinstance(data.get("world"), str):
        world = worlds.get(data["world"])
        if world is None:
            out.append(f"unknown world {data['world']!r} (known: {', '.join(sorted(worlds))})")
    regions = data.get("regions")
    if not isinstance(regions, list) or not regions:
        return out
    shape = [p for pos, r in enumerate(regions) for p in _region_type_problems(pos, r)]
    if shape:
        return out + shape
    ids = _id_problems(regions)
    if ids:
        return out + ids
    if world is None:
        return out
    return (
        out
        + _graph_problems(regions, world)
        + _world_problems(regions, world)
        + _rule_problems(regions, world)
    )


def read_map_file(path: str | Path) -> tuple[Any, list[str]]:
    """A map file's parsed JSON (None if unreadable) and its problems."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, [f"cannot read the file: {exc.strerror or exc}"]
    return parse_map_bytes(raw)


def load_map_file(path: str | Path) -> MapDef:
    """The map of a JSON file; a ``MapError`` lists every problem if it has any."""
    data, problems = read_map_file(path)
    if problems:
        raise MapError(str(path), problems)
    return build_map(data)


def register_board(board: MapDef | str | Path) -> str:
    """Check a map (a ``MapDef`` or a file path) and register it; return its game key.

    The key is what ``GameState.map_id`` holds and ``content.load_map`` accepts: the plain id
    for a copy of a built-in map, ``"<id>@<hash>"`` for any other layout.
    """
    if isinstance(board, MapDef):
        raw = map_to_dict(board)
        problems = validate(raw)
        if problems:
            raise MapError(f"map {board.id}", problems)
    else:
        raw = map_to_dict(load_map_file(board))
    return register_map(raw)


def parse_map_bytes(raw: bytes) -> tuple[Any, list[str]]:
    """A map file's content as read from disk or an upload: its JSON (None if it is not
    UTF-8 JSON) and its problems, one line each."""
    try:
        # "utf-8-sig": a byte-order mark, as some Windows editors write, is not an error.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, [
            f"not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start}): "
            "save the file as UTF-8"
        ]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, [f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"]
    except RecursionError:
        # Lists in lists thousands deep: no map is shaped like that.
        return None, ["not a map: its JSON is nested far too deeply"]
    except ValueError:
        # Python refuses to read integers of thousands of digits (``sys.int_info``).
        return None, ["not a map: a number in it has far too many digits"]
    return data, validate(data)


def resolve_map(spec: str, players: int | None = None, world: str | None = None) -> str:
    """The game key of the map ``spec`` names, for the front ends' ``--map``.

    ``spec`` is a built-in id (``sw-3p``), the key of a map registered in this process, or
    the path of a map file, which is checked and registered (its key is ``<id>@<hash>``, or
    the built-in id when the file is a copy of a built-in map). With ``players`` and
    ``world``, a map not made for that player count or world is refused too. Every refusal
    is a ``MapError`` with one line per problem.
    """
    path = Path(spec)
    if spec in builtin_maps() or custom_map(spec) is not None:
        key = spec
    elif path.suffix == ".json" or path.exists() or "/" in spec or "\\" in spec:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise MapError(spec, [f"cannot read the file: {exc.strerror or exc}"]) from None
        data, problems = parse_map_bytes(raw)
        if problems:
            raise MapError(spec, problems)
        key = register_map(data)
    else:
        known = ", ".join(builtin_maps())
        raise MapError(
            spec, [f"no map {spec!r}: no built-in map and no file of that name (built-in: {known})"]
        )
    m = load_map(key)
    problems = []
    if players is not None and players not in m.players:
        made = " or ".join(str(n) for n in m.players)
        problems.append(f"map {m.id} is made for {made} players, not {players}")
    if world is not None and m.world != world:
        problems.append(f"map {m.id} belongs to the {m.world} world, not {world}")
    if problems:
        raise MapError(spec, problems)
    return key


def land_count(m: MapDef) -> int:
    """Regions of ``m`` that are not water in its world."""
    world = WORLDS.get(m.world) or default_world()
    return sum(r.terrain not in world.water for r in m.regions)


def land_entries(m: MapDef) -> int:
    """Land regions where an ordinary first conquest may start."""
    world = WORLDS.get(m.world) or default_world()
    return sum(r.entry and r.terrain not in world.water for r in m.regions)


__all__ = [
    "MapError",
    "land_count",
    "land_entries",
    "load_map_file",
    "parse_map_bytes",
    "read_map_file",
    "register_board",
    "resolve_map",
    "validate",
]
