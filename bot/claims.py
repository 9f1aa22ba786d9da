"""Claims: background work that one process of several does, and another takes over if it
dies.

Posting a game's announcements, applying its overdue deadline and playing its AI seats are
each done by one process at a time. A process claims the work in the database's ``claims``
table; others skip it while the claim holds. A claim is let go when the work is done.

A claim holds for a short lease (``LEASE``), which its process renews every ``RENEW``
seconds while it runs (``keep``, called by the bot's keeper loop), however long the work
takes. A process that dies stops renewing; its claims are freed:

- at once by a process on the same host, which sees that the holder's pid is gone, and by
  a restart of the same shards anywhere (``bot.liveness``): a restarted bot does not wait
  on its own dead predecessor;
- otherwise when the lease runs out, ``LEASE`` after the last renewal at most.

``keep`` frees them (and the bot then does the freed work at once, without waiting for its
next deadline pass), so a survivor takes a dead process's work within ``RENEW + LEASE``.
In one process the claims cost a statement each and always succeed.

The work itself stays safe without them (each game's writes claim its revision,
``bot.service.store.Games.write``): claims keep two processes from posting one announcement
twice and from both thinking for one AI seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime, timedelta

from .liveness import Holder
from .pulse import Pulse
from .storage import Row, Storage, now_iso

log = logging.getLogger(__name__)

#: How long a claim holds without being renewed.
LEASE = timedelta(seconds=20)
#: How often a process renews its claims and looks for claims of dead processes, in seconds.
RENEW = 5.0
#: The kinds of work claimed, one claim per game for each.
OUTBOX = "outbox"
DEADLINE = "deadline"
AI = "ai"
#: A league table's thread and game (one claim per table, ``bot.seasons.table_desk``).
TABLE = "table"
#: A rounds season's round work: forming, ending, closing (one claim per season,
#: ``bot.seasons.round_desk``); and one post of a season (``bot.seasons.poster``).
ROUND = "round"
POST = "league-post"


def process_name(holder: Holder) -> str:
    """This process, as its claims name it: host, pid and a few random characters (a pid
    can come back after a restart)."""
    return f"{holder.host}:{holder.pid}:{secrets.token_hex(3)}"


class Claims:
    """The claims of one process."""

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], datetime],
        owner: str | None = None,
        lease: timedelta = LEASE,
        holder: Holder | None = None,
    ) -> None:
        self.storage = storage
        self.clock = clock
        #: What this process's claims say of it (``bot.liveness``).
        self.process = holder or Holder.this_process()
        self.owner = owner or process_name(self.process)
        self.lease = lease
        #: The claims this process holds now (it renews them; none: nothing to renew).
        self.held: set[tuple[str, int]] = set()

    async def take(self, kind: str, item: int) -> bool:
        """Claim (or renew) ``kind`` work for ``item`` (a game id); False while another
        process holds it."""
        now = self.clock()
        h = self.process
        changed = await self.storage.execute(
            "INSERT INTO claims (kind, item, owner, until, host, pid, born, instance)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (kind, item) DO UPDATE SET owner = excluded.owner,"
            " until = excluded.until, host = excluded.host, pid = excluded.pid,"
            " born = excluded.born, instance = excluded.instance"
            " WHERE claims.owner = excluded.owner OR claims.until < ?",
            (
                kind,
                item,
                self.owner,
                now_iso(now + self.lease),
                h.host,
                h.pid,
                h.born,
                h.instance,
                now_iso(now),
            ),
        )
        if changed == 1:
            self.held.add((kind, item))
            return True
        self.held.discard((kind, item))
        return False

    @contextlib.asynccontextmanager
    async def holding(self, kind: str, item: int) -> AsyncIterator[bool]:
        """``take`` the claim for the block, which learns whether it got it; let go of it
        after the block, however it ends."""
        mine = await self.take(kind, item)
        try:
            yield mine
        finally:
            if mine:
                await self.release(kind, item)

    async def release(self, kind: str, item: int) -> None:
        """Let go of a claim of this process (another process's claim stays)."""
        self.held.discard((kind, item))
        await self.storage.execute(
            "DELETE FROM claims WHERE kind = ? AND item = ? AND owner = ?",
            (kind, item, self.owner),
        )

    async def release_all(self) -> None:
        """Let go of every claim of this process (it is stopping)."""
        self.held.clear()
        await self.storage.execute("DELETE FROM claims WHERE owner = ?", (self.owner,))

    async def holder(self, kind: str, item: int) -> str | None:
        """Who holds a claim now (a lapsed claim is held by no one)."""
        row = await self.storage.fetchone(
            "SELECT owner FROM claims WHERE kind = ? AND item = ? AND until >= ?",
            (kind, item, now_iso(self.clock())),
        )
        return row["owner"] if row else None

    async def keep(self, *, starting: bool = False) -> list[tuple[str, int]]:
        """Renew this process's claims, and free the claims of processes that are surely
        dead (``bot.liveness``) or whose lease ran out; ``starting``: this process is
        starting now. Returns the work freed, as (kind, item) pairs.

        A database that no other process shares (SQLite) has no live process to watch: its
        dead predecessor's claims are freed when this process starts, and then there is
        nothing to look for.
        """
        now = self.clock()
        if self.held:
            await self.storage.execute(
                "UPDATE claims SET until = ? WHERE owner = ?",
                (now_iso(now + self.lease), self.owner),
            )
        if not (starting or self.storage.shared):
            return []
        freed = []
        for row in await self.storage.fetchall(
            "SELECT kind, item, owner, until, host, pid, born, instance FROM claims"
            " WHERE owner != ?",
            (self.owner,),
        ):
            lapsed = row["until"] < now_iso(now)
            if not (lapsed or self._outlived(row, starting)):
                continue
            # Only that claim as read: one its holder renewed or another took meanwhile stays.
            gone = await self.storage.execute(
                "DELETE FROM claims WHERE kind = ? AND item = ? AND owner = ? AND until = ?",
                (row["kind"], row["item"], row["owner"], row["until"]),
            )
            if gone:
                log.info(
                    "claim %s of game %s freed: %s %s",
                    row["kind"],
                    row["item"],
                    row["owner"],
                    "let its lease run out" if lapsed else "is not running",
                )
                freed.append((row["kind"], row["item"]))
        return freed

    def _outlived(self, row: Row, starting: bool) -> bool:
        if row["host"] is None or row["pid"] is None:
            return False  # a claim taken before holders were named: its lease decides
        other = Holder(row["host"], row["pid"], row["born"], row["instance"])
        return self.process.outlived(other, starting=starting)


class Keeper(Pulse):
    """Runs ``beat`` on the event loop every ``every`` seconds of real time (the claims'
    renewal, ``Claims.keep``), one beat at a time, from a thread of its own (``bot.pulse``):
    the beats follow the wall clock, and a loop that stalls stops renewing, as it should.
    """

    def __init__(self, beat: Callable[[], Awaitable[None]], every: float = RENEW) -> None:
        super().__init__(every, "claims-keeper")
        self.beat = beat
        self._task: asyncio.Task[None] | None = None

    def pulse(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Have the loop start a beat."""
        try:
            loop.call_soon_threadsafe(self._start_beat, loop, context=self.context)
        except RuntimeError:  # the loop is closed
            return False
        return True

    def _start_beat(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.stopping or (self._task is not None and not self._task.done()):
            return  # stopping, or the last beat is still under way
        self._task = loop.create_task(self.beat())
