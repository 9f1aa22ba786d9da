"""Tables: the one way a league opens a game by itself (issue 38), for a round's pods and
the queue's games alike. This is the service half; ``bot.seasons.table_desk`` opens the
threads.

A **table** is a planned game: its members, world, time per decision, teams, the season it
is rated in, its seed and language, where it comes from, the channel whose thread it opens
in and the thread's name. ``record`` writes one inside the planner's transaction, so a
whole round (every pod) is recorded at once or not at all.

A table becomes a game in two steps, each safe to repeat after a crash:

1. its thread is opened in the parent channel. The moment of the attempt is recorded before
   Discord is asked (``attempt``); after a crash the desk looks for a thread named with the
   table's tag (``thread_name``: the name ends in ``#<table id>``) before opening another,
   so a kill between the thread's creation and its record opens no second thread;
2. ``start``, in one transaction: the game is created in that thread with the members
   seated (seats drawn from the seed as any game's; a team game's teams as given), started,
   the first turn and a welcome that pings every player once in the outbox, and the table
   marked started with its game. From then on the game is an ordinary game: deadlines,
   reminders, AI take-over, ``/sw replace``, results and ratings.

**Finishing a game now** (``finish_now``: a round's end): every seat a member still plays
is taken over by the AI (the ``normal`` stand-in), which plays the game to its end at once;
the game ends as any game does (final sheet, results). Its places count as places for the
season's points. For ratings the existing rule holds: a game an AI stood in is unrated for
everyone (``League.unrate``), since the places the machine played say nothing fair about
the others. A member cannot take such a seat back (the game is being closed).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from engine import to_act
from engine.core.worlds import WORLDS
from lang import number, speaking, tr

from .. import outbox, seat_log
from ..messages import CHANNEL, Announcement
from ..service import GameService
from ..service.loaded import LoadedGame, Seat
from ..service.outcome import Outcome
from ..service.starts import Opening, insert_game, record_start, seat_game
from ..service.takeover import STAND_IN_LEVEL
from ..storage import INTEGRITY_ERRORS, Row, Transaction, now_iso

#: Where a table comes from.
ROUND = "round"
QUEUE = "queue"
#: A table's status: no game yet, its game started, or given up (a round ended first).
WAITING = "waiting"
STARTED = "started"
VOID = "void"
#: Discord's longest thread name.
THREAD_NAME = 100


@dataclass(frozen=True)
class Member:
    """A member of a table: their user id and the name they sit down under."""

    user_id: int
    name: str


@dataclass(frozen=True)
class Table:
    """A planned game (see the module's docstring)."""

    guild_id: int
    #: The channel whose thread the game opens in.
    parent_id: int
    #: The game's host: who answers for it (an organiser), seated or not.
    host_id: int
    #: Its players, in the planner's order.
    members: tuple[Member, ...]
    #: The engine's world (``surface``, ``underground``).
    world: str
    deadline_hours: float
    seed: int
    #: The language the game speaks in public.
    language: str
    #: The thread's name (the table's tag is added to it).
    title: str
    #: ``ROUND`` or ``QUEUE``, and which round or queue entry.
    source: str
    source_id: int | None = None
    #: The season the game is rated in (None: unrated).
    season_id: int | None = None
    #: A team game's teams (pairs of user ids), team A first; None for free-for-all.
    teams: tuple[tuple[int, ...], ...] | None = None
    #: Missed deadlines in a row after which an AI stands in (0: never).
    takeover_after: int = 2

    @property
    def players(self) -> int:
        """How many play."""
        return len(self.members)


@dataclass(frozen=True)
class Stored:
    """A table as recorded, with how far it got."""

    id: int
    table: Table
    status: str
    thread_id: int | None
    #: When its thread was last asked of Discord (None: never).
    attempted_at: datetime | None
    #: Whether its host was told that Discord refuses the thread.
    told: bool
    game_id: int | None
    error: str | None


def thread_name(title: str, table_id: int) -> str:
    """The thread's name: the title, cut to fit, then the table's tag ``#<id>``, which
    finds the thread again after a crash."""
    tag = f" #{table_id}"
    return title[: THREAD_NAME - len(tag)].rstrip() + tag


async def record(tx: Transaction, table: Table, now: datetime) -> int:
    """Record a table in the caller's transaction; its id."""
    if table.teams is not None and sorted(u for t in table.teams for u in t) != sorted(
        m.user_id for m in table.members
    ):
        raise ValueError(f"the teams {table.teams} are not the table's members")
    table_id = await tx.insert(
        "INSERT INTO game_tables (guild_id, parent_id, host_id, source, source_id, season_id,"
        " players, world, deadline_hours, takeover_after, teams, seed, language, title,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            table.guild_id,
            table.parent_id,
            table.host_id,
            table.source,
            table.source_id,
            table.season_id,
            table.players,
            table.world,
            table.deadline_hours,
            table.takeover_after,
            None if table.teams is None else json.dumps([list(t) for t in table.teams]),
            table.seed,
            table.language,
            table.title,
            now_iso(now),
        ),
    )
    for position, m in enumerate(table.members):
        await tx.execute(
            "INSERT INTO game_table_members (table_id, user_id, name, position)"
            " VALUES (?, ?, ?, ?)",
            (table_id, m.user_id, m.name, position),
        )
    return table_id


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _stored(row: Row, members: list[Row]) -> Stored:
    teams = json.loads(row["teams"]) if row["teams"] else None
    table = Table(
        guild_id=row["guild_id"],
        parent_id=row["parent_id"],
        host_id=row["host_id"],
        members=tuple(Member(m["user_id"], m["name"]) for m in members),
        world=row["world"],
        deadline_hours=row["deadline_hours"],
        seed=row["seed"],
        language=row["language"],
        title=row["title"],
        source=row["source"],
        source_id=row["source_id"],
        season_id=row["season_id"],
        teams=None if teams is None else tuple(tuple(t) for t in teams),
        takeover_after=row["takeover_after"],
    )
    return Stored(
        id=row["id"],
        table=table,
        status=row["status"],
        thread_id=row["thread_id"],
        attempted_at=_moment(row["attempted_at"]),
        told=bool(row["told"]),
        game_id=row["game_id"],
        error=row["error"],
    )


