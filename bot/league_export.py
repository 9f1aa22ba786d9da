"""A season's games and ratings as one CSV file (``/league export``).

The file is for spreadsheets and scripts: its column headers, section names and combos
stay in English whatever language the member speaks (machine-readable). Sections:

- ``game``: one row per seat of each game that counts (an open season's rated games; a
  rounds season's games of its rounds, rated or not, since places count for points
  whoever finished the seat), with the round and the points the seat earned in a rounds
  season;
- ``rating``: each member's rating, games and wins;
- ``points`` (rounds seasons): each member's standing by points: rank, points, the
  tie-breaks (opponents' points, coins) and games played.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from .league import League, Season
from .seasons.points import game_points
from .seasons.scoring import standing
from .seasons.season import ROUNDS, by_id
from .stats import combo_name

HEADER = [
    "section", "game", "finished", "map", "player_id", "rank", "coins", "combos",
    "rating", "games", "wins", "team", "round", "points", "opponents_points",
]  # fmt: skip


class Trimmed:
    """A CSV writer that keeps each row's first ``width`` columns."""

    def __init__(self, writer: Any, width: int) -> None:
        self.writer, self.width = writer, width

    def writerow(self, row: list[Any]) -> None:
        """Write the row's first ``width`` cells."""
        self.writer.writerow(row[: self.width])


def number(value: Fraction) -> str:
    """Points as a spreadsheet reads them: ``3``, ``2.5``."""
    return f"{float(value):g}"


async def export_csv(league: League, season: Season) -> bytes:
    """The season's games, ratings and (a rounds season) points, as one CSV file (UTF-8)."""
    out = io.StringIO()
    # An open season's file keeps the columns it always had: the rounds' three are a rounds
    # season's alone (a script reading open seasons' files sees no change).
    width = len(HEADER) if season.format == ROUNDS else HEADER.index("round")
    w = Trimmed(csv.writer(out), width)
    w.writerow(HEADER)
    # A rounds season: each game's round and the points of each seat, and the standings.
    earned: dict[int, tuple[int, dict[int, Fraction]]] = {}
    lines: list[Any] = []
    if season.format == ROUNDS:
        rounds = await by_id(league.storage, season.id)
        now = await standing(league.storage, rounds)
        for g in now.games:
            points = game_points(g.result.places, rounds.table, g.result.teams)
            earned[g.game_id] = (g.round, points)
        lines = now.lines
        marks = ", ".join("?" * len(earned)) or "NULL"
        rows = await league.storage.fetchall(
            f"SELECT * FROM results WHERE game_id IN ({marks}) ORDER BY game_id, seat",
            tuple(earned),
        )
    else:
        rows = await league.storage.fetchall(
            "SELECT * FROM results WHERE season_id = ? AND rated = 1 ORDER BY game_id, seat",
            (season.id,),
        )
    for r in rows:
        # English combo names, as the headers (``combo_name`` translates nothing).
        combos = " / ".join(combo_name(race, power) for race, power in json.loads(r["combos"]))
        number_of, points = earned.get(r["game_id"], (None, {}))
        w.writerow(
            [
                "game", r["game_id"], r["finished_at"], r["map_id"], r["user_id"], r["rank"],
                r["coins"], combos, "", "", "",
                # A team game's team (A, B, C), whose place is the row's rank.
                "" if r["team"] is None else "ABC"[r["team"]],
                "" if number_of is None else number_of,
                number(points[r["user_id"]]) if r["user_id"] in points else "",
                "",
            ]
        )  # fmt: skip
    for s in await league.standings(season):
        w.writerow(
            ["rating", "", "", "", s.user_id, "", "", "", s.rating, s.games, s.wins, "", "", "", ""]
        )
    for line in lines:
        w.writerow(
            [
                "points", "", "", "", line.user_id, line.rank, line.coins, "", "", line.games,
                "", "", "", number(line.points), number(line.opponents),
            ]
        )  # fmt: skip
    return out.getvalue().encode("utf-8")
