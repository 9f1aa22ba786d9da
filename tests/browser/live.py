"""A server's web pages on a real port, for a browser to drive: a real ``GameService`` on a
SQLite file holding league seasons (one of scheduled rounds), a live game with a hostile
member name and finished rated games, served by ``bot.web.server.serve`` from a thread of its own.

The site runs on its own event loop in a background thread because Selenium's calls block:
made from the test's thread, they would stall a site served on that same thread's loop.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from bot.seasons import members as signups
from bot.seasons.queue import Queue
from bot.seasons.rounds import Rounds
from bot.seasons.season import by_id, open_rounds
from bot.seasons.tables import ROUND, Tables
from bot.service import GameService
from bot.web import links
from bot.web.app import Site
from bot.web.server import bound_port, serve
from tests.bot.played import Clock, open_service, play

#: A member whose name is markup: the pages must show it as text and run nothing.
HOSTILE = "<img src=x onerror=alert(1)>"
#: The Discord server whose pages are served.
GUILD = 1
#: Seconds any one step on the site's loop may take before the test gives up.
WAIT = 120

T = TypeVar("T")


async def draw(fn: Any, *args: Any, map_key: str | None = None) -> Any:
    """The bot's ``Workers.run`` at size 0: the drawing job in a thread."""
    return await asyncio.to_thread(fn, *args)


@dataclass
class Games:
    """What the site holds: the server's secret and its games' ids."""

    secret: str
    live: int
    finished: list[int] = field(default_factory=list)
    #: The seasons: the first closed, with no team game; the second open, with one.
    seasons: list[int] = field(default_factory=list)
    #: A closed season of scheduled rounds, and the ids of its members.
    rounds: int = 0
    members: list[int] = field(default_factory=list)


#: The rounds season's members: the hostile name plays in its pods too.
ROUNDS_MEMBERS = ((11, "ann"), (22, "bob"), (33, "cyd"), (44, HOSTILE), (55, "eve"), (66, "fay"))


async def rounds_season(service: GameService) -> int:
    """A season of two rounds of pods of three for ``ROUNDS_MEMBERS``, each round formed at
    its start as the bot forms it, its games opened in (made-up) threads and played to
    their end, then closed: the last one closes the season. Its id."""
    clock = service.clock
    assert isinstance(clock, Clock)
    tables, rounds = Tables(service), Rounds(service, Tables(service))
    settings = {"rounds": 2, "days": 3.0, "pod": 3, "starts_in": 1.0}
    opened = await open_rounds(service.league, GUILD, 100, 11, "Autumn", settings)
    season = await by_id(service.storage, opened.id)
    for user, name in ROUNDS_MEMBERS:
        await signups.signup(service.storage, season, user, name, None, clock())
    thread = 9_000
    for _ in range(2):
        season = await by_id(service.storage, opened.id)
        assert season.next_round_at is not None
        clock.now = season.next_round_at
        round_id = await rounds.form(opened.id, "en")
        assert round_id is not None
        for table in await tables.of_source(ROUND, round_id):
            thread += 1
            await tables.opened(table.id, thread)
            assert await tables.start(table.id, listed=True) is not None
            await play(service, thread, 100_000, seed=thread, undos=0)
        assert await rounds.close(round_id, "en")
    assert (await by_id(service.storage, opened.id)).closed_at is not None
    return opened.id


async def fill(service: GameService) -> Games:
    """Play a season of rounds to its end (``rounds_season``). Open a season, then play
    into it a live 3-player game hosted by the member named ``HOSTILE`` and two 2-player
    games to their end (the second one his), through the service as the bot does: the last
    action of a game writes its results and rating changes. Then close it, open another and
    play a 6-player team game into it: a season's standings with and without a team column,
    their players all still provisional; two members wait in its queue."""
    autumn = await rounds_season(service)
    spring = await service.league.open_season(GUILD, 100, 11, "Spring")
    live = await service.create(GUILD, 100, 44, HOSTILE, 3, listed=True)
    await service.join(100, 22, "bob")
    await service.join(100, 33, "cyd")
    await service.start(100, 44)
    await play(service, 100, 30)
    finished = []
    pairs = ((200, (11, "ann"), (22, "bob")), (300, (44, HOSTILE), (33, "cyd")))
    for channel, host, rival in pairs:
        lg = await service.create(GUILD, channel, *host, 2, listed=True)
        await service.join(channel, *rival)
        await service.start(channel, host[0])
        await play(service, channel, 5000, seed=channel, undos=0)
        finished.append(lg.id)
    await service.league.close_season(GUILD)
    summer = await service.league.open_season(GUILD, 100, 11, "Summer")
    six = ((11, "ann"), (22, "bob"), (33, "cyd"), (44, HOSTILE), (55, "eve"), (66, "fay"))
    team = await service.create(GUILD, 400, *six[0], len(six), listed=True)
    for member in six[1:]:
        await service.join(400, *member)
    await service.start(400, six[0][0])
    await play(service, 400, 100_000, seed=4, undos=0)
    assert team.teams and (await service.load(team.id)).status == "over"
    finished.append(team.id)
    # Two members wait in the open season's queue, one of them named like markup.
    queue = Queue(service.storage, service.league, service.clock)
    await queue.join(GUILD, 44, HOSTILE, frozenset({3, 4}), "underground", 48)
    await queue.join(GUILD, 55, "eve", frozenset({4}))
    secret = await links.secret_for(service.storage, GUILD, datetime.now(UTC))
    members = [user for user, _ in ROUNDS_MEMBERS]
    return Games(secret, live.id, finished, [spring.id, summer.id], autumn, members)


class LiveSite:
    """The site on 127.0.0.1, on an event loop of its own in a daemon thread."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.service: GameService | None = None
        self.runner: web.AppRunner | None = None
        self.games: Games | None = None
        self.base = ""

    def call(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the site's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(WAIT)

    def start(self) -> Games:
        """Fill the database, start serving; the games it holds."""
        self.thread.start()
        self.service = self.call(open_service(self.database))
        self.games = self.call(fill(self.service))
        # The crawl is one client walking every page and image as fast as the machine goes
        # (100 requests for 52 pages, up to 8 in a second, on a busy 2-core machine): a
        # faster one must not meet the limit (10 a second) meant for scrapers. The limit
        # itself is tested in tests/bot/test_web.py.
        site = Site(self.service, draw, rate=100.0, burst=400.0)
        self.runner = self.call(serve(site, "127.0.0.1", 0))
        self.base = f"http://127.0.0.1:{bound_port(self.runner)}"
        return self.games

    def url(self, path: str = "") -> str:
        """The address of a path under the server's secret (``""``: the server's page)."""
        assert self.games is not None
        return f"{self.base}/s/{self.games.secret}/{path}"

    def stop(self) -> None:
        """Stop serving, close the database, end the thread."""
        if self.runner is not None:
            self.call(self.runner.cleanup())
        if self.service is not None:
            self.call(self.service.storage.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)
        self.loop.close()
