"""The SQLite storage's transactions: one cancelled while its BEGIN waits leaves the
connection usable (bot.storage.sqlite; bench/web.py met it when the AI seats were closed
mid-move)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage.sqlite import SqliteStorage


@pytest.fixture
async def storage(tmp_path: Path):
    opened = SqliteStorage(tmp_path / "tx.sqlite3")
    await opened.open()
    await opened.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    yield opened
    await opened.close()


async def test_a_transaction_cancelled_while_it_begins_leaves_the_connection_usable(
    storage,
) -> None:
    async def write(text: str) -> None:
        async with storage.transaction() as tx:
            await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))

    task = asyncio.create_task(write("cancelled"))
    await asyncio.sleep(0)  # it holds the lock and waits for its BEGIN IMMEDIATE
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await write("next")
    assert [r["text"] for r in await storage.fetchall("SELECT text FROM notes")] == ["next"]
