"""Server leagues: seasons, the results of finished games, ratings, and what is read from them.

Results and rating changes are written by ``record_game`` inside the transaction that ends a
game, so a finished game is in the league exactly once: both tables are keyed by the game,
and a crash before that commit leaves the game unfinished, to be finished again.

Rated games: while a season is open on a server, ``/sw new`` games are rated unless the host
says otherwise. A cancelled game never finishes, so it is never rated. A game that gains an
AI seat (substitutes, a later feature) is to become unrated as a whole: a ranking where one
place was played by the machine says nothing fair about the others.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from engine import Game, parse
from engine.core.actions import PickCombo
from lang import tr

from . import ratings
from .errors import ServiceError
from .ratings import Rating
from .storage import Storage, Transaction, now_iso
from .teams import team_places

#: Rows of the standings on one page.
PAGE = 20
#: Points kept in a player's trend line.
TREND = 12
#: A season's ratings are written under the lock ``SEASON_LOCKS + season_id``
#: (``Transaction.serialize``).
SEASON_LOCKS = 0x5357_0000_0000


class LeagueError(ServiceError):
    """A league request the bot refuses; the message is shown to the member."""


@dataclass
class Season:
    """A season of a server's league."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    opened_at: datetime
    ends_at: datetime | None
    closed_at: datetime | None
    standings: list[dict[str, Any]] | None = None
    #: 'open' (members make their own games, every rated game counts) or 'rounds' (the
    #: bot's scheduled rounds of pods: ``bot.seasons.rounds``).
    format: str = "open"


@dataclass
class Standing:
    """A player's line in the standings."""

    user_id: int
    rating: int
    games: int
    wins: int
    change: int | None
    trend: list[int]

    @property
    def provisional(self) -> bool:
        """Too few games to be ranked with the others."""
        return self.games < ratings.PROVISIONAL_GAMES


def _season(row: Any) -> Season:
    def when(value: str | None) -> datetime | None:
        return datetime.fromisoformat(value) if value else None

    return Season(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        name=row["name"],
        opened_at=datetime.fromisoformat(row["opened_at"]),
        ends_at=when(row["ends_at"]),
        closed_at=when(row["closed_at"]),
        standings=json.loads(row["standings"]) if row["standings"] else None,
        format=row["format"],
    )


def combos_played(game: Game) -> dict[int, list[list[str]]]:
    """Every combo each seat picked, in order, read by replaying the game's action log."""
    replay = Game(game.config)
    picked: dict[int, list[list[str]]] = {}
    for seat, text in game.log:
        action = parse(text)
        if isinstance(action, PickCombo):
            combo = replay.state.market[action.slot - 1]
            picked.setdefault(seat, []).append([combo.race, combo.power])
        replay.play(seat, action)
    return picked


