"""How a process of the bot is told to stop: SIGTERM does what Ctrl-C does.

Ctrl-C (SIGINT) stops ``python -m bot`` and ``python -m bot web`` cleanly: ``asyncio.run``
cancels the main task, so the bot's ``close`` runs (the worker processes stopped, the
database closed, SQLite's ``-wal`` and ``-shm`` files gone). systemd, docker and ``kill``
send SIGTERM instead, whose default is to end the process on the spot, leaving all that
undone. ``sigterm_as_ctrl_c`` hands SIGTERM to whatever handles SIGINT at that moment.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType


def _as_ctrl_c(signum: int, frame: FrameType | None) -> None:
    """SIGTERM's handler: call SIGINT's (``asyncio.run``'s, which cancels its main task;
    outside it, Python's own, which raises ``KeyboardInterrupt``)."""
    handler = signal.getsignal(signal.SIGINT)
    if not callable(handler):
        # SIGINT ignored (a process started in the background) or left to the system:
        # SIGTERM must still stop it, as Python's Ctrl-C would.
        handler = signal.default_int_handler
    handler(signal.SIGINT, frame)


@contextlib.contextmanager
def sigterm_as_ctrl_c() -> Iterator[None]:
    """While inside, SIGTERM stops the process as Ctrl-C does; the previous handler is put
    back on the way out. Outside the main thread (where no signal can be caught), nothing
    changes."""
    try:
        previous = signal.signal(signal.SIGTERM, _as_ctrl_c)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


__all__ = ["sigterm_as_ctrl_c"]
