"""A rounds season's games as the points see them: each finished game of its rounds, and
the standings they make (``bot.seasons.points``), read from the league's results.

Only the games of the season's rounds count (not the games members make themselves). A
game's places are its results' ranks (a team game: its team's place); whoever holds a seat
at the end earns its points, as ratings do: a substitute who took a seat over
(``/sw replace``) earns them, and a seat the AI finished for a member earns them for that
member.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..storage import Storage, Transaction
from .pods import Pair, meetings
from .points import GameResult, Line, Table, standings

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
