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

from lang import N_, ntr, tr

from .content import (
    MapDef,
    build_map,
    builtin_maps,
    custom_map,
    load_map,
    map_to_dict,
    register_map,
)
from .map_regions import either, id_list, region_problems
from .rulesets import all_player_counts
from .worlds import WORLDS, World, default_world


class MapError(ValueError):
    """A map that may not be played; ``problems`` holds one line per problem."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"- {p}" for p in self.problems)
        head = ntr(
            "{source}: {n} problem(s):", "{source}: {n} problem(s):", len(self.problems),
            source=source,
        )  # fmt: skip
        super().__init__(f"{head}\n{lines}")


#: A map id: letters, digits, ``-``, ``_`` and ``.``; ``@`` is kept for registered keys.
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


_TOP = ("id", "name", "world", "players", "turns", "regions")
_OPTIONAL_TOP = ("about",)
_REGION = ("id", "terrain", "features", "edge", "entry", "adjacent")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _top_problems(data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in _TOP:
        if key not in data:
            out.append(tr("missing field '{key}'", key=key))
    for key in sorted(set(data) - set(_TOP) - set(_OPTIONAL_TOP)):
        out.append(tr("unknown field {field}", field=repr(key)))
    mid = data.get("id")
    if "id" in data and not (isinstance(mid, str) and ID_PATTERN.fullmatch(mid)):
        out.append(
            tr(
                "'id' must be a string of letters, digits, '-', '_' or '.', not {value}",
                value=repr(mid),
            )
        )
    if "name" in data and (not isinstance(data["name"], str) or not data["name"].strip()):
        out.append(tr("'name' must be a non-empty string"))
    if "world" in data and not isinstance(data["world"], str):
        out.append(tr("'world' must be a string, not {value}", value=repr(data["world"])))
    if "about" in data and not isinstance(data["about"], str):
        out.append(tr("'about' must be a string"))
    if "players" in data:
        ps = data["players"]
        if not isinstance(ps, list) or not ps or not all(_is_int(p) for p in ps):
            out.append(
                tr(
                    "'players' must be a non-empty list of whole numbers, not {value}",
                    value=repr(ps),
                )
            )
        else:
            # The base game's 2 to 5, and those of the rule sets (team play: 6).
            known = all_player_counts()
            bad = [p for p in ps if p not in known]
            if bad:
                out.append(
                    tr(
                        "'players' must be between {least} and {most}, not {counts}",
                        least=known[0],
                        most=known[-1],
                        counts=id_list(bad),
                    )
                )
            if len(set(ps)) != len(ps):
                out.append(tr("'players' lists a player count twice"))
    if "turns" in data and (not _is_int(data["turns"]) or data["turns"] < 1):
        out.append(
            tr(
                "'turns' must be a whole number of at least 1, not {value}",
                value=repr(data["turns"]),
            )
        )
    if "regions" in data and (not isinstance(data["regions"], list) or not data["regions"]):
        out.append(tr("'regions' must be a non-empty list"))
    return out


def _region_type_problems(pos: int, r: object) -> list[str]:
    if not isinstance(r, dict):
        return [tr("region at position {pos} must be an object", pos=pos)]
    if _is_int(r.get("id")):
        name = tr("region {id}", id=r["id"])
    else:
        name = tr("region at position {pos}", pos=pos)
    out = [tr("{region}: missing field '{key}'", region=name, key=k) for k in _REGION if k not in r]
    out += [
        tr("{region}: unknown field {field}", region=name, field=repr(k))
        for k in sorted(set(r) - set(_REGION))
    ]
    if "id" in r and not _is_int(r["id"]):
        out.append(
            tr(
                "{region}: 'id' must be a whole number, not {value}",
                region=name,
                value=repr(r["id"]),
            )
        )
    if "terrain" in r and not isinstance(r["terrain"], str):
        out.append(tr("{region}: 'terrain' must be a string", region=name))
    for key in ("edge", "entry"):
        if key in r and not isinstance(r[key], bool):
            out.append(tr("{region}: '{key}' must be true or false", region=name, key=key))
    if "features" in r:
        fs = r["features"]
        if not isinstance(fs, list) or not all(isinstance(f, str) for f in fs):
            out.append(tr("{region}: 'features' must be a list of strings", region=name))
        elif len(set(fs)) != len(fs):
            out.append(tr("{region}: 'features' lists a feature twice", region=name))
    if "adjacent" in r:
        adj = r["adjacent"]
        if not isinstance(adj, list) or not all(_is_int(n) for n in adj):
            out.append(tr("{region}: 'adjacent' must be a list of region ids", region=name))
        elif len(set(adj)) != len(adj):
            out.append(tr("{region}: 'adjacent' lists a neighbour twice", region=name))
    return out


def _id_problems(regions: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    seen: set[int] = set()
    for pos, r in enumerate(regions):
        rid = r["id"]
        if rid in seen:
            out.append(tr("region id {id} is used twice", id=rid))
        elif rid != pos:
            out.append(
                tr(
                    "region at position {pos} has id {id}: ids must be 0..n-1 in file order",
                    pos=pos,
                    id=rid,
                )
            )
        seen.add(rid)
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
        return [tr("a map must be a JSON object")]
    out = _top_problems(data)
    world = None
    if isinstance(data.get("world"), str):
        world = worlds.get(data["world"])
        if world is None:
            out.append(
                tr(
                    "unknown world {world} (known: {known})",
                    world=repr(data["world"]),
                    known=", ".join(sorted(worlds)),
                )
            )
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
    return out + region_problems(regions, world)


def read_map_file(path: str | Path) -> tuple[Any, list[str]]:
    """A map file's parsed JSON (None if unreadable) and its problems."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, [unreadable(exc)]
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
            tr(
                "not UTF-8 text (byte {byte} at offset {offset}): save the file as UTF-8",
                byte=f"0x{exc.object[exc.start]:02x}",
                offset=exc.start,
            )
        ]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, [
            tr(
                "not valid JSON: {error} at line {line} column {column}",
                error=tr(exc.msg) if exc.msg in JSON_ERRORS else exc.msg,
                line=exc.lineno,
                column=exc.colno,
            )
        ]
    except RecursionError:
        # Lists in lists thousands deep: no map is shaped like that.
        return None, [tr("not a map: its JSON is nested far too deeply")]
    except ValueError:
        # Python refuses to read integers of thousands of digits (``sys.int_info``).
        return None, [tr("not a map: a number in it has far too many digits")]
    return data, validate(data)


