"""Benchmark: how long the bot's event loop stalls while many AI games play at once.

    python bench/loop_lag.py [--games 100] [--seconds 60] [--workers 0 2] [--rounds 1]
                             [--players 3] [--level normal] [--iterations 30] [--culprits 5]
                             [--no-freeze]

For each ``--workers`` value in turn (0: AI decisions and images in threads, as before the
pool; N: in N worker processes, ``bot.workers``), a fresh SQLite database holds ``--games``
games whose seats are all AI players, started together. They play through the bot's own
parts, wired as ``bot.client`` wires them: ``AiSeats`` asks for each move, ``GameService``
applies and commits it with its outbox rows, ``Desk.announce`` hands them to the real
``Announcer``, which has every turn summary's board (and the final sheet) drawn as it does
for Discord and posts it to an in-memory channel (no network). Once the games are open, the
heap is frozen as ``python -m bot`` does after its start (``--no-freeze``: it is not).
``--rounds`` repeats the sequence (0, 2, 0, 2, ...), so that each setting sees the machine's
other load alike.

Two things are measured on the loop while the games play for ``--seconds``:

- the lag: a probe sleeps 10 ms again and again and records how late it wakes, what a
  member's press waits for the loop (``lag_max_ms``, ``lag_p99_ms``, ``lag_median_ms``);
- the stalls: every step the loop runs (a callback, or a task until its next ``await``) is
  timed, in wall time (``stall_max_ms``: the loop held by one step, whether computing,
  waiting for the GIL or for a core); without the time the loop thread waited for a core
  (``stall_own_max_ms``, Linux: the machine's other jobs taken out, the GIL left in); and
  in the loop thread's CPU time (``stall_cpu_max_ms``: the work of a step itself).
  ``--culprits N`` lists the N longest steps.

Then the throughput: AI moves and images posted per second, games finished, and the most
jobs waiting for the workers at once. The AI thinks a fixed number of playouts a decision
(``--iterations``), so every setting does the same work per move. Figures are comparable
only within one run of the script (machines here differ by 2x, and other jobs share them).
"""

from __future__ import annotations

import argparse
import asyncio
import asyncio.events
import gc
import itertools
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.ai_seats import AiSeats
from bot.announcer import Announcer
from bot.desk import Desk
from bot.service import GameService
from bot.service.outcome import Outcome
from bot.storage import Storage, storage_for
from bot.workers import Workers

#: How often the probe asks to wake, in seconds.
TICK = 0.010
#: The fake member who hosts every game (their seat is then handed to an AI as well).
HOST = 10_000


@dataclass
class Tally:
    """What the games did while measured."""

    moves: int = 0
    images: int = 0
    posts: int = 0
    late: list[float] = field(default_factory=list)
    most_queued: int = 0
    #: The loop's long steps: (wall seconds, CPU seconds, seconds waiting for a core, what).
    steps: list[tuple[float, float, float, str]] = field(default_factory=list)


#: The run being measured, if any: ``timed_run`` records the loop's long steps into it.
MEASURED: list[Tally] = []
#: Steps shorter than this are not kept (seconds): the figures need only the longest.
KEEP_STEP = 0.005
_handle_run = asyncio.events.Handle._run
#: The loop thread's scheduler statistics (Linux): opened by the loop thread itself.
_schedstat: list[int] = []


def waited() -> float:
    """Seconds the calling thread has waited, runnable, for a core so far (0 where the
    system does not say): the machine's other load, not the bot's work."""
    if not _schedstat:
        try:
            _schedstat.append(os.open("/proc/thread-self/schedstat", os.O_RDONLY))
        except OSError:
            _schedstat.append(-1)
    if _schedstat[0] < 0:
        return 0.0
    return int(os.pread(_schedstat[0], 100, 0).split()[1]) / 1e9


def timed_run(handle: asyncio.events.Handle) -> None:
    """``Handle._run``, timed: every step the loop runs goes through it."""
    if not MEASURED:
        _handle_run(handle)
        return
    wall, cpu, wait = time.perf_counter(), time.thread_time(), waited()
    _handle_run(handle)
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    if wall >= KEEP_STEP:
        MEASURED[0].steps.append((wall, cpu, waited() - wait, step_name(handle)))


def step_name(handle: asyncio.events.Handle) -> str:
    """What a loop step ran: the task's coroutine, or the callback."""
    callback = handle._callback  # type: ignore[attr-defined]
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        return getattr(task.get_coro(), "__qualname__", "task")
    return getattr(callback, "__qualname__", type(callback).__name__)