def welcome(table: Table, first: int) -> Announcement:
    """The game's first message in its thread: every player mentioned, and pinged but the
    first to act, whom the turn message that follows pings (everyone is pinged once)."""
    mentions = " ".join(f"<@{m.user_id}>" for m in table.members)
    text = tr(
        "🎲 **{title}**: {mentions}, your game is here: {players} players on {world}, "
        "{hours} h per decision. Play from the turn messages below (▶ Play).",
        title=table.title,
        mentions=mentions,
        players=table.players,
        world=WORLDS[table.world].display_name,
        hours=number(table.deadline_hours),
    )
    pinged = [m.user_id for m in table.members if m.user_id != first]
    return Announcement(CHANNEL, text, mentions=pinged)


class Tables:
    """The tables of one database, and their games."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.storage = service.storage

    @property
    def clock(self) -> Callable[[], datetime]:
        """The service's clock."""
        return self.service.clock

    async def get(self, table_id: int) -> Stored:
        """A table by id."""
        row = await self.storage.fetchone("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        if row is None:
            raise KeyError(table_id)
        return _stored(row, await self._members(table_id))

    async def _members(self, table_id: int) -> list[Row]:
        return await self.storage.fetchall(
            "SELECT user_id, name FROM game_table_members WHERE table_id = ? ORDER BY position",
            (table_id,),
        )

    async def of_source(self, source: str, source_id: int) -> list[Stored]:
        """Every table of a round (or a queue entry), oldest first."""
        rows = await self.storage.fetchall(
            "SELECT * FROM game_tables WHERE source = ? AND source_id = ? ORDER BY id",
            (source, source_id),
        )
        return [_stored(r, await self._members(r["id"])) for r in rows]

    async def waiting(self) -> list[int]:
        """Tables with no game yet whose time to try has come, on this process's servers,
        oldest first."""
        rows = await self.storage.fetchall(
            "SELECT id, guild_id FROM game_tables WHERE status = ?"
            " AND (next_at IS NULL OR next_at <= ?) ORDER BY id",
            (WAITING, now_iso(self.clock())),
        )
        return [r["id"] for r in rows if self.service.owns(r["guild_id"])]

    async def attempt(self, table_id: int) -> datetime:
        """Record that the table's thread is asked of Discord now (before asking)."""
        now = self.clock()
        await self.storage.execute(
            "UPDATE game_tables SET attempted_at = ? WHERE id = ?", (now_iso(now), table_id)
        )
        return now

    async def opened(self, table_id: int, thread_id: int) -> None:
        """The table's thread is open: remember it (its game is started next)."""
        await self.storage.execute(
            "UPDATE game_tables SET thread_id = ?, error = NULL, next_at = NULL WHERE id = ?",
            (thread_id, table_id),
        )

    async def refused(self, table_id: int, reason: str, retry_at: datetime) -> bool:
        """Discord refused the table's thread: try again at ``retry_at``. Whether its host
        is to be told now (the first refusal only: they are told once)."""
        async with self.storage.transaction() as tx:
            await tx.execute(
                "UPDATE game_tables SET error = ?, next_at = ? WHERE id = ?",
                (reason, now_iso(retry_at), table_id),
            )
            return (
                await tx.execute(
                    "UPDATE game_tables SET told = 1 WHERE id = ? AND told = 0", (table_id,)
                )
                == 1
            )

    async def void(self, tx: Transaction, table_ids: Iterable[int], reason: str) -> None:
        """Give up tables that have no game yet (their round ended first), in ``tx``."""
        for table_id in table_ids:
            await tx.execute(
                "UPDATE game_tables SET status = ?, error = ? WHERE id = ? AND status = ?",
                (VOID, reason, table_id, WAITING),
            )

    # --- the game ------------------------------------------------------------------------

    async def start(self, table_id: int, listed: bool = False) -> Outcome | None:
        """Create the table's game in its thread, seated and started, in one transaction
        with the table marked started (see the module's docstring). None when the table
        has a game already (or is given up): nothing is done twice. ``listed``: everyone on
        the server sees the thread, so the web pages may show the game. A game the lobby
        would refuse raises ``ServiceError`` and changes nothing."""
        stored = await self.get(table_id)
        t = stored.table
        if stored.status != WAITING or stored.thread_id is None:
            return None
        opening = await self.service.lobby.plan(
            t.guild_id,
            None,
            t.host_id,
            "",
            t.players,
            t.deadline_hours,
            seed=t.seed,
            rated=False,
            world=t.world,
            takeover_after=t.takeover_after,
            teams=True if t.teams else None,
            language=t.language,
            listed=listed,
        )
        opening = replace(opening, season_id=t.season_id)
        try:
            with speaking(opening.language):
                made = await self._create(stored, opening, stored.thread_id, self.clock())
        except INTEGRITY_ERRORS:
            return None  # another process started a game in that thread first
        if made is None:
            return None
        lg, announced = made
        self.service.games.keep(lg)
        return Outcome(lg, turn_ended=True, actor_changed=True, announced=announced)

    async def _create(
        self, stored: Stored, opening: Opening, thread_id: int, now: datetime
    ) -> tuple[LoadedGame, list[int]] | None:
        """The game's rows, its start and the table's mark, in one transaction."""
        t = stored.table
        async with self.storage.transaction() as tx:
            row = await tx.fetchone("SELECT status FROM game_tables WHERE id = ?", (stored.id,))
            if row is None or row["status"] != WAITING:
                return None
            stamp = now_iso(now)
            game_id = await insert_game(tx, opening, thread_id, stamp)
            seats = await _seat(tx, game_id, t, stamp)
            lg = LoadedGame(
                id=game_id,
                guild_id=t.guild_id,
                channel_id=thread_id,
                host_id=t.host_id,
                status="lobby",
                player_count=t.players,
                map_id=opening.map_id,
                seed=t.seed,
                deadline_hours=t.deadline_hours,
                open_scores=False,
                seats=seats,
                rated=t.season_id is not None,
                season_id=t.season_id,
                takeover_after=t.takeover_after,
                mode=opening.mode,
                language=opening.language,
                listed=opening.listed,
            )
            order, game = seat_game(lg)
            first = to_act(game.state)
            hello = welcome(t, -1 if first is None else lg.user_at(first))
            announced = await outbox.record(tx, game_id, [hello], now)
            announced += await record_start(tx, lg, order, game, now)
            await tx.execute(
                "UPDATE game_tables SET status = ?, game_id = ? WHERE id = ?",
                (STARTED, game_id, stored.id),
            )
        return lg, announced

    async def finish_now(
        self, game_id: int, users: Collection[int] | None = None, note: str | None = None
    ) -> Outcome | None:
        """Finish a running game now (see the module's docstring): every seat a member
        plays (of ``users`` only, if given) goes to the AI for the rest of the game, in one
        transaction with the note that tells the thread (``note``, or that time is up);
        None when no such seat is left (or the game is over). The caller wakes the AI seats
        (``Desk.announce`` does)."""

        async def decide(lg: LoadedGame) -> Outcome | None:
            if lg.status != "active" or lg.game is None:
                return None
            members = [
                s
                for s in lg.seats
                if s.ai is None and s.seat is not None and (users is None or s.user_id in users)
            ]
            if not members:
                return None
            now = self.clock()
            async with self.service.games.write(lg) as tx:
                for s in members:
                    await tx.execute(
                        "UPDATE seats SET ai = ?, stand_in = 0 WHERE game_id = ? AND user_id = ?",
                        (STAND_IN_LEVEL, lg.id, s.user_id),
                    )
                    assert s.seat is not None
                    await seat_log.record(
                        tx,
                        lg.id,
                        s.seat,
                        "takeover",
                        s.user_id,
                        None,
                        now,
                        detail=seat_log.ENDED if users is None else seat_log.DROPPED,
                    )
                await self.service.league.unrate(lg.id, tx)
                told = note or tr(
                    "⏱️ Time is up for this game: an AI plays every member's seat to the end "
                    "now, and the places count as they fall."
                )
                ids = await outbox.record(tx, lg.id, [Announcement(CHANNEL, told)], now)
            for s in members:
                s.ai, s.stand_in = STAND_IN_LEVEL, False
            lg.rated = False
            return Outcome(lg, announced=ids)

        return await self.service.games.retrying(game_id, decide)


async def _seat(tx: Transaction, game_id: int, t: Table, stamp: str) -> list[Seat]:
    """The table's members seated in a new game (a team game's teams paired as given)."""
    team_of = {u: i for i, pair in enumerate(t.teams or ()) for u in pair}
    partner = {u: v for pair in t.teams or () for u in pair for v in pair if v != u}
    seats = []
    for m in t.members:
        seat = Seat(m.user_id, m.name, None)
        if m.user_id in team_of:
            seat.team, seat.partner, seat.paired_by = team_of[m.user_id], partner[m.user_id], "host"
        seats.append(seat)
        await tx.execute(
            "INSERT INTO seats (game_id, user_id, name, joined_at, partner, team, paired_by)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, m.user_id, m.name, stamp, seat.partner, seat.team, seat.paired_by),
        )
    return seats
