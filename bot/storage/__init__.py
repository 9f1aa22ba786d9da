"""Where the bot keeps its games: SQLite (the embedded default) or PostgreSQL.

Every write the bot makes goes through ``Storage.transaction``, so an accepted action and the
state it produced are committed together, before any reply is sent. ``storage_for`` picks
the backend from the settings: a ``postgresql://`` URL, or else a SQLite file.

- ``base``: the interface the service code uses (``Storage``, ``Transaction``, ``Row``);
- ``migrations``: the numbered migrations, one set for both backends;
- ``sqlite`` and ``postgres``: the two backends.
"""

from __future__ import annotations

import sqlite3

import asyncpg

from .base import DatabaseUnavailable, Row, StaleWrite, Storage, Transaction, now_iso
from .migrations import MIGRATIONS
from .postgres import PostgresStorage
from .sqlite import SqliteStorage

__all__ = [
    "DATABASE_ERRORS",
    "INTEGRITY_ERRORS",
    "MIGRATIONS",
    "SQLITE_ERRORS",
    "DatabaseUnavailable",
    "PostgresStorage",
    "Row",
    "SqliteStorage",
    "StaleWrite",
    "Storage",
    "Transaction",
    "now_iso",
    "storage_for",
]

#: What a SQLite file that cannot be opened or written raises.
SQLITE_ERRORS: tuple[type[BaseException], ...] = (sqlite3.Error,)
#: What either backend raises when the database cannot be reached or used.
DATABASE_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    DatabaseUnavailable,
    OSError,
)
#: What either backend raises when a write breaks a unique key or another constraint.
INTEGRITY_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.IntegrityError,
    asyncpg.IntegrityConstraintViolationError,
)

#: The URL schemes that name a PostgreSQL database.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def storage_for(target: str, pool_size: int = 10) -> Storage:
    """The storage a ``DATABASE_URL`` or SQLite path names (not opened yet)."""
    if target.startswith(POSTGRES_SCHEMES):
        return PostgresStorage(target, pool_size=pool_size)
    return SqliteStorage(target.removeprefix("sqlite:///"))
