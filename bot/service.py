"""GameService: the only way the Discord layer touches a game.

Load, apply, save, in that order, inside one per-game lock and one SQLite transaction: an
accepted action is committed before the caller replies, and a second press of the same
button finds the turn moved on and is refused instead of applying twice.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from engine import (
    Action,
    EngineError,
    Game,
    GameConfig,
    IllegalAction,
    default_action,
    label,
    parse,
    problem,
    to_act,
)
from engine.core.content import map_for_players
from engine.core.state import OVER, GameState, from_json, to_json
from engine.core.view import plural
from renderer.static import GEOMETRY_DIR

from . import outbox, seat_log
from .errors import ServiceError
from .league import League, LeagueError
from .messages import (
    Announcement,
    decision_key,
    follow_dm,
    live_message,
    paused_dm,
    rating_text,
    reminder,
    score_dm,
    turn_message,
    your_move_dm,
)
from .storage import Storage, Transaction, now_iso

#: Default time a player has for a decision, in hours.
DEFAULT_DEADLINE_HOURS = 24.0
#: A reminder goes out when this share of the deadline has passed.
REMIND_AT = 0.75
UNDO = "undo"


#: The AI level that stands in for a member who missed too many deadlines in a row.
STAND_IN_LEVEL = "normal"

#: The engine's worlds as players name them.
WORLD_NAMES = {"surface": "Small World", "underground": "Small World Underground"}
#: The engine's worlds as the league tables name them (``games.world``, ``results.world``).
LEAGUE_WORLDS = {"surface": "smallworld", "underground": "underground"}


@dataclass
class Seat:
    """A member in a game: seat is None until the game starts."""

    user_id: int
    name: str
    seat: int | None
    #: The AI level playing this seat, if the machine plays it.
    ai: str | None = None
    #: The AI only stands in for the member (after missed deadlines), who may take it back.
    stand_in: bool = False
    #: Deadlines the member missed in a row.
    missed: int = 0
    #: The end of the member's announced absence, and the days of absence used in this game.
    away_until: datetime | None = None
    away_days: float = 0.0


@dataclass
class LoadedGame:
    """A game row with its seats and, once started, the engine game."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    player_count: int
    map_id: str
    seed: int
    deadline_hours: float
    open_scores: bool
    seats: list[Seat]
    deadline_at: datetime | None = None
    reminded: bool = False
    paused: bool = False
    #: Whether the game counts for the server's season ``season_id``.
    rated: bool = False
    season_id: int | None = None
    #: Missed deadlines in a row after which an AI takes over a seat (0: never).
    takeover_after: int = 2
    game: Game | None = None

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a member, or None if they do not play here."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def user_at(self, seat: int) -> int:
        """The member sitting at a seat."""
        return self.seat_row(seat).user_id

    def seat_row(self, seat: int) -> Seat:
        """The seat's row: who sits there, and how (AI, away, missed deadlines)."""
        for s in self.seats:
            if s.seat == seat:
                return s
        raise KeyError(seat)

    def actor_id(self) -> int | None:
        """The member who must act now in a running game (None in a lobby, once over, or
        while an AI plays the seat to act: there is no one to ping)."""
        if self.game is None:
            return None
        seat = to_act(self.game.state)
        return None if seat is None else self.member_at(seat)

    def member_at(self, seat: int) -> int | None:
        """The member who plays a seat now: None while an AI plays it."""
        row = self.seat_row(seat)
        return None if row.ai is not None else row.user_id

    def matches(self, key: str) -> bool:
        """Whether a button's key still holds: ``v<version>`` for exactly this state (Undo),
        else the decision key (End turn, Done placing, Decline)."""
        assert self.game is not None
        s = self.game.state
        if key.startswith("v"):
            return key == f"v{s.version}"
        return key == decision_key(s)


@dataclass
class Applied:
    """One action that was applied: who, its text form, its label, and whether a deadline did it."""

    seat: int
    text: str
    label: str
    auto: bool = False


