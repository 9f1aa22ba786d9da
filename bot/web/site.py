"""The web server's core: whose pages a request is for, its pages, its pictures, its limit.

A server's pages live under one root: ``/s/<secret>/`` (``links``: unguessable, rotated by
a manager), and also ``/p/<server id>/`` once a manager made them public. Under a root:

- ``/``: the games under way, the last finished ones, the open season's leaders;
- ``game/<id>``: a game's board, seats and turns (``game/<id>/version`` tells a live page
  when to come back); ``game/<id>/board.png``, ``game/<id>/final.png``;
- ``game/<id>/replay/<step>``: a finished game turn by turn, ``…/<step>.png`` its board;
- ``league``: the seasons; ``league/<season>``: standings; ``league/<season>/player/<id>``:
  a player's card (a rounds season's: their rounds, pods and points).

Anything else, a wrong secret, another server's game or a private channel's, is a bare 404;
only GET (and HEAD) is served. Every answer carries the security headers of ``assets``
(a Content-Security-Policy, no referrer, no frame); pages load their style sheet and script
from ``/static/``. Pages are Jinja2 templates with autoescaping on, so a member
named ``<script>`` is shown, not run. A client sending more than ``rate`` requests a second
for long gets 429 (a client: the connection's address, or behind a trusted reverse proxy
the reader's, ``proxies``). Images are drawn by the bot's workers, never on the event loop.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web
from markupsafe import Markup, escape

from lang import DEFAULT, LANGUAGES, speaking, tr

from ..service import GameService
from . import links
from .assets import Assets
from .kept import Kept
from .replay import Step

TEMPLATES = Path(__file__).resolve().parent / "templates"
#: Requests a second a client may make on average, and its burst.
RATE, BURST = 10.0, 40.0
#: Clients the request limit remembers before it forgets those long gone.
CLIENTS = 10_000
#: Seconds between two looks of a live page at whether its game moved.
POLL = 3
#: Seconds between two loads of a page that cannot run a script.
REFRESH = 30

Render = Callable[..., Awaitable[Any]]

#: Pages change with every turn: never kept by a browser or a proxy.
NO_STORE = {"Cache-Control": "no-store"}


#: Discord's bold (``**Alchemist Sorcerers**``), the one markdown the told lines use.
BOLD = re.compile(r"\*\*(.+?)\*\*")


def told(line: str) -> Markup:
    """A line written for Discord, as HTML: escaped, its bold in ``<strong>`` (never the
    raw asterisks)."""
    return Markup(BOLD.sub(r"<strong>\1</strong>", str(escape(line))))


def not_found() -> web.Response:
    """The one answer to anything that is not a page: no detail."""
    return web.Response(status=404, text="Not found")


@dataclass(frozen=True)
class Place:
    """Whose pages a request is for, and where they live."""

    guild_id: int
    #: The path every link of these pages starts with (``/s/<secret>/`` or ``/p/<id>/``).
    root: str
    language: str


class Site:
    """The pages of every server, over one game service."""

    def __init__(
        self,
        service: GameService,
        render: Render,
        *,
        rate: float = RATE,
        burst: float = BURST,
        proxies: tuple[str, ...] = (),
    ) -> None:
        self.service = service
        #: Runs a drawing job (``Workers.run``): images never draw on the event loop.
        self.render = render
        self.rate, self.burst = rate, burst
        #: The reverse proxies whose ``X-Forwarded-For`` names the reader
        #: (``WEB_TRUSTED_PROXIES``, ``bot.web.proxies``); none: the header is ignored.
        self.proxies = proxies
        self.assets = Assets()
        self.templates = jinja2.Environment(
            loader=jinja2.FileSystemLoader(TEMPLATES),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
        )
        self.templates.filters["told"] = told
        #: The steps of the finished games being replayed, by (game, version, language).
        self.replays: Kept[list[Step]] = Kept(8)
        #: The pictures drawn last, by ETag: a board drawn once for every reader.
        self.pictures: Kept[bytes] = Kept(64)
        self._buckets: dict[str, tuple[float, float]] = {}

    @property
    def remembered(self) -> int:
        """How many clients the request limit remembers now."""
        return len(self._buckets)

    @web.middleware
    async def limit(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Middleware: a token bucket per client address; unknown routes answer 404 with no
        detail."""
        now = time.monotonic()
        client = request.remote or "?"
        tokens, then = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1:
            return web.Response(status=429, text="Too many requests")
        self._buckets[client] = (tokens - 1, now)
        if len(self._buckets) > CLIENTS:
            # A client unseen for as long as a bucket takes to fill is as good as new:
            # forgetting it keeps the table small however many addresses come by.
            full = self.burst / self.rate
            self._buckets = {c: b for c, b in self._buckets.items() if now - b[1] < full}
        try:
            response: web.StreamResponse = await handler(request)
            return response
        except web.HTTPException as exc:
            if exc.status == 405:
                return web.Response(status=405, text="Method not allowed")
            return not_found()

    async def place(self, request: web.Request) -> Place | None:
        """The server a request's root opens, or None (a bare 404 follows)."""
        kind, key = request.match_info["kind"], request.match_info["key"]
        # One read per page for this: every read waits its turn at the database.
        opened = await links.opened_by(self.service.storage, kind, key)
        if opened is None:
            return None
        guild_id, spoken = opened
        language = spoken if spoken in LANGUAGES else DEFAULT
        return Place(guild_id, f"/{kind}/{key}/", language)

    def page(self, place: Place, name: str, title: str, **fields: Any) -> web.Response:
        """A page from its template, in the server's language, with the links every page
        has (``nav``)."""
        with speaking(place.language):
            nav = {"games": tr("Games"), "league": tr("League")}
            html = self.templates.get_template(name).render(
                lang=place.language, root=place.root, title=title, nav=nav,
                assets=self.assets.urls, **fields,
            )  # fmt: skip
        return web.Response(text=html, content_type="text/html", headers=NO_STORE)

    async def image(
        self,
        request: web.Request,
        tag: str,
        draw: Callable[..., Any],
        *args: Any,
        map_key: str | None,
        language: str,
        max_age: int = 5,
    ) -> web.StreamResponse:
        """A picture drawn by the workers, answered 304 when the browser has this one."""
        etag = f'"{tag}-{language}"'
        cache = {"ETag": etag, "Cache-Control": f"private, max-age={max_age}"}
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers=cache)

        async def drawn() -> bytes:
            with speaking(language):
                png: bytes = await self.render(draw, *args, map_key=map_key)
            return png

        png = await self.pictures.get(etag, drawn)
        return web.Response(body=png, content_type="image/png", headers=cache)


def route(path: str) -> str:
    """A path under every server's root (``/s/<secret>`` or ``/p/<id>``)."""
    return "/{kind:[sp]}/{key:[A-Za-z0-9_-]{1,64}}" + path
