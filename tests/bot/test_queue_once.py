"""A queue game is formed once (issue 38, "Reliability"), on SQLite and on PostgreSQL: two
processes that form one server's queue at once (the first one's claim lapsed while it was
stalled, so the claim no longer keeps the second out) record one table between them; the
second one's transaction finds the members gone, rolls back and forms nothing. A second
pass over a queue with nothing left forms nothing. The real processes' test is in
``test_queue_processes.py``."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from bot.claims import LEASE, Claims
from bot.league import League
from bot.seasons.forming import Former
from bot.seasons.queue import Queue
from bot.seasons.queue_tables import QueueTables
from bot.storage import Storage, storage_for

from .played import Clock

GUILD, CHANNEL, ORGANISER = 77, 700, 9
MEMBERS = {1: "ann", 2: "bob", 3: "cyd"}


class Process:
    """What one bot process forms the queue with: its own connection, clock and claims."""

    def __init__(self, storage: Storage, clock: Clock, name: str) -> None:
        self.storage = storage
        self.queue = Queue(storage, League(storage, clock), clock)
        self.tables = QueueTables(lambda: 5, clock)
        self.former = Former(self.queue, Claims(storage, clock, owner=name), self.record, clock)
        #: Set while this process is inside its forming transaction, table recorded.
        self.inside = asyncio.Event()
        #: What that transaction waits for before it commits (set: nothing).
        self.hold = asyncio.Event()
        self.hold.set()

    async def record(self, tx: Any, season: Any, match: Any, entries: Any, language: str) -> int:
        table_id = await self.tables.record(tx, season, match, entries, language)
        self.inside.set()
        await self.hold.wait()
        return table_id


async def test_two_processes_forming_at_once_record_one_table(database: str) -> None:
    first_storage, second_storage = storage_for(database), storage_for(database)
    await first_storage.open()
    await second_storage.open()
    clock, late = Clock(), Clock()
    try:
        first = Process(first_storage, clock, "first")
        second = Process(second_storage, late, "second")
        await first.queue.league.open_season(GUILD, CHANNEL, ORGANISER, "Autumn")
        for uid, name in MEMBERS.items():
            await first.queue.join(GUILD, uid, name, frozenset({3}))
        # The second process reads the queue while the first one's transaction is open, and
        # its claim lapsed (the first one stalled past its lease).
        late.now = clock.now + LEASE + timedelta(seconds=1)
        read = asyncio.Event()

        async def absent(_guild: int, _ids: Sequence[int]) -> set[int]:
            read.set()  # the second process chose its game from the rows as they were
            return set()

        async def nobody_left(_guild: int, _ids: Sequence[int]) -> set[int]:
            return set()

        first.hold.clear()
        forming = asyncio.create_task(first.former.form(GUILD, nobody_left, "en"))
        await first.inside.wait()
        racing = asyncio.create_task(second.former.form(GUILD, absent, "en"))
        await read.wait()
        first.hold.set()  # the first one commits while the second one forms the same game
        done_first, done_second = await asyncio.gather(forming, racing)

        assert [f.match.members for f in done_first.formed] == [(1, 2, 3)]
        assert done_second.formed == []
        tables = await first_storage.fetchall("SELECT id, source FROM game_tables")
        assert [t["id"] for t in tables] == [done_first.formed[0].table_id]
        members = await first_storage.fetchall("SELECT user_id FROM game_table_members")
        assert sorted(m["user_id"] for m in members) == [1, 2, 3]
        assert await first_storage.fetchall("SELECT * FROM queue") == []
        # Another pass, by either, finds nothing left to form.
        assert (await second.former.form(GUILD, nobody_left, "en")).formed == []
        assert len(await first_storage.fetchall("SELECT id FROM game_tables")) == 1
    finally:
        await first_storage.close()
        await second_storage.close()


async def test_a_member_who_changed_their_wishes_meanwhile_is_not_placed_on_old_ones(
    database: str,
) -> None:
    storage = storage_for(database)
    await storage.open()
    clock = Clock()
    try:
        p = Process(storage, clock, "only")
        await p.queue.league.open_season(GUILD, CHANNEL, ORGANISER, "Autumn")
        for uid, name in MEMBERS.items():
            await p.queue.join(GUILD, uid, name, frozenset({3, 4}))
        changed = False

        async def cyd_changes_her_mind(_guild: int, ids: Sequence[int]) -> set[int]:
            nonlocal changed
            if not changed:
                # Between the choice and its record, cyd now wants a game of 4 only.
                changed = True
                await p.queue.join(GUILD, 3, "cyd", frozenset({4}))
            return set()

        done = await p.former.form(GUILD, cyd_changes_her_mind, "en")
        assert done.formed == []
        assert await storage.fetchall("SELECT id FROM game_tables") == []
        rows = await storage.fetchall("SELECT user_id, players FROM queue ORDER BY user_id")
        assert [(r["user_id"], r["players"]) for r in rows] == [(1, "3,4"), (2, "3,4"), (3, "4")]
    finally:
        await storage.close()
