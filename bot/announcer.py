"""The announcer: posts what the outbox holds, and owns every post, edit and retry.

Guarantees, for each outbox row:

- it is posted at least once after it was committed, even across a crash (pending rows are
  posted on start and on every tick);
- it is not posted twice: an attempt is counted, with its moment, before it is made, and
  one made before is looked for in the channel before posting again (``bot.posting``);
- one game's channel messages go out in order: a row that cannot go yet holds back the
  game's later channel rows, and a live message already outdated by a later row is skipped;
- a failure never hides the move: a row that failed is retried with backoff (``BACKOFF``:
  5 s, then longer, up to 15 min), and the announcer wakes itself at that time instead of
  waiting for the next deadline tick.

This module decides which rows go, in what order, in which process (``bot.claims``) and
when it wakes; each row's attempt on Discord, with its outcome recorded, is
``bot.posting``'s.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from . import outbox
from .claims import OUTBOX, Claims
from .messages import CHANNEL
from .outbox import BLOCKED, PARTIAL, PENDING, SENT, Row
from .posting import Courier, Delivery, GameDesk, RowPoster
from .storage import Storage
from .workers import Workers

log = logging.getLogger(__name__)


class Announcer:
    """Posts outbox rows to Discord."""

    def __init__(
        self,
        storage: Storage,
        courier: Courier,
        games: GameDesk,
        clock: Callable[[], datetime],
        workers: Workers | None = None,
        claims: Claims | None = None,
    ) -> None:
        self.storage = storage
        #: One process at a time posts a game's announcements (``bot.claims``).
        self.claims = claims or Claims(storage, clock)
        self.games = games
        self.clock = clock
        #: Each row's attempt, images drawn by ``workers`` (a thread when there are none).
        self.poster = RowPoster(storage, courier, games, clock, workers or Workers(0))
        self._locks: dict[int, asyncio.Lock] = {}
        #: The pending wake-up: when, and the task sleeping until then (None once it woke).
        self._wake: tuple[datetime, asyncio.Task[None]] | None = None

    # --- entry points ---------------------------------------------------------------------

    async def deliver(self, game_id: int, ids: list[int]) -> list[Delivery]:
        """Post a game's open rows now (right after the request that recorded ``ids``).

        Returns what became of ``ids``; earlier open rows of the game go first.
        """
        done = await self._deliver_game(game_id, force=True)
        await self._wake_at_next_retry()
        return [d for d in done if d.id in ids]

    async def deliver_due(self) -> None:
        """Post every open row whose time has come (on start, on every tick, and when the
        announcer wakes itself for a retry)."""
        # Another process's servers are its own to post to (it holds their shards).
        for game_id in await outbox.games_with_open_rows(self.storage, self.games.owns):
            try:
                await self._deliver_game(game_id, force=False)
            except Exception:  # one game's trouble must not hold back the others
                log.exception("announcements of game %s failed", game_id)
        await self._wake_at_next_retry()

    def close(self) -> None:
        """Cancel the pending wake-up (the bot is stopping; a restart posts what is owed)."""
        if self._wake is not None:
            self._wake[1].cancel()
            self._wake = None

    # --- waking up for retries --------------------------------------------------------------

    async def _wake_at_next_retry(self) -> None:
        """Make sure the announcer wakes when the next retry is due, not at the next tick.

        One wake-up is pending at a time, at the earliest future ``next_at`` of any open row
        (rows whose ``next_at`` is past are held back by an earlier row of their channel and
        go with it). An earlier time replaces a later wake-up; a later one leaves it.
        """
        when = await outbox.next_retry(self.storage, self.clock())
        if when is None:
            return
        if self._wake is not None:
            pending, task = self._wake
            if pending <= when and not task.done():
                return
            task.cancel()  # it is still asleep: a waking task clears ``_wake`` first
        task = asyncio.get_running_loop().create_task(self._sleep_then_deliver(when))
        self._wake = (when, task)

    async def _sleep_then_deliver(self, when: datetime) -> None:
        delay = (when - self.clock()).total_seconds()
        await asyncio.sleep(max(delay, 0.0))
        if self._wake is not None and self._wake[1] is asyncio.current_task():
            self._wake = None
        try:
            await self.deliver_due()
        except Exception:  # the next tick tries again
            log.exception("retrying announcements failed")

    # --- one game -------------------------------------------------------------------------

    async def _deliver_game(self, game_id: int, *, force: bool) -> list[Delivery]:
        """Post a game's open rows, if no other process is posting them.

        The claim is let go before looking once more for rows not seen yet: a row that
        another process recorded while this one held the claim (its own try to post was
        turned away) is posted by this one.
        """
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        results: list[Delivery] = []
        seen: set[int] = set()
        async with lock:
            while True:
                async with self.claims.holding(OUTBOX, game_id) as mine:
                    if not mine:
                        break
                    results += await self._deliver_rows(game_id, force, seen)
                now = self.clock()
                if not any(
                    row.id not in seen and (row.next_at is None or row.next_at <= now)
                    for row in await outbox.open_rows(self.storage, game_id)
                ):
                    break
        return results

    async def _deliver_rows(self, game_id: int, force: bool, seen: set[int]) -> list[Delivery]:
        """One pass over the game's open rows, in order (``seen`` gathers their ids)."""
        results: list[Delivery] = []
        now = self.clock()
        channel_held = False
        rows = await outbox.open_rows(self.storage, game_id)
        seen.update(row.id for row in rows)
        for i, row in enumerate(rows):
            is_channel = row.kind == CHANNEL
            if is_channel and channel_held:
                continue
            if is_channel and row.announcement.live and superseded(rows[i + 1 :]):
                # A later state of the turn (or its summary) is waiting: edits coalesce,
                # and the channel never sees a state that is already past.
                await outbox.mark(self.storage, row, SENT, now, error="superseded")
                results.append(Delivery(row.id, row.kind, SENT))
                continue
            due = row.next_at is None or row.next_at <= now
            if not due and not (force and row.status in (PENDING, BLOCKED)):
                channel_held = channel_held or (is_channel and row.status != PARTIAL)
                continue
            # The claim is still this process's (another takes it only from a dead one, or
            # after a stall longer than its lease: then that one posts what is left).
            if not await self.claims.take(OUTBOX, game_id):
                break
            delivery = await self.poster.post(row)
            results.append(delivery)
            if is_channel and delivery.status in (PENDING, BLOCKED):
                channel_held = True
        return results


def superseded(later: list[Row]) -> bool:
    """Whether a live row is made pointless by a later channel row: a newer state of the
    live message, or the turn's summary."""
    return any(
        r.kind == CHANNEL and (r.announcement.live or r.announcement.closes_live) for r in later
    )
