"""Benchmark: the web pages under load while the bot plays (issue 26).

    python bench/web.py [--seconds 30] [--games 20] [--clients 50] [--workers 2]
                        [--baseline] [--board] [--rounds 1] [--culprits 5] [--profile 25]

In one process and one event loop, as in the bot with ``WEB_PORT``: ``--games`` all-AI
games play through the bot's own parts (``bench/loop_lag.py``'s ``Table``: ``AiSeats``,
``GameService``, ``Desk``, the real ``Announcer`` posting to in-memory channels, ``Workers``),
in a server with a web secret and in channels everyone sees (``listed``), while the site
(``bot.web.app.Site`` over the same service, served by ``bot.web.server.serve`` on
127.0.0.1, any free port) is hit by ``--clients`` aiohttp clients. Each client, in a loop,
GETs the page of one of the games still under way, ``/s/{secret}/game/{id}``, taking them in
turn; with ``--board`` it alternates the page and the game's ``board.png``, sending back the
image's last ETag in ``If-None-Match`` as a browser does. The site's request limit per client
is raised for the run (all the clients come from one address).

Each phase opens a fresh database, starts the games and measures for ``--seconds`` (less
if every game ends before). ``--baseline`` runs a phase with the site served but no client
before each loaded one (``--rounds`` times), so that the stalls compare within one run.
A phase prints one line:

- ``load``: ``web`` (the clients) or ``none`` (the baseline);
- ``req_per_s``: requests answered a second (pages and images), ``page_p50_ms``,
  ``page_p99_ms``, ``page_max_ms``: a game page's latency as the client sees it, from the
  request sent to the body read (the clients share the loop, so their own waits count too),
  ``non_200``: answers other than 200 (and 304 for an image), and errors; it must be 0;
- with ``--board``: ``image_p50_ms``, ``image_p99_ms``, ``images_200``, ``images_304``;
- the loop, as ``bench/loop_lag.py`` measures it: ``stall_max_ms`` (the longest single step
  the loop ran, wall time), ``stall_own_max_ms`` (without the time its thread waited for a
  core), ``lag_max_ms`` and ``lag_p99_ms`` (a probe sleeping 10 ms: how late it wakes);
- ``loop_cpu_pct``: the CPU the loop's thread used, in % of one core (100: the loop never
  waits; the database's thread and the worker processes come on top);
- ``most_queued`` (the most jobs waiting for the workers at once), ``moves_per_s`` (AI moves
  applied and announced: the bot kept playing), ``games_over``.

``--culprits N`` lists the loop's N longest steps; ``--profile N`` runs the loaded phase
under cProfile and prints the N functions with the most time of their own on the loop
thread, then the site's request handlers and the calls they make, by cumulative time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import pstats
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
from aiohttp import web

from bench.loop_lag import (
    HOST,
    MEASURED,
    Table,
    Tally,
    clock,
    open_games,
    open_table,
    probe,
    time_steps,
)
from bot.web import links
from bot.web.app import Site
from bot.web.server import bound_port, serve

#: The server the games are played in (it has the web secret).
GUILD = 1
#: The request limit per client for the run: far above what the clients can send.
UNLIMITED = 1e9


@dataclass
class Traffic:
    """What the clients saw."""

    #: Seconds from a page's request sent to its body read, one per answered page.
    pages: list[float] = field(default_factory=list)
    images: list[float] = field(default_factory=list)
    images_200: int = 0
    images_304: int = 0
    #: Answers neither 200 nor (for an image) 304, and requests that failed: status, count.
    bad: dict[str, int] = field(default_factory=dict)

    def fail(self, what: str) -> None:
        """Count one bad answer or failed request."""
        self.bad[what] = self.bad.get(what, 0) + 1


@dataclass
class Live:
    """The games under way, as the phase last read them: what the clients take in turn."""

    ids: list[int]


async def live_games(table: Table) -> list[int]:
    """The ids of the server's games under way."""
    rows = await table.storage.fetchall(
        "SELECT id FROM games WHERE guild_id = ? AND status = 'active' ORDER BY id", (GUILD,)
    )
    return [int(r["id"]) for r in rows]


