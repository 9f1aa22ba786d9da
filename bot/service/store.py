"""Loading games: the SQLite rows of a game made into a ``LoadedGame``, cached per game,
with the lock that serializes every change to one game.

A game is its config, its seed and its action log; the stored state is a snapshot that
replaying the log reproduces. An undo is a row of its own in the log (``UNDO``), which
takes back the row before it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import datetime

from engine import Game, GameConfig
from engine.core.state import from_json

from ..errors import ServiceError
from ..options import stored
from ..storage import Storage
from .loaded import LoadedGame, Seat

#: The text an undo leaves in the action log.
UNDO = "undo"


def require_running(lg: LoadedGame) -> None:
    """Refuse anything but a game under way (a lobby, a finished or cancelled game)."""
    if lg.status == "lobby":
        raise ServiceError("The game has not started yet.")
    if lg.status != "active" or lg.game is None:
        raise ServiceError("This game is over.")


class Games:
    """The games of one database, loaded once and kept in memory while they change."""

    def __init__(self, storage: Storage, clock: Callable[[], datetime]) -> None:
        self.storage = storage
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, LoadedGame] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serializes every change to one game."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (after a failed write): the next load reads the database."""
        self._cache.pop(game_id, None)

    async def live_game_id(self, channel_id: int) -> int | None:
        """The id of the lobby or running game in a channel, if any."""
        row = await self.storage.fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return row["id"] if row else None

    async def load(self, game_id: int) -> LoadedGame:
        """A game by id, from the cache or the database."""
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached
        row = await self.storage.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise ServiceError("That game does not exist.")
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
        )
        if row["state"]:
            cfg = json.loads(row["config"])
            config = GameConfig(tuple(cfg["players"]), cfg["seed"], cfg["map_id"], cfg["options"])
            log = await self._effective_log(game_id)
            lg.game = Game.restore(config, log, from_json(row["state"]))
        self._cache[game_id] = lg
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
            raise ServiceError("There is no game in this channel. Start one with `/sw new`.")
        return await self.load(gid)

    async def last_game(self, channel_id: int) -> LoadedGame:
        """The live game of a channel, or else the last one played there."""
        row = await self.storage.fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status != 'cancelled' "
            "ORDER BY (status IN ('lobby', 'active')) DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        if row is None:
            raise ServiceError("No game has been played in this channel yet.")
        return await self.load(row["id"])