#: Python's JSON errors (``json.JSONDecodeError.msg``), to say them in the language spoken;
#: others are shown as Python words them.
JSON_ERRORS = frozenset(
    (
        N_("Expecting value"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Expecting ',' delimiter"),
        N_("Expecting ':' delimiter"),
        N_("Extra data"),
        N_("Unterminated string starting at"),
        N_("Invalid control character at"),
        N_("Invalid \\escape"),
        N_("Illegal trailing comma before end of object"),
        N_("Illegal trailing comma before end of array"),
    )
)


#: The system's words for why a file cannot be read (``OSError.strerror``) that a person
#: meets most, to say them in the language spoken; others are shown as the system words them.
OS_ERRORS = frozenset(
    (
        N_("No such file or directory"),
        N_("Permission denied"),
        N_("Is a directory"),
        N_("Not a directory"),
    )
)


def unreadable(exc: OSError) -> str:
    """Why a file could not be read, in the language spoken: ``cannot read the file: no such
    file or directory``."""
    why = exc.strerror or str(exc)
    return tr("cannot read the file: {error}", error=tr(why) if why in OS_ERRORS else why)


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
            raise MapError(spec, [unreadable(exc)]) from None
        data, problems = parse_map_bytes(raw)
        if problems:
            raise MapError(spec, problems)
        key = register_map(data)
    else:
        text = tr(
            "no map {spec}: no built-in map and no file of that name (built-in: {known})",
            spec=repr(spec),
            known=", ".join(builtin_maps()),
        )
        raise MapError(spec, [text])
    m = load_map(key)
    problems = []
    if players is not None and players not in m.players:
        problems.append(
            tr(
                "map {id} is made for {counts} players, not {players}",
                id=m.id,
                counts=either(list(m.players)),
                players=players,
            )
        )
    if world is not None and m.world != world:
        problems.append(
            tr(
                "map {id} belongs to the {world} world, not {asked}",
                id=m.id,
                world=m.world,
                asked=world,
            )
        )
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
    "unreadable",
    "validate",
]
