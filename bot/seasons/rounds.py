"""Seasons of scheduled rounds (issue 38), the service half: a round formed, ended and
closed, each once, and the organiser's clock controls. ``bot.seasons.round_desk`` runs them
from the bot's deadline pass, each under the season's claim.

**Forming** (``form``), at the round's scheduled start: one transaction reads the members
who play it, their season points (``scoring``) and skill (the season's ratings), and who
met whom in earlier pods; forms the pods (``pods.form_pods``: Swiss, by points then skill,
those who met kept apart); records the round and one table per pod (``tables.record``: each
game to be opened in its own thread of the season's channel, its time per decision sized
to end within the round, ``schedule.decision_hours``); and clears the season's next start.
A kill in the middle leaves the whole round or none of it, and the round's number is a key:
two processes never form it twice.

**Ending** (``end``), at the round's end: the round is marked ending and its tables that
never got a game are given up, in one transaction; then every game still going is finished
by the AI (``Tables.finish_now``), so the round closes on time.

**Closing** (``close``), once every game of the round is over (before its end if all
finished early): one transaction marks it closed, records its results and the standings
(text and picture), and after the last round the final standings, the champion and the
champion's role (``posts``); the season's next round is scheduled at this round's planned
end (``schedule``), or the season is closed. The posts are done once each afterwards.

**Clock controls.** Pausing stops the season's clock: no round starts or ends while it is
paused, and resuming moves the round's end and the next start on by the pause (the games'
own deadlines keep running: a member who needs time says ``/sw away``). Extending moves
the current round's end, and so every later round, on by some days.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from lang import slash, speaking, tr

from ..league import LeagueError
from ..ratings import DEFAULT, Rating
from ..service import GameService
from ..storage import INTEGRITY_ERRORS, Row, Transaction, now_iso
from . import members as signups
from . import posts, reports
from .balance import skill
from .pods import Entrant, form_pods
from .schedule import decision_hours, game_turns, round_end
from .scoring import met_before, played, season_standings, standing
from .season import ROUNDS, RoundsSeason, by_id
from .tables import ROUND, STARTED, VOID, WAITING, Member, Table, Tables, record

#: A round's status.
PLAYING = "playing"
ENDING = "ending"
CLOSED = "closed"
#: A season's rounds are formed under the lock ``ROUND_LOCKS + season_id``
#: (``Transaction.serialize``; the league's ratings use another range).
ROUND_LOCKS = 0x5352_0000_0000


@dataclass(frozen=True)
class Round:
    """A round of a season."""

    id: int
    season_id: int
    number: int
    started_at: datetime
    ends_at: datetime
    status: str


@dataclass
class Due:
    """The round work whose time has come, on this process's servers."""

    #: Seasons whose next round is to be formed.
    forming: list[int] = field(default_factory=list)
    #: Rounds whose end came (to be marked ending), and rounds ending (their games finished).
    ending: list[Round] = field(default_factory=list)
    #: Rounds under way or ending (closed when every game of theirs is over).
    going: list[Round] = field(default_factory=list)


def _round(r: Row) -> Round:
    return Round(
        id=r["id"],
        season_id=r["season_id"],
        number=r["number"],
        started_at=datetime.fromisoformat(r["started_at"]),
        ends_at=datetime.fromisoformat(r["ends_at"]),
        status=r["status"],
    )


