"""SQLite storage through aiosqlite: WAL mode, foreign keys, numbered migrations.

Every write the bot makes goes through ``Storage.transaction``, so an accepted action and the
state it produced are committed together, before any reply is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def now_iso(now: datetime | None = None) -> str:
    """A UTC timestamp as stored in the database (ISO 8601, seconds)."""
    return (now or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")


class Storage:
    """One connection to the bot's database."""

    def __init__(self, path: str) -> None:
        self.path = path
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

    async def open(self) -> None:
        """Connect, switch on WAL and foreign keys, and apply pending migrations."""
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        for pragma in ("journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000"):
            # Each PRAGMA answers with a row: fetch it so no statement stays open.
            await self.fetchone(f"PRAGMA {pragma}")
        await self.migrate()

    async def close(self) -> None:
        """Close the connection."""
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def migrate(self) -> list[int]:
        """Apply every ``NNN_*.sql`` file newer than the database's ``user_version``."""
        row = await self.fetchone("PRAGMA user_version")
        current = row[0] if row else 0
        applied = []
        # Foreign keys are off while migrations run (a pragma a transaction cannot change):
        # a migration that rebuilds a table (drop, then rename the new one) must not cascade
        # the drop to the rows that refer to it. Each migration's references are checked
        # before it commits.
        await self.fetchall("PRAGMA foreign_keys = OFF")
        try:
            for path in sorted(MIGRATIONS.glob("*.sql")):
                number = int(path.name.split("_", 1)[0])
                if number <= current:
                    continue
                async with self.transaction() as db:
                    await db.executescript_in_tx(path.read_text(encoding="utf-8"))
                    broken = await db.fetchall("PRAGMA foreign_key_check")
                    if broken:
                        raise RuntimeError(f"migration {path.name} broke references: {broken}")
                    await db.execute(f"PRAGMA user_version = {number}")
                applied.append(number)
        finally:
            await self.fetchall("PRAGMA foreign_keys = ON")
        return applied

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back if the block raises."""
        db = self.db
        async with self._lock:
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield Transaction(db)
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        """One row of a query, or None."""
        async with self._lock, self.db.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        """All rows of a query."""
        async with self._lock, self.db.execute(sql, params) as cur:
            return list(await cur.fetchall())


class Transaction:
    """The connection inside a transaction (statements only; no commit of its own)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: tuple = ()) -> int | None:
        """Run a statement; return the id of the row it inserted, if any."""
        async with self._db.execute(sql, params) as cur:
            return cur.lastrowid

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        """One row of a query run inside the transaction."""
        async with self._db.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        """Every row of a query run inside the transaction."""
        async with self._db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def executescript_in_tx(self, script: str) -> None:
        """Run a migration script inside the transaction, statement by statement.

        ``executescript()`` would COMMIT first; this keeps a migration and its version bump
        in one transaction.
        """
        for statement in _split_sql(script):
            await self.execute(statement)


def _split_sql(script: str) -> list[str]:
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