async def client(
    number: int,
    session: aiohttp.ClientSession,
    base: str,
    live: Live,
    traffic: Traffic,
    stop: asyncio.Event,
    board: bool,
) -> None:
    """One browser: the page of the next game under way, again and again (with ``board``:
    then its image, revalidated with the last ETag seen for that game)."""
    turn = number
    tags: dict[int, str] = {}
    while not stop.is_set():
        ids = live.ids
        if not ids:
            return
        game_id = ids[turn % len(ids)]
        turn += 1
        try:
            start = time.perf_counter()
            async with session.get(f"{base}game/{game_id}") as r:
                await r.read()
                status = r.status
            if status == 200:
                traffic.pages.append(time.perf_counter() - start)
            else:
                traffic.fail(f"page_{status}")
            if not board or stop.is_set():
                continue
            headers = {"If-None-Match": tags[game_id]} if game_id in tags else {}
            start = time.perf_counter()
            async with session.get(f"{base}game/{game_id}/board.png", headers=headers) as r:
                await r.read()
                status, tag = r.status, r.headers.get("ETag")
            if status in (200, 304):
                traffic.images.append(time.perf_counter() - start)
                if status == 200:
                    traffic.images_200 += 1
                    if tag:
                        tags[game_id] = tag
                else:
                    traffic.images_304 += 1
            else:
                traffic.fail(f"image_{status}")
        except (aiohttp.ClientError, TimeoutError) as exc:
            traffic.fail(type(exc).__name__)


@dataclass
class Phase:
    """One phase's figures."""

    load: str
    elapsed: float
    tally: Tally
    traffic: Traffic
    over: int
    #: Seconds of CPU the event loop's thread used over ``elapsed`` (1.0: a full core).
    loop_cpu: float


async def phase(args: argparse.Namespace, load: bool, profiler: cProfile.Profile | None) -> Phase:
    """One phase on a fresh database: the games play for ``--seconds``; with ``load`` the
    clients hit the site meanwhile (under ``profiler`` if given)."""
    with tempfile.TemporaryDirectory() as tmp:
        tally = Tally()
        table = await open_table(Path(tmp) / "web.sqlite3", args.workers, args.iterations, tally)
        runner: web.AppRunner | None = None
        # Each client has one request out at a time: the connector never makes one wait.
        session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=args.clients * 2))
        try:
            channels = await open_games(
                table.service, args.games, args.players, args.level, guild_id=GUILD, listed=True
            )
            secret = await links.secret_for(table.storage, GUILD, clock())
            site = Site(table.service, table.workers.run, rate=UNLIMITED, burst=UNLIMITED)
            runner = await serve(site, "127.0.0.1", 0)
            base = f"http://127.0.0.1:{bound_port(runner)}/s/{secret}/"
            await table.ready(freeze=args.freeze)
            clients = args.clients if load else 0
            return await measure(args, table, channels, Browsers(session, base, clients), profiler)
        finally:
            MEASURED.clear()
            await session.close()
            if runner is not None:
                await runner.cleanup()
            await table.close()
            gc.unfreeze()


@dataclass
class Browsers:
    """The clients of a phase: their session, the server's address, how many."""

    session: aiohttp.ClientSession
    base: str
    count: int


