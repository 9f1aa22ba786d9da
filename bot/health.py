"""The health line: every few minutes, one log line on how the process is doing.

``games=12 active, 3 lobbies · cache=9/2000 · loop lag max=4 ms p99=2 ms · pool queue=0``

The event loop's lag is measured by a probe that hands the loop a callback every ``PROBE``
seconds and notes how long it waited: anything that holds the loop (a long computation, a
blocking call) shows as lag, which is what members feel as a slow answer.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable

from .pulse import Pulse
from .service import GameService

log = logging.getLogger(__name__)

#: How often the probe asks to wake, in seconds.
PROBE = 0.05
#: How often the health line is logged, in seconds.
EVERY = 300.0


class LoopLag(Pulse):
    """How late the event loop runs a callback: the worst and the 99th percentile since
    the last ``take``, in seconds.

    A thread of its own (``bot.pulse``) hands the loop a callback every ``probe`` seconds
    and notes how long it waited to run.
    """

    def __init__(self, probe: float = PROBE) -> None:
        super().__init__(probe, "loop-lag")
        self.probe = probe
        self._lags: list[float] = []
        self._ran = threading.Event()

    def pulse(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Hand the loop a callback and note how long it waited to run."""
        ran = self._ran
        ran.clear()
        asked = time.perf_counter()
        try:
            loop.call_soon_threadsafe(ran.set)
        except RuntimeError:  # the loop is closed
            return False
        # A loop that never comes back is a stall too: it is noted when it does.
        while not ran.wait(1.0):
            if self.stopping or loop.is_closed():
                return False
        self._lags.append(time.perf_counter() - asked)
        if len(self._lags) > 100_000:  # never read: keep the newest half
            del self._lags[:50_000]
        return True

    def take(self) -> tuple[float, float]:
        """(worst, p99) lag since the last call, in seconds; the record starts afresh."""
        lags, self._lags = sorted(self._lags), []
        if not lags:
            return 0.0, 0.0
        return lags[-1], lags[min(len(lags) - 1, int(len(lags) * 0.99))]


async def health_line(
    service: GameService, lag: LoopLag, queued: Callable[[], int] | None = None
) -> str:
    """The line: games under way and waiting in lobbies, the cache, the loop's lag and the
    work waiting for the process pool."""
    rows = await service.storage.fetchall(
        "SELECT status, COUNT(*) AS n FROM games WHERE status IN ('lobby', 'active')"
        " GROUP BY status"
    )
    count = {r["status"]: r["n"] for r in rows}
    worst, p99 = lag.take()
    games = service.games
    line = (
        f"games={count.get('active', 0)} active, {count.get('lobby', 0)} lobbies"
        f" · cache={games.cached}/{games.cache_size}"
        f" · loop lag max={worst * 1000:.0f} ms p99={p99 * 1000:.0f} ms"
    )
    if queued is not None:
        line += f" · pool queue={queued()}"
    return line


async def report(service: GameService, lag: LoopLag, queued: Callable[[], int] | None) -> None:
    """Log the health line (a failure to make it is logged, never raised)."""
    try:
        log.info("health: %s", await health_line(service, lag, queued))
    except Exception:
        log.exception("health line failed")
