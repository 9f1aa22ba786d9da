"""A rounds season's games as the points see them: each finished game of its rounds, and
the standings they make (``bot.seasons.points``), read from the league's results.

Only the games of the season's rounds count (not the games members make themselves). A
game's places are its results' ranks (a team game: its team's place); whoever holds a seat
at the end earns its points, as ratings do: a substitute who took a seat over
(``/sw replace``) earns them, and a seat the AI finished for a member earns them for that
member.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..storage import Storage, Transaction
from . import members as signups
from .pods import Pair, meetings
from .points import GameResult, Line, Table, game_points, standings
from .season import RoundsSeason

Reader = Storage | Transaction


@dataclass(frozen=True)
class Played:
    """A finished game of a season's rounds."""

    round: int
    game_id: int
    #: Its thread.
    thread_id: int
    result: GameResult


async def played(reader: Reader, season_id: int, number: int | None = None) -> list[Played]:
    """The finished games of the season's rounds (of round ``number`` only, if given), in
    the order they were planned."""
    sql = (
        "SELECT r.number, t.game_id, t.thread_id, s.user_id, s.rank, s.coins, s.team"
        " FROM season_rounds r JOIN game_tables t ON t.source = 'round' AND t.source_id = r.id"
        " JOIN results s ON s.game_id = t.game_id WHERE r.season_id = ?"
    )
    params: list[int] = [season_id]
    if number is not None:
        sql += " AND r.number = ?"
        params.append(number)
    rows = await reader.fetchall(sql + " ORDER BY r.number, t.id, s.seat", tuple(params))
    games: dict[int, list] = {}
    for r in rows:
        games.setdefault(r["game_id"], []).append(r)
    out = []
    for game_id, seats in games.items():
        teams: dict[int, list[int]] = {}
        for s in seats:
            if s["team"] is not None:
                teams.setdefault(s["team"], []).append(s["user_id"])
        result = GameResult(
            places={s["user_id"]: s["rank"] for s in seats},
            coins={s["user_id"]: s["coins"] for s in seats},
            teams=[teams[t] for t in sorted(teams)] if teams else None,
        )
        first = seats[0]
        out.append(Played(first["number"], game_id, first["thread_id"], result))
    return out


def season_standings(games: Iterable[Played], table: Table, members: Iterable[int]) -> list[Line]:
    """The standings of these games by ``table``, every member in ``members`` listed."""
    return standings((g.result for g in games), table, members)


def round_points(games: Sequence[Played], table: Table) -> dict[int, Fraction]:
    """What each member earned in these games (a round's), by ``table``."""
    out: dict[int, Fraction] = {}
    for g in games:
        for user, points in game_points(g.result.places, table, g.result.teams).items():
            out[user] = out.get(user, Fraction(0)) + points
    return out


@dataclass
class Standing:
    """A rounds season's standings as they stand: after its latest closed round."""

    #: Best first (``points.standings``): every member still in, and whoever earned points.
    lines: list[Line]
    #: Members' names (as they signed up, or as seated).
    names: dict[int, str]
    #: The latest closed round's number (0: none yet), and what each member earned in it.
    number: int = 0
    gained: dict[int, Fraction] = field(default_factory=dict)
    #: Every finished game of the season's rounds.
    games: list[Played] = field(default_factory=list)


async def standing(reader: Reader, season: RoundsSeason) -> Standing:
    """The season's standings by its points table, after its latest closed round."""
    games = await played(reader, season.id)
    signed = await signups.signed(reader, season.id)
    lines = season_standings(games, season.table, [m.user_id for m in signed if m.left is None])
    names = {m.user_id: m.name for m in signed}
    for seat in await reader.fetchall(
        "SELECT s.user_id, s.name FROM seats s JOIN game_tables t ON t.game_id = s.game_id"
        " JOIN season_rounds r ON t.source = 'round' AND r.id = t.source_id"
        " WHERE r.season_id = ?",
        (season.id,),
    ):
        names.setdefault(seat["user_id"], seat["name"])
    row = await reader.fetchone(
        "SELECT COALESCE(MAX(number), 0) AS n FROM season_rounds"
        " WHERE season_id = ? AND status = 'closed'",
        (season.id,),
    )
    number = int(row["n"]) if row else 0
    gained = round_points([g for g in games if g.round == number], season.table)
    return Standing(lines, names, number, gained, games)


async def met_before(reader: Reader, season_id: int) -> dict[Pair, int]:
    """How often each two members were put in one pod in the season's rounds so far."""
    rows = await reader.fetchall(
        "SELECT m.table_id, m.user_id FROM game_table_members m"
        " JOIN game_tables t ON t.id = m.table_id"
        " JOIN season_rounds r ON t.source = 'round' AND r.id = t.source_id"
        " WHERE r.season_id = ? ORDER BY m.table_id",
        (season_id,),
    )
    pods: dict[int, list[int]] = {}
    for r in rows:
        pods.setdefault(r["table_id"], []).append(r["user_id"])
    return meetings(pods.values())
