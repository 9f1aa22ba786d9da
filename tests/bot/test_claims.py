"""Claims on background work (issue 24, item 3): one process at a time posts a game's
announcements, applies its deadline or plays its AI seats; a dead process's claim lapses
and another takes the work over."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from datetime import UTC, datetime, timedelta

from bot import outbox
from bot.announcer import Announcer
from bot.claims import AI, LEASE, OUTBOX, Claims
from bot.client import SmallWorldBot
from bot.liveness import Holder, started
from bot.settings import Settings
from bot.storage import storage_for

from .world import actor, started_game, world


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def test_one_holder_at_a_time_and_a_lapsed_claim_is_taken_over(database: str) -> None:
    storage = storage_for(database)
    await storage.open()
    clock = Clock()
    first = Claims(storage, clock, owner="first")
    second = Claims(storage, clock, owner="second")
    try:
        assert await first.take(OUTBOX, 7)
        assert not await second.take(OUTBOX, 7)
        # Other work, other games: claimed apart.
        assert await second.take(AI, 7)
        assert await second.take(OUTBOX, 8)
        # The holder renews its claim; releasing lets the other in.
        clock.now += LEASE / 2
        assert await first.take(OUTBOX, 7)
        clock.now += LEASE / 2 + timedelta(seconds=1)
        assert not await second.take(OUTBOX, 7)  # renewed: still held
        await second.release(OUTBOX, 7)  # not its claim: nothing happens
        assert await first.holder(OUTBOX, 7) == "first"
        await first.release(OUTBOX, 7)
        assert await first.holder(OUTBOX, 7) is None
        assert await second.take(OUTBOX, 7)
        # The holder dies: after its lease, the claim is another's for the taking.
        clock.now += LEASE - timedelta(seconds=1)
        assert not await first.take(OUTBOX, 7)
        clock.now += timedelta(seconds=2)
        assert await first.holder(OUTBOX, 7) is None
        assert await first.take(OUTBOX, 7)
        assert await second.holder(OUTBOX, 7) == "first"
    finally:
        await storage.close()


async def test_a_dead_holders_claims_are_freed_without_waiting_for_their_lease(
    database: str,
) -> None:
    storage = storage_for(database)
    await storage.open()
    clock = Clock()
    here = socket.gethostname()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    sleeping = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])

    def process(pid: int, born: str | None, host: str = here, shards: str | None = None):
        return Claims(
            storage, clock, owner=f"{host}:{pid}:{born}", holder=Holder(host, pid, born, shards)
        )

    try:
        dead = process(gone.pid, None)
        alive = process(sleeping.pid, started(sleeping.pid))
        # Its pid now belongs to a process the kernel started at another moment.
        reused = process(sleeping.pid, "1")
        away = process(4242, None, host="elsewhere")
        twin = process(4243, None, host="elsewhere", shards="0/2")
        for item, holder in enumerate((dead, alive, reused, away, twin)):
            assert await holder.take(OUTBOX, item)
        me = Claims(storage, clock, owner="me", holder=Holder.this_process("0/2"))
        # Starting, this process frees at once the claims of a process of this host that
        # is gone, of a pid taken by another process since (where the kernel says when a
        # process started), and of the process of its own shards on another host, whose
        # successor it is.
        freed = [(OUTBOX, 0), (OUTBOX, 4)]
        if started(os.getpid()) is not None:
            freed.insert(1, (OUTBOX, 2))
        assert sorted(await me.keep(starting=True)) == freed
        # A live process here, and one elsewhere, keep theirs while they renew them.
        clock.now += LEASE / 2
        await alive.keep()
        clock.now += LEASE / 2 + timedelta(seconds=1)
        if storage.shared:
            # Several processes may share the database: the claims are watched all along,
            # and the one elsewhere, no longer renewed, is freed once its lease ran out.
            assert await me.keep() == [(OUTBOX, 3)]
        else:
            # One process on SQLite: nothing to watch after the start (a lapsed claim is
            # still taken over by ``take``).
            assert await me.keep() == []
            assert await me.take(OUTBOX, 3)
        assert await me.holder(OUTBOX, 1) == alive.owner
        assert not await me.take(OUTBOX, 1)
    finally:
        sleeping.kill()
        sleeping.wait()
        await storage.close()


async def test_two_processes_post_each_announcement_once(simcord_env, db_path) -> None:
    w = await world(simcord_env)
    await started_game(w)
    bot = simcord_env.bot
    who, _seat = await actor(w)
    before = len(w.channel.history())
    # A move committed through the service alone: its announcements wait in the outbox.
    await bot.service.act(w.channel.id, who.id, ["pick 1", "stop", "end"])
    pending = await bot.storage.fetchall(
        "SELECT id FROM outbox WHERE status = 'pending' AND kind = 'channel'"
    )
    assert pending
    # A second process on the same database, posting through the same Discord.
    other_storage = storage_for(str(db_path))
    await other_storage.open()
    try:
        other = Announcer(other_storage, bot, bot.service, bot.announcer.clock)
        assert other.claims.owner != bot.announcer.claims.owner
        await asyncio.gather(bot.announcer.deliver_due(), other.deliver_due())
        await asyncio.gather(bot.announcer.deliver_due(), other.deliver_due())
    finally:
        await other_storage.close()
    new = w.channel.history()[before:]
    # Each announcement is posted once, by whichever process got the claim: no message
    # is repeated, and each outbox row names its own message.
    contents = [m.content for m in new]
    assert contents and len(contents) == len(set(contents)), contents
    rows = await bot.storage.fetchall(
        "SELECT status, message_id FROM outbox WHERE kind = 'channel' ORDER BY id"
    )
    assert all(r["status"] == "sent" for r in rows)
    posted = [r["message_id"] for r in rows if r["message_id"] is not None]
    assert len(posted) == len(set(posted)) == len(new) + (len(posted) - len(new))


async def test_a_process_does_the_background_work_of_its_own_shards_only(tmp_path) -> None:
    # The second of two processes: shard 1 of 2. A server's shard is (id >> 22) % 2.
    settings = Settings(
        token="test",
        database_path=str(tmp_path / "db.sqlite3"),
        dev_guild_id=None,
        log_level="INFO",
        shard_ids=(1,),
        shard_count=2,
        workers=0,
    )
    bot = SmallWorldBot(settings)
    mine, other = (3 << 22) + 5, (4 << 22) + 5
    assert bot.owns(mine) and not bot.owns(other)
    await bot.storage.open()
    try:
        service = bot.service
        for guild, channel in ((mine, 100), (other, 200)):
            await service.create(guild, channel, 11, "ann", 2)
            await service.join(channel, 22, "bob")
            await service.start(channel, 11)
        # Both games' turn messages wait in the outbox, both deadlines are past: this
        # process posts and plays the defaults of its own server's game only.
        service.games.clock = lambda: datetime.now(UTC) + timedelta(days=30)
        overdue, _ = await service.due_games()
        game_mine = await service.in_channel(100)
        assert overdue == [game_mine.id]
        owed = await outbox.games_with_open_rows(bot.storage, service.owns)
        assert owed == [game_mine.id]
        assert len(await outbox.games_with_open_rows(bot.storage)) == 2
    finally:
        await bot.storage.close()