class Message:
    """A posted message: edits and deletes succeed and do nothing."""

    _ids = itertools.count(1)

    def __init__(self, message_id: int | None = None, content: str = "") -> None:
        self.id = message_id if message_id is not None else next(Message._ids)
        self.content = content
        self.author = SimpleNamespace(id=1)

    async def edit(self, **kwargs: Any) -> Message:
        return self

    async def delete(self) -> None:
        return None


class Channel:
    """An in-memory channel: counts posts and the images they carry."""

    def __init__(self, channel_id: int, tally: Tally) -> None:
        self.id = channel_id
        self.tally = tally

    async def send(self, content: str = "", **kwargs: Any) -> Message:
        files = kwargs.get("files") or []
        self.tally.posts += 1
        self.tally.images += len(files)
        return Message(content=content)

    def get_partial_message(self, message_id: int) -> Message:
        return Message(message_id)

    async def history(self, limit: int = 25) -> Any:
        for _ in ():
            yield Message()


class Courier:
    """What the announcer needs of the Discord client, in memory."""

    def __init__(self, tally: Tally) -> None:
        self.user = SimpleNamespace(id=1)
        self.tally = tally
        self.channels: dict[int, Channel] = {}

    def get_channel(self, channel_id: int) -> Channel:
        return self.channels.setdefault(channel_id, Channel(channel_id, self.tally))

    async def fetch_channel(self, channel_id: int) -> Channel:
        return self.get_channel(channel_id)

    def get_user(self, user_id: int) -> Any:
        return SimpleNamespace(send=self._dm)

    async def fetch_user(self, user_id: int) -> Any:
        return self.get_user(user_id)

    async def _dm(self, content: str = "", **kwargs: Any) -> Message:
        return Message(content=content)


def clock() -> datetime:
    """The service's clock: the real time (deadlines are far away)."""
    return datetime.now(UTC)


async def probe(tally: Tally, workers: Workers, stop: asyncio.Event) -> None:
    """Sleep ``TICK`` again and again; record how late each wake-up is."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(TICK)
        tally.late.append(time.perf_counter() - start - TICK)
        tally.most_queued = max(tally.most_queued, workers.queued)


async def open_games(
    service: GameService,
    games: int,
    players: int,
    level: str,
    *,
    guild_id: int = 1,
    listed: bool = False,
) -> list[int]:
    """``games`` lobbies whose every seat is an AI of ``level``, ready to start: their
    channels, in server ``guild_id`` (``listed``: in channels everyone sees, as the web pages
    need)."""
    ids = []
    for i in range(games):
        lg = await service.create(
            guild_id, 1000 + i, HOST, "host", players, seed=i + 1, listed=listed
        )
        for _ in range(players - 1):
            await service.add_ai(1000 + i, HOST, level, lambda taken: f"AI {len(taken)}")
        # The host's seat plays itself too: no member has to answer in the benchmark.
        async with service.storage.transaction() as tx:
            await tx.execute(
                "UPDATE seats SET ai = ? WHERE game_id = ? AND user_id = ?", (level, lg.id, HOST)
            )
        service.games.forget(lg.id)
        ids.append(1000 + i)
    return ids


@dataclass
class Table:
    """The bot's parts that play the games, wired as ``bot.client`` wires them, with the
    announcer posting to in-memory channels."""

    storage: Storage
    workers: Workers
    service: GameService
    announcer: Announcer
    desk: Desk
    ai: AiSeats
    #: What the games did: each move announced is counted in it.
    tally: Tally

    async def ready(self, *, freeze: bool) -> None:
        """Wait until every worker process has started and imported what it needs, as after
        the bot's start; ``freeze``: then freeze the heap as ``python -m bot`` does."""
        await asyncio.gather(*(self.workers.run(sum, ()) for _ in range(max(self.workers.size, 1))))
        if freeze:
            # What ``SmallWorldBot.setup_hook`` does at the end of the start.
            gc.collect()
            gc.freeze()

    async def close(self) -> None:
        """Stop the AI seats, then the announcer, the workers and the database.

        The games under way are paused first and the moves in hand let finish: cancelling an
        AI task while its ``BEGIN IMMEDIATE`` waits in aiosqlite's queue leaves the connection
        inside that transaction, and every AI task after it fails noisily."""
        for row in await self.storage.fetchall("SELECT id FROM games WHERE status = 'active'"):
            await self.service.pause(row["id"], "the benchmark is over")
        await self.ai.idle()
        await self.ai.close()
        self.announcer.close()
        await self.workers.close()
        await self.storage.close()


