"""Two bot processes on one database form a rounds season's round once (issue 38,
"Reliability"), on SQLite and on PostgreSQL: their rounds passes run at once, and even
asked to form the round directly, past the claim, at once, only one of them does; the
round's table becomes one game in one thread.

Each process is the real bot under its own simulated Discord (``tests.bot.twoproc``); they
share only the database.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from .crashes import rows
from .test_two_processes import Proc

#: The bots' clock when the season opens (``twoproc.Clock``), and past the round's start.
OPENED = datetime(2026, 3, 1, 12, tzinfo=UTC)
PAST_START = OPENED + timedelta(hours=2)


async def two_bots_with_a_season(url: str) -> tuple[Proc, Proc]:
    """Two processes on ``url``, the server in both, a rounds season opened and signed up
    for (by the first), its first round's start passed in both."""
    a, b = await Proc.start(url), await Proc.start(url)
    world = await a.ask(op="world", organiser=True)
    assert (await b.ask(op="world", organiser=True))["members"] == world["members"]
    opened = await a.ask(
        op="slash",
        member=0,
        name="league open",
        options={"name": "Duo", "format": "rounds", "pod": 3, "starts_in_hours": 1.0},
        at=60,
    )
    assert not opened["ephemeral"], opened
    for i in range(3):
        signed = await a.ask(op="slash", member=i, name="league signup", at=61 + i)
        assert "signed up" in signed["content"], signed
    for p in (a, b):
        await p.ask(op="clock", iso=PAST_START.isoformat())
    return a, b


async def at_once(a: Proc, b: Proc, **req: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The same request sent to both processes before either answers."""
    await a.send(**req)
    await b.send(**req)
    return await a.read(), await b.read()


async def one_round_one_game(url: str, a: Proc, b: Proc) -> None:
    """The database holds one round, one table, one game, and one thread was opened."""
    assert len(await rows(url, "SELECT id FROM season_rounds")) == 1
    [table] = await rows(url, "SELECT status, game_id FROM game_tables")
    assert table["status"] == "started"
    assert len(await rows(url, "SELECT id FROM games")) == 1
    threads = [len((await p.ask(op="threads"))["threads"]) for p in (a, b)]
    assert sorted(threads) == [0, 1]


async def database(backend: str, tmp_path: Any) -> str:
    """A fresh database of ``backend``."""
    if backend == "sqlite":
        return str(tmp_path / "smallworld.sqlite3")
    from tests.pg import fresh_database

    return await fresh_database()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_two_processes_passing_at_once_form_a_round_once(backend, tmp_path) -> None:
    url = await database(backend, tmp_path)
    a, b = await two_bots_with_a_season(url)
    try:
        await at_once(a, b, op="rounds")
        # A second pass each: the round is formed already, its table opened.
        await at_once(a, b, op="rounds")
        await one_round_one_game(url, a, b)
    finally:
        await a.stop()
        await b.stop()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_two_processes_forming_a_round_at_once_past_the_claim_form_it_once(
    backend, tmp_path
) -> None:
    url = await database(backend, tmp_path)
    a, b = await two_bots_with_a_season(url)
    try:
        [season] = await rows(url, "SELECT id FROM seasons")
        ra, rb = await at_once(a, b, op="form", season=season["id"])
        assert sorted([ra["round"] is None, rb["round"] is None]) == [False, True], (ra, rb)
        [table] = await rows(url, "SELECT status FROM game_tables")
        assert table["status"] == "waiting"
        # Either one's rounds pass then opens the round's one table.
        await at_once(a, b, op="rounds")
        await one_round_one_game(url, a, b)
    finally:
        await a.stop()
        await b.stop()
