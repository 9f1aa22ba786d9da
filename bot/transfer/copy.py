"""A whole SQLite database copied into an empty one: ``python -m bot copy-database --from
FILE`` (docs/operations.md).

The move of a bot from its SQLite file to PostgreSQL with nothing left behind: every game
with its id, log and history, the seasons with their standings (the ``ratings`` table,
which game files do not carry), members' settings, servers' maps, the announcements still
owed and the turn messages up in the channels (same ids, same channels: the bot goes on
editing them). What belongs to the processes of the moment is not copied: the claims on
background work and the requests recently seen.

Tables are copied each after the tables it refers to, all in one transaction of the
target; its identity counters are then moved past the highest ids copied, and every
table's row count is checked against the source's before the transaction commits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..storage import Storage
from .document import TransferError

#: Tables of the running processes, not of the games: their rows mean nothing elsewhere.
SKIPPED = frozenset({"claims", "requests", "schema_migrations"})


@dataclass
class Copied:
    """What a copy wrote: the rows of each table, in the order copied."""

    rows: dict[str, int] = field(default_factory=dict)


async def tables_in_order(source: Storage) -> list[str]:
    """The source's tables (but ``SKIPPED``), each after the tables it refers to."""
    if source.dialect != "sqlite":
        raise TransferError("copy-database copies from a SQLite file")
    found = await source.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )
    names = sorted(r["name"] for r in found if r["name"] not in SKIPPED)
    refers: dict[str, set[str]] = {}
    for name in names:
        keys = await source.fetchall(f"PRAGMA foreign_key_list({name})")
        refers[name] = {k["table"] for k in keys} - {name}
    order: list[str] = []

    def place(name: str, path: tuple[str, ...]) -> None:
        if name in order:
            return
        if name in path:
            raise TransferError(f"tables refer to each other in a circle: {' → '.join(path)}")
        for other in sorted(refers.get(name, ())):
            place(other, (*path, name))
        order.append(name)

    for name in names:
        place(name, ())
    return order


async def copy_database(source: Storage, target: Storage) -> Copied:
    """Copy every row of ``source`` (a SQLite database at the bot's schema) into ``target``
    (at the same schema, with no rows yet); all or nothing."""
    if await source.schema_version() != await target.schema_version():
        raise TransferError(
            f"the two databases are at different schema versions"
            f" ({await source.schema_version()} and {await target.schema_version()})"
        )
    order = await tables_in_order(source)
    for table in order:
        row = await target.fetchone(f"SELECT COUNT(*) AS n FROM {table}")
        if row is not None and row["n"]:
            raise TransferError(
                f"the target is not empty ({table} has {row['n']} rows): copy-database fills"
                " a new database"
            )
    copied = Copied()
    async with target.transaction() as tx:
        for table in order:
            rows = await source.fetchall(f"SELECT * FROM {table}")
            copied.rows[table] = len(rows)
            if not rows:
                continue
            columns = list(rows[0].keys())
            sql = (
                f"INSERT INTO {table} ({', '.join(columns)})"
                f" VALUES ({', '.join('?' for _ in columns)})"
            )
            for r in rows:
                await tx.execute(sql, tuple(r[c] for c in columns))
        await tx.restart_ids(order)
        for table, count in copied.rows.items():
            row = await tx.fetchone(f"SELECT COUNT(*) AS n FROM {table}")
            if row is None or row["n"] != count:
                raise TransferError(f"{table}: {count} rows read, {row and row['n']} written")
    return copied
