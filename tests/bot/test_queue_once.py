"""A queue game is formed once (issue 38, "Reliability"), on SQLite and on PostgreSQL.

Two processes form one server's queue at once (the first one stalled past its claim's
lease, so the claim no longer keeps the second out) and both choose the same game from
the same rows: they record one table between them. The one that comes second finds the
members gone when it takes them (``Queue.take``), rolls back, reads the queue again and
forms nothing. Both orders are driven: the second process records while the first has
chosen but not begun its transaction (either backend), and while the first's transaction
is open (PostgreSQL only: SQLite's write transactions take turns, ``BEGIN IMMEDIATE``, so
no second writer can run meanwhile). A member who changes their wishes between the choice
and its record is not placed on the old ones. The real processes' test is in
``test_queue_processes.py``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from datetime import timedelta
from typing import Any

import pytest

from bot.claims import LEASE, Claims
from bot.league import League
from bot.seasons.forming import Former, Pass
from bot.seasons.queue import Queue
from bot.seasons.queue_tables import QueueTables
from bot.storage import Storage, storage_for

from .played import Clock

GUILD, CHANNEL, ORGANISER = 77, 700, 9
MEMBERS = {1: "ann", 2: "bob", 3: "cyd"}


class Process:
    """What one bot process forms the queue with: its own connection, clock and claims.

    ``chose`` is set when it has chosen a game (its members looked up: ``absent``) and
    ``inside`` when its transaction has recorded the table; clearing ``go`` or ``hold``
    makes it wait there until they are set again.
    """

    def __init__(self, storage: Storage, clock: Clock, name: str) -> None:
        self.storage = storage
        self.queue = Queue(storage, League(storage, clock), clock)
        self.tables = QueueTables(lambda: 5, clock)
        self.former = Former(self.queue, Claims(storage, clock, owner=name), self.record, clock)
        self.chose, self.inside = asyncio.Event(), asyncio.Event()
        self.go, self.hold = asyncio.Event(), asyncio.Event()
        self.go.set()
        self.hold.set()

    async def absent(self, _guild: int, _ids: Sequence[int]) -> set[int]:
        """Nobody left the server; the game is chosen from the rows as they were read."""
        self.chose.set()
        await self.go.wait()
        return set()

    async def record(self, tx: Any, season: Any, match: Any, entries: Any, language: str) -> int:
        table_id = await self.tables.record(tx, season, match, entries, language)
        self.inside.set()
        await self.hold.wait()
        return table_id

    def form(self) -> asyncio.Task[Pass]:
        return asyncio.create_task(self.former.form(GUILD, self.absent, "en"))


@pytest.fixture
async def processes(database: str) -> AsyncIterator[tuple[Process, Process, Storage]]:
    """Two processes on one database, the second one's clock past the first one's lease,
    and three members waiting for a game of 3; closed after the test even when it fails."""
    first_storage, second_storage = storage_for(database), storage_for(database)
    await first_storage.open()
    await second_storage.open()
    try:
        clock, late = Clock(), Clock()
        late.now = clock.now + LEASE + timedelta(seconds=1)
        first = Process(first_storage, clock, "first")
        second = Process(second_storage, late, "second")
        await first.queue.league.open_season(GUILD, CHANNEL, ORGANISER, "Autumn")
        for uid, name in MEMBERS.items():
            await first.queue.join(GUILD, uid, name, frozenset({3}))
        yield first, second, first_storage
    finally:
        await first_storage.close()
        await second_storage.close()


async def _one_table(storage: Storage, winner: Pass, loser: Pass, again: Process) -> None:
    """One table of ann, bob and cyd, recorded by ``winner``; ``loser`` formed nothing; the
    queue is empty, and another pass forms nothing."""
    assert [f.match.members for f in winner.formed] == [(1, 2, 3)]
    assert loser.formed == []
    tables = await storage.fetchall("SELECT id FROM game_tables")
    assert [t["id"] for t in tables] == [winner.formed[0].table_id]
    members = await storage.fetchall("SELECT user_id FROM game_table_members")
    assert sorted(m["user_id"] for m in members) == [1, 2, 3]
    assert await storage.fetchall("SELECT * FROM queue") == []
    assert (await again.former.form(GUILD, again.absent, "en")).formed == []
    assert len(await storage.fetchall("SELECT id FROM game_tables")) == 1


async def test_a_game_recorded_by_another_process_after_this_one_chose_it_is_not_recorded_again(
    processes: tuple[Process, Process, Storage],
) -> None:
    first, second, storage = processes
    first.go.clear()
    forming = first.form()
    await first.chose.wait()  # the first process chose ann, bob, cyd and stalls
    done_second = await second.form()  # the second one, its claim lapsed, forms that game
    assert done_second.formed
    first.go.set()  # the first one goes on and takes the members it read
    await _one_table(storage, done_second, await forming, first)


async def test_two_transactions_forming_one_game_at_once_record_it_once(
    processes: tuple[Process, Process, Storage], database: str
) -> None:
    if not database.startswith("postgres"):
        pytest.skip("SQLite's write transactions take turns: no second one runs meanwhile")
    first, second, storage = processes
    first.hold.clear()
    forming = first.form()
    await first.inside.wait()  # the first one's transaction holds the table, not committed
    second.go.clear()
    racing = second.form()
    await second.chose.wait()  # the second one chose the same game from the rows it read
    second.go.set()  # its transaction waits on the first one's rows
    first.hold.set()  # the first one commits
    done_first, done_second = await asyncio.gather(forming, racing)
    await _one_table(storage, done_first, done_second, second)


async def test_a_member_who_changed_their_wishes_meanwhile_is_not_placed_on_old_ones(
    processes: tuple[Process, Process, Storage],
) -> None:
    p, _, storage = processes
    for uid, name in MEMBERS.items():
        await p.queue.join(GUILD, uid, name, frozenset({3, 4}))
    changed = False

    async def cyd_changes_her_mind(_guild: int, _ids: Sequence[int]) -> set[int]:
        nonlocal changed
        if not changed:
            # Between the choice and its record, cyd now wants a game of 4 only.
            changed = True
            await p.queue.join(GUILD, 3, "cyd", frozenset({4}))
        return set()

    done = await p.former.form(GUILD, cyd_changes_her_mind, "en")
    assert changed and done.formed == []
    assert await storage.fetchall("SELECT id FROM game_tables") == []
    rows = await storage.fetchall("SELECT user_id, players FROM queue ORDER BY user_id")
    assert [(r["user_id"], r["players"]) for r in rows] == [(1, "3,4"), (2, "3,4"), (3, "4")]
