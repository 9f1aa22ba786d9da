"""The pages of a server's games: the server's front page, a game's page and its pictures,
and a finished game's replay, turn by turn."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from engine import Game, view
from engine.core.state import OVER
from lang import ntr, speaking, tr
from renderer import describe

from ..jobs import board_png, final_png
from ..service.loaded import LoadedGame
from . import pages
from .league_views import leaders
from .replay import Step, told_steps
from .site import POLL, REFRESH, Place, Site, not_found, route


class GameViews:
    """Handlers of the game pages, over a ``Site``."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.service = site.service

    def add_routes(self, router: web.UrlDispatcher) -> None:
        """Register the pages' paths."""
        game = route("/game/{game:[0-9]{1,12}}")
        router.add_get(route("/"), self.server)
        router.add_get(game, self.game)
        router.add_get(game + "/version", self.version)
        router.add_get(game + "/board.png", self.board)
        router.add_get(game + "/final.png", self.final)
        router.add_get(game + "/replay/{step:[0-9]{1,4}}", self.replay)
        router.add_get(game + "/replay/{step:[0-9]{1,4}}.png", self.replay_board)

    async def server(self, request: web.Request) -> web.StreamResponse:
        """A server's front page."""
        place = await self.site.place(request)
        if place is None:
            return not_found()
        with speaking(place.language):
            # The maps' titles are worded as the list is made: in the server's language.
            live, done = await pages.server_games(self.service, place.guild_id)
            season = await leaders(self.service, place.guild_id)
            words = {
                "live": tr("Games under way"),
                "finished": tr("Finished games"),
                "to_play": tr("to play:"),
                "lobby": tr("waiting for players"),
                "deadline": tr("deadline"),
                "none_live": tr("No game under way."),
                "none_done": tr("No finished game yet."),
                "won_by": tr("won by"),
            }
            title = tr("Small World on this server")
        return self.site.page(
            place, "server.html", title, words=words, live=live, done=done, season=season,
            refresh=REFRESH,
        )  # fmt: skip

    async def game(self, request: web.Request) -> web.StreamResponse:
        """A game's page: the public view only (coins once the game is over)."""
        place = await self.site.place(request)
        if place is None:
            return not_found()
        with speaking(place.language):
            page = await pages.game_page(self.service, place.guild_id, _game_id(request))
            if page is None:
                return not_found()
            words = {
                "round": tr("Round {round}/{turns}", round=page.round, turns=page.turns),
                "players": tr("Players"),
                "in_decline": tr("in decline:"),
                "this_turn": tr("This turn"),
                "last_turn": tr("Last turn"),
                "deadline": tr("deadline"),
                "replay": tr("Replay the game turn by turn"),
            }
            title = tr("Game #{game}", game=page.summary.id)
            # Each seat's figures with their noun, singular or plural as the number wants.
            counts = [
                (
                    ntr("{n} region", "{n} regions", seat.regions),
                    None if seat.coins is None else ntr("{n} coin", "{n} coins", seat.coins),
                )
                for seat in page.seats
            ]
        live = page.summary.status != "over"
        return self.site.page(
            place, "game.html", title, words=words, page=page, live=live, poll=POLL,
            refresh=REFRESH if live else None, seats=list(zip(page.seats, counts, strict=True)),
        )  # fmt: skip

    async def _shown(self, request: web.Request) -> tuple[Place, LoadedGame, Game] | None:
        """The server a request is for and its game the request names, started and one the
        pages show (``pages.shown``), or None."""
        place = await self.site.place(request)
        if place is None:
            return None
        lg = await pages.shown(self.service, place.guild_id, _game_id(request))
        if lg is None or lg.game is None:
            return None
        return place, lg, lg.game

    async def version(self, request: web.Request) -> web.StreamResponse:
        """How far a game has gone: a live page polls it and comes back when it changes."""
        found = await self._shown(request)
        if found is None:
            return not_found()
        game = found[2]
        # A live game is in the service's cache: this costs one read of its revision.
        return web.Response(text=str(game.state.version), headers={"Cache-Control": "no-store"})

    async def board(self, request: web.Request) -> web.StreamResponse:
        """A game's board as the channel sees it, cached by the game's version."""
        return await self._picture(request, board_png, over_only=False)

    async def final(self, request: web.Request) -> web.StreamResponse:
        """A finished game's score sheet (coins and all: the game is over)."""
        return await self._picture(request, final_png, over_only=True)

    async def _picture(
        self, request: web.Request, draw: Any, *, over_only: bool
    ) -> web.StreamResponse:
        found = await self._shown(request)
        if found is None:
            return not_found()
        place, lg, game = found
        state = game.state
        if over_only and state.turn.phase != OVER:
            return not_found()
        tag = f"{draw.__name__}-{lg.id}-{state.version}"
        return await self.site.image(
            request, tag, draw, view(state), map_key=lg.map_id, language=place.language
        )

    async def _step(self, request: web.Request) -> tuple[Place, LoadedGame, list[Step], int] | None:
        """The replay of a finished game of the server and the step asked for, or None."""
        found = await self._shown(request)
        # Only a finished game is replayed: before its end, its past turns' boards are
        # public, but a replay is the whole game's story.
        if found is None or found[2].state.turn.phase != OVER:
            return None
        place, lg, game = found
        steps = await self.site.replays.get(
            (lg.id, game.state.version, place.language),
            lambda: asyncio.to_thread(told_steps, place.language, game),
        )
        step = int(request.match_info["step"])
        return (place, lg, steps, step) if step < len(steps) else None

    async def replay(self, request: web.Request) -> web.StreamResponse:
        """One step of a finished game's replay: its board and what happened that turn."""
        found = await self._step(request)
        if found is None:
            return not_found()
        place, lg, steps, step = found
        game_id = lg.id
        at = steps[step]
        with speaking(place.language):
            if at.player is None:
                heading = tr("The set-up")
            elif at.setting_up:
                heading = tr("Before the first turn: {player}'s choice", player=at.player)
            elif step == len(steps) - 1:
                heading = tr("Round {round}: after {player}'s turn, the last of the game",
                             round=at.round, player=at.player)  # fmt: skip
            else:
                heading = tr("Round {round}: after {player}'s turn", round=at.round,
                             player=at.player)  # fmt: skip
            words = {
                "step": tr("Step {step} of {steps}", step=step, steps=len(steps) - 1),
                "back": tr("← the game"),
                "prev": tr("← previous"),
                "next": tr("next →"),
                "first": tr("first"),
                "last": tr("last"),
                "board": describe.board(at.view),
                "quiet": tr("No conquest and no change on the board."),
            }
            title = tr("Game #{game}, turn by turn", game=game_id)
        return self.site.page(
            place, "replay.html", title, words=words, heading=heading, at=at, step=step,
            last=len(steps) - 1, game=game_id, refresh=None,
        )  # fmt: skip

    async def replay_board(self, request: web.Request) -> web.StreamResponse:
        """The board of one step of a replay: a finished game's never changes."""
        found = await self._step(request)
        if found is None:
            return not_found()
        place, lg, steps, step = found
        tag = f"replay-{lg.id}-{step}"
        return await self.site.image(
            request, tag, board_png, steps[step].view, map_key=lg.map_id,
            language=place.language, max_age=3600,
        )  # fmt: skip


def _game_id(request: web.Request) -> int:
    return int(request.match_info["game"])
