"""Loading games: the rows of a game made into a ``LoadedGame``, cached per game, the lock
that serializes every change to one game in this process, and the revision check that
serializes them across processes.

Several bot processes may share one database. Each keeps its own cache; a cached game is
used only while the row's revision is still the one it was read at, and every write to a
game claims the next revision first (``Games.write``). A process that acted on an older
copy writes nothing (``StaleWrite``), reads the game again and decides afresh
(``Games.retrying``): the in-process lock is the fast path, the revision the guarantee.

A game is its config, its seed and its action log; the stored state is a snapshot that
replaying the log reproduces. An undo is a row of its own in the log (``UNDO``), which
takes back the row before it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime
from typing import TypeVar

from engine import Game, GameConfig
from engine.core.state import from_json
from lang import slash, speaking, tr

from ..errors import ServiceError
from ..options import stored
from ..storage import StaleWrite, Storage, Transaction
from .loaded import LoadedGame, Seat

T = TypeVar("T")

#: The text an undo leaves in the action log.
UNDO = "undo"
#: How many games a process keeps in memory unless told otherwise (``GAME_CACHE_SIZE``).
DEFAULT_CACHE_SIZE = 2000
#: How many times a request is decided afresh when another process wrote its game first.
ATTEMPTS = 4


def config_json(config: GameConfig) -> str:
    """A game's config as ``games.config`` keeps it."""
    return json.dumps(
        {
            "players": list(config.players),
            "seed": config.seed,
            "map_id": config.map_id,
            "options": config.options,
        }
    )


def config_from_json(text: str) -> GameConfig:
    """The config ``config_json`` wrote."""
    cfg = json.loads(text)
    return GameConfig(tuple(cfg["players"]), cfg["seed"], cfg["map_id"], cfg["options"])


def require_running(lg: LoadedGame) -> None:
    """Refuse anything but a game under way (a lobby, a finished or cancelled game)."""
    if lg.status == "lobby":
        raise ServiceError(tr("The game has not started yet."))
    if lg.status != "active" or lg.game is None:
        raise ServiceError(tr("This game is over."))


