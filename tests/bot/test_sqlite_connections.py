"""The SQLite storage's two connections: reads see the last committed state without waiting
for a transaction under way, and a transaction cancelled while its BEGIN waits leaves the
connection usable (bot.storage.sqlite)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage.sqlite import SqliteStorage


@pytest.fixture
async def storage(tmp_path: Path):
    opened = SqliteStorage(tmp_path / "two.sqlite3")
    await opened.open()
    await opened.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    yield opened
    await opened.close()


async def test_a_read_does_not_wait_for_a_transaction_and_sees_only_commits(storage) -> None:
    inside, release = asyncio.Event(), asyncio.Event()

    async def slow_write() -> None:
        async with storage.transaction() as tx:
            await tx.execute("INSERT INTO notes (text) VALUES ('half written')")
            inside.set()
            await release.wait()

    writer = asyncio.create_task(slow_write())
    await inside.wait()
    # The transaction holds the writing connection; a read answers at once, without it.
    rows = await asyncio.wait_for(storage.fetchall("SELECT text FROM notes"), 5)
    assert rows == []
    release.set()
    await writer
    # Once committed, the next read sees it.
    assert [r["text"] for r in await storage.fetchall("SELECT text FROM notes")] == ["half written"]


async def test_reads_cannot_write(storage) -> None:
    with pytest.raises(Exception, match="readonly"):
        await storage.fetchall("INSERT INTO notes (text) VALUES ('sneaked') RETURNING id")
    assert await storage.fetchall("SELECT * FROM notes") == []


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