async def open_table(path: Path, size: int, iterations: int, tally: Tally) -> Table:
    """A fresh SQLite database at ``path`` and the parts over it, with ``size`` worker
    processes (0: threads) and an AI thinking ``iterations`` playouts a decision; every move
    announced is counted in ``tally``."""
    storage = storage_for(str(path))
    await storage.open()
    workers = Workers(size)
    workers.start()
    service = GameService(storage, clock=clock)
    announcer = Announcer(storage, Courier(tally), service, clock, workers)
    desk = Desk(service, announcer, workers)

    async def announce(outcome: Outcome) -> Any:
        tally.moves += 1
        return await desk.announce(outcome)

    ai = AiSeats(service, announce, workers, iterations=iterations)
    # As ``bot.client`` wires them: the desk hands each changed game to the AI seats.
    desk.on_change = ai.changed
    return Table(storage, workers, service, announcer, desk, ai, tally)


def time_steps() -> None:
    """Have the event loop time every step it runs (``timed_run``), from now on."""
    asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]


async def run(args: argparse.Namespace, size: int) -> None:
    """One measured run with ``size`` worker processes (0: threads); prints its line."""
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        table = await open_table(Path(tmp) / "bench.sqlite3", size, args.iterations, tally)
        storage, workers, service, desk = table.storage, table.workers, table.service, table.desk
        channels = await open_games(service, args.games, args.players, args.level)
        await table.ready(freeze=args.freeze)
        stop = asyncio.Event()
        MEASURED.append(tally)
        probing = asyncio.create_task(probe(tally, workers, stop))
        started = time.perf_counter()

        async def start(channel_id: int) -> None:
            await desk.announce(await service.start(channel_id, HOST))

        await asyncio.gather(*(start(c) for c in channels))
        while time.perf_counter() < started + args.seconds:
            await asyncio.sleep(0.5)
            rows = await storage.fetchall("SELECT COUNT(*) AS n FROM games WHERE status='active'")
            if rows[0]["n"] == 0:
                break
        elapsed = time.perf_counter() - started
        stop.set()
        await probing
        MEASURED.clear()
        over = await storage.fetchall("SELECT COUNT(*) AS n FROM games WHERE status = 'over'")
        await table.close()
    gc.unfreeze()
    report(args, size, tally, elapsed, over[0]["n"])


def report(args: argparse.Namespace, size: int, tally: Tally, elapsed: float, over: int) -> None:
    """Print a run's line (and its longest steps with ``--culprits``)."""
    late_ms = sorted(x * 1000 for x in tally.late)
    p99 = late_ms[min(len(late_ms) - 1, int(len(late_ms) * 0.99))]
    steps = sorted(tally.steps, reverse=True)
    stall = steps[0][0] * 1000 if steps else 0.0
    stall_cpu = max((cpu for _w, cpu, _q, _n in steps), default=0.0) * 1000
    stall_own = max((w - q for w, _c, q, _n in steps), default=0.0) * 1000
    print(
        f"workers={size} games={args.games} players={args.players} level={args.level} "
        f"iterations={args.iterations} seconds={elapsed:.1f} "
        f"stall_max_ms={stall:.1f} stall_own_max_ms={stall_own:.1f} "
        f"stall_cpu_max_ms={stall_cpu:.1f} "
        f"lag_max_ms={late_ms[-1]:.1f} lag_p99_ms={p99:.1f} "
        f"lag_median_ms={statistics.median(late_ms):.1f} "
        f"moves_per_s={tally.moves / elapsed:.1f} images_per_s={tally.images / elapsed:.2f} "
        f"games_over={over} most_queued={tally.most_queued}",
        flush=True,
    )
    for wall, cpu, queue, name in steps[: args.culprits]:
        print(
            f"    step {wall * 1000:.1f} ms (cpu {cpu * 1000:.1f} ms, waiting for a core "
            f"{queue * 1000:.1f} ms): {name}",
            flush=True,
        )


def main() -> None:
    """Measure each ``--workers`` value in turn and print its line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--workers", type=int, nargs="+", default=[0, 2])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--culprits", type=int, default=0, help="list the N longest loop steps")
    ap.add_argument(
        "--no-freeze", dest="freeze", action="store_false", help="leave the start-up heap to gc"
    )
    args = ap.parse_args()
    time_steps()
    for _ in range(args.rounds):
        for size in args.workers:
            asyncio.run(run(args, size))


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/loop_lag.py"))
