"""A season's standings and a player's card as plain data: one source for the pictures the
bot posts in Discord (``bot.league_desk``) and the league's web pages (``bot.web``), so that
both show the same numbers.

Nothing here touches Discord: names come from a function the caller gives (the server's
display names in Discord, the names members played under on the web).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from engine.core.worlds import WORLDS
from lang import tr

from . import ratings, stats
from .league import PAGE, League, Season, Standing
from .storage import Storage

#: Display names by user id, for the user ids given.
Names = Callable[[list[int]], Awaitable[dict[int, str]]]


@dataclass
class StandingsTable:
    """One page of a season's standings."""

    #: What the standings picture draws (``renderer.render_standings``), and the web shows.
    data: dict[str, Any]
    #: The user ids of the rows, then of the provisional players, in that order.
    ids: list[int]
    #: Rated team games and wins, by user id.
    team: dict[int, tuple[int, int]]
    #: Whether no rated game has finished yet this season.
    empty: bool


async def standings_table(
    league: League,
    season: Season,
    names: Names,
    *,
    page: int = 1,
    final: bool = False,
    server: str = "",
    per_page: int = PAGE,
) -> StandingsTable:
    """Page ``page`` (of ``per_page`` ranked rows) of a season's standings; the provisional
    players come on the last page, unranked."""
    table = await league.standings(season)
    ranked = [s for s in table if not s.provisional]
    provisional = [s for s in table if s.provisional]
    pages = max(1, -(-len(ranked) // per_page))
    page = min(max(page, 1), pages)
    shown = ranked[(page - 1) * per_page : page * per_page]
    extra = provisional if page == pages else []
    ids = [s.user_id for s in shown + extra]
    named = await names(ids)
    trends = await league.trends(season.id, ids)
    team = await league.team_records(season.id)
    start = (page - 1) * per_page

    def row(i: int | None, s: Standing) -> dict[str, Any]:
        return {
            "rank": i,
            "user_id": s.user_id,
            "name": named[s.user_id],
            "rating": s.rating,
            "change": s.change,
            "games": s.games,
            "wins": s.wins,
            "trend": trends.get(s.user_id, []),
            "team_games": team.get(s.user_id, (0, 0))[0],
            "team_wins": team.get(s.user_id, (0, 0))[1],
        }

    counted = tr(
        "{ranked} ranked, {provisional} provisional",
        ranked=len(ranked),
        provisional=len(provisional),
    )
    data: dict[str, Any] = {
        "title": tr("{season} · final standings", season=season.name) if final else season.name,
        "subtitle": f"{server} · {counted}" if server else counted,
        "page": page,
        "pages": pages,
        "rows": [row(start + i + 1, s) for i, s in enumerate(shown)],
        # Provisional players are not ranked yet: no number, not even 0.
        "provisional": [row(None, s) for s in extra],
        "threshold": ratings.PROVISIONAL_GAMES,
    }
    return StandingsTable(data, ids, team, not table)


async def player_card(
    league: League,
    guild_id: int,
    season: Season,
    user_id: int,
    name: str,
    versus: tuple[int, str] | None = None,
) -> dict[str, Any] | None:
    """What a player's league card shows (``renderer.render_card``); None when the player
    has neither a rating this season nor a finished game on the server. ``versus`` (user id,
    name) adds their head-to-head record against another player."""
    rows = await league.result_rows(guild_id, user_id=user_id)
    table = await league.standings(season)
    mine = next((s for s in table if s.user_id == user_id), None)
    # The worlds whose tutorial (``/tutorial``) the player finished: shown, never counted.
    learnt = await league.storage.fetchall(
        "SELECT DISTINCT world FROM tutorials WHERE guild_id = ? AND user_id = ?"
        " AND finished_at IS NOT NULL ORDER BY world",
        (guild_id, user_id),
    )
    if mine is None and not rows and not learnt:
        return None
    ranked = [s for s in table if not s.provisional]
    rank = next((i + 1 for i, s in enumerate(ranked) if s.user_id == user_id), None)
    favourite, best = stats.player_combos(rows, min_games=2)
    h2h = None
    if versus is not None and versus[0] != user_id:
        everyone = await league.result_rows(guild_id)
        games, ahead, behind = stats.head_to_head(everyone, user_id, versus[0])
        h2h = {"opponent": versus[1], "games": games, "ahead": ahead, "behind": behind}
    return {
        "name": name,
        "season": season.name,
        "rating": mine.rating if mine else ratings.display(ratings.DEFAULT),
        "rank": rank,
        "provisional": mine.provisional if mine else True,
        "games": len(rows),
        "wins": sum(1 for r in rows if r["rank"] == 1),
        "avg_coins": (sum(r["coins"] for r in rows) / len(rows)) if rows else None,
        "history": [list(p) for p in await league.history(season.id, user_id)],
        "favourite": [{"combo": stats.shown("combo", c), "games": g} for c, g in favourite],
        "best": [{"combo": stats.shown("combo", c), "games": g, "win_rate": w} for c, g, w in best],
        "head_to_head": h2h,
        # Team games (6 players in 3 teams): games played and won as a team.
        "team_games": sum(1 for r in rows if r.get("team") is not None),
        "team_wins": sum(1 for r in rows if r.get("team") is not None and r["rank"] == 1),
        "tutorials": [WORLDS[r["world"]].title for r in learnt if r["world"] in WORLDS],
    }


async def names_played(storage: Storage, user_ids: list[int]) -> dict[int, str]:
    """The name each player last sat down under on this bot (members without one: none)."""
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    rows = await storage.fetchall(
        f"SELECT user_id, name FROM seats WHERE user_id IN ({marks}) ORDER BY joined_at DESC",
        tuple(user_ids),
    )
    out: dict[int, str] = {}
    for r in rows:
        out.setdefault(r["user_id"], r["name"])
    return out
