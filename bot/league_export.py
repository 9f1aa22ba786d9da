"""A season's games and ratings as one CSV file (``/league export``)."""

from __future__ import annotations

import csv
import io
import json

from .league import League, Season
from .stats import combo_name


async def export_csv(league: League, season: Season) -> bytes:
    """The season's games and ratings, as one CSV file (UTF-8).

    The file is for spreadsheets and scripts: its column headers, section names and
    combos stay in English whatever language the member speaks (machine-readable)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(
        [
            "section",
            "game",
            "finished",
            "map",
            "player_id",
            "rank",
            "coins",
            "combos",
            "rating",
            "games",
            "wins",
            "team",
        ]
    )
    rows = await league.storage.fetchall(
        "SELECT * FROM results WHERE season_id = ? AND rated = 1 ORDER BY game_id, seat",
        (season.id,),
    )
    for r in rows:
        # English combo names, as the headers (``combo_name`` translates nothing).
        combos = " / ".join(combo_name(race, power) for race, power in json.loads(r["combos"]))
        w.writerow(
            [
                "game",
                r["game_id"],
                r["finished_at"],
                r["map_id"],
                r["user_id"],
                r["rank"],
                r["coins"],
                combos,
                "",
                "",
                "",
                # A team game's team (A, B, C), whose place is the row's rank.
                "" if r["team"] is None else "ABC"[r["team"]],
            ]
        )
    for s in await league.standings(season):
        w.writerow(["rating", "", "", "", s.user_id, "", "", "", s.rating, s.games, s.wins, ""])
    return out.getvalue().encode("utf-8")
