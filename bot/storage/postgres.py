"""PostgreSQL through asyncpg: a pool of connections that several bot processes share.

Chosen by ``DATABASE_URL=postgresql://…``. The service's SQL is written once with ``?``
placeholders; here each becomes ``$1``, ``$2``… (``placeholders``). Transactions run at
PostgreSQL's default isolation (read committed): a game's own writes are guarded by its
revision (``UPDATE … WHERE revision = ?``), and the few read-compute-write steps that span
games (a season's ratings) take an advisory lock (``serialize``).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .base import DatabaseUnavailable, Row, Storage, Transaction
from .migrations import migrations, split_sql

#: The advisory lock that makes two processes starting at once migrate one after the other.
MIGRATION_LOCK = 0x5357_0001


@functools.lru_cache(maxsize=2048)
def placeholders(sql: str) -> str:
    """``sql`` with each ``?`` outside quotes numbered as PostgreSQL wants: ``$1``, ``$2``…"""
    out = []
    n = 0
    quote: str | None = None
    for ch in sql:
        if quote is not None:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


def _args(params: Sequence[Any]) -> list[Any]:
    # The bot stores flags as 0 and 1, as SQLite does; asyncpg would refuse a bool for an
    # integer column.
    return [int(p) if isinstance(p, bool) else p for p in params]


def _numeric(text: str) -> int | float:
    # SUM and AVG answer NUMERIC in PostgreSQL: read them as SQLite answers (an integer
    # stays an integer) instead of as Decimal, which does not mix with float.
    return int(text) if text.lstrip("-").isdigit() else float(text)


async def _setup(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec(
        "numeric", schema="pg_catalog", encoder=str, decoder=_numeric, format="text"
    )


async def _keep(conn: asyncpg.Connection) -> None:
    # A connection goes back to the pool as it is: the bot never leaves anything in a
    # session (no LISTEN, cursor, setting or session lock outlives its block; the migration
    # lock is let go in a ``finally``), so asyncpg's reset query, a round trip at every
    # release, would undo nothing. asyncpg still rolls back an open transaction first.
    del conn


def _changed(status: str) -> int:
    """How many rows a command changed, from its status (``UPDATE 3``, ``INSERT 0 1``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresStorage(Storage):
    """A pool of connections to one PostgreSQL database."""

    dialect = "postgresql"
    shared = True

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url = url
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    @property
    def pool(self) -> asyncpg.Pool:
        """The open pool (``open`` must have been awaited)."""
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    def describe(self) -> str:
        """The URL without its password."""
        parts = urlsplit(self.url)
        netloc = parts.netloc
        if "@" in netloc:
            user, _, host = netloc.rpartition("@")
            netloc = f"{user.split(':', 1)[0]}:***@{host}" if ":" in user else netloc
        return f"PostgreSQL {urlunsplit(parts._replace(netloc=netloc))}"

    async def open(self, *, migrate: bool = True) -> None:
        """Open the pool and apply pending migrations."""
        try:
            self._pool = await asyncpg.create_pool(
                self.url,
                min_size=1,
                max_size=self.pool_size,
                init=_setup,
                # A bot's pool is small and busy: its connections and their prepared
                # statements stay (asyncpg would otherwise arm a timer per connection and
                # per cached statement to drop them after 5 idle minutes).
                max_inactive_connection_lifetime=0,
                max_cached_statement_lifetime=0,
                reset=_keep,
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            # Told apart from Discord being unreachable (an OSError too) at start-up.
            raise DatabaseUnavailable(f"{self.describe()}: {exc}") from exc
        if migrate:
            await self.migrate()

    async def close(self) -> None:
        """Close the pool."""
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def schema_version(self) -> int:
        """The highest number in ``schema_migrations`` (0 before the first migration)."""
        async with self.pool.acquire() as conn:
            exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
            if not exists:
                return 0
            last = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            return int(last)

    async def migrate(self) -> list[int]:
        """Apply every migration not in ``schema_migrations``, one process at a time."""
        applied = []
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    " version BIGINT PRIMARY KEY, name TEXT NOT NULL,"
                    " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
                done = {r[0] for r in await conn.fetch("SELECT version FROM schema_migrations")}
                for step in migrations(self.dialect):
                    if step.number in done:
                        continue
                    async with conn.transaction():
                        for statement in split_sql(step.sql):
                            await conn.execute(statement)
                        await conn.execute(
                            "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                            step.number,
                            step.name,
                        )
                    applied.append(step.number)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        return applied

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """A connection of the pool inside ``BEGIN`` ... ``COMMIT``."""
        async with self.pool.acquire() as conn, conn.transaction():
            yield PostgresTransaction(conn)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement, committed by itself (autocommit: no ``BEGIN``/``COMMIT``)."""
        return _changed(await self.pool.execute(placeholders(sql), *_args(params)))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One row of a query, or None."""
        row: Row | None = await self.pool.fetchrow(placeholders(sql), *_args(params))
        return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """All rows of a query."""
        return list(await self.pool.fetch(placeholders(sql), *_args(params)))


class PostgresTransaction(Transaction):
    """One connection of the pool inside a transaction."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; how many rows it changed."""
        return _changed(await self._conn.execute(placeholders(sql), *_args(params)))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an ``INSERT``; the new row's ``id`` (``RETURNING id``)."""
        rid = await self._conn.fetchval(placeholders(sql) + " RETURNING id", *_args(params))
        if rid is None:
            raise RuntimeError("the statement inserted no row")
        return int(rid)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One row of a query run inside the transaction."""
        row: Row | None = await self._conn.fetchrow(placeholders(sql), *_args(params))
        return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query run inside the transaction."""
        return list(await self._conn.fetch(placeholders(sql), *_args(params)))

    async def serialize(self, key: int) -> None:
        """A transaction-scoped advisory lock on ``key``."""
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", key)

    async def run_script(self, script: str) -> None:
        """Statement by statement, inside this transaction."""
        for statement in split_sql(script):
            await self._conn.execute(statement)

    async def restart_ids(self, tables: Sequence[str]) -> None:
        """Move each identity column's counter past the highest id in its table."""
        found = await self._conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND is_identity = 'YES'"
        )
        for r in found:
            table, column = r["table_name"], r["column_name"]
            if table not in tables:
                continue
            # ``setval(…, n, false)``: the next id given is n itself.
            await self._conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                f" COALESCE(MAX({column}), 0) + 1, false) FROM {table}"
            )
