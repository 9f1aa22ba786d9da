"""The requests every process saw (``bot.request_log``, issue 24): a copy of a request that
reached another process counts once; the copy of a request whose process died unanswered is
taken over after ``ABANDONED``."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.request_log import ABANDONED, POLL, RequestLog
from bot.storage import storage_for

KEY = (11, 22, '{"name": "end"}')
MADE = datetime(2026, 3, 1, 12, tzinfo=UTC)


class Deferrals:
    """Counts the deferrals a waiting copy makes."""

    def __init__(self) -> None:
        self.count = 0

    async def __call__(self) -> None:
        self.count += 1


async def test_a_copy_made_before_the_answer_counts_once(database: str) -> None:
    storage = storage_for(database)
    await storage.open()
    first, second = RequestLog(storage, "first"), RequestLog(storage, "second")
    try:
        assert await first.claim(KEY, MADE, 2.0, Deferrals())
        # The first answers 300 ms after the request was made.
        await first.finish(KEY, MADE + timedelta(milliseconds=300))
        # A copy made 100 ms after it, before that answer: a copy.
        assert not await second.claim(KEY, MADE + timedelta(milliseconds=100), 2.0, Deferrals())
        # The same request made after the answer was out is a new one.
        assert await second.claim(KEY, MADE + timedelta(seconds=1), 2.0, Deferrals())
    finally:
        await storage.close()


async def test_a_refused_request_leaves_no_record(database: str) -> None:
    storage = storage_for(database)
    await storage.open()
    first, second = RequestLog(storage, "first"), RequestLog(storage, "second")
    try:
        assert await first.claim(KEY, MADE, 2.0, Deferrals())
        await first.finish(KEY, None)
        # Nothing changed: the copy gets an answer of its own.
        assert await second.claim(KEY, MADE + timedelta(milliseconds=50), 2.0, Deferrals())
    finally:
        await storage.close()


async def test_the_copy_of_a_request_whose_process_died_takes_it_over(database: str) -> None:
    """The first process recorded the request and died before answering it: the copy
    defers its own answer (Discord's 3 seconds), then handles the request once the first
    has been silent for ``ABANDONED``, and not before."""
    storage = storage_for(database)
    await storage.open()
    first = RequestLog(storage, "first")
    second = RequestLog(storage, "second", sleep=lambda _s: asyncio.sleep(0))
    try:
        assert await first.claim(KEY, MADE, 2.0, Deferrals())
        deferrals = Deferrals()
        polls: list[float] = []
        real_insert = second._insert

        async def counted(row_key: str, created: datetime, now: datetime) -> bool:
            polls.append((now - created).total_seconds())
            if len(polls) > 1000:
                raise AssertionError("the dead process's request was never taken over")
            return await real_insert(row_key, created, now)

        second._insert = counted  # type: ignore[method-assign]
        assert await second.claim(KEY, MADE + timedelta(seconds=1), 2.0, deferrals)
        assert deferrals.count == 1
        # Taken over at the first look past ABANDONED after the first request was made.
        waited = polls[-1]
        assert ABANDONED.total_seconds() - 1 <= waited <= ABANDONED.total_seconds() - 1 + 2 * POLL
        assert len(polls) > 10
    finally:
        await storage.close()
