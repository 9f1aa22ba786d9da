"""A server's own maps: checked when a manager adds a file, stored, listed, offered.

A map file is accepted when it is UTF-8 JSON, plays by the rules of its world
(``engine.core.maps``) and can be drawn (``renderer.mapcheck``, which also builds its geometry);
each problem is one line of the refusal. An accepted map is stored with its geometry, so it
is never laid out again, and registered in this process (the engine's map registry and the
renderer's geometry) under its game key, which ``games.map_id`` then holds.

Removing a map only hides it from ``/sw new``: its row stays, and every stored map is
registered again at start-up, so lobbies and games opened on it keep their board and its
drawing. (A started game also carries its map inside its state, ``GameState.custom_map``.)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.core.content import builtin_maps, register_map
from engine.core.maps import parse_map_bytes
from lang import ntr, option, slash, tr
from renderer.mapcheck import check_map_bytes
from renderer.static import use_geometry

from .errors import ServiceError
from .storage import INTEGRITY_ERRORS, Storage, now_iso
from .workers import Workers

#: The largest map file accepted, in bytes: the printed 5-player board is about 8 KB.
MAX_BYTES = 64 * 1024
#: The most regions a map may have: laying out a board takes seconds, more with its size.
MAX_REGIONS = 80
#: Maps a server may hold at once: ``/sw new`` offers them in one autocomplete list.
MAX_MAPS = 25
#: Lines of problems shown at most; the rest are counted.
MAX_LINES = 12


class MapRefused(ServiceError):
    """A map file refused; ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        shown = self.problems[:MAX_LINES]
        more = len(self.problems) - len(shown)
        tail = ntr("… and {n} more problem", "… and {n} more problems", more)
        lines = [*shown, *([tail] if more > 0 else [])]
        super().__init__("\n".join(lines))


@dataclass(frozen=True)
class ClubMap:
    """One of a server's maps, as listed and offered."""

    name: str
    key: str
    title: str
    world: str
    players: tuple[int, ...]
    regions: int
    added_by: int

    def fits(self, players: int | None, world: str | None) -> bool:
        """Whether the map may be chosen for that player count and world (None: any)."""
        return (players is None or players in self.players) and (
            world is None or world == self.world
        )

    def line(self) -> str:
        """How ``/maps list`` shows it."""
        counts = "/".join(str(n) for n in self.players)
        return tr(
            "`{name}`: {title} · {world} · {counts} players · {regions} regions · added by {who}",
            name=self.name,
            title=self.title[:80],
            world=self.world,
            counts=counts,
            regions=self.regions,
            who=f"<@{self.added_by}>",
        )


def _club_map(row: Any) -> ClubMap:
    return ClubMap(
        name=row["name"],
        key=row["map_key"],
        title=row["title"],
        world=row["world"],
        players=tuple(int(n) for n in row["players"].split(",")),
        regions=row["regions"],
        added_by=row["added_by"],
    )


def _register(content: str, key: str, geometry: str) -> None:
    register_map(json.loads(content), key=key)
    use_geometry(key, json.loads(geometry))


