"""SQLite through aiosqlite: WAL mode, foreign keys, one connection for the whole bot.

The embedded default: a file beside the bot, nothing to install. Write transactions are
``BEGIN IMMEDIATE``, so they take turns, also with another process on the same file.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from .base import Row, Storage, Transaction
from .migrations import migrations, split_sql


class SqliteStorage(Storage):
    """One connection to a SQLite file."""

    dialect = "sqlite"
    #: One process per file: the embedded default serves one bot process.
    shared = False

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        # One connection serves every game: transactions of different games must take turns,
        # and a read must not see another game's half-written transaction.
        self._lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        """The open connection (``open`` must have been awaited)."""
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    def describe(self) -> str:
        """The file's path."""
        return f"SQLite file {self.path}"

    async def open(self, *, migrate: bool = True) -> None:
        """Connect, switch on WAL and foreign keys, and apply pending migrations."""
        # A file that cannot be opened is found here, in this thread: after a failed connect,
        # aiosqlite's worker thread stops on its own, racing the end of the event loop, and
        # may print a traceback after the one line that tells what happened.
        sqlite3.connect(self.path).close()
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        try:
            for pragma in ("journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000"):
                # Each PRAGMA answers with a row: fetch it so no statement stays open.
                await self.fetchone(f"PRAGMA {pragma}")
            if migrate:
                await self.migrate()
        except BaseException:
            # A file that is not a database is found by the first statement: the connection's
            # thread (not a daemon) would keep the process alive after its one line.
            await self.close()
            raise

    async def close(self) -> None:
        """Close the connection."""
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def schema_version(self) -> int:
        """SQLite keeps it in the file's ``user_version``."""
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self) -> list[int]:
        """Apply every migration newer than the file's ``user_version``."""
        current = await self.schema_version()
        applied = []
        # Foreign keys are off while migrations run (a pragma a transaction cannot change):
        # a migration that rebuilds a table (drop, then rename the new one) must not cascade
        # the drop to the rows that refer to it. Each migration's references are checked
        # before it commits.
        await self.fetchall("PRAGMA foreign_keys = OFF")
        try:
            for step in migrations(self.dialect):
                if step.number <= current:
                    continue
                async with self.transaction() as tx:
                    await tx.run_script(step.sql)
                    broken = await tx.fetchall("PRAGMA foreign_key_check")
                    if broken:
                        raise RuntimeError(f"migration {step.name} broke references: {broken}")
                    await tx.execute(f"PRAGMA user_version = {step.number}")
                applied.append(step.number)
        finally:
            await self.fetchall("PRAGMA foreign_keys = ON")
        return applied

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back if the block raises."""
        db = self.db
        async with self._lock:
            begin = asyncio.ensure_future(db.execute("BEGIN IMMEDIATE"))
            try:
                await asyncio.shield(begin)
            except asyncio.CancelledError:
                # Queued to the connection's thread, the BEGIN runs even so: let it, then
                # undo it, or the connection stays inside it and every later transaction
                # fails ("cannot start a transaction within a transaction").
                with contextlib.suppress(Exception):
                    await begin
                    await db.execute("ROLLBACK")
                raise
            try:
                yield SqliteTransaction(db)
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in a transaction of its own; how many rows it changed."""
        async with self.transaction() as tx:
            return await tx.execute(sql, params)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One row of a query, or None."""
        async with self._lock, self.db.execute(sql, tuple(params)) as cur:
            row: Row | None = await cur.fetchone()
            return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """All rows of a query."""
        async with self._lock, self.db.execute(sql, tuple(params)) as cur:
            return list(await cur.fetchall())


class SqliteTransaction(Transaction):
    """The connection inside a ``BEGIN IMMEDIATE`` transaction."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; how many rows it changed."""
        async with self._db.execute(sql, tuple(params)) as cur:
            return cur.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an ``INSERT``; the new row's id (SQLite's row id, which ``id`` names)."""
        async with self._db.execute(sql, tuple(params)) as cur:
            rid = cur.lastrowid
        if rid is None:
            raise RuntimeError("the statement inserted no row")
        return rid

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One row of a query run inside the transaction."""
        async with self._db.execute(sql, tuple(params)) as cur:
            row: Row | None = await cur.fetchone()
            return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query run inside the transaction."""
        async with self._db.execute(sql, tuple(params)) as cur:
            return list(await cur.fetchall())

    async def serialize(self, key: int) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` already makes write transactions take turns."""

    async def run_script(self, script: str) -> None:
        """Statement by statement (``executescript()`` would commit first)."""
        for statement in split_sql(script):
            await self.execute(statement)

    async def restart_ids(self, tables: Sequence[str]) -> None:
        """Nothing to do: a new row's id is the highest one plus one already."""
