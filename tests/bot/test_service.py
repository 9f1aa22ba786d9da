"""GameService without Discord: storage, locking, all-or-nothing actions, restarts.

Each test runs on both backends (the ``database`` fixture: a SQLite file, a PostgreSQL
database).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.errors import ServiceError
from bot.messages import decision_key
from bot.service import GameService
from bot.storage import SqliteStorage, storage_for
from engine import IllegalAction


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def _service(target, clock=None) -> GameService:
    storage = storage_for(str(target))
    await storage.open()
    service = GameService(storage, clock=clock or Clock())
    service.seed_source = lambda: 9
    return service


async def _started(service: GameService) -> None:
    await service.create(1, 100, 11, "ann", 2)
    await service.join(100, 22, "bob")
    await service.start(100, 11)


async def test_wal_mode(tmp_path) -> None:
    service = await _service(tmp_path / "db.sqlite3")
    assert isinstance(service.storage, SqliteStorage)
    row = await service.storage.fetchone("PRAGMA journal_mode")
    assert row[0] == "wal"
    await service.storage.close()


async def test_migrations(database) -> None:
    service = await _service(database)
    # 001 tables, 002 outbox, 003 live messages, 004 leagues, 005 seating, 006 club maps...:
    # every numbered file of bot/migrations is applied.
    from bot.storage import MIGRATIONS

    files = sorted(MIGRATIONS.glob("*.sql"))
    assert len(files) >= 9
    version = await service.storage.schema_version()
    # Numbers may skip a reserved range that was not used up (``bot.storage.migrations``).
    assert version == int(files[-1].name.split("_", 1)[0])
    assert await service.storage.migrate() == []  # nothing applied twice
    await service.storage.close()


async def test_two_simultaneous_presses_apply_once(database) -> None:
    service = await _service(database)
    await _started(service)
    lg = await service.in_channel(100)
    actor = lg.user_at(0)
    await service.act(100, actor, "pick 1")
    key = decision_key(lg.game.state)
    version = lg.game.state.version
    results = await asyncio.gather(
        service.act(100, actor, ["stop", "end"], key=key),
        service.act(100, actor, ["stop", "end"], key=key),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], ServiceError)
    assert lg.game.state.version == version + 2
    rows = await service.storage.fetchall("SELECT text FROM actions WHERE game_id = ?", (lg.id,))
    assert [r["text"] for r in rows] == ["pick 1", "stop", "end"]
    await service.storage.close()


async def test_failed_batch_changes_nothing(database) -> None:
    service = await _service(database)
    await _started(service)
    lg = await service.in_channel(100)
    actor = lg.user_at(0)
    before = lg.game.state.version
    with pytest.raises(IllegalAction):
        await service.act(100, actor, ["pick 1", "conquer 999"])
    assert lg.game.state.version == before
    rows = await service.storage.fetchall("SELECT * FROM actions")
    assert rows == []
    await service.storage.close()


async def test_restart_restores_state_and_log(database) -> None:
    path = database
    service = await _service(path)
    await _started(service)
    lg = await service.in_channel(100)
    actor = lg.user_at(0)
    await service.act(100, actor, "pick 2")
    state = lg.game.state
    await service.storage.close()
    again = await _service(path)
    lg2 = await again.in_channel(100)
    assert lg2.game.state == state
    # Undo after the restart still knows the log: a pick cannot be undone.
    with pytest.raises(ServiceError, match="combo reveal"):
        await again.undo(100, actor)
    await again.storage.close()


async def test_deadline_defaults_finish_the_overdue_decision(database) -> None:
    clock = Clock()
    service = await _service(database, clock)
    await _started(service)
    lg = await service.in_channel(100)
    # The first turn's message went out (no announcer here): the member was told.
    await service.storage.execute("UPDATE outbox SET status = 'sent'")
    assert await service.due_games() == ([], [])
    clock.now += timedelta(hours=19)
    assert await service.due_games() == ([], [lg.id])
    clock.now += timedelta(hours=6)
    overdue, _ = await service.due_games()
    assert overdue == [lg.id]
    outcome = await service.run_deadline(lg.id)
    assert [a.text for a in outcome.applied] == ["pick 1", "stop", "end"]
    assert all(a.auto for a in outcome.applied)
    assert lg.game.state.turn.seat == 1
    assert lg.deadline_at == clock.now + timedelta(hours=24)
    await service.storage.close()


async def test_one_live_game_per_channel_even_at_the_database(database) -> None:
    service = await _service(database)
    await service.create(1, 100, 11, "ann", 2)
    with pytest.raises(ServiceError, match="already has a game"):
        await service.create(1, 100, 22, "bob", 3)
    import sqlite3

    import asyncpg

    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        async with service.storage.transaction() as tx:
            await tx.execute(
                "INSERT INTO games (guild_id, channel_id, host_id, status, player_count, map_id,"
                " seed, deadline_hours, created_at, updated_at)"
                " VALUES (1, 100, 3, 'lobby', 2, 'sw-2p', 1, 24, 'x', 'x')"
            )
    await service.storage.close()


async def test_two_lobbies_opened_at_once_in_one_channel_make_one_game(database) -> None:
    """Both ``/sw new`` pass the look for a game in the channel before either stores its
    lobby; the second is refused with the true reason, not an error, and one game is left."""
    service = await _service(database)
    first = await service.lobby.plan(1, 100, 11, "ann", 2)
    second = await service.lobby.plan(1, 100, 22, "bob", 3)
    opened = await service.lobby.open(first, 100)
    with pytest.raises(ServiceError, match="already has a game"):
        await service.lobby.open(second, 100)
    rows = await service.storage.fetchall("SELECT id, host_id FROM games WHERE channel_id = 100")
    assert [(r["id"], r["host_id"]) for r in rows] == [(opened.id, 11)]
    await service.storage.close()


async def test_actions_in_different_games_at_the_same_time(tmp_path) -> None:
    # One SQLite connection serves all games: their transactions must not interleave. On
    # PostgreSQL they run side by side on the pool's connections.
    service = await _service(tmp_path / "db.sqlite3")
    for channel in (100, 200, 300):
        await service.create(1, channel, 11, "ann", 2)
        await service.join(channel, 22, "bob")
        await service.start(channel, 11)
    games = [await service.in_channel(c) for c in (100, 200, 300)]
    await asyncio.gather(
        *(service.act(lg.channel_id, lg.user_at(0), ["pick 1", "stop", "end"]) for lg in games)
    )
    for lg in games:
        rows = await service.storage.fetchall(
            "SELECT text FROM actions WHERE game_id = ? ORDER BY seq", (lg.id,)
        )
        assert [r["text"] for r in rows] == ["pick 1", "stop", "end"]
    await service.storage.close()


async def test_the_cache_keeps_the_most_recently_used_games(database) -> None:
    storage = storage_for(database)
    await storage.open()
    service = GameService(storage, clock=Clock(), cache_size=2)
    service.seed_source = lambda: 9
    for channel in (100, 200, 300):
        await service.create(1, channel, 11, "ann", 2)
        await service.join(channel, 22, "bob")
        await service.start(channel, 11)
    assert service.games.cached == 2
    first = await service.in_channel(100)  # read again from the database
    assert service.games.cached == 2
    # The evicted game was read afresh and plays on; a cancelled game leaves at once.
    await service.act(100, first.user_at(0), "pick 1")
    await service.cancel(200, 11, is_admin=False)
    assert service.games.cached == 1
    again = await service.in_channel(100)
    assert again.game is not None and [t for _, t in again.game.log] == ["pick 1"]
    await storage.close()


async def test_a_game_dropped_from_the_cache_during_a_load_is_read_afresh(database) -> None:
    """A load waits for the game's revision; another task drops the game from the cache
    meanwhile (a failed write does): the load reads it afresh instead of failing."""
    service = await _service(database)
    try:
        await _started(service)
        game_id = (await service.in_channel(100)).id
        cached = await service.load(game_id)
        loading = asyncio.create_task(service.load(game_id))
        await asyncio.sleep(0)  # it has the cached game and waits for its revision
        service.games.forget(game_id)
        again = await loading
        assert again.id == game_id and again is not cached
        assert again.game.state.version == cached.game.state.version
    finally:
        await service.storage.close()
