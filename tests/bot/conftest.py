"""The real bot against simcord's in-memory Discord, with a fresh database per test.

The database is a SQLite file, or with ``SW_TEST_DATABASE=postgresql`` a new database on the
tests' PostgreSQL server (``tests.pg``): the same tests, on either backend.

The bot draws and thinks in threads (``WORKERS=0``): a worker process per test costs its
start-up and its own picture caches in every test (``tests/bot`` on 2 cores: 96 s in
threads, 135 s with one worker), and a test may replace a renderer function in this process.
``SW_TEST_WORKERS=N`` runs them with N worker processes instead (then the one test that
does, in ``test_league_rules.py``, fails); ``test_workers.py`` checks the pool itself.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime
from pathlib import Path

import pytest

from bot.client import SmallWorldBot
from bot.service import GameService
from bot.settings import Settings
from tests.pg import fresh_database

from .played import open_service

#: Which backend the bot's tests run on: ``sqlite`` (the default) or ``postgresql``.
BACKEND = os.environ.get("SW_TEST_DATABASE", "sqlite")
#: Worker processes of the bots under test (``bot.workers``): 0, threads, unless set.
WORKERS = int(os.environ.get("SW_TEST_WORKERS", "0"))
#: The bots ``make_bot`` made during the test under way, closed after it (``simcord_bot``).
#: A simulated restart's new bot is never closed by simcord: its SQLite connection's thread
#: (not a daemon) would keep the process from exiting once the tests are done.
MADE: list[SmallWorldBot] = []


def make_bot(
    db: Path | str,
    seed: int = 5,
    workers: int | None = None,
    clock: Callable[[], datetime] | None = None,
    tick_seconds: float = 60.0,
) -> SmallWorldBot:
    """A bot on a given database, a SQLite file or a PostgreSQL URL (the same database
    survives a simulated restart), with ``workers`` worker processes (``WORKERS`` if None),
    ``clock`` (Discord's, simulated, if None) and its deadline loop every ``tick_seconds``.

    Game seeds come from ``seed`` so that every test plays the same game each run.
    """
    url = str(db) if str(db).startswith("postgresql://") else None
    settings = Settings(
        token="test",
        database_path=str(db),
        dev_guild_id=None,
        log_level="INFO",
        database_url=url,
        database_pool_size=4,
        # One shard, as a small bot runs (the bot is an ``AutoShardedBot``).
        shard_ids=(0,),
        shard_count=1,
        workers=WORKERS if workers is None else workers,
    )
    bot = SmallWorldBot(settings, clock=clock, tick_seconds=tick_seconds)
    bot.service.seed_source = lambda: seed
    MADE.append(bot)
    return bot


@pytest.fixture
async def db_path(tmp_path: Path) -> Path | str:
    """Where the test's database lives: a SQLite file, or a PostgreSQL URL."""
    if BACKEND == "postgresql":
        return await fresh_database()
    return tmp_path / "smallworld.sqlite3"


@pytest.fixture
async def simcord_bot(db_path: Path) -> AsyncIterator[SmallWorldBot]:
    """The bot under test (simcord's ``simcord_env`` fixture starts it).

    The database and the worker processes are closed afterwards even when a test fails, so
    no SQLite thread or worker process outlives the test (simcord never closes the bot):
    this bot's, and those of every bot the test made for a restart (``MADE``).
    """
    MADE.clear()
    bot = make_bot(db_path)
    yield bot
    for made in MADE:
        await made.workers.close()
        await made.storage.close()
    MADE.clear()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database on each backend, for the tests that run on both: a SQLite file's
    path, or a PostgreSQL URL (``bot.storage.storage_for`` opens either)."""
    if request.param == "postgresql":
        return await fresh_database()
    return str(tmp_path / "db.sqlite3")


@pytest.fixture
async def opened() -> AsyncIterator[Callable[..., Awaitable[GameService]]]:
    """``await opened(target)``: a service on a database (``open_service``), closed after
    the test even when it fails, so that no SQLite worker thread outlives it."""
    services: list[GameService] = []

    async def opener(target: str | Path, seed: int = 9) -> GameService:
        service = await open_service(target, seed)
        services.append(service)
        return service

    yield opener
    for service in services:
        await service.storage.close()