class Rounds:
    """The rounds of the rounds seasons of one database."""

    def __init__(self, service: GameService, tables: Tables) -> None:
        self.service = service
        self.tables = tables
        self.storage = service.storage

    def now(self) -> datetime:
        """The service's clock."""
        return self.service.clock()

    # --- what is due ----------------------------------------------------------------------

    async def due(self) -> Due:
        """The seasons to form a round of, and the rounds to end or to close."""
        now = self.now()
        out = Due()
        seasons = await self.storage.fetchall(
            "SELECT id, guild_id, next_round_at FROM seasons WHERE format = ?"
            " AND closed_at IS NULL AND paused_at IS NULL",
            (ROUNDS,),
        )
        live = {r["id"]: r for r in seasons if self.service.owns(r["guild_id"])}
        busy = set()
        for row in await self.storage.fetchall(
            "SELECT * FROM season_rounds WHERE status IN (?, ?) ORDER BY id", (PLAYING, ENDING)
        ):
            if row["season_id"] not in live:
                continue
            busy.add(row["season_id"])
            r = _round(row)
            out.going.append(r)
            if r.status == ENDING or r.ends_at <= now:
                out.ending.append(r)
        for season_id, row in live.items():
            start = row["next_round_at"]
            if season_id not in busy and start and datetime.fromisoformat(start) <= now:
                out.forming.append(season_id)
        return out

    async def latest(self, season_id: int) -> Round | None:
        """The season's latest round, if one was formed."""
        row = await self.storage.fetchone(
            "SELECT * FROM season_rounds WHERE season_id = ? ORDER BY number DESC LIMIT 1",
            (season_id,),
        )
        return _round(row) if row else None

    # --- forming --------------------------------------------------------------------------

    async def form(self, season_id: int, language: str, gone: Collection[int] = ()) -> int | None:
        """Form the season's next round if its start has come (see the module's docstring);
        the round's id, or None when it is not due (formed already, paused, closed).
        ``gone``: members found to have left the server, out from this round on."""
        now = self.now()
        try:
            with speaking(language):
                async with self.storage.transaction() as tx:
                    return await self._form(tx, season_id, language, gone, now)
        except INTEGRITY_ERRORS:
            return None  # another process formed this round first

    async def _form(
        self, tx: Transaction, season_id: int, language: str, gone: Collection[int], now: datetime
    ) -> int | None:
        # Two processes forming at once (past the claim) take turns: under PostgreSQL's read
        # committed, the second would otherwise read the season before the first commits
        # and the round numbers after, and form the next round as well.
        await tx.serialize(ROUND_LOCKS + season_id)
        season = await by_id(tx, season_id)
        start = season.next_round_at
        if season.closed_at or season.paused_at or start is None or start > now:
            return None
        if await tx.fetchone(
            "SELECT 1 FROM season_rounds WHERE season_id = ? AND status IN (?, ?)",
            (season_id, PLAYING, ENDING),
        ):
            return None
        number = await signups.next_number(tx, season_id)
        await signups.leave(tx, season_id, list(gone), signups.GONE, now)
        players = await signups.playing(tx, season_id, number)
        lines = {
            line.user_id: line
            for line in season_standings(await played(tx, season_id), season.table, [])
        }
        mu = {
            r["user_id"]: Rating(r["mu"], r["sigma"])
            for r in await tx.fetchall(
                "SELECT user_id, mu, sigma FROM ratings WHERE season_id = ?", (season_id,)
            )
        }
        entrants = [
            Entrant(
                m.user_id,
                lines[m.user_id].points if m.user_id in lines else 0,
                skill(mu.get(m.user_id, DEFAULT)),
                m.partner if season.teams else None,
            )
            for m in players
        ]
        pairing = form_pods(entrants, season.pod, await met_before(tx, season_id))
        ends = round_end(start, now, season.days)
        round_id = await tx.insert(
            "INSERT INTO season_rounds (season_id, number, started_at, ends_at, byes)"
            " VALUES (?, ?, ?, ?, ?)",
            (season_id, number, now_iso(now), now_iso(ends), json.dumps(list(pairing.byes))),
        )
        names = {m.user_id: m.name for m in players}
        for i, pod in enumerate(pairing.pods, start=1):
            size = len(pod.members)
            table = Table(
                guild_id=season.guild_id,
                parent_id=season.channel_id,
                host_id=season.opened_by,
                members=tuple(Member(u, names[u]) for u in pod.members),
                world=season.world,
                deadline_hours=decision_hours(ends - now, size, game_turns(size, season.world)),
                seed=self.service.seed_source(),
                language=language,
                title=tr("{season} · round {n} · game {i}", season=season.name, n=number, i=i),
                source=ROUND,
                source_id=round_id,
                season_id=season_id,
                teams=pod.teams,
            )
            await record(tx, table, now)
        await tx.execute("UPDATE seasons SET next_round_at = NULL WHERE id = ?", (season_id,))
        return round_id

    # --- ending ---------------------------------------------------------------------------

    async def end(self, round_id: int) -> bool:
        """Mark a round whose end came as ending, and give up its tables that have no game
        yet, in one transaction; whether this call did it."""
        now = self.now()
        async with self.storage.transaction() as tx:
            changed = await tx.execute(
                "UPDATE season_rounds SET status = ? WHERE id = ? AND status = ? AND ends_at <= ?"
                " AND season_id IN (SELECT id FROM seasons WHERE paused_at IS NULL)",
                (ENDING, round_id, PLAYING, now_iso(now)),
            )
            if not changed:
                return False
            waiting = await tx.fetchall(
                "SELECT id FROM game_tables WHERE source = ? AND source_id = ? AND status = ?",
                (ROUND, round_id, WAITING),
            )
            await self.tables.void(tx, [r["id"] for r in waiting], "the round ended first")
        return True

    async def games(self, round_id: int) -> dict[int, str]:
        """The round's games and their status (``active``, ``over``…), by id."""
        rows = await self.storage.fetchall(
            "SELECT g.id, g.status FROM game_tables t JOIN games g ON g.id = t.game_id"
            " WHERE t.source = ? AND t.source_id = ? AND t.status = ?",
            (ROUND, round_id, STARTED),
        )
        return {r["id"]: r["status"] for r in rows}

    async def settled(self, round_id: int) -> bool:
        """Whether every table of the round is over: its game ended (or was cancelled), or
        it was given up."""
        rows = await self.storage.fetchall(
            "SELECT t.status, g.status AS game FROM game_tables t"
            " LEFT JOIN games g ON g.id = t.game_id WHERE t.source = ? AND t.source_id = ?",
            (ROUND, round_id),
        )
        return all(r["status"] == VOID or r["game"] in ("over", "cancelled") for r in rows)

    # --- closing --------------------------------------------------------------------------

    async def close(self, round_id: int, language: str) -> bool:
        """Close a round whose games are all over (see the module's docstring); whether this
        call closed it."""
        if not await self.settled(round_id):
            return False
        now = self.now()
        with speaking(language):
            async with self.storage.transaction() as tx:
                return await self._close(tx, round_id, now)

    async def _close(self, tx: Transaction, round_id: int, now: datetime) -> bool:
        row = await tx.fetchone("SELECT * FROM season_rounds WHERE id = ?", (round_id,))
        assert row is not None
        r = _round(row)
        changed = await tx.execute(
            "UPDATE season_rounds SET status = ?, closed_at = ? WHERE id = ? AND status IN (?, ?)",
            (CLOSED, now_iso(now), round_id, PLAYING, ENDING),
        )
        if not changed:
            return False
        season = await by_id(tx, r.season_id)
        now_standing = await standing(tx, season)
        table = now_standing.lines
        this = [g for g in now_standing.games if g.round == r.number]
        final = r.number >= season.rounds
        out = [*reports.results(season, r.number, this)]
        out.append(
            reports.standings_post(
                season, r.number, table, now_standing.names, now_standing.gained, final
            )
        )
        champions = [line.user_id for line in table if line.rank == 1 and line.games]
        champions = champions if final else []
        if champions:
            out.append(reports.champion_post(season, champions))
        for post in out:
            await posts.record(
                tx, season.id, season.guild_id, posts.CHANNEL, post, now,
                channel_id=season.channel_id,
            )  # fmt: skip
        for user_id in champions if season.role else []:
            await posts.record(
                tx, season.id, season.guild_id, posts.ROLE, posts.Post(""), now,
                user_id=user_id, role_id=season.role,
            )  # fmt: skip
        if final:
            final_table = [
                {"user_id": line.user_id, "rank": line.rank, "points": str(line.points),
                 "opponents": str(line.opponents), "coins": line.coins, "games": line.games}
                for line in table
            ]  # fmt: skip
            await tx.execute(
                "UPDATE seasons SET closed_at = ?, standings = ?, next_round_at = NULL"
                " WHERE id = ?",
                (now_iso(now), json.dumps(final_table), season.id),
            )
        else:
            await tx.execute(
                "UPDATE seasons SET next_round_at = ? WHERE id = ?", (now_iso(r.ends_at), season.id)
            )
        return True

    # --- the organiser's clock ------------------------------------------------------------

    async def pause(self, season: RoundsSeason) -> None:
        """Stop the season's clock (see the module's docstring)."""
        if season.paused_at is not None:
            raise LeagueError(
                tr(
                    "The rounds are paused already: `{resume}` starts their clock again.",
                    resume=slash("league round resume"),
                )
            )
        await self.storage.execute(
            "UPDATE seasons SET paused_at = ? WHERE id = ? AND paused_at IS NULL",
            (now_iso(self.now()), season.id),
        )

    async def resume(self, season: RoundsSeason) -> timedelta:
        """Start the season's clock again; the round's end and the next start move on by the
        pause, which is returned."""
        if season.paused_at is None:
            raise LeagueError(tr("The rounds are not paused."))
        pause = self.now() - season.paused_at
        await self._shift(season, pause, "paused_at = NULL")
        return pause

    async def extend(self, season: RoundsSeason, days: float) -> Round:
        """Move the end of the round under way on by ``days``; the round."""
        current = await self.latest(season.id)
        if current is None or current.status != PLAYING:
            raise LeagueError(tr("No round is under way: only a round under way is extended."))
        await self._shift(season, timedelta(days=days), None, only_round=True)
        extended = await self.latest(season.id)
        assert extended is not None
        return extended

    async def _shift(
        self, season: RoundsSeason, by: timedelta, also: str | None, only_round: bool = False
    ) -> None:
        """Move the round under way's end (and the next start) on by ``by``."""
        async with self.storage.transaction() as tx:
            for row in await tx.fetchall(
                "SELECT id, ends_at FROM season_rounds WHERE season_id = ? AND status = ?",
                (season.id, PLAYING),
            ):
                moved = datetime.fromisoformat(row["ends_at"]) + by
                await tx.execute(
                    "UPDATE season_rounds SET ends_at = ? WHERE id = ?", (now_iso(moved), row["id"])
                )
            if season.next_round_at is not None and not only_round:
                await tx.execute(
                    "UPDATE seasons SET next_round_at = ? WHERE id = ?",
                    (now_iso(season.next_round_at + by), season.id),
                )
            if also:
                await tx.execute(f"UPDATE seasons SET {also} WHERE id = ?", (season.id,))
