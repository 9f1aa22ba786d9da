"""Requests seen by any process: a copy of a request that reached another process counts
once too (``bot.once`` keeps the record of one process; this one is in the database).

Two processes share requests only in a few moments (a shard moving from one process to
another, two processes answering one server while one of them stops), but a move that is
legal twice (moving a token, then the same again) must not be played twice then either.
Each request is a row keyed by a digest of its channel, member and content: the process
whose insert wins handles it; a copy in another process finds the row and, once the first
has its answer, is answered as a copy if it was made before that answer. Within one process
``bot.once`` decides, and the process takes its own rows over. A refused request's row is deleted,
so its copy gets its own answer; a row whose process died unanswered is taken over after
``ABANDONED``.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from .storage import Storage

#: How long an answered request is remembered, in this record and in ``bot.once`` (Discord
#: gives 3 seconds to answer a request: one created before an answer this old has long
#: expired).
MEMORY = timedelta(seconds=60)
#: How long a first request may stay unanswered before a copy of it takes it over: its
#: process died while handling it. Discord wants an answer within 3 seconds, and the record
#: is answered as soon as the member has the result (``bot.once``), so a live process is
#: never this late but for a stall; a copy made during such a stall would be played.
ABANDONED = timedelta(seconds=10)
#: How often a copy looks whether the first request has its answer, in seconds.
POLL = 0.1


def stamp(moment: datetime) -> str:
    """A moment as the rows keep it: UTC, to the millisecond (a snowflake's precision)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def digest(key: tuple[Any, ...]) -> str:
    """The row's key for a request key (channel, member, content)."""
    return hashlib.sha256(repr(key).encode()).hexdigest()


class RequestLog:
    """The requests of every process on one database."""

    def __init__(
        self,
        storage: Storage,
        owner: str,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.storage = storage
        self.owner = owner
        #: How a copy waits between two looks at the record (tests pass time faster).
        self.sleep = sleep

    async def claim(
        self,
        key: tuple[Any, ...],
        created: datetime,
        patience: float,
        defer: Callable[[], Awaitable[Any]],
    ) -> bool:
        """True when this process handles the request; False when it is a copy of one that
        another process handled (``defer`` is called once if the wait outlasts ``patience``
        seconds, as Discord wants an answer within 3)."""
        row_key = digest(key)
        waited = 0.0
        deferred = False
        while True:
            # A first request still unanswered ABANDONED after it was made (the wait
            # counted on Discord's clock, from this copy's making) belongs to a process that
            # died while handling it: this copy takes it over.
            if await self._insert(row_key, created, created + timedelta(seconds=waited)):
                return True
            row = await self.storage.fetchone(
                "SELECT answered FROM requests WHERE key = ?", (row_key,)
            )
            if row is None:
                continue  # the first was refused meanwhile: try again to take it
            if row["answered"] is not None:
                # Made before the first one's answer was out (else the insert took it).
                return False
            if waited >= patience and not deferred:
                await defer()
                deferred = True
            await self.sleep(POLL)
            waited += POLL

    async def _insert(self, row_key: str, created: datetime, now: datetime) -> bool:
        taken = await self.storage.execute(
            "INSERT INTO requests (key, owner, created, answered) VALUES (?, ?, ?, NULL)"
            " ON CONFLICT (key) DO UPDATE SET owner = excluded.owner,"
            " created = excluded.created, answered = NULL"
            " WHERE (requests.answered IS NOT NULL AND requests.answered <= excluded.created)"
            " OR requests.owner = excluded.owner OR requests.created < ?",
            (row_key, self.owner, stamp(created), stamp(now - ABANDONED)),
        )
        return taken == 1

    async def finish(self, key: tuple[Any, ...], answered: datetime | None) -> None:
        """The request was answered at ``answered`` (Discord's clock), or refused (None)."""
        row_key = digest(key)
        if answered is None:
            await self.storage.execute(
                "DELETE FROM requests WHERE key = ? AND owner = ?", (row_key, self.owner)
            )
        else:
            await self.storage.execute(
                "UPDATE requests SET answered = ? WHERE key = ? AND owner = ?",
                (stamp(answered), row_key, self.owner),
            )

    async def forget_before(self, moment: datetime) -> None:
        """Drop the rows of requests made before ``moment`` (no copy can come any more)."""
        await self.storage.execute("DELETE FROM requests WHERE created < ?", (stamp(moment),))
