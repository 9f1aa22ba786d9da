"""Two bot processes on one database, as two ``GameService`` objects with their own caches,
locks and connections: a write made on an older copy of a game writes nothing, and the
request is decided again on the fresh game (issue 24, "optimistic concurrency").

Each test runs on both backends (``database``: a SQLite file two connections share, a
PostgreSQL database two pools share).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.errors import ServiceError
from bot.service import GameService
from bot.service.store import ATTEMPTS
from bot.storage import StaleWrite, storage_for
from engine import EngineError, parse


def _clock() -> datetime:
    return datetime(2026, 3, 1, 12, tzinfo=UTC)


_open: list[GameService] = []


@pytest.fixture(autouse=True)
async def _close_services() -> AsyncIterator[None]:
    """Every service a test opened is closed, even when the test fails (an open SQLite
    connection's thread would keep the test process alive)."""
    yield
    while _open:
        await _open.pop().storage.close()


async def _service(target: str) -> GameService:
    storage = storage_for(target)
    await storage.open()
    service = GameService(storage, clock=_clock)
    service.seed_source = lambda: 9
    _open.append(service)
    return service


async def _pair(database: str) -> tuple[GameService, GameService, int]:
    """Two services on one database, and a started 2-player game both have loaded."""
    a = await _service(database)
    b = await _service(database)
    await a.create(1, 100, 11, "ann", 2)
    await a.join(100, 22, "bob")
    await a.start(100, 11)
    lg = await a.in_channel(100)
    await b.in_channel(100)
    return a, b, lg.id


async def _log(service: GameService, game_id: int) -> list[str]:
    rows = await service.storage.fetchall(
        "SELECT text FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    return [r["text"] for r in rows]


async def test_a_stale_copy_writes_nothing(database: str) -> None:
    a, b, gid = await _pair(database)
    stale = await b.load(gid)
    actor = stale.user_at(0)
    await a.act(100, actor, "pick 1")
    # B still holds the game as it was before A's move: its commit claims a revision the
    # row no longer has, and writes nothing.
    assert stale.game is not None
    seat = stale.seat_of(actor)
    assert seat is not None
    with pytest.raises(StaleWrite):
        await b.moves.committer.apply(stale, [(seat, parse("pick 2"), actor, False)])
    assert await _log(a, gid) == ["pick 1"]
    # B's next read sees A's move: the cached copy is used only while its revision holds.
    fresh = await b.load(gid)
    assert fresh is not stale
    assert fresh.game is not None and [t for _, t in fresh.game.log] == ["pick 1"]


async def test_the_same_press_in_both_processes_applies_once(database: str) -> None:
    a, b, gid = await _pair(database)
    lg = await a.load(gid)
    actor = lg.user_at(0)
    results = await asyncio.gather(
        a.act(100, actor, ["pick 1", "stop", "end"]),
        b.act(100, actor, ["pick 1", "stop", "end"]),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    # One press is applied; the other is decided again on the fresh game and refused with
    # the true reason (it is no longer this member's decision), not applied a second time.
    assert len(errors) == 1, results
    assert isinstance(errors[0], (ServiceError, EngineError))
    assert await _log(a, gid) == ["pick 1", "stop", "end"]


async def test_a_request_that_lost_the_race_is_decided_on_the_fresh_game(database: str) -> None:
    a, b, gid = await _pair(database)
    lg = await a.load(gid)
    actor = lg.user_at(0)
    committer = b.moves.committer
    real_apply = committer.apply
    raced = []

    async def apply_after_a(lg_b, batch, *args, **kwargs):  # type: ignore[no-untyped-def]
        # Between B's check and B's commit, A commits the same decision.
        if not raced:
            raced.append(True)
            await a.act(100, actor, ["pick 1"])
        return await real_apply(lg_b, batch, *args, **kwargs)

    committer.apply = apply_after_a  # type: ignore[method-assign]
    # B's first attempt (pick 2, checked on the old game) writes nothing; on the fresh game
    # the member has already picked: the true answer is a refusal.
    with pytest.raises((ServiceError, EngineError)):
        await b.act(100, actor, "pick 2")
    assert await _log(a, gid) == ["pick 1"]
    # A move that is still legal on the fresh game is applied there, once.
    raced.clear()
    raced.append(True)
    outcome = await b.act(100, actor, ["stop", "end"])
    assert [x.text for x in outcome.applied] == ["stop", "end"]
    assert await _log(b, gid) == ["pick 1", "stop", "end"]


async def test_a_lobby_change_on_an_old_copy_is_redone(database: str) -> None:
    a = await _service(database)
    b = await _service(database)
    await a.create(1, 100, 11, "ann", 3)
    await b.in_channel(100)  # B caches the lobby with the host alone
    await a.join(100, 22, "bob")
    # B's copy is stale; its join is decided on the fresh lobby (two seated already).
    lg = await b.join(100, 33, "cyd")
    assert [s.name for s in lg.seats] == ["ann", "bob", "cyd"]
    with pytest.raises(ServiceError, match="full"):
        await a.join(100, 44, "dan")


async def test_a_write_that_keeps_losing_gives_up_after_a_few_tries(database: str) -> None:
    _a, b, gid = await _pair(database)
    tries = []

    async def always_stale(lg):  # type: ignore[no-untyped-def]
        tries.append(lg.revision)
        raise StaleWrite("lost again")

    with pytest.raises(StaleWrite):
        await b.games.retrying(gid, always_stale)
    assert len(tries) == ATTEMPTS
