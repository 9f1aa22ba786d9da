"""The real bot against simcord's in-memory Discord, with a fresh SQLite file per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import SmallWorldBot
from bot.settings import Settings


def make_bot(db: Path, seed: int = 5) -> SmallWorldBot:
    """A bot on a given database (the same file survives a simulated restart).

    Game seeds come from ``seed`` so that every test plays the same game each run.
    """
    settings = Settings(token="test", database_path=str(db), dev_guild_id=None, log_level="INFO")
    bot = SmallWorldBot(settings, tick_seconds=60.0)
    bot.service.seed_source = lambda: seed
    return bot


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test's database lives."""
    return tmp_path / "smallworld.sqlite3"


@pytest.fixture
async def simcord_bot(db_path: Path) -> AsyncIterator[SmallWorldBot]:
    """The bot under test (simcord's ``simcord_env`` fixture starts it).

    The database is closed afterwards even when a test fails, so no SQLite worker thread
    outlives the test.
    """
    bot = make_bot(db_path)
    yield bot
    await bot.storage.close()
