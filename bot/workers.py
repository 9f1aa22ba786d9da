"""Worker processes: the bot's CPU work (AI decisions, pictures) off the event loop.

The event loop answers every member of every game; a board that takes 40 ms to draw, or
an AI that thinks for a second, must not hold it. A thread is not enough: it shares the GIL
with the loop, so Python work in it still delays the loop. ``Workers`` owns a pool of
processes (``WORKERS`` of them, ``bot.settings``) and ``await workers.run(fn, *args)`` runs
one job there. ``WORKERS=0`` runs jobs in a thread instead (tests, tiny machines).

Jobs are module-level functions of plain data (``bot.jobs``): arguments and results cross
the process boundary by pickling. A server's own map (``bot.club_maps``) is known only to the
process that registered it, so ``run(..., map_key=key)`` sends the map's JSON and geometry
along with the job, and the worker registers them before the job runs.

The processes are started with ``forkserver`` (``spawn`` where there is none), never
``fork``: the bot process has threads (the database's, discord.py's) that a fork would copy
in whatever state they were in.

The workers end with the bot process however it ends. Each holds the reading end of a pipe
(``lifeline``) whose only writing end is the bot's: when the bot process is gone (killed by
SIGKILL, out of memory), the pipe closes and a thread of the worker ends its process at
once. The forkserver and multiprocessing's resource tracker then follow by themselves: each
stops when the last process holding its pipe is gone, and the workers were the last.
Ctrl-C reaches every process of the terminal's process group: the workers ignore it, the
bot stops them (``Workers.close``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from engine.core.content import custom_map, register_map
from lang import current, speaking
from renderer.static import given_geometry, use_geometry

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How worker processes start: never by ``fork`` (see the module's docstring).
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
#: How much lower the workers' scheduling priority is than the bot's (``os.nice``): when the
#: cores are busy, the event loop runs first and a worker waits, not the other way round
#: (a member's press waits for the loop; a board can come a little later).
WORKER_NICENESS = 10


@dataclass(frozen=True)
class MapData:
    """A registered map (a server's own) as a worker needs it: the engine's JSON form and
    the renderer's geometry (None when the bot process draws it from a committed file)."""

    key: str
    content: dict[str, Any]
    geometry: dict[str, Any] | None


def map_data(map_key: str | None) -> MapData | None:
    """What a worker needs to know of the map ``map_key``; None for a built-in map (every
    process reads those from ``data/``) or no map."""
    if map_key is None:
        return None
    content = custom_map(map_key)
    if content is None:
        return None
    return MapData(map_key, content, given_geometry(map_key))


#: In a worker process: the maps and geometries registered there so far, by key. A key
#: hashes its map (``engine.core.content.register_map``), so a known key never changes.
_maps: set[str] = set()
_geometries: set[str] = set()


def _call(fn: Callable[..., T], args: tuple[Any, ...], needs: MapData | None, language: str) -> T:
    """In a worker: register the map the job needs if it is new here, then run the job in
    the caller's language (an image's words)."""
    if needs is not None:
        if needs.key not in _maps:
            register_map(needs.content, key=needs.key)
            _maps.add(needs.key)
        if needs.geometry is not None and needs.key not in _geometries:
            use_geometry(needs.key, needs.geometry)
            _geometries.add(needs.key)
    with speaking(language):
        return fn(*args)


def _end_with_the_bot(lifeline: Connection) -> None:
    """In a worker, on a thread of its own: wait until the bot process has closed its end
    of ``lifeline`` (it writes nothing: it closes it on ``Workers.close``, or the system does
    when the process dies), then end this process, whatever its job is doing."""
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv_bytes()
    os._exit(0)


def _warm(lifeline: Connection) -> None:
    """A worker's start: watch the bot process, leave Ctrl-C to the bot, yield the CPU to
    the bot process, and import what the jobs use, so that its first job does not pay."""
    watch = threading.Thread(target=_end_with_the_bot, args=(lifeline,), name="lifeline")
    watch.daemon = True
    watch.start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    from . import jobs  # noqa: F401  (the engine, the AI and the renderer come with it)


def _ready() -> None:
    """A job that does nothing: submitting one per worker starts them all at once."""


class Workers:
    """The bot's worker processes (or, at size 0, a thread per job)."""

    def __init__(self, size: int) -> None:
        #: Worker processes once started; 0 runs each job in a thread of the bot process.
        self.size = size
        #: Jobs submitted and not finished yet (waiting for a worker, or running): what a
        #: health line shows when the workers fall behind.
        self.queued = 0
        self._pool: ProcessPoolExecutor | None = None
        #: The pipe whose closing ends the workers (``_end_with_the_bot``): its reading end
        #: goes to each worker, its writing end stays here alone until ``close``.
        self._lifeline: tuple[Connection, Connection] | None = None

    @property
    def running(self) -> bool:
        """Whether jobs go to worker processes now (False: to threads)."""
        return self._pool is not None

    def start(self) -> None:
        """Start the worker processes (nothing at size 0, or when already started)."""
        if self.size <= 0 or self._pool is not None:
            return
        if self._lifeline is None:
            # Not inherited by any process: only the pool's workers get a copy of the
            # reading end, passed to them as they start.
            self._lifeline = multiprocessing.Pipe(duplex=False)
        self._pool = self._new_pool()
        log.info("%s worker processes started (%s)", self.size, START_METHOD)

    def _new_pool(self) -> ProcessPoolExecutor:
        """A pool with every process started now (they would start as jobs come): a
        member's first board does not wait for a process to import Pillow and the engine,
        and no job ever waits for a process start. The start runs in an empty context, so
        that no context variable of the caller's (a test's virtual clock) reaches it."""
        assert self._lifeline is not None
        pool = ProcessPoolExecutor(
            max_workers=self.size,
            mp_context=multiprocessing.get_context(START_METHOD),
            initializer=_warm,
            initargs=(self._lifeline[0],),
        )

        def start_all() -> None:
            for _ in range(self.size):
                pool.submit(_ready)

        contextvars.Context().run(start_all)
        return pool

    async def run(self, fn: Callable[..., T], *args: Any, map_key: str | None = None) -> T:
        """``fn(*args)`` in a worker process, awaited without holding the event loop.

        ``fn`` must be a module-level function and ``args`` picklable; its exception is
        raised here. ``map_key`` names the map the job draws or plays on, so that a server's
        own map is registered in the worker first. Before ``start``, after ``close``, and
        at size 0, the job runs in a thread of this process. Either way it speaks the
        caller's language (``lang.current``).

        When a worker dies (killed, out of memory), Python's pool is broken for good and
        fails every job it holds: new processes start, and the job runs again there, once
        (a job is a function of its arguments: a second run gives what the first would
        have). A job that breaks the fresh pool too fails with ``BrokenProcessPool``.
        """
        self.queued += 1
        retried = False
        try:
            while True:
                pool = self._pool
                if pool is None:
                    # to_thread carries the caller's context, its language with it.
                    return await asyncio.to_thread(fn, *args)
                loop = asyncio.get_running_loop()
                needs = map_data(map_key)
                try:
                    return await loop.run_in_executor(pool, _call, fn, args, needs, current())
                except BrokenProcessPool:
                    self._replace(pool)
                    if retried:
                        raise
                    retried = True
        finally:
            # A cancelled wait counts as finished, although its worker finishes the job.
            self.queued -= 1

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """New processes in place of a broken pool (once, whichever of its jobs comes
        first; after ``close``, none)."""
        if self._pool is not broken:
            return  # another job replaced it already, or the workers were closed
        log.error("a worker process died; starting the worker processes again")
        broken.shutdown(wait=False, cancel_futures=True)
        self._pool = self._new_pool()

    async def close(self) -> None:
        """Stop the worker processes: jobs not started are dropped, running ones finish
        (awaited in a thread, so that the loop goes on meanwhile)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
        lifeline, self._lifeline = self._lifeline, None
        if lifeline is not None:
            # Any worker still there (one a broken pool left behind) ends now.
            for end in lifeline:
                end.close()


__all__ = [
    "START_METHOD",
    "MapData",
    "Workers",
    "map_data",
]