async def measure(
    args: argparse.Namespace,
    table: Table,
    channels: list[int],
    browsers: Browsers,
    profiler: cProfile.Profile | None,
) -> Phase:
    """Start the games, let the browsers in, measure for ``--seconds`` (or until no game is
    left under way)."""
    tally = table.tally
    traffic = Traffic()
    stop = asyncio.Event()
    MEASURED.append(tally)
    probing = asyncio.create_task(probe(tally, table.workers, stop))
    if profiler is not None:
        profiler.enable()
    started, cpu = time.perf_counter(), time.thread_time()

    async def start(channel_id: int) -> None:
        await table.desk.announce(await table.service.start(channel_id, HOST))

    await asyncio.gather(*(start(c) for c in channels))
    live = Live(await live_games(table))
    clients = [
        asyncio.create_task(
            client(n, browsers.session, browsers.base, live, traffic, stop, args.board),
            name=f"client {n}",
        )
        for n in range(browsers.count)
    ]
    while time.perf_counter() < started + args.seconds and live.ids:
        await asyncio.sleep(0.5)
        live.ids = await live_games(table)
    elapsed, cpu = time.perf_counter() - started, time.thread_time() - cpu
    stop.set()
    await asyncio.gather(probing, *clients)
    if profiler is not None:
        profiler.disable()
    MEASURED.clear()
    over = await table.storage.fetchall("SELECT COUNT(*) AS n FROM games WHERE status = 'over'")
    load = "web" if browsers.count else "none"
    return Phase(load, elapsed, tally, traffic, int(over[0]["n"]), cpu / elapsed)


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values``, in milliseconds (0 when there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


def report(args: argparse.Namespace, result: Phase) -> None:
    """Print a phase's line (and its longest loop steps with ``--culprits``)."""
    tally, traffic, elapsed = result.tally, result.traffic, result.elapsed
    steps = sorted(tally.steps, reverse=True)
    stall = steps[0][0] * 1000 if steps else 0.0
    stall_own = max((w - q for w, _c, q, _n in steps), default=0.0) * 1000
    answered = len(traffic.pages) + len(traffic.images)
    line = (
        f"load={result.load} clients={args.clients if result.load == 'web' else 0} "
        f"games={args.games} workers={args.workers} iterations={args.iterations} "
        f"seconds={elapsed:.1f} req_per_s={answered / elapsed:.1f} "
        f"pages={len(traffic.pages)} page_p50_ms={pct(traffic.pages, 0.5):.1f} "
        f"page_p99_ms={pct(traffic.pages, 0.99):.1f} page_max_ms={pct(traffic.pages, 1):.1f} "
        f"non_200={sum(traffic.bad.values())} "
    )
    if args.board:
        line += (
            f"image_p50_ms={pct(traffic.images, 0.5):.1f} "
            f"image_p99_ms={pct(traffic.images, 0.99):.1f} "
            f"images_200={traffic.images_200} images_304={traffic.images_304} "
        )
    line += (
        f"stall_max_ms={stall:.1f} stall_own_max_ms={stall_own:.1f} "
        f"lag_max_ms={pct(tally.late, 1):.1f} lag_p99_ms={pct(tally.late, 0.99):.1f} "
        f"lag_median_ms={statistics.median(tally.late) * 1000 if tally.late else 0.0:.1f} "
        f"loop_cpu_pct={result.loop_cpu * 100:.0f} most_queued={tally.most_queued} "
        f"moves_per_s={tally.moves / elapsed:.1f} games_over={result.over}"
    )
    print(line, flush=True)
    if traffic.bad:
        print(f"    bad answers: {traffic.bad}", flush=True)
    for wall, cpu, queue, name in steps[: args.culprits]:
        print(
            f"    step {wall * 1000:.1f} ms (cpu {cpu * 1000:.1f} ms, waiting for a core "
            f"{queue * 1000:.1f} ms): {name}",
            flush=True,
        )


def print_profile(profiler: cProfile.Profile, top: int, pages: int) -> None:
    """The loop thread's profile: the functions with the most time of their own, then the
    site's handlers and what they call, by cumulative time (per page: over ``pages``)."""
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(r"bot/web|bot/service/store|narrate|jinja2/env", top)
    print(f"profile of the loaded phase ({pages} pages answered):", flush=True)
    print(out.getvalue(), flush=True)


def main() -> None:
    """Run the phases in turn and print their lines."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--baseline", action="store_true", help="a phase with no client before each")
    ap.add_argument("--board", action="store_true", help="clients fetch board.png too")
    ap.add_argument("--culprits", type=int, default=0, help="list the N longest loop steps")
    ap.add_argument("--profile", type=int, default=0, help="profile the loaded phase: top N")
    ap.add_argument(
        "--no-freeze", dest="freeze", action="store_false", help="leave the start-up heap to gc"
    )
    args = ap.parse_args()
    time_steps()
    for _ in range(args.rounds):
        for load in (False, True) if args.baseline else (True,):
            profiler = cProfile.Profile() if load and args.profile else None
            result = asyncio.run(phase(args, load, profiler))
            report(args, result)
            if profiler is not None:
                print_profile(profiler, args.profile, len(result.traffic.pages))


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/web.py"))
