"""The web server: a server's pages, read-only, from the games' database (issue 26).

Routes, all GET (HEAD too), all under a server's secret (``links``):

- ``/s/{secret}/``: the server's games under way and its last finished games;
- ``/s/{secret}/game/{id}``: a game's board, seats and turns (refreshed while it is live);
- ``/s/{secret}/game/{id}/board.png``: its board, cached by the game's version;
- ``/s/{secret}/game/{id}/final.png``: a finished game's score sheet.

Anything else, a wrong secret or another server's game, is a bare 404. Pages are Jinja2
templates with autoescaping on, so a member named ``<script>`` is shown, not run. A client
sending more than ``RATE`` requests a second for long gets 429.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from engine import view
from engine.core.state import OVER
from lang import DEFAULT, speaking, tr

from ..jobs import board_png, final_png
from ..service import GameService
from . import links
from .pages import game_page, server_games, shown

TEMPLATES = Path(__file__).resolve().parent / "templates"
#: Requests a second a client may make on average, and its burst.
RATE, BURST = 10.0, 40.0
#: Seconds between two loads of a live game's page.
REFRESH = 15

Render = Callable[..., Awaitable[Any]]


def not_found() -> web.Response:
    """The one answer to anything that is not a page: no detail."""
    return web.Response(status=404, text="Not found")


class Site:
    """The pages of every server, over one game service."""

    def __init__(self, service: GameService, render: Render) -> None:
        self.service = service
        #: Runs a drawing job (``Workers.run``): images never draw on the event loop.
        self.render = render
        self.templates = jinja2.Environment(
            loader=jinja2.FileSystemLoader(TEMPLATES),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
        )
        self._buckets: dict[str, tuple[float, float]] = {}

    def app(self) -> web.Application:
        """The aiohttp application."""
        app = web.Application(middlewares=[self._limit])
        app.router.add_get("/s/{secret}/", self.server)
        app.router.add_get("/s/{secret}/game/{game:[0-9]{1,12}}", self.game)
        app.router.add_get("/s/{secret}/game/{game:[0-9]{1,12}}/board.png", self.board)
        app.router.add_get("/s/{secret}/game/{game:[0-9]{1,12}}/final.png", self.final)
        return app

    @web.middleware
    async def _limit(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """A token bucket per client address; unknown routes answer 404 with no detail."""
        now = time.monotonic()
        client = request.remote or "?"
        tokens, then = self._buckets.get(client, (BURST, now))
        tokens = min(BURST, tokens + (now - then) * RATE)
        if tokens < 1:
            return web.Response(status=429, text="Too many requests")
        self._buckets[client] = (tokens - 1, now)
        try:
            response: web.StreamResponse = await handler(request)
            return response
        except web.HTTPException as exc:
            if exc.status == 405:
                return web.Response(status=405, text="Method not allowed")
            return not_found()

    async def _guild(self, request: web.Request) -> int | None:
        return await links.guild_of(self.service.storage, request.match_info["secret"])

    async def _language(self, guild_id: int) -> str:
        return await self.service.languages.chosen(guild_id) or DEFAULT

    def _page(self, name: str, **fields: Any) -> web.Response:
        html = self.templates.get_template(name).render(**fields)
        return web.Response(text=html, content_type="text/html", headers=NO_STORE)

    async def server(self, request: web.Request) -> web.StreamResponse:
        """A server's page."""
        guild_id = await self._guild(request)
        if guild_id is None:
            return not_found()
        live, done = await server_games(self.service, guild_id)
        with speaking(await self._language(guild_id)) as lang:
            words = {
                "live": tr("Games under way"),
                "finished": tr("Finished games"),
                "to_play": tr("to play:"),
                "lobby": tr("waiting for players"),
                "deadline": tr("deadline"),
                "none_live": tr("No game under way."),
                "none_done": tr("No finished game yet."),
            }
            title = tr("Small World on this server")
            return self._page(
                "server.html", lang=lang, title=title, words=words, live=live, done=done,
                refresh=REFRESH,
            )  # fmt: skip

    async def game(self, request: web.Request) -> web.StreamResponse:
        """A game's page: the public view only."""
        guild_id = await self._guild(request)
        if guild_id is None:
            return not_found()
        lg_page = await game_page(self.service, guild_id, int(request.match_info["game"]))
        if lg_page is None:
            return not_found()
        with speaking(await self._language(guild_id)) as lang:
            words = {
                "back": tr("← all games"),
                "round": tr("Round {round}/{turns}", round=lg_page.round, turns=lg_page.turns),
                "board": tr("The board"),
                "sheet": tr("The final scores"),
                "players": tr("Players"),
                "in_decline": tr("in decline:"),
                "regions": tr("regions"),
                "coins": tr("coins"),
                "this_turn": tr("This turn"),
                "last_turn": tr("Last turn"),
                "deadline": tr("deadline"),
            }
            title = tr("Game #{game}", game=lg_page.summary.id)
            live = lg_page.summary.status != "over"
            return self._page(
                "game.html", lang=lang, title=title, words=words, page=lg_page,
                refresh=REFRESH if live else None,
            )  # fmt: skip

    async def board(self, request: web.Request) -> web.StreamResponse:
        """A game's board as the channel sees it, cached by its version."""
        return await self._image(request, board_png, over_only=False)

    async def final(self, request: web.Request) -> web.StreamResponse:
        """A finished game's score sheet (coins and all: the game is over)."""
        return await self._image(request, final_png, over_only=True)

    async def _image(
        self, request: web.Request, draw: Callable[[dict[str, Any]], bytes], *, over_only: bool
    ) -> web.StreamResponse:
        guild_id = await self._guild(request)
        if guild_id is None:
            return not_found()
        lg = await shown(self.service, guild_id, int(request.match_info["game"]))
        if lg is None or lg.game is None:
            return not_found()
        state = lg.game.state
        if over_only and state.turn.phase != OVER:
            return not_found()
        language = await self._language(guild_id)
        tag = f'"{draw.__name__}-{lg.id}-{state.version}-{language}"'
        cache = {"ETag": tag, "Cache-Control": "private, max-age=5"}
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers=cache)
        with speaking(language):
            png = await self.render(draw, view(state), map_key=lg.map_id)
        return web.Response(body=png, content_type="image/png", headers=cache)


#: Pages change with every turn: never kept by a browser or a proxy.
NO_STORE = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