@dataclass
class Outcome:
    """What an accepted request did, for the reply and the channel messages."""

    game: LoadedGame
    applied: list[Applied] = field(default_factory=list)
    new_events: list[dict[str, Any]] = field(default_factory=list)
    turn_ended: bool = False
    actor_changed: bool = False
    finished_turn_events: list[dict[str, Any]] = field(default_factory=list)
    #: The seat whose turn it was when the request came.
    turn_seat: int | None = None
    #: Outbox rows recorded with this change, for the announcer to post.
    announced: list[int] = field(default_factory=list)

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events to tell about this request: the whole turn if it ended, else the new
        ones (private ones included: callers filter them for their reader)."""
        return self.finished_turn_events if self.turn_ended else self.new_events

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        g = self.game.game
        return g is not None and g.state.turn.phase == OVER


class GameService:
    """Games stored in SQLite and played through the engine."""

    def __init__(self, storage: Storage, clock: Callable[[], datetime] | None = None) -> None:
        self.storage = storage
        self.clock = clock or (lambda: datetime.now(UTC))
        #: Seasons and ratings: a finished game's result is recorded with its last action.
        self.league = League(storage, self.clock)
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, LoadedGame] = {}
        #: Where new games get their seed; tests replace it to replay the same game.
        self.seed_source: Callable[[], int] = lambda: random.SystemRandom().randrange(1, 2**31)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serializes every change to one game."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --- loading ------------------------------------------------------------------------

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (after a failed write): the next load reads the database."""
        self._cache.pop(game_id, None)

    async def live_game_id(self, channel_id: int) -> int | None:
        """The id of the lobby or running game in a channel, if any."""
        row = await self.storage.fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return row["id"] if row else None

    async def load(self, game_id: int) -> LoadedGame:
        """A game by id, from the cache or the database."""
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached
        row = await self.storage.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise ServiceError("That game does not exist.")
        seats = [
            Seat(
                r["user_id"],
                r["name"],
                r["seat"],
                ai=r["ai"],
                stand_in=bool(r["stand_in"]),
                missed=r["missed"],
                away_until=datetime.fromisoformat(r["away_until"]) if r["away_until"] else None,
                away_days=r["away_days"],
            )
            for r in await self.storage.fetchall(
                "SELECT * FROM seats WHERE game_id = ? ORDER BY joined_at, user_id",
                (game_id,),
            )
        ]
        lg = LoadedGame(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            status=row["status"],
            player_count=row["player_count"],
            map_id=row["map_id"],
            seed=row["seed"],
            deadline_hours=row["deadline_hours"],
            open_scores=bool(row["open_scores"]),
            seats=seats,
            deadline_at=datetime.fromisoformat(row["deadline_at"]) if row["deadline_at"] else None,
            reminded=bool(row["reminded"]),
            paused=bool(row["paused"]),
            rated=bool(row["rated"]),
            season_id=row["season_id"],
            takeover_after=row["takeover_after"],
        )
        if row["state"]:
            cfg = json.loads(row["config"])
            config = GameConfig(tuple(cfg["players"]), cfg["seed"], cfg["map_id"], cfg["options"])
            log = await self._effective_log(game_id)
            lg.game = Game.restore(config, log, from_json(row["state"]))
        self._cache[game_id] = lg
        return lg

    async def _effective_log(self, game_id: int) -> list[tuple[int, str]]:
        log: list[tuple[int, str]] = []
        for r in await self.storage.fetchall(
            "SELECT seat, text FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ):
            if r["text"] == UNDO:
                log.pop()
            else:
                log.append((r["seat"], r["text"]))
        return log

    async def in_channel(self, channel_id: int) -> LoadedGame:
        """The live game of a channel, or a clear refusal."""
        gid = await self.live_game_id(channel_id)
        if gid is None:
            raise ServiceError("There is no game in this channel. Start one with `/sw new`.")
        return await self.load(gid)

    async def last_game(self, channel_id: int) -> LoadedGame:
        """The live game of a channel, or else the last one played there."""
        row = await self.storage.fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status != 'cancelled' "
            "ORDER BY (status IN ('lobby', 'active')) DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        if row is None:
            raise ServiceError("No game has been played in this channel yet.")
        return await self.load(row["id"])

    # --- lobby --------------------------------------------------------------------------

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
        world: str = "surface",
        takeover_after: int = 2,
        map_id: str | None = None,
    ) -> LoadedGame:
        """Open a lobby in a channel; the host takes the first place in it.

        ``world`` is the engine's world (``surface`` or ``underground``): the game is played
        on that world's built-in board for the player count, which must have its drawing,
        unless ``map_id`` names a server's own map (``bot.club_maps`` checked that it fits
        and registered it with its drawing).
        While the server has an open season the game counts for it, unless ``rated`` is
        False; ``rated=True`` without an open season is refused.
        """
        if not 2 <= players <= 5:
            raise ServiceError("Small World is played by 2 to 5 players.")
        if world not in WORLD_NAMES:
            raise ServiceError(f"There is no world {world!r}: choose Small World or Underground.")
        builtin = map_for_players(players, world)
        if map_id is None and not (GEOMETRY_DIR / f"{builtin}.json").exists():
            raise ServiceError(
                f"The {players}-player {WORLD_NAMES[world]} board cannot be drawn yet, so it "
                "cannot be played here: choose another number of players."
            )
        map_id = map_id or builtin
        if not 0.05 <= deadline_hours <= 24 * 14:
            raise ServiceError("The turn deadline must be between 3 minutes and 14 days.")
        if await self.live_game_id(channel_id) is not None:
            raise ServiceError(
                "This channel already has a game. Finish or cancel it, or open another in a "
                "thread: `/sw new thread:true`."
            )
        try:
            season_id = await self.league.rated_for_new_game(guild_id, rated)
        except LeagueError as exc:
            raise ServiceError(str(exc)) from exc
        seed = seed if seed is not None else self.seed_source()
        now = now_iso(self.clock())
        async with self.storage.transaction() as tx:
            game_id = await tx.execute(
                "INSERT INTO games (guild_id, channel_id, host_id, status, player_count, map_id,"
                " seed, deadline_hours, open_scores, season_id, rated, world, takeover_after,"
                " created_at, updated_at)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    host_id,
                    players,
                    map_id,
                    seed,
                    deadline_hours,
                    int(open_scores),
                    season_id,
                    int(season_id is not None),
                    LEAGUE_WORLDS[world],
                    takeover_after,
                    now,
                    now,
                ),
            )
            assert game_id is not None
            await tx.execute(
                "INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                (game_id, host_id, host_name, now),
            )
        return await self.load(game_id)

    async def join(self, channel_id: int, user_id: int, name: str) -> LoadedGame:
        """Take a place in the channel's lobby."""
        lg = await self.in_channel(channel_id)
        async with self.lock(lg.id):
            if lg.status != "lobby":
                raise ServiceError("This game has already started.")
            if lg.seat_of(user_id) is not None or any(s.user_id == user_id for s in lg.seats):
                raise ServiceError("You are already in this game.")
            if len(lg.seats) >= lg.player_count:
                raise ServiceError(f"The game is full ({lg.player_count} players).")
            now = now_iso(self.clock())
            async with self.storage.transaction() as tx:
                await tx.execute(
                    "INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                    (lg.id, user_id, name, now),
                )
            lg.seats.append(Seat(user_id, name, None))
            return lg

    async def leave(self, channel_id: int, user_id: int) -> LoadedGame:
        """Leave the lobby; the host cancels instead."""
        lg = await self.in_channel(channel_id)
        async with self.lock(lg.id):
            if lg.status != "lobby":
                raise ServiceError("The game has started; ask the host to cancel it instead.")
            if not any(s.user_id == user_id for s in lg.seats):
                raise ServiceError("You are not in this game.")
            if user_id == lg.host_id:
                raise ServiceError("You are the host: use `/sw cancel` to close the lobby.")
            async with self.storage.transaction() as tx:
                await tx.execute(
                    "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (lg.id, user_id)
                )
            lg.seats = [s for s in lg.seats if s.user_id != user_id]
            return lg

    async def add_ai(self, channel_id: int, user_id: int, level: str, name: str) -> LoadedGame:
        """The host seats an AI player in the lobby; the game stops counting for the season.

        An AI seat is a seat row with a negative id (no member has one) and its ``ai`` level.
        """
        lg = await self.in_channel(channel_id)
        async with self.lock(lg.id):
            if lg.status != "lobby":
                raise ServiceError("AI players join in the lobby, before the game starts.")
            if user_id != lg.host_id:
                raise ServiceError("Only the host can add an AI player.")
            if len(lg.seats) >= lg.player_count:
                raise ServiceError(f"The game is full ({lg.player_count} players).")
            ai_id = min([0, *(s.user_id for s in lg.seats)]) - 1
            now = now_iso(self.clock())
            async with self.storage.transaction() as tx:
                await tx.execute(
                    "INSERT INTO seats (game_id, user_id, name, joined_at, ai)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (lg.id, ai_id, name, now, level),
                )
                await self.league.unrate(lg.id, tx)
            lg.seats.append(Seat(ai_id, name, None, ai=level))
            lg.rated = False
            return lg

    async def act_ai(self, game_id: int, seat: int, action: Action, version: int) -> Outcome | None:
        """Play an AI seat's move, if the game is still where the AI looked at it (same
        version, the same AI seat to act); None when it moved on meanwhile."""
        lg = await self.load(game_id)
        async with self.lock(lg.id):
            if lg.status != "active" or lg.game is None or lg.paused:
                return None
            state = lg.game.state
            if state.version != version or to_act(state) != seat:
                return None
            if lg.seat_row(seat).ai is None:
                return None
            return await self._apply(lg, [(seat, action, None, False)])

    async def cancel(self, channel_id: int, user_id: int, is_admin: bool) -> LoadedGame:
        """Cancel the channel's game (host or a member who can manage the server)."""
        lg = await self.in_channel(channel_id)
        async with self.lock(lg.id):
            if user_id != lg.host_id and not is_admin:
                raise ServiceError("Only the host or a server manager can cancel this game.")
            async with self.storage.transaction() as tx:
                await tx.execute(
                    "UPDATE games SET status = 'cancelled', deadline_at = NULL, updated_at = ?"
                    " WHERE id = ?",
                    (now_iso(self.clock()), lg.id),
                )
            lg.status = "cancelled"
            self._cache.pop(lg.id, None)
            return lg

    async def start(self, channel_id: int, user_id: int) -> Outcome:
        """Start the lobby's game: seat order drawn from the game's seed."""
        lg = await self.in_channel(channel_id)
        async with self.lock(lg.id):
            if lg.status != "lobby":
                raise ServiceError("This game has already started.")
            if user_id != lg.host_id:
                raise ServiceError("Only the host can start the game.")
            if len(lg.seats) != lg.player_count:
                raise ServiceError(
                    f"Waiting for players: {len(lg.seats)} of {lg.player_count} have joined."
                )
            order = sorted(lg.seats, key=lambda s: s.user_id)
            random.Random(lg.seed).shuffle(order)
            for i, s in enumerate(order):
                s.seat = i
            config = GameConfig(
                tuple(s.name for s in order),
                lg.seed,
                lg.map_id,
                {"open_scores": lg.open_scores},
            )
            game = Game(config)
            deadline = self.deadline_for(lg, game.state)
            now = now_iso(self.clock())
            async with self.storage.transaction() as tx:
                for s in order:
                    await tx.execute(
                        "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                        (s.seat, lg.id, s.user_id),
                    )
                await tx.execute(
                    "UPDATE games SET status = 'active', config = ?, state = ?, version = ?,"
                    " deadline_at = ?, reminded = 0, updated_at = ? WHERE id = ?",
                    (
                        json.dumps(
                            {
                                "players": list(config.players),
                                "seed": config.seed,
                                "map_id": config.map_id,
                                "options": config.options,
                            }
                        ),
                        to_json(game.state),
                        game.state.version,
                        now_iso(deadline),
                        now,
                        lg.id,
                    ),
                )
                items = await self._turn_announcements(tx, lg, game.state, deadline)
                announced = await outbox.record(tx, lg.id, items, self.clock())
            lg.status = "active"
            lg.game = game
            lg.deadline_at = deadline
            lg.reminded = False
            lg.seats.sort(key=lambda s: s.seat if s.seat is not None else 99)
            return Outcome(lg, turn_ended=True, actor_changed=True, announced=announced)

    # --- play ---------------------------------------------------------------------------

    async def check(
        self,
        channel_id: int,
        user_id: int,
        actions: list[Action | str] | Action | str,
        *,
        key: str | None = None,
    ) -> tuple[LoadedGame, int, list[Action]]:
        """Refuse now, changing nothing, what ``act`` would refuse for this member.

        The first action is checked against the engine's rules; later ones in a batch can
        only be judged once the earlier ones are applied (``act`` checks them all again).
        ``act`` calls this again inside the game's lock, so a second press of the same
        button, queued behind the first, is refused there.
        """
        lg = await self.in_channel(channel_id)
        seat = self._seat_for(lg, user_id, key)
        items = actions if isinstance(actions, list) else [actions]
        parsed = [parse(a) if isinstance(a, str) else a for a in items]
        if not parsed:
            # "End turn" while picking: there is no turn under way to end.
            raise ServiceError("There is nothing to end yet: pick a combo first.")
        assert lg.game is not None
        why = problem(lg.game.state, seat, parsed[0])
        if why is not None:
            raise IllegalAction(why)
        return lg, seat, parsed

    def _seat_for(self, lg: LoadedGame, user_id: int, key: str | None) -> int:
        self._require_running(lg)
        seat = lg.seat_of(user_id)
        if seat is None:
            raise ServiceError("You are not playing in this game.")
        if lg.seat_row(seat).ai is not None:
            raise ServiceError("An AI plays your seat for now: `/sw back` takes it back.")
        if key is not None and not lg.matches(key):
            raise ServiceError("That button belongs to a moment of the game that is over.")
        return seat

    async def act(
        self,
        channel_id: int,
        user_id: int,
        actions: list[Action | str] | Action | str,
        *,
        key: str | None = None,
    ) -> Outcome:
        """Apply one or more actions for a member, all or nothing, committed before returning."""
        lg = await self.in_channel(channel_id)
        async with self.lock(lg.id):
            lg, seat, parsed = await self.check(channel_id, user_id, actions, key=key)
            return await self._apply(lg, [(seat, a, user_id, False) for a in parsed])

    async def undo(self, channel_id: int, user_id: int, *, key: str | None = None) -> Outcome:
        """Take back the member's last action of this turn.

        With a button's ``key`` (``v<version>``) the undo happens only if nothing changed
        since the button was shown: two presses of one Undo button take back one action.
        """
        lg = await self.in_channel(channel_id)
        async with self.lock(lg.id):
            lg = await self.in_channel(channel_id)
            seat = self._seat_for(lg, user_id, key)
            game = lg.game
            assert game is not None
            why = game.can_undo(seat)
            if why:
                raise ServiceError(why)
            snapshot, log = to_json(game.state), list(game.log)
            game.undo(seat)
            outcome = Outcome(lg, applied=[Applied(seat, UNDO, "Undo")])
            try:
                await self._commit(lg, [(seat, UNDO, user_id, False)], outcome=outcome)
            except BaseException:
                game.state, game.log = from_json(snapshot), log
                self._cache.pop(lg.id, None)
                raise
            return outcome

    async def run_deadline(self, game_id: int) -> Outcome | None:
        """Apply the defaults for a decision whose deadline has passed, until someone else acts."""
        lg = await self.load(game_id)
        async with self.lock(lg.id):
            if lg.status != "active" or lg.game is None or lg.deadline_at is None or lg.paused:
                return None
            if lg.deadline_at > self.clock():
                return None
            state = lg.game.state
            seat = to_act(state)
            if seat is None:
                return None
            batch = []
            labels = []
            probe = Game.restore(lg.game.config, [], from_json(to_json(state)))
            turn = (state.round, state.turn.seat)
            # Finish the overdue decision: defaults until another seat must act or it is over.
            # A defender's placing ends at the end of the turn, even when the defender plays
            # next (always so with two players): their own turn gets a deadline of its own.
            while (
                to_act(probe.state) == seat and (probe.state.round, probe.state.turn.seat) == turn
            ):
                action = default_action(probe.state)
                assert action is not None
                labels.append(label(probe.state, action))
                probe.play(seat, action)
                batch.append((seat, action, None, True))
            did = " → ".join(labels)
            name = state.players[seat].name
            note = f"⏰ Time ran out for **{name}**: {did}."
            row = lg.seat_row(seat)
            takeover = bool(
                row.ai is None and lg.takeover_after and row.missed + 1 >= lg.takeover_after
            )
            if takeover:
                note += (
                    f"\n🤖 **{name}** missed {plural(row.missed + 1, 'deadline')} in a row: "
                    f"an AI plays the seat from now on. <@{row.user_id}>, `/sw back` takes it back."
                )
            return await self._apply(lg, batch, note=note, takeover=seat if takeover else None)

    async def due_games(self) -> tuple[list[int], list[int]]:
        """Games whose deadline has passed, and games due a reminder (paused ones wait)."""
        now = self.clock()
        rows = await self.storage.fetchall(
            "SELECT id, deadline_at, deadline_hours, reminded FROM games"
            " WHERE status = 'active' AND deadline_at IS NOT NULL AND paused = 0"
        )
        overdue, remind = [], []
        for r in rows:
            at = datetime.fromisoformat(r["deadline_at"])
            if at <= now:
                overdue.append(r["id"])
            elif not r["reminded"] and at - now <= timedelta(
                hours=r["deadline_hours"] * (1 - REMIND_AT)
            ):
                remind.append(r["id"])
        return overdue, remind

    async def remind(self, game_id: int) -> list[int]:
        """Record the reminder of the current decision, once; returns the outbox rows."""
        lg = await self.load(game_id)
        async with self.lock(lg.id):
            actor = lg.actor_id()
            if lg.reminded or lg.paused or actor is None or lg.deadline_at is None:
                return []
            assert lg.game is not None
            async with self.storage.transaction() as tx:
                await tx.execute("UPDATE games SET reminded = 1 WHERE id = ?", (game_id,))
                ids = await outbox.record(
                    tx,
                    game_id,
                    [reminder(game_id, lg.game.state, actor, lg.deadline_at)],
                    self.clock(),
                )
            lg.reminded = True
            return ids

    async def pause(self, game_id: int, reason: str) -> list[int]:
        """Stop a game's deadlines because its channel refuses the bot; tell the host by DM.

        Returns the outbox rows recorded (none if the game was already paused or is over).
        """
        lg = await self.load(game_id)
        async with self.lock(lg.id):
            if lg.paused or lg.status != "active":
                return []
            async with self.storage.transaction() as tx:
                await tx.execute("UPDATE games SET paused = 1 WHERE id = ?", (game_id,))
                ids = await outbox.record(
                    tx, game_id, [paused_dm(lg.host_id, lg.channel_id, reason)], self.clock()
                )
            lg.paused = True
            return ids

    async def resume(self, game_id: int) -> None:
        """The channel takes the bot's messages again: deadlines run, the current one afresh."""
        lg = await self.load(game_id)
        async with self.lock(lg.id):
            if not lg.paused:
                return
            deadline = None
            if lg.status == "active" and lg.game is not None:
                deadline = self.deadline_for(lg, lg.game.state)
            async with self.storage.transaction() as tx:
                await tx.execute(
                    "UPDATE games SET paused = 0, deadline_at = ?, reminded = 0 WHERE id = ?",
                    (now_iso(deadline) if deadline else None, game_id),
                )
            lg.paused = False
            lg.deadline_at = deadline
            lg.reminded = False

    def _require_running(self, lg: LoadedGame) -> None:
        if lg.status == "lobby":
            raise ServiceError("The game has not started yet.")
        if lg.status != "active" or lg.game is None:
            raise ServiceError("This game is over.")

    async def _apply(
        self,
        lg: LoadedGame,
        batch: list[tuple[int, Action, int | None, bool]],
        note: str | None = None,
        takeover: int | None = None,
    ) -> Outcome:
        game = lg.game
        assert game is not None
        before = game.state
        actor_before = to_act(before)
        turn_before = (before.round, before.turn.seat)
        snapshot = to_json(before)
        log_len = len(game.log)
        events_before = list(before.events)
        labels = []
        try:
            for seat, action, _user, _auto in batch:
                labels.append(label(game.state, action))
                game.play(seat, action)
        except EngineError:
            # All or nothing: put the game back exactly as it was.
            game.state = from_json(snapshot)
            del game.log[log_len:]
            raise
        state = game.state
        outcome = Outcome(
            lg,
            applied=[
                Applied(s, a.text, lab, auto)
                for (s, a, _u, auto), lab in zip(batch, labels, strict=True)
            ],
        )
        outcome.actor_changed = to_act(state) != actor_before or state.turn.phase == OVER
        outcome.turn_seat = turn_before[1]
        outcome.turn_ended = (state.round, state.turn.seat) != turn_before or (
            state.turn.phase == OVER
        )
        if outcome.turn_ended:
            # A new turn moved the finished one's events to ``last_events``; the game's end
            # starts no new turn, so the final turn's events (those from before this request
            # included) are still ``events``.
            outcome.finished_turn_events = (
                state.last_events if state.turn.phase != OVER else list(state.events)
            )
        else:
            outcome.new_events = state.events[len(events_before) :]
        try:
            await self._commit(
                lg,
                [(s, a.text, u, auto) for s, a, u, auto in batch],
                # A new turn is a new decision even for the same member (a defender who
                # plays next): it gets the whole deadline and its own reminder.
                reset_deadline=outcome.actor_changed or outcome.turn_ended,
                outcome=outcome,
                note=note,
                takeover=takeover,
            )
        except BaseException:
            game.state = from_json(snapshot)
            del game.log[log_len:]
            self._cache.pop(lg.id, None)
            raise
        return outcome

    async def _commit(
        self,
        lg: LoadedGame,
        rows: list[tuple[int, str, int | None, bool]],
        reset_deadline: bool = False,
        outcome: Outcome | None = None,
        note: str | None = None,
        takeover: int | None = None,
    ) -> None:
        """Append the actions, save the state and, when the decision passed to someone else,
        record its announcements: one transaction. ``takeover`` is a seat an AI takes over
        with these actions (its member missed too many deadlines)."""
        game = lg.game
        assert game is not None
        state = game.state
        now = self.clock()
        over = state.turn.phase == OVER
        footer = None
        deadline = lg.deadline_at
        reminded = lg.reminded
        if over:
            deadline = None
        elif reset_deadline:
            deadline = self.deadline_for(lg, state, now)
            reminded = False
        async with self.storage.transaction() as tx:
            row = await tx.fetchone(
                "SELECT COALESCE(MAX(seq), 0) AS seq FROM actions WHERE game_id = ?", (lg.id,)
            )
            seq = row["seq"] if row else 0
            for seat, text, user_id, auto in rows:
                seq += 1
                await tx.execute(
                    "INSERT INTO actions (game_id, seq, seat, user_id, text, auto, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (lg.id, seq, seat, user_id, text, int(auto), now_iso(now)),
                )
            await self._count_missed(tx, lg, rows)
            if takeover is not None:
                await self._stand_in(tx, lg, takeover, now)
            await tx.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, deadline_at = ?,"
                " reminded = ?, updated_at = ? WHERE id = ?",
                (
                    to_json(state),
                    state.version,
                    "over" if over else "active",
                    now_iso(deadline) if deadline else None,
                    int(reminded),
                    now_iso(now),
                    lg.id,
                ),
            )
            if over:
                # The result (and the ratings of a rated game) with the game's last action.
                users = {s.seat: s.user_id for s in lg.seats if s.seat is not None}
                changes = await self.league.record_game(tx, lg.id, game, users, now)
                footer = rating_text(changes)
            if outcome is not None and outcome.turn_ended:
                items = await self._turn_announcements(
                    tx,
                    lg,
                    state,
                    deadline,
                    # The turn's player, even when a defender's placing ended it.
                    finished_seat=outcome.turn_seat,
                    finished_events=outcome.finished_turn_events,
                    note=note,
                    footer=footer,
                )
            else:
                # Within a turn the channel gets no new message, only the turn's live one
                # brought up to date (and posted afresh when it must ping a defender).
                items = await self._live_announcements(
                    tx, lg, state, deadline, note=note, ping=reset_deadline
                )
            if outcome is not None:
                items += self._timed_out_scores(lg, outcome)
            ids = await outbox.record(tx, lg.id, items, now)
            if outcome is not None:
                outcome.announced = ids
        lg.deadline_at = deadline
        lg.reminded = reminded
        if over:
            lg.status = "over"

    async def _count_missed(
        self, tx: Transaction, lg: LoadedGame, rows: list[tuple[int, str, int | None, bool]]
    ) -> None:
        """A deadline that played for a seat is one more missed in a row (a batch of defaults
        is one deadline); a move of the member's own sets the count back to nothing."""
        for seat in {seat for seat, _t, _u, auto in rows if auto}:
            row = lg.seat_row(seat)
            row.missed += 1
            await tx.execute(
                "UPDATE seats SET missed = ? WHERE game_id = ? AND user_id = ?",
                (row.missed, lg.id, row.user_id),
            )
        for seat in {seat for seat, _t, user, auto in rows if user is not None and not auto}:
            row = lg.seat_row(seat)
            if row.missed:
                row.missed = 0
                await tx.execute(
                    "UPDATE seats SET missed = 0 WHERE game_id = ? AND user_id = ?",
                    (lg.id, row.user_id),
                )

    async def _stand_in(self, tx: Transaction, lg: LoadedGame, seat: int, now: datetime) -> None:
        """An AI takes over a seat whose member missed too many deadlines; the game stops
        counting for the season, and the seat's log says so."""
        row = lg.seat_row(seat)
        row.ai, row.stand_in = STAND_IN_LEVEL, True
        await tx.execute(
            "UPDATE seats SET ai = ?, stand_in = 1 WHERE game_id = ? AND user_id = ?",
            (STAND_IN_LEVEL, lg.id, row.user_id),
        )
        await self.league.unrate(lg.id, tx)
        lg.rated = False
        await seat_log.record(
            tx,
            lg.id,
            seat,
            "takeover",
            row.user_id,
            None,
            now,
            detail=f"after {plural(row.missed, 'missed deadline')}",
        )

    def deadline_for(
        self, lg: LoadedGame, state: GameState, now: datetime | None = None
    ) -> datetime:
        """When the decision owed now must be made: the game's time per decision, counted
        from now, or from the end of the absence the member to act announced."""
        now = now or self.clock()
        start = now
        seat = to_act(state)
        if seat is not None:
            away = lg.seat_row(seat).away_until
            if away is not None and away > now:
                start = away
        return start + timedelta(hours=lg.deadline_hours)

    @staticmethod
    def _timed_out_scores(lg: LoadedGame, outcome: Outcome) -> list[Announcement]:
        """A player whose turn a deadline ended was not there to read their score: it goes to
        them by DM (coins are private, so never to the channel)."""
        if not outcome.applied or not all(a.auto for a in outcome.applied):
            return []
        assert lg.game is not None
        state = lg.game.state
        seats = {a.seat for a in outcome.applied if lg.member_at(a.seat) is not None}
        return [
            score_dm(lg.channel_id, lg.user_at(e["seat"]), e["coins"], state.players[e["seat"]])
            for e in outcome.events
            if e["kind"] == "score" and e.get("seat") in seats
        ]

    async def _live_announcements(
        self,
        tx: Transaction,
        lg: LoadedGame,
        state: GameState,
        deadline: datetime | None,
        *,
        note: str | None,
        ping: bool,
    ) -> list[Announcement]:
        """The turn's live message and, when the decision passed to a member who asked for
        it, a DM to them."""
        seat = to_act(state)
        actor = None if seat is None else lg.member_at(seat)
        items = [live_message(lg.id, state, actor_id=actor, deadline=deadline, note=note)]
        if ping and actor is not None and await self._wants_dm(tx, actor):
            items.append(your_move_dm(lg.channel_id, actor))
        return items

    async def _wants_dm(self, tx: Transaction, user_id: int) -> bool:
        row = await tx.fetchone("SELECT dm_turns FROM user_prefs WHERE user_id = ?", (user_id,))
        return bool(row and row["dm_turns"])

    async def _turn_announcements(
        self,
        tx: Transaction,
        lg: LoadedGame,
        state: GameState,
        deadline: datetime | None,
        *,
        finished_seat: int | None = None,
        finished_events: list[dict[str, Any]] | None = None,
        note: str | None = None,
        footer: str | None = None,
    ) -> list[Announcement]:
        """The turn message, and a DM to the member who acts next if they asked for one."""
        seat = to_act(state)
        actor = None if seat is None else lg.member_at(seat)
        items = [
            turn_message(
                lg.id,
                state,
                actor_id=actor,
                deadline=deadline,
                finished_seat=finished_seat,
                finished_events=finished_events,
                note=note,
                footer=footer,
            )
        ]
        if actor is not None and await self._wants_dm(tx, actor):
            items.append(your_move_dm(lg.channel_id, actor))
        if finished_events:
            # Followers get each finished turn as everyone sees it (never a seat's view).
            seated = {s.user_id for s in lg.seats}
            for r in await tx.fetchall(
                "SELECT user_id FROM followers WHERE game_id = ? ORDER BY user_id", (lg.id,)
            ):
                if r["user_id"] not in seated:
                    items.append(
                        follow_dm(
                            lg.channel_id, r["user_id"], state, finished_seat, finished_events
                        )
                    )
        return items

    async def unrate(self, game_id: int) -> None:
        """The game stops counting for the season, for every player (what an AI taking a
        seat does, in the transaction of that change: ``add_ai``, ``_stand_in``)."""
        lg = await self.load(game_id)
        async with self.lock(game_id):
            async with self.storage.transaction() as tx:
                await self.league.unrate(game_id, tx)
            if lg.status in ("lobby", "active"):
                lg.rated = False

    async def backfill_results(self) -> int:
        """Record the results of games that finished before results were kept (unrated), so
        the archive and the stats hold every finished game. Returns how many were added."""
        rows = await self.storage.fetchall(
            "SELECT id FROM games WHERE status = 'over'"
            " AND id NOT IN (SELECT DISTINCT game_id FROM results)"
        )
        for r in rows:
            lg = await self.load(r["id"])
            if lg.game is None:
                continue
            users = {s.seat: s.user_id for s in lg.seats if s.seat is not None}
            async with self.storage.transaction() as tx:
                await self.league.record_game(tx, lg.id, lg.game, users, self.clock())
        return len(rows)

    # --- queries ------------------------------------------------------------------------

    async def history(self, game_id: int, limit: int = 15) -> list[dict[str, Any]]:
        """The last actions of a game, newest last."""
        rows = await self.storage.fetchall(
            "SELECT seq, seat, text, auto, created_at FROM actions WHERE game_id = ?"
            " ORDER BY seq DESC LIMIT ?",
            (game_id, limit),
        )
        return [dict(r) for r in reversed(rows)]

    async def seat_changes(self, game_id: int) -> list[str]:
        """The game's log of seats in words, oldest first (``bot.seat_log``)."""
        return await seat_log.story(self.storage, game_id)

    async def games_of(self, guild_id: int, user_id: int) -> list[LoadedGame]:
        """Every lobby and running game of a member in a server."""
        rows = await self.storage.fetchall(
            "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = ? AND g.guild_id = ? AND g.status IN ('lobby', 'active')"
            " ORDER BY g.id",
            (user_id, guild_id),
        )
        return [await self.load(r["id"]) for r in rows]

    async def set_notify(self, user_id: int, on: bool) -> None:
        """Opt in or out of direct messages when it is the member's turn."""
        async with self.storage.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_prefs (user_id, dm_turns) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns",
                (user_id, int(on)),
            )

    async def wants_dm(self, user_id: int) -> bool:
        """Whether a member asked for "your turn" direct messages."""
        row = await self.storage.fetchone(
            "SELECT dm_turns FROM user_prefs WHERE user_id = ?", (user_id,)
        )
        return bool(row and row["dm_turns"])


__all__ = [
    "DEFAULT_DEADLINE_HOURS",
    "GameService",
    "IllegalAction",
    "LoadedGame",
    "Outcome",
    "ServiceError",
]
