"""Claims: background work that one process of several does, and another takes over if it
dies.

Posting a game's announcements, applying its overdue deadline and playing its AI seats are
each done by one process at a time. A process claims the work in the database's ``claims``
table for a lease; others skip it while the lease runs. A claim is let go when the work is
done; a crashed process's claim lapses when its lease ends, and the next process to look
takes the work over. In one process the claims cost a statement each and always succeed.

The work itself stays safe without them (each game's writes claim its revision,
``bot.service.store.Games.write``): claims keep two processes from posting one announcement
twice and from both thinking for one AI seat.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from datetime import datetime, timedelta

from .storage import Storage, now_iso

#: How long a claim holds without being renewed.
LEASE = timedelta(seconds=120)
#: The kinds of work claimed, one claim per game for each.
OUTBOX = "outbox"
DEADLINE = "deadline"
AI = "ai"


def process_name() -> str:
    """This process, as its claims name it: host, pid and a few random characters (a pid
    can come back after a restart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Claims:
    """The claims of one process."""

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], datetime],
        owner: str | None = None,
        lease: timedelta = LEASE,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.owner = owner or process_name()
        self.lease = lease

    async def take(self, kind: str, item: int) -> bool:
        """Claim (or renew) ``kind`` work for ``item`` (a game id); False while another
        process holds it."""
        now = self.clock()
        changed = await self.storage.execute(
            "INSERT INTO claims (kind, item, owner, until) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (kind, item) DO UPDATE SET owner = excluded.owner,"
            " until = excluded.until"
            " WHERE claims.owner = excluded.owner OR claims.until < ?",
            (kind, item, self.owner, now_iso(now + self.lease), now_iso(now)),
        )
        return changed == 1

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
        await self.storage.execute(
            "DELETE FROM claims WHERE kind = ? AND item = ? AND owner = ?",
            (kind, item, self.owner),
        )

    async def holder(self, kind: str, item: int) -> str | None:
        """Who holds a claim now (a lapsed claim is held by no one)."""
        row = await self.storage.fetchone(
            "SELECT owner FROM claims WHERE kind = ? AND item = ? AND until >= ?",
            (kind, item, now_iso(self.clock())),
        )
        return row["owner"] if row else None
