"""AI seats: the machine plays the seats given to it, promptly, like anyone else.

An AI seat is added in the lobby (``/sw addai``) or takes over the seat of a member who
missed too many deadlines in a row. Whenever the decision owed is an AI seat's, ``wake``
starts that game's task: it asks the seat's AI player (``ai.make_player``) for a move in a
worker process (``bot.workers``, ``bot.jobs.choose_move``), so the event loop keeps answering
everyone else, and plays it through the service like a member's move
(``GameService.act_ai``), committed before it is announced.
A crash or a restart loses nothing: the deadline loop wakes every game whose AI is owed a
move, and the deadline's default stays the fallback if an AI ever fails.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

from engine import parse, to_act, to_json
from engine.tutorial.coach import opponent_action
from lang import N_, tr

from .claims import AI, Claims
from .jobs import choose_move
from .service import GameService
from .service.lessons import TUTORIAL_AI
from .service.loaded import LoadedGame
from .service.outcome import Outcome
from .workers import Workers

log = logging.getLogger(__name__)

#: The AI levels a host may seat, as players name them (``/sw addai``'s choices, which the
#: commands' catalog translates).
AI_LEVELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
#: The name an AI seat of each level plays under, in the language of the lobby's host.
AI_NAMES = {"easy": N_("Easy AI"), "normal": N_("Normal AI"), "hard": N_("Hard AI")}
#: Moves an AI plays in one wake-up at most: a whole turn, with room to spare.
MAX_MOVES = 400


class AiSeats:
    """The running AI tasks of a bot, one per game at most."""

    def __init__(
        self,
        service: GameService,
        announce: Callable[[Outcome], Awaitable[Any]],
        workers: Workers | None = None,
        *,
        budget_s: float | None = None,
        iterations: int | None = None,
        claims: Claims | None = None,
    ) -> None:
        self.service = service
        #: One process at a time plays a game's AI seats (``bot.claims``).
        self.claims = claims or Claims(service.storage, service.clock)
        self.announce = announce
        self.workers = workers or Workers(0)
        #: Thinking time per decision for the searching levels (their default when None);
        #: ``iterations`` bounds them by playouts instead (tests use it to be quick).
        self.budget_s = budget_s
        self.iterations = iterations
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def changed(self, lg: LoadedGame) -> None:
        """A game changed: wake its AI seats, if it has any (the others are not read again
        for an AI move they cannot owe)."""
        if any(seat.ai is not None for seat in lg.seats):
            self.wake(lg.id)

    def wake(self, game_id: int) -> None:
        """Make sure the game's AI seats play if the decision owed is theirs."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            return
        self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def wake_all(self) -> None:
        """Wake every running game with an AI seat (after a restart, and on each deadline
        pass, in case a task died)."""
        rows = await self.service.storage.fetchall(
            "SELECT DISTINCT g.id, g.guild_id FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE g.status = 'active' AND g.paused = 0 AND s.ai IS NOT NULL"
        )
        for r in rows:
            if self.service.owns(r["guild_id"]):
                self.wake(r["id"])

    async def idle(self) -> None:
        """Wait until no AI task is running (tests, and a clean shutdown)."""
        while running := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    async def close(self) -> None:
        """Stop every AI task (the bot is shutting down; the moves resume after a restart)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _run(self, game_id: int) -> None:
        try:
            for _ in range(MAX_MOVES):
                # Claimed (or renewed) move by move: another process playing this game's AI
                # seats is left to it; if it dies, its claim lapses and this one goes on.
                if not await self._owed(game_id) or not await self.claims.take(AI, game_id):
                    return
                if not await self._move(game_id):
                    return
            log.warning("game %s: the AI stopped after %s moves in a row", game_id, MAX_MOVES)
        except asyncio.CancelledError:
            raise
        except Exception:  # the deadline's default remains the fallback
            log.exception("game %s: an AI seat failed to move", game_id)
        finally:
            await asyncio.shield(self._let_go(game_id))

    async def _let_go(self, game_id: int) -> None:
        try:
            await self.claims.release(AI, game_id)
        except Exception:  # a closed database at shutdown: the claim lapses by itself
            log.debug("game %s: the AI claim was not released", game_id, exc_info=True)

    async def _owed(self, game_id: int) -> bool:
        """Whether the decision owed in the game is an AI seat's (read from the cache)."""
        lg = await self.service.load(game_id)
        if lg.status != "active" or lg.game is None or lg.paused:
            return False
        seat = to_act(lg.game.state)
        return seat is not None and lg.seat_row(seat).ai is not None

    async def _move(self, game_id: int) -> bool:
        """Play one AI move if one is owed; whether one was played."""
        lg = await self.service.load(game_id)
        if lg.status != "active" or lg.game is None or lg.paused:
            return False
        state = lg.game.state
        seat = to_act(state)
        if seat is None:
            return False
        level = lg.seat_row(seat).ai
        if level is None:
            return False
        version = state.version
        if level == TUTORIAL_AI:
            # A tutorial's opponent plays as in the arranged game (``engine.tutorial``): a
            # weighted random move drawn from the position, quick enough for the loop.
            action = opponent_action(state, seat)
        else:
            # The same position gives the same move: the seed is the game's, the seat's
            # and the moment's (a restart replays nothing differently).
            seed = zlib.crc32(f"{lg.seed}:{seat}:{version}".encode())
            # The AI thinks in a worker process on its own copy (the state's JSON, which
            # carries a server's own map), so the loop stays responsive and the cached game
            # is never read while it changes.
            text = await self.workers.run(
                choose_move, level, seed, self.budget_s, self.iterations, to_json(state), seat
            )
            action = parse(text)
        outcome = await self.service.act_ai(game_id, seat, action, version)
        if outcome is None:
            return True  # the position moved on meanwhile (a deadline): look again
        await self.announce(outcome)
        return True


def ai_name(level: str, taken: list[str]) -> str:
    """The name an AI seat plays under: "Hard AI", "Hard AI 2" when the first is seated.

    The name is the seat's, kept with the game like a member's name: it is worded once, in
    the language spoken when the AI is seated."""
    base = tr(AI_NAMES[level])
    name, k = base, 1
    while name in taken:
        k += 1
        name = f"{base} {k}"
    return name