class ClubMaps:
    """The ``club_maps`` table: add, list, remove, and find a server's maps."""

    def __init__(self, storage: Storage, workers: Workers | None = None) -> None:
        self.storage = storage
        #: Where maps are checked and laid out, and their previews drawn (``bot.workers``).
        self.workers = workers or Workers(0)

    async def register_all(self) -> int:
        """Register every stored map, removed ones included, as at start-up; return how many."""
        rows = await self.storage.fetchall("SELECT map_key, content, geometry FROM club_maps")
        for row in rows:
            _register(row["content"], row["map_key"], row["geometry"])
        return len(rows)

    async def add(self, guild_id: int, user_id: int, raw: bytes) -> ClubMap:
        """Check a map file's content and store it for the server; ``MapRefused`` says why
        not, one line per problem."""
        if len(raw) > MAX_BYTES:
            raise MapRefused([too_big(len(raw))])
        data, problems = parse_map_bytes(raw)
        if problems:
            raise MapRefused(problems)
        if len(data["regions"]) > MAX_REGIONS:
            raise MapRefused(
                [
                    tr(
                        "the map has {regions} regions; at most {most} are taken",
                        regions=len(data["regions"]),
                        most=MAX_REGIONS,
                    )
                ]
            )
        name = data["id"]
        if name in builtin_maps():
            raise MapRefused(
                [
                    tr(
                        '`{name}` is the name of a built-in map: give your map another "id"',
                        name=name,
                    )
                ]
            )
        if await self.find(guild_id, name) is not None:
            raise MapRefused([already_there(name)])
        count = await self.storage.fetchone(
            "SELECT COUNT(*) FROM club_maps WHERE guild_id = ? AND removed_at IS NULL",
            (guild_id,),
        )
        if count is not None and count[0] >= MAX_MAPS:
            raise MapRefused([tr("this server has {n} maps already: remove one first", n=MAX_MAPS)])
        # Laying the board out takes a few seconds: in a worker process.
        found = await self.workers.run(check_map_bytes, raw)
        if not found.ok or found.geometry is None:
            raise MapRefused(found.problems)
        key = register_map(found.data)
        content = json.dumps(found.data, sort_keys=True)
        geometry = json.dumps(found.geometry, separators=(",", ":"))
        try:
            await self._insert(guild_id, user_id, name, key, found.data, content, geometry)
        except INTEGRITY_ERRORS:  # the same name added twice at the same moment
            raise MapRefused([already_there(name)]) from None
        _register(content, key, geometry)
        found_map = await self.find(guild_id, name)
        assert found_map is not None
        return found_map

    async def _insert(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        key: str,
        data: dict[str, Any],
        content: str,
        geometry: str,
    ) -> None:
        async with self.storage.transaction() as tx:
            await tx.execute(
                "INSERT INTO club_maps (guild_id, name, map_key, title, world, players, regions,"
                " content, geometry, added_by, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    name,
                    key,
                    data["name"],
                    data["world"],
                    ",".join(str(n) for n in sorted(data["players"])),
                    len(data["regions"]),
                    content,
                    geometry,
                    user_id,
                    now_iso(),
                ),
            )

    async def listed(self, guild_id: int) -> list[ClubMap]:
        """The server's maps (not removed), by name."""
        rows = await self.storage.fetchall(
            "SELECT * FROM club_maps WHERE guild_id = ? AND removed_at IS NULL ORDER BY name",
            (guild_id,),
        )
        return [_club_map(r) for r in rows]

    async def find(self, guild_id: int, name: str) -> ClubMap | None:
        """The server's map of that name, or None."""
        row = await self.storage.fetchone(
            "SELECT * FROM club_maps WHERE guild_id = ? AND name = ? AND removed_at IS NULL",
            (guild_id, name),
        )
        return None if row is None else _club_map(row)

    async def remove(self, guild_id: int, name: str) -> ClubMap:
        """Hide a map from ``/sw new``; games on it keep it."""
        found = await self.find(guild_id, name)
        if found is None:
            raise ServiceError(
                tr(
                    "This server has no map `{name}`: see `{list}`.",
                    name=name[:60],
                    list=slash("maps list"),
                )
            )
        async with self.storage.transaction() as tx:
            await tx.execute(
                "UPDATE club_maps SET removed_at = ? WHERE guild_id = ? AND name = ?"
                " AND removed_at IS NULL",
                (now_iso(), guild_id, name),
            )
        return found

    async def for_game(self, guild_id: int, name: str, players: int, world: str | None) -> ClubMap:
        """The map a new game asks for, checked against its player count and world."""
        found = await self.find(guild_id, name)
        if found is None:
            raise ServiceError(
                tr(
                    "This server has no map `{name}`: see `{list}`, or leave `{map}` empty for "
                    "the usual board.",
                    name=name[:60],
                    list=slash("maps list"),
                    map=option("map"),
                )
            )
        if players not in found.players:
            counts = tr(" or ").join(str(n) for n in found.players)
            raise ServiceError(
                tr(
                    "Map `{name}` is made for {counts} players, not {players}.",
                    name=found.name,
                    counts=counts,
                    players=players,
                )
            )
        if world is not None and world != found.world:
            raise ServiceError(
                tr(
                    "Map `{name}` is a board of the {world} world: leave `{option}` empty or "
                    "choose that one.",
                    name=found.name,
                    world=found.world,
                    option=option("world"),
                )
            )
        return found


def too_big(size: int) -> str:
    """The refusal of a file over the size limit."""
    return tr(
        "the file is {size} KB; a map file may be at most {most} KB",
        size=f"{size / 1024:.0f}",
        most=MAX_BYTES // 1024,
    )


def already_there(name: str) -> str:
    """The refusal of a map whose name the server's maps have already."""
    return tr(
        "this server already has a map `{name}`: remove it first (`{remove}`)",
        name=name,
        remove=slash("maps remove"),
    )


__all__ = ["MAX_BYTES", "ClubMap", "ClubMaps", "MapRefused", "too_big"]
