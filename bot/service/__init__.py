"""GameService: the only way the Discord layer touches a game.

Load, apply, save, in that order, inside one per-game lock and one SQLite transaction: an
accepted action is committed before the caller replies, and a second press of the same
button finds the turn moved on and is refused instead of applying twice.

``GameService`` is a façade over the rooms of this package, each holding one concern:

- ``loaded``: a game in memory (``LoadedGame``, ``Seat``); ``store``: loading and caching
  games, and the per-game lock;
- ``lobby``: new game, join, leave, AI seats, start, cancel; ``seating``: a running
  game's followers, replacements and absences;
- ``play``: a member's actions, undo, an AI seat's move, a passed deadline's defaults;
  ``presses``: a press (a panel's, a game message's button) or a slash command answered in
  one call; ``commit``: apply all or nothing, then one transaction; ``outcome``: what a
  request did;
- ``deadlines``: when decisions are due, reminders, pausing; ``takeover``: missed deadlines
  and an AI standing in;
- ``notices``: what a change announces (the outbox rows); ``queries``: history, a member's
  games and DM wish, unrating and backfilled results;
- ``tutorials``: ``/sw tutorial``'s guided games; ``lessons``: their lessons, recorded with
  each move.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from engine import Action
from engine.core.state import GameState
from engine.core.worlds import DEFAULT_WORLD
from lang import DEFAULT

from ..league import League
from ..storage import Storage
from . import queries
from .commit import Committer
from .deadlines import DEFAULT_DEADLINE_HOURS, Deadlines, deadline_for
from .languages import Languages
from .loaded import LoadedGame
from .lobby import Lobby, Namer
from .outcome import Outcome, PanelReply
from .pairing import Pairing
from .play import Acknowledge, Actions, Play
from .presses import Planned, Presses
from .seating import Change, Seating
from .store import DEFAULT_CACHE_SIZE, Games
from .tutorials import Tutorials


class GameService:
    """Games stored in SQLite and played through the engine."""

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], datetime] | None = None,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        self.storage = storage
        self.clock = clock or (lambda: datetime.now(UTC))
        #: Seasons and ratings: a finished game's result is recorded with its last action.
        self.league = League(storage, self.clock)
        #: Where new games get their seed; tests replace it to replay the same game.
        self.seed_source: Callable[[], int] = lambda: random.SystemRandom().randrange(1, 2**31)
        self.games = Games(storage, self.clock, cache_size)
        self.lobby = Lobby(self.games, self.league, lambda: self.seed_source())
        #: A team lobby's pairing step (partner choices, the host's pairs, the draw).
        self.pairing = Pairing(self.games)
        self.moves = Play(self.games, Committer(self.games, self.league))
        self.presses = Presses(self.games, self.moves)
        self.seating = Seating(self.games)
        self.deadlines = Deadlines(self.games)
        self.languages = Languages(self.games)
        #: ``/sw tutorial``: a member's guided first game (``tutorials``).
        self.tutorials = Tutorials(self.games, self.lobby)

    # --- loading ------------------------------------------------------------------------

    def owns(self, guild_id: int) -> bool:
        """Whether a server's background work is this process's (``Games.owns``)."""
        return self.games.owns(guild_id)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serializes every change to one game."""
        return self.games.lock(game_id)

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (after a failed write): the next load reads the database."""
        self.games.forget(game_id)

    async def live_game_id(self, channel_id: int) -> int | None:
        """The id of the lobby or running game in a channel, if any."""
        return await self.games.live_game_id(channel_id)

    async def load(self, game_id: int) -> LoadedGame:
        """A game by id, from the cache or the database."""
        return await self.games.load(game_id)

    async def in_channel(self, channel_id: int) -> LoadedGame:
        """The live game of a channel, or a clear refusal."""
        return await self.games.in_channel(channel_id)

    async def last_game(self, channel_id: int) -> LoadedGame:
        """The live game of a channel, or else the last one played there."""
        return await self.games.last_game(channel_id)

    # --- lobby (``Lobby``) --------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        players: int,
        deadline_hours: float = DEFAULT_DEADLINE_HOURS,
        open_scores: bool = False,
        seed: int | None = None,
        rated: bool | None = None,
        world: str = DEFAULT_WORLD,
        takeover_after: int = 2,
        map_id: str | None = None,
        teams: bool | None = None,
        options: dict[str, bool] | None = None,
        language: str = DEFAULT,
        listed: bool = False,
    ) -> LoadedGame:
        """Open a lobby in a channel; the host takes the first place in it (a team lobby
        for 6 players or ``teams=True``); ``options`` turns on rule sets such as mixed
        markets (``bot.options``); ``language`` is the one it speaks in public. The checks,
        then the lobby stored: ``Lobby.plan``, then ``Lobby.open``."""
        opening = await self.lobby.plan(
            guild_id,
            channel_id,
            host_id,
            host_name,
            players,
            deadline_hours,
            open_scores,
            seed,
            rated,
            world,
            takeover_after,
            map_id,
            teams,
            options,
            language,
            listed,
        )
        return await self.lobby.open(opening, channel_id)

    async def set_option(
        self, game_id: int, channel_id: int, user_id: int, name: str, on: bool
    ) -> LoadedGame:
        """The host turns a lobby's game option on or off (``Lobby.set_option``)."""
        return await self.lobby.set_option(game_id, channel_id, user_id, name, on)

    async def join(self, channel_id: int, user_id: int, name: str) -> LoadedGame:
        """Take a place in the channel's lobby."""
        return await self.lobby.join(channel_id, user_id, name)

    async def leave(self, channel_id: int, user_id: int) -> LoadedGame:
        """Leave the lobby; the host cancels instead."""
        return await self.lobby.leave(channel_id, user_id)

    async def add_ai(
        self, channel_id: int, user_id: int, level: str, name: str | Namer
    ) -> LoadedGame:
        """The host seats an AI player in the lobby (named as given, or by ``name`` from the
        names seated); the game stops counting for the season."""
        return await self.lobby.add_ai(channel_id, user_id, level, name)

    async def cancel(self, channel_id: int, user_id: int, is_admin: bool) -> LoadedGame:
        """Cancel the channel's game (host or a member who can manage the server)."""
        return await self.lobby.cancel(channel_id, user_id, is_admin)

    async def start(self, channel_id: int, user_id: int) -> Outcome:
        """Start the lobby's game: seat order drawn from the game's seed."""
        return await self.lobby.start(channel_id, user_id)

    # --- play (``Play``) ----------------------------------------------------------------

    async def act(
        self, channel_id: int, user_id: int, actions: Actions, *, key: str | None = None
    ) -> Outcome:
        """Apply one or more actions for a member, all or nothing, committed before returning."""
        return await self.moves.act(channel_id, user_id, actions, key=key)

    async def undo(self, channel_id: int, user_id: int, *, key: str | None = None) -> Outcome:
        """Take back the member's last action of this turn."""
        return await self.moves.undo(channel_id, user_id, key=key)

    async def act_ai(self, game_id: int, seat: int, action: Action, version: int) -> Outcome | None:
        """Play an AI seat's move, if the game is still where the AI looked at it."""
        return await self.moves.act_ai(game_id, seat, action, version)

    async def run_deadline(self, game_id: int) -> Outcome | None:
        """Apply the defaults for a decision whose deadline has passed, until someone else acts."""
        return await self.moves.run_deadline(game_id)

    # --- a press or a command answered in one call (``Presses``) ---------------------------

    async def request(
        self,
        channel_id: int,
        user_id: int,
        actions: Actions | Planned,
        *,
        key: str | None = None,
        acknowledge: Acknowledge | None = None,
    ) -> PanelReply:
        """A member's request in the channel's game (a slash command), answered in one call."""
        return await self.presses.request(
            channel_id, user_id, actions, key=key, acknowledge=acknowledge
        )

    async def request_undo(
        self, channel_id: int, user_id: int, *, key: str | None = None
    ) -> PanelReply:
        """Take back the member's last action of this turn, answered in one call."""
        return await self.presses.request_undo(channel_id, user_id, key=key)

    async def message_press(
        self,
        game_id: int,
        channel_id: int | None,
        user_id: int,
        verb: str,
        key: str,
        acknowledge: Acknowledge | None = None,
    ) -> PanelReply:
        """A button of a public game message, answered in one call."""
        return await self.presses.message_press(
            game_id, channel_id, user_id, verb, key, acknowledge
        )

    async def panel_game(self, game_id: int, channel_id: int | None, user_id: int) -> PanelReply:
        """The game a member's panel belongs to, with their seat (or why it cannot be shown)."""
        return await self.presses.panel_game(game_id, channel_id, user_id)

    async def panel_play(
        self,
        game_id: int,
        channel_id: int,
        user_id: int,
        actions: Actions,
        version: int,
        acknowledge: Acknowledge | None = None,
    ) -> PanelReply:
        """A panel press that plays, answered in one call: what the answer needs."""
        return await self.presses.panel_play(
            game_id, channel_id, user_id, actions, version, acknowledge
        )

    async def panel_undo(
        self, game_id: int, channel_id: int | None, user_id: int, version: int
    ) -> PanelReply:
        """Undo from a panel, answered in one call: what the answer needs."""
        return await self.presses.panel_undo(game_id, channel_id, user_id, version)

    # --- seats (``Seating``) ------------------------------------------------------------

    async def follow(self, channel_id: int, user_id: int) -> bool:
        """Follow the channel's game, or stop following it; returns whether now following."""
        return await self.seating.follow(channel_id, user_id)

    async def replace(
        self,
        channel_id: int,
        by: int,
        is_admin: bool,
        old_user: int,
        new_user: int,
        new_name: str,
    ) -> Change:
        """Give a seat to another member: same place in the order, same pieces and coins."""
        return await self.seating.replace(channel_id, by, is_admin, old_user, new_user, new_name)

    async def away(self, channel_id: int, user_id: int, days: float) -> Change:
        """Announce an absence: the member's deadlines wait until it ends."""
        return await self.seating.away(channel_id, user_id, days)

    async def back(self, channel_id: int, user_id: int) -> Change:
        """The member is back: their absence ends, and a seat an AI stood in for is theirs."""
        return await self.seating.back(channel_id, user_id)

    # --- deadlines (``Deadlines``) ------------------------------------------------------

    def deadline_for(
        self, lg: LoadedGame, state: GameState, now: datetime | None = None
    ) -> datetime:
        """When the decision owed now must be made (from now, or the end of an absence)."""
        return deadline_for(lg, state, now or self.clock())

    async def due_games(self) -> tuple[list[int], list[int]]:
        """Games whose deadline has passed, and games due a reminder (paused ones wait)."""
        return await self.deadlines.due_games()

    async def remind(self, game_id: int) -> list[int]:
        """Record the reminder of the current decision, once; returns the outbox rows."""
        return await self.deadlines.remind(game_id)

    async def told(self, game_id: int, row_id: int) -> datetime | None:
        """An outbox row that tells a member of their decision is being posted: the
        deadline moved on by how late that is, if it moved (``Deadlines.told``)."""
        return await self.deadlines.told(game_id, row_id)

    async def pause(self, game_id: int, reason: str) -> list[int]:
        """Stop a game's deadlines because its channel refuses the bot; tell the host by DM."""
        return await self.deadlines.pause(game_id, reason)

    async def resume(self, game_id: int) -> None:
        """The channel takes the bot's messages again: deadlines run, the current one afresh."""
        await self.deadlines.resume(game_id)

    # --- queries and the league (``queries``) -------------------------------------------

    async def unrate(self, game_id: int) -> None:
        """The game stops counting for the season, for every player."""
        await queries.unrate(self.games, self.league, game_id)

    async def backfill_results(self) -> int:
        """Record the results of finished games that have none; returns how many."""
        return await queries.backfill_results(self.games, self.league)

    async def history(self, game_id: int, limit: int = 15) -> list[dict[str, Any]]:
        """The last actions of a game, newest last."""
        return await queries.history(self.games, game_id, limit)

    async def last_actions(self, lg: LoadedGame, limit: int = 10) -> list[dict[str, Any]]:
        """The last actions of a started game in words, newest last (``queries.last_actions``)."""
        return await queries.last_actions(self.games, lg, limit)

    async def seat_changes(self, game_id: int) -> list[str]:
        """The game's log of seats in words, oldest first (``bot.seat_log``)."""
        return await queries.seat_changes(self.games, game_id)

    async def games_of(self, guild_id: int, user_id: int) -> list[LoadedGame]:
        """Every lobby and running game of a member in a server."""
        return await queries.games_of(self.games, guild_id, user_id)

    async def set_notify(self, user_id: int, on: bool) -> None:
        """Opt in or out of direct messages when it is the member's turn."""
        await queries.set_notify(self.games, user_id, on)

    async def wants_dm(self, user_id: int) -> bool:
        """Whether a member asked for "your turn" direct messages."""
        return await queries.wants_dm(self.games, user_id)
