"""What the bot asks of a database, whichever engine keeps it.

The service code writes its SQL once, with ``?`` placeholders, in the subset that SQLite and
PostgreSQL read alike; each backend turns it into what its driver wants. Rows answer both
``row["name"]`` and ``row[0]``.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Protocol


def now_iso(now: datetime | None = None) -> str:
    """A UTC timestamp as stored in the database (ISO 8601, seconds)."""
    return (now or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")


class Row(Protocol):
    """A result row: by column name or by position."""

    def __getitem__(self, key: str | int, /) -> Any: ...

    def keys(self) -> Any:
        """The column names."""


class DatabaseUnavailable(Exception):
    """The database server cannot be reached or refuses the bot (its message says which
    database and why, never a password)."""


class StaleWrite(Exception):
    """Another writer changed the row first (its revision moved on): nothing was written.

    Raised inside a transaction, it rolls the transaction back; the caller reads the row
    afresh and decides again.
    """


class Transaction(ABC):
    """Statements inside one transaction (no commit of its own)."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; return how many rows it changed."""

    @abstractmethod
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an ``INSERT`` into a table with an ``id`` key; return the new row's id."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One row of a query run inside the transaction, or None."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query run inside the transaction."""

    @abstractmethod
    async def serialize(self, key: int) -> None:
        """Hold, until this transaction ends, the lock named ``key``: two transactions that
        read, compute and write the same rows (a season's ratings) take turns.

        SQLite's write transactions take turns anyway; PostgreSQL takes an advisory lock.
        """

    @abstractmethod
    async def run_script(self, script: str) -> None:
        """Run a migration's statements, in this transaction."""

    @abstractmethod
    async def restart_ids(self, tables: Sequence[str]) -> None:
        """After rows were written with their own ids (a database copied): the next id a
        table gives follows the highest one in it.

        SQLite takes the highest id by itself; PostgreSQL's identity columns count apart.
        """


class Storage(ABC):
    """A connection (or pool of them) to the bot's database."""

    #: ``sqlite`` or ``postgresql``: which migration files apply (``migrations``).
    dialect: str
    #: Whether several bot processes may use this database at once (what one process keeps
    #: in memory, such as the requests it saw, must then be kept in the database too).
    shared: bool

    @abstractmethod
    async def open(self, *, migrate: bool = True) -> None:
        """Connect and, unless ``migrate`` is False, apply pending migrations (``python -m
        bot migrate`` connects first, to tell which migrations it applies)."""

    @abstractmethod
    async def close(self) -> None:
        """Close every connection."""

    @abstractmethod
    async def migrate(self) -> list[int]:
        """Apply every numbered migration newer than the database; their numbers."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    @abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[Transaction]:
        """A write transaction: committed when the block ends, rolled back if it raises."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement committed on its own (a claim, a request's record); how many rows
        it changed. Cheaper than a ``transaction`` of one statement on a server."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One row of a query, or None."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """All rows of a query."""

    @abstractmethod
    def describe(self) -> str:
        """Where the data lives, for the log (never a password)."""