class League:
    """Seasons and ratings of every server, stored with the games."""

    def __init__(self, storage: Storage, clock: Callable[[], datetime]) -> None:
        self.storage = storage
        self.clock = clock

    # --- seasons --------------------------------------------------------------------------

    async def current(self, guild_id: int) -> Season | None:
        """The server's open season, if any."""
        row = await self.storage.fetchone(
            "SELECT * FROM seasons WHERE guild_id = ? AND closed_at IS NULL", (guild_id,)
        )
        return _season(row) if row else None

    async def seasons(self, guild_id: int) -> list[Season]:
        """Every season of the server, newest first."""
        rows = await self.storage.fetchall(
            "SELECT * FROM seasons WHERE guild_id = ? ORDER BY id DESC", (guild_id,)
        )
        return [_season(r) for r in rows]

    async def season_named(self, guild_id: int, name: str | None) -> Season:
        """The season called ``name`` (the open one, or the latest, when no name is given)."""
        all_seasons = await self.seasons(guild_id)
        if not all_seasons:
            raise LeagueError(tr("This server has no league season yet: an admin opens one."))
        if name is None:
            return next((s for s in all_seasons if s.closed_at is None), all_seasons[0])
        for s in all_seasons:
            if s.name.lower() == name.strip().lower():
                return s
        raise LeagueError(tr("No season called {name!r} on this server.", name=name))

    async def open_season(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        name: str,
        ends_at: datetime | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> Season:
        """Open a season; one at a time per server. ``settings``: more of the season's
        columns (a rounds season's format and settings, ``bot.seasons.rounds``)."""
        name = name.strip()
        if not 1 <= len(name) <= 60:
            raise LeagueError(tr("A season's name is 1 to 60 characters."))
        now = self.clock()
        if ends_at is not None and ends_at <= now:
            raise LeagueError(tr("The season's end must be in the future."))
        if await self.current(guild_id) is not None:
            raise LeagueError(tr("A season is already open here: close it first."))
        if any(s.name.lower() == name.lower() for s in await self.seasons(guild_id)):
            raise LeagueError(tr("This server already had a season called {name!r}.", name=name))
        extra = dict(settings or {})
        columns = ", ".join(["guild_id, channel_id, name, opened_by, opened_at, ends_at", *extra])
        async with self.storage.transaction() as tx:
            await tx.execute(
                f"INSERT INTO seasons ({columns}) VALUES ({', '.join('?' * (6 + len(extra)))})",
                (
                    guild_id,
                    channel_id,
                    name,
                    user_id,
                    now_iso(now),
                    now_iso(ends_at) if ends_at else None,
                    *extra.values(),
                ),
            )
        season = await self.current(guild_id)
        assert season is not None
        return season

    async def close_season(self, guild_id: int) -> Season:
        """Close the open season and keep its final standings."""
        season = await self.current(guild_id)
        if season is None:
            raise LeagueError(tr("No season is open on this server."))
        table = await self.standings(season)
        final = [
            {
                "user_id": s.user_id,
                "rating": s.rating,
                "games": s.games,
                "wins": s.wins,
                "provisional": s.provisional,
            }
            for s in table
        ]
        now = self.clock()
        async with self.storage.transaction() as tx:
            await tx.execute(
                "UPDATE seasons SET closed_at = ?, standings = ?"
                " WHERE id = ? AND closed_at IS NULL",
                (now_iso(now), json.dumps(final), season.id),
            )
        season.closed_at = now
        season.standings = final
        return season

    async def due_to_close(self) -> list[int]:
        """Servers whose open season has passed its planned end."""
        rows = await self.storage.fetchall(
            "SELECT guild_id FROM seasons WHERE closed_at IS NULL AND ends_at IS NOT NULL"
            " AND ends_at <= ?",
            (now_iso(self.clock()),),
        )
        return [r["guild_id"] for r in rows]

    # --- results and ratings --------------------------------------------------------------

    async def rated_for_new_game(self, guild_id: int, wanted: bool | None) -> int | None:
        """The season a new game counts for: the open one unless the host said unrated. A
        rounds season counts only the games of its rounds."""
        if wanted is False:
            return None
        season = await self.current(guild_id)
        if season is None and wanted:
            raise LeagueError(tr("No season is open on this server, so no game can be rated."))
        if season is not None and season.format != "open":
            if wanted:
                raise LeagueError(
                    tr("This season counts only the games of its rounds: this one is unrated.")
                )
            return None
        return season.id if season else None

    async def unrate(self, game_id: int, tx: Transaction) -> None:
        """Make a game count for no one (an AI takes a seat), in the transaction of that
        change: before it ends, not after. A ranking where one place was played by the
        machine is fair to no one."""
        await tx.execute(
            "UPDATE games SET rated = 0 WHERE id = ? AND status IN ('lobby', 'active')",
            (game_id,),
        )

    async def record_game(
        self,
        tx: Transaction,
        game_id: int,
        game: Game,
        users: dict[int, int],
        now: datetime,
    ) -> list[tuple[int, int, int]]:
        """Write a finished game's results and, if it is rated, its rating changes.

        Called inside the transaction that commits the game's last action. ``users`` maps
        seats to members. The rows are keyed by the game: a second call changes nothing.
        Returns the rating changes as (member, before, after) in displayed points, in seat
        order (empty for an unrated game).
        """
        row = await tx.fetchone(
            "SELECT guild_id, world, mode, season_id, rated, map_id FROM games WHERE id = ?",
            (game_id,),
        )
        assert row is not None
        done = await tx.fetchone("SELECT 1 FROM results WHERE game_id = ? LIMIT 1", (game_id,))
        if done is not None:
            return []
        # A tutorial (``/sw tutorial``) counts for no league and no statistics.
        if await tx.fetchone("SELECT 1 FROM tutorials WHERE game_id = ?", (game_id,)):
            return []
        result = game.state.result or {}
        by_seat = {r["seat"]: r for r in result.get("ranking", [])}
        seats = sorted(by_seat)
        ranks = ratings.ranks_from_scores(
            [(by_seat[s]["coins"], by_seat[s]["tokens"]) for s in seats]
        )
        rank_of = dict(zip(seats, ranks, strict=True))
        # A team game ranks teams: partners share their team's place (and its rating game).
        places = team_places(result)
        team_of = {seat: places[seat][0] for seat in places}
        rank_of.update({seat: places[seat][1] for seat in places})
        combos = combos_played(game)
        rated = bool(row["rated"] and row["season_id"])
        for seat in seats:
            r = by_seat[seat]
            await tx.execute(
                "INSERT INTO results (game_id, seat, user_id, guild_id, season_id, rated, world,"
                " map_id, mode, team, players, rank, coins, tokens, combos, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seat,
                    users[seat],
                    row["guild_id"],
                    row["season_id"],
                    int(rated),
                    row["world"],
                    row["map_id"],
                    row["mode"],
                    team_of.get(seat),
                    len(seats),
                    rank_of[seat],
                    r["coins"],
                    r["tokens"],
                    json.dumps(combos.get(seat, [])),
                    now_iso(now),
                ),
            )
        if not rated:
            return []
        return await self._rate(tx, game_id, row["season_id"], users, rank_of, now, team_of)

    async def _rate(
        self,
        tx: Transaction,
        game_id: int,
        season_id: int,
        users: dict[int, int],
        rank_of: dict[int, int],
        now: datetime,
        team_of: dict[int, int] | None = None,
    ) -> list[tuple[int, int, int]]:
        """Rate a game: one side per seat, or per team in a team game (``team_of``: the
        team of each seat), each side ranked by its place."""
        seats = sorted(rank_of)
        # Two games of one season ending at once, in two processes, read and write the same
        # ratings: they take turns.
        await tx.serialize(SEASON_LOCKS + season_id)
        before: dict[int, Rating] = {}
        for seat in seats:
            r = await tx.fetchone(
                "SELECT mu, sigma FROM ratings WHERE season_id = ? AND user_id = ?",
                (season_id, users[seat]),
            )
            before[users[seat]] = Rating(r["mu"], r["sigma"]) if r else ratings.DEFAULT
        sides = [[s] for s in seats]
        if team_of:
            sides = [[s for s in seats if team_of[s] == t] for t in sorted(set(team_of.values()))]
        teams = [[(users[s], before[users[s]]) for s in side] for side in sides]
        after = ratings.rate(teams, [rank_of[side[0]] for side in sides])
        changes = []
        for seat in seats:
            uid = users[seat]
            b, a = before[uid], after[uid]
            won = int(rank_of[seat] == 1)
            await tx.execute(
                "INSERT INTO rating_events (game_id, user_id, season_id, mu_before, sigma_before,"
                " mu_after, sigma_after, at, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                " (SELECT COALESCE(MAX(seq), 0) + 1 FROM rating_events))",
                (game_id, uid, season_id, b.mu, b.sigma, a.mu, a.sigma, now_iso(now)),
            )
            await tx.execute(
                "INSERT INTO ratings (season_id, user_id, mu, sigma, games, wins, updated_at)"
                " VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (season_id, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
                " wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
                (season_id, uid, a.mu, a.sigma, won, now_iso(now)),
            )
            changes.append((uid, ratings.display(b), ratings.display(a)))
        return changes

    # --- reading --------------------------------------------------------------------------

    async def standings(self, season: Season) -> list[Standing]:
        """Every rated player of a season, best first (the provisional ones included)."""
        rows = await self.storage.fetchall(
            "SELECT user_id, mu, sigma, games, wins FROM ratings WHERE season_id = ?",
            (season.id,),
        )
        week_ago = now_iso(self.clock() - timedelta(days=7))
        then_rows = await self.storage.fetchall(
            "SELECT e.user_id, e.mu_after, e.sigma_after FROM rating_events e"
            " JOIN (SELECT user_id, MAX(seq) AS last FROM rating_events"
            "       WHERE season_id = ? AND at <= ? GROUP BY user_id) w ON e.seq = w.last",
            (season.id, week_ago),
        )
        then = {r["user_id"]: ratings.display(Rating(r[1], r[2])) for r in then_rows}
        table = []
        for r in rows:
            now_rating = ratings.display(Rating(r["mu"], r["sigma"]))
            past = then.get(r["user_id"])
            table.append(
                Standing(
                    r["user_id"],
                    now_rating,
                    r["games"],
                    r["wins"],
                    None if past is None else now_rating - past,
                    [],
                )
            )
        table.sort(key=lambda s: (-s.rating, -s.wins, s.user_id))
        return table

    async def team_records(self, season_id: int) -> dict[int, tuple[int, int]]:
        """Each player's rated team games of a season and the wins among them (a win: the
        team finished first), by user id."""
        rows = await self.storage.fetchall(
            "SELECT user_id, COUNT(*) AS games, SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END) AS wins"
            " FROM results"
            " WHERE season_id = ? AND rated = 1 AND team IS NOT NULL GROUP BY user_id",
            (season_id,),
        )
        return {r["user_id"]: (r["games"], r["wins"]) for r in rows}

    async def trends(self, season_id: int, user_ids: list[int]) -> dict[int, list[int]]:
        """The last ratings of some players, oldest first, for their trend lines."""
        out: dict[int, list[int]] = {}
        for uid in user_ids:
            rows = await self.storage.fetchall(
                "SELECT mu_after, sigma_after FROM rating_events WHERE season_id = ?"
                " AND user_id = ? ORDER BY seq DESC LIMIT ?",
                (season_id, uid, TREND),
            )
            out[uid] = [ratings.display(Rating(r[0], r[1])) for r in reversed(rows)]
        return out

    async def history(self, season_id: int, user_id: int) -> list[tuple[str, int]]:
        """A player's rating after each rated game of a season (date, rating)."""
        rows = await self.storage.fetchall(
            "SELECT at, mu_after, sigma_after FROM rating_events WHERE season_id = ?"
            " AND user_id = ? ORDER BY seq",
            (season_id, user_id),
        )
        return [(r["at"][:10], ratings.display(Rating(r[1], r[2]))) for r in rows]

    async def result_rows(
        self, guild_id: int, user_id: int | None = None, season_id: int | None = None
    ) -> list[dict[str, Any]]:
        """Finished games' results on a server, as plain rows (for stats and cards)."""
        sql = "SELECT * FROM results WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if user_id is not None:
            sql += " AND user_id = ?"
            params.append(user_id)
        if season_id is not None:
            sql += " AND season_id = ?"
            params.append(season_id)
        rows = await self.storage.fetchall(sql + " ORDER BY game_id, seat", tuple(params))
        return [
            {
                "game_id": r["game_id"],
                "user_id": r["user_id"],
                "map_id": r["map_id"],
                "world": r["world"],
                "rank": r["rank"],
                "coins": r["coins"],
                "players": r["players"],
                "team": r["team"],
                "rated": bool(r["rated"]),
                "finished_at": r["finished_at"],
                "combos": json.loads(r["combos"]),
            }
            for r in rows
        ]
