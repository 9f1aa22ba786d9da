"""Games played through ``GameService`` for the export and import tests (``bot.transfer``):
a service on any database, a second empty database of the same backend, a game played
partway or to its end with undos, followers and absences on the way."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.service import GameService
from bot.storage import Storage, storage_for
from bot.transfer.document import CHILDREN
from engine import legal_actions, to_act
from engine.simulate import choose
from tests.pg import fresh_database

#: The tables that hold a game's rows (and the league's and the maps' rows an import adds).
TABLES = ("games", *CHILDREN, "ratings")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def open_service(target: str | Path, seed: int = 9) -> GameService:
    """The service on a database (a SQLite path or a PostgreSQL URL), migrated."""
    storage = storage_for(str(target))
    await storage.open()
    service = GameService(storage, clock=Clock())
    service.seed_source = lambda: seed
    return service


async def another(database: str, tmp_path: Path, name: str = "target") -> str:
    """A second, empty database on the backend of ``database``."""
    if database.startswith("postgresql://"):
        return await fresh_database()
    return str(tmp_path / f"{name}.sqlite3")


async def counts(storage: Storage) -> dict[str, int]:
    """How many rows each of ``TABLES`` holds."""
    out = {}
    for table in TABLES:
        row = await storage.fetchone(f"SELECT COUNT(*) AS n FROM {table}")
        assert row is not None
        out[table] = int(row["n"])
    return out


async def start(service: GameService, channel: int, players: int = 2, **kw: object) -> int:
    """A started game of ``players`` members (ids 11, 22, 33…) in ``channel``; its id."""
    lg = await service.create(1, channel, 11, "ann", players, **kw)  # type: ignore[arg-type]
    for n in range(2, players + 1):
        await service.join(channel, 11 * n, f"p{n}")
    await service.start(channel, 11)
    return lg.id


async def play(
    service: GameService, channel: int, steps: int, seed: int = 3, undos: int = 2
) -> int:
    """Play up to ``steps`` actions of the channel's game (fewer if it ends), undoing the
    first ``undos`` actions that may be undone; how many actions were played."""
    rng = random.Random(seed)
    lg = await service.in_channel(channel)
    game = lg.game
    assert game is not None
    played = 0
    while played < steps:
        seat = to_act(game.state)
        if seat is None:
            break
        user = lg.user_at(seat)
        await service.act(channel, user, choose(rng, game.state, legal_actions(game.state, seat)))
        played += 1
        if undos and game.can_undo(seat) is None:
            await service.undo(channel, user)
            undos -= 1
    return played


async def features(service: GameService, channel: int) -> None:
    """A follower, a replacement (the seat's name changes in the config too), an absence and
    a return: rows of ``followers`` and ``seat_log``."""
    await service.follow(channel, 99)
    lg = await service.in_channel(channel)
    await service.replace(channel, 11, False, lg.user_at(1), 77, "zed")
    user = lg.user_at(0)
    await service.away(channel, user, 1.5)
    assert isinstance(service.clock, Clock)
    service.clock.now += timedelta(minutes=5)
    await service.back(channel, user)
