"""``python -m bot copy-database --from FILE``: a whole SQLite database copied into an empty
PostgreSQL one, with its ids, its seasons' standings and the announcements still owed
(docs/operations.md, issue 24: "the SQLite → PostgreSQL move of an existing server's
games")."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.__main__ import parser
from bot.service import GameService
from bot.settings import Settings
from bot.storage import Storage
from bot.transfer import cli
from bot.transfer.copy import SKIPPED, tables_in_order
from tests.pg import fresh_database

from .played import play, start

Opener = Callable[..., Awaitable[GameService]]


async def _run(target: str, *argv: str) -> tuple[int, str, str]:
    settings = Settings(
        token=None, database_path="unused.sqlite3", dev_guild_id=None, log_level="INFO",
        database_url=target,
    )  # fmt: skip
    out, err = io.StringIO(), io.StringIO()
    code = await cli.run(parser().parse_args(list(argv)), settings, out, err)
    return code, out.getvalue(), err.getvalue()


async def _rows(storage: Storage, table: str) -> list[tuple[Any, ...]]:
    """Every row of ``table``, as plain tuples in a fixed order."""
    rows = await storage.fetchall(f"SELECT * FROM {table}")
    return sorted((tuple(r[k] for k in sorted(r.keys())) for r in rows), key=repr)


async def test_a_whole_sqlite_database_is_copied_to_postgresql(
    tmp_path: Path, opened: Opener
) -> None:
    old = tmp_path / "old.sqlite3"
    source = await opened(old)
    season = await source.league.open_season(1, 100, 11, "Spring")
    finished = await start(source, 100)
    await play(source, 100, 3000)
    assert (await source.load(finished)).status == "over"
    await start(source, 200, players=3, seed=10)
    await play(source, 200, 25)
    tables = await tables_in_order(source.storage)
    # Tables come after those they refer to; the processes' own tables stay behind.
    assert tables.index("games") < min(tables.index("seats"), tables.index("seat_log"))
    assert tables.index("seasons") < tables.index("rating_events")
    assert not SKIPPED & set(tables)

    url = await fresh_database()
    code, out, err = await _run(url, "copy-database", "--from", str(old))
    assert code == 0, err
    counted = dict(line.split() for line in out.splitlines())
    assert list(counted) == tables
    assert int(counted["ratings"]) > 0 and int(counted["outbox"]) > 0

    target = await opened(url)
    for table in tables:
        assert await _rows(target.storage, table) == await _rows(source.storage, table), table
    # The season's standings came along (game files do not carry them).
    standings = await target.league.standings(season)
    assert standings and standings == await source.league.standings(season)
    # The game under way plays on, and a new game takes the next id.
    assert await play(target, 200, 6, seed=4) == 6
    highest = await source.storage.fetchone("SELECT MAX(id) AS n FROM games")
    assert highest is not None
    assert await start(target, 300) == highest["n"] + 1

    # A second copy would make two of everything: refused, nothing written.
    before = await _rows(target.storage, "actions")
    code, out, err = await _run(url, "copy-database", "--from", str(old))
    assert (code, out) == (1, "") and "not empty" in err
    assert await _rows(target.storage, "actions") == before


async def test_copy_database_refuses_what_it_cannot_copy(tmp_path: Path) -> None:
    url = await fresh_database()
    code, _out, err = await _run(url, "copy-database", "--from", str(tmp_path / "none.sqlite3"))
    assert code == 2 and "no SQLite file" in err
