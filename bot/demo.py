"""``python -m bot demo``: an empty database filled with games played by the computer, so
that the web pages (``python -m bot web``) can be seen without Discord.

The games are played through the bot's own parts, as ``bench/loop_lag.py`` plays them: a
``GameService`` over the database, the ``Workers`` that think for the AI, ``AiSeats``
playing the AI seats a host added in the lobby. Members' seats (only games of members count
for a season) are played by the same AI, move by move, through ``GameService.act`` as a
member's tap is. Nothing is posted: there is no Discord, and the announcements the games
recorded stay unsent (the database is a demo's, not one for the bot).

Two servers: an English one with a season (rated games of six members, some ranked, some
still provisional, and a team game), a game with AI seats and Monsters on the surface, and
a game under way; and a French one, with a finished game and a game under way.
"""

from __future__ import annotations

import asyncio
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from engine import parse, to_act, to_json
from engine.core.state import OVER

from .ai_seats import AiSeats, ai_name
from .jobs import choose_move
from .service import GameService
from .service.outcome import Outcome
from .settings import Settings
from .storage import DATABASE_ERRORS, storage_for
from .transfer.cli import EXIT_DATABASE, EXIT_REFUSED
from .workers import Workers

#: The servers, and the season the English one plays.
ENGLISH, FRENCH = 1, 2
SEASON = "Demo season"
#: The members who play (their Discord ids are made up).
MEMBERS = ((11, "ann"), (22, "bob"), (33, "cyd"), (44, "dan"), (55, "eve"), (66, "fay"))
#: How the AI plays every seat: its quickest level, a few playouts a decision.
LEVEL, ITERATIONS = "easy", 20
#: Moves played in a game left under way.
UNDER_WAY = 40


@dataclass
class Planned:
    """One game of the demo."""

    guild_id: int
    #: Members seated, by index in ``MEMBERS``; the host first.
    members: tuple[int, ...]
    #: AI seats the host adds in the lobby (the game is then not rated).
    ai: int = 0
    #: Moves to play (None: to the end).
    moves: int | None = None
    language: str = "en"
    options: dict[str, bool] | None = None


#: Five three-player games make ann and bob ranked (``ratings.PROVISIONAL_GAMES``); the
#: others stay provisional; the six-player game is a team game.
PLAN = (
    *(Planned(ENGLISH, (0, 1, 2 + n % 2)) for n in range(5)),
    Planned(ENGLISH, (0, 1, 2, 3, 4, 5)),
    Planned(ENGLISH, (4,), ai=2, options={"surface_relics": True}),
    Planned(ENGLISH, (2, 3, 5), moves=UNDER_WAY),
    Planned(FRENCH, (3,), ai=2, language="fr"),
    Planned(FRENCH, (3, 4, 5), moves=UNDER_WAY, language="fr"),
)


def _ai_name(taken: list[str]) -> str:
    return ai_name(LEVEL, taken)


class Demo:
    """The bot's parts that play the demo's games."""

    def __init__(self, service: GameService, workers: Workers) -> None:
        self.service = service
        self.workers = workers
        self.ai = AiSeats(service, self._announced, workers, iterations=ITERATIONS)

    async def _announced(self, outcome: Outcome) -> None:
        """What the AI seats played: nothing to post without Discord."""

    async def play(self, channel_id: int, game: Planned) -> int:
        """Open, fill and start the game ``game`` in a channel and play it; its id."""
        host, *others = (MEMBERS[i] for i in game.members)
        lg = await self.service.create(
            game.guild_id, channel_id, *host, len(game.members) + game.ai, seed=channel_id,
            options=game.options, language=game.language, listed=True,
        )  # fmt: skip
        for member in others:
            await self.service.join(channel_id, *member)
        for _ in range(game.ai):
            await self.service.add_ai(channel_id, host[0], LEVEL, _ai_name)
        await self.service.start(channel_id, host[0])
        await self._moves(channel_id, lg.id, game.moves)
        return lg.id

    async def _moves(self, channel_id: int, game_id: int, moves: int | None) -> None:
        """Play up to ``moves`` moves (None: to the end): the AI seats' by ``AiSeats``, the
        members' by the same AI through ``GameService.act``."""
        played = 0
        while moves is None or played < moves:
            lg = await self.service.load(game_id)
            assert lg.game is not None
            state = lg.game.state
            seat = to_act(state)
            if seat is None or state.turn.phase == OVER:
                return
            if lg.seat_row(seat).ai is not None:
                self.ai.wake(game_id)
                await self.ai.idle()
            else:
                seed = zlib.crc32(f"{lg.seed}:{seat}:{state.version}".encode())
                text = await self.workers.run(
                    choose_move, LEVEL, seed, None, ITERATIONS, to_json(state), seat
                )
                await self.service.act(channel_id, lg.user_at(seat), parse(text))
            played += 1


async def fill(service: GameService, workers: Workers, say: Callable[[str], None]) -> list[int]:
    """Open the season, play every planned game (``say`` tells each one as it ends); the
    games' ids."""
    await service.league.open_season(ENGLISH, 100, MEMBERS[0][0], SEASON)
    demo = Demo(service, workers)
    ids = []
    try:
        for n, game in enumerate(PLAN):
            game_id = await demo.play(100 + n, game)
            lg = await service.load(game_id)
            state = "under way" if lg.status == "active" else "finished"
            say(f"game {game_id} on server {game.guild_id}: {state}")
            ids.append(game_id)
    finally:
        await demo.ai.close()
    return ids


async def run(settings: Settings) -> int:
    """Fill the database the settings name, if it holds no game yet; the exit code."""
    storage = storage_for(settings.database_target, pool_size=settings.database_pool_size)
    try:
        await storage.open()
    except DATABASE_ERRORS as exc:
        print(f"python -m bot demo: the database cannot be opened: {exc}", file=sys.stderr)
        return EXIT_DATABASE
    workers = Workers(settings.workers)
    try:
        if await storage.fetchone("SELECT 1 FROM games LIMIT 1") is not None:
            print(
                "python -m bot demo: this database already holds games; name a new one"
                " (DATABASE_PATH=demo.sqlite3)",
                file=sys.stderr,
            )
            return EXIT_REFUSED
        workers.start()
        started = time.monotonic()
        ids = await fill(GameService(storage), workers, lambda line: print(line, flush=True))
        took = time.monotonic() - started
        print(f"{len(ids)} demo games in {storage.describe()} ({took:.0f} s);"
              " python -m bot web --port 8080 shows them", flush=True)  # fmt: skip
        return 0
    finally:
        await workers.close()
        await storage.close()


def main(settings: Settings) -> int:
    """``python -m bot demo``."""
    return asyncio.run(run(settings))
