"""A thread that acts on the event loop at the pace of the wall clock.

The event loop's lag probe (``bot.health.LoopLag``) and the claims' renewal
(``bot.claims.Keeper``) each run one: a thread of its own wakes every few seconds of real
time and hands the loop its work, rather than a task sleeping on the loop. Such a task would
be one more for the loop (and for a test's simulated clock, which would have to stop at
every one of its wake-ups through a simulated hour) to keep alive, and a loop that stalls
is seen as stalled: what the thread hands it waits.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading


class Pulse:
    """Calls ``pulse(loop)`` every ``every`` seconds of real time, in a thread of its own,
    from ``start`` until ``stop`` or until ``pulse`` returns False (the loop is closed)."""

    def __init__(self, every: float, name: str) -> None:
        self.every = every
        self.name = name
        #: The context ``start`` was called in: what runs on the loop for a pulse runs in
        #: it, as a task started there would (a test's simulated clock is one of its
        #: variables), not in the thread's empty one.
        self.context = contextvars.copy_context()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start pulsing on the running loop."""
        if self._thread is not None and self._thread.is_alive():
            return
        loop = asyncio.get_running_loop()
        self.context = contextvars.copy_context()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, args=(loop,), name=self.name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop pulsing."""
        self._stop.set()
        self._thread = None

    @property
    def stopping(self) -> bool:
        """Whether ``stop`` was called."""
        return self._stop.is_set()

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        while not self._stop.wait(self.every):
            if not self.pulse(loop):
                return

    def pulse(self, loop: asyncio.AbstractEventLoop) -> bool:
        """One beat, in the thread; False ends the thread."""
        raise NotImplementedError