class Games:
    """The games of one database, loaded once and kept in memory while they change."""

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], datetime],
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        self.storage = storage
        self.clock = clock
        #: How many games stay in memory at most: the least recently used leave first.
        self.cache_size = cache_size
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: OrderedDict[int, LoadedGame] = OrderedDict()
        #: Whether a server's background work (deadlines, reminders, announcements, AI
        #: seats) is this process's: a server on one of its shards. Every server, in one
        #: process; the bot sets it from its shards.
        self.owns: Callable[[int], bool] = lambda _guild_id: True

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serializes every change to one game."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (after a failed write): the next load reads the database."""
        self._cache.pop(game_id, None)
        lock = self._locks.get(game_id)
        if lock is not None and not lock.locked():
            # A lock nobody holds or waits for is made afresh when needed; keeping one per
            # game ever seen would grow without end.
            del self._locks[game_id]

    @property
    def cached(self) -> int:
        """How many games are in memory now."""
        return len(self._cache)

    def keep(self, lg: LoadedGame) -> None:
        """Put a game read from the database in the cache, most recently used; a finished or
        cancelled game is not kept (nothing changes it any more), and past ``cache_size`` the
        least recently used game leaves."""
        if lg.status not in ("lobby", "active"):
            self.forget(lg.id)
            return
        self._cache[lg.id] = lg
        self._cache.move_to_end(lg.id)
        while len(self._cache) > self.cache_size:
            oldest = next(iter(self._cache))
            self.forget(oldest)

    async def live_game_id(self, channel_id: int) -> int | None:
        """The id of the lobby or running game in a channel, if any."""
        row = await self.storage.fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return row["id"] if row else None

    @contextlib.asynccontextmanager
    async def write(self, lg: LoadedGame) -> AsyncIterator[Transaction]:
        """A transaction that changes a game: it first claims the game's next revision.

        ``UPDATE games SET revision = revision + 1 WHERE id = ? AND revision = ?`` changes
        no row when another process wrote the game since ``lg`` was read: then nothing is
        written, ``StaleWrite`` is raised and the game leaves the cache. The cache is also
        dropped when the block fails, since ``lg`` may hold half of a change.
        """
        try:
            # What a change records for the channel is told in the game's language.
            with speaking(lg.language):
                async with self.storage.transaction() as tx:
                    claimed = await tx.execute(
                        "UPDATE games SET revision = revision + 1 WHERE id = ? AND revision = ?",
                        (lg.id, lg.revision),
                    )
                    if claimed != 1:
                        raise StaleWrite(f"game {lg.id} changed since revision {lg.revision}")
                    yield tx
        except BaseException:
            self.forget(lg.id)
            raise
        lg.revision += 1

    async def retrying(self, game_id: int, decide: Callable[[LoadedGame], Awaitable[T]]) -> T:
        """``decide(game)`` under the game's lock, again from a fresh read of the game each
        time another process wrote it first (``StaleWrite``): the answer is the true one."""
        for attempt in range(ATTEMPTS):
            try:
                async with self.lock(game_id):
                    return await decide(await self.load(game_id))
            except StaleWrite:
                self.forget(game_id)
                if attempt == ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")

    async def load(self, game_id: int) -> LoadedGame:
        """A game by id, from the cache while the database holds no newer revision of it."""
        cached = self._cache.get(game_id)
        if cached is not None:
            row = await self.storage.fetchone("SELECT revision FROM games WHERE id = ?", (game_id,))
            # Another task may have dropped or replaced the game while this one read: only
            # the cached game itself, still cached and still current, is answered.
            current = self._cache.get(game_id) is cached
            if current and row is not None and row["revision"] == cached.revision:
                self._cache.move_to_end(game_id)
                return cached
            if current:
                self.forget(game_id)
        row = await self.storage.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise ServiceError(tr("That game does not exist."))
        seats = [
            Seat(
                r["user_id"],
                r["name"],
                r["seat"],
                ai=r["ai"],
                stand_in=bool(r["stand_in"]),
                missed=r["missed"],
                away_until=datetime.fromisoformat(r["away_until"]) if r["away_until"] else None,
                away_days=r["away_days"],
                partner=r["partner"],
                team=r["team"],
                paired_by=r["paired_by"],
            )
            for r in await self.storage.fetchall(
                "SELECT * FROM seats WHERE game_id = ? ORDER BY joined_at, user_id",
                (game_id,),
            )
        ]
        lg = LoadedGame(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            status=row["status"],
            player_count=row["player_count"],
            map_id=row["map_id"],
            seed=row["seed"],
            deadline_hours=row["deadline_hours"],
            open_scores=bool(row["open_scores"]),
            seats=seats,
            deadline_at=datetime.fromisoformat(row["deadline_at"]) if row["deadline_at"] else None,
            reminded=bool(row["reminded"]),
            paused=bool(row["paused"]),
            rated=bool(row["rated"]),
            season_id=row["season_id"],
            takeover_after=row["takeover_after"],
            mode=row["mode"],
            options=stored(row["options"]),
            language=row["language"],
            listed=bool(row["listed"]),
            revision=row["revision"],
        )
        if row["state"]:
            config = config_from_json(row["config"])
            log = await self._effective_log(game_id)
            lg.game = Game.restore(config, log, from_json(row["state"]))
        self.keep(lg)
        return lg

    async def _effective_log(self, game_id: int) -> list[tuple[int, str]]:
        """The actions that stand: each undo row takes back the one before it."""
        log: list[tuple[int, str]] = []
        for r in await self.storage.fetchall(
            "SELECT seat, text FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ):
            if r["text"] == UNDO:
                log.pop()
            else:
                log.append((r["seat"], r["text"]))
        return log

    async def in_channel(self, channel_id: int) -> LoadedGame:
        """The live game of a channel, or a clear refusal."""
        gid = await self.live_game_id(channel_id)
        if gid is None:
            raise ServiceError(
                tr("There is no game in this channel. Start one with `{new}`.", new=slash("sw new"))
            )
        return await self.load(gid)

    async def last_game(self, channel_id: int) -> LoadedGame:
        """The live game of a channel, or else the last one played there."""
        row = await self.storage.fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status != 'cancelled' "
            "ORDER BY (status IN ('lobby', 'active')) DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        if row is None:
            raise ServiceError(tr("No game has been played in this channel yet."))
        return await self.load(row["id"])
