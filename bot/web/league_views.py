"""The league's pages: the seasons of a server, a season's standings and a player's card.

Their numbers come from ``bot.league_tables``, which also feeds the standings and card
pictures the bot posts in Discord: the page and the picture agree. A rounds season's
standings are by points (``bot.seasons.scoring``, as the points picture after each round),
and its player pages show a member's rounds as ``/league player`` tells them
(``bot.seasons.reports``): each round's game, everyone at it, their places and points.
Players are named as they last sat down to play (the web knows no Discord display names).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from lang import decimal, speaking, tr

from ..league import Season
from ..league_tables import Names, names_played, player_card, standings_table
from ..seasons import reports
from ..seasons.points import show_points
from ..seasons.queue import Queue
from ..seasons.queue_views import Waiting, shown
from ..seasons.scoring import Standing, standing
from ..seasons.season import ROUNDS, by_id
from ..service import GameService
from .pages import listed
from .site import Place, Site, not_found, route

#: Players on the front page's leader board.
LEADERS = 5
#: Rows of a season's standings on one page (the web page shows them all).
ALL_ROWS = 10_000


@dataclass
class Leaders:
    """The open season's leaders, for a server's front page, and who waits in its queue."""

    season: Season
    rows: list[dict[str, Any]]
    queue: list[Waiting] = field(default_factory=list)


async def leaders(service: GameService, guild_id: int) -> Leaders | None:
    """The open season and its first players, or None without an open season."""
    season = await service.league.current(guild_id)
    if season is None:
        return None
    table = await standings_table(service.league, season, _names(service), per_page=LEADERS)
    # Players not ranked yet (too few games) come after, unnumbered, while there is room.
    rows = (table.data["rows"] + table.data["provisional"])[:LEADERS]
    waiting = await Queue(service.storage, service.league, service.clock).waiting(guild_id)
    return Leaders(season, rows, shown([e for e in waiting if e.season_id == season.id]))


def _names(service: GameService) -> Names:
    """Players by the name they last played under (never seated: ``player <id>``)."""

    async def names(ids: list[int]) -> dict[int, str]:
        found = await names_played(service.storage, ids)
        return {uid: found.get(uid) or tr("player {id}", id=uid) for uid in ids}

    return names


def _when(season: Season) -> str:
    """A season's dates, in words."""
    opened = season.opened_at.strftime("%Y-%m-%d")
    if season.closed_at is not None:
        closed = season.closed_at.strftime("%Y-%m-%d")
        return tr("{opened} to {closed}", opened=opened, closed=closed)
    if season.ends_at is not None:
        ends = season.ends_at.strftime("%Y-%m-%d")
        return tr("open since {opened}, until {ends}", opened=opened, ends=ends)
    return tr("open since {opened}", opened=opened)


class LeagueViews:
    """Handlers of the league pages, over a ``Site``."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.service = site.service

    def add_routes(self, router: web.UrlDispatcher) -> None:
        """Register the pages' paths."""
        season = route("/league/{season:[0-9]{1,12}}")
        router.add_get(route("/league"), self.seasons)
        router.add_get(season, self.standings)
        router.add_get(season + "/player/{user:-?[0-9]{1,20}}", self.player)

    async def _season(self, request: web.Request) -> tuple[Place, Season] | None:
        """The server a request is for and the season it names, or None."""
        place = await self.site.place(request)
        if place is None:
            return None
        wanted = int(request.match_info["season"])
        for season in await self.service.league.seasons(place.guild_id):
            if season.id == wanted:
                return place, season
        return None

    async def seasons(self, request: web.Request) -> web.StreamResponse:
        """Every season of the server, newest first."""
        place = await self.site.place(request)
        if place is None:
            return not_found()
        seasons = await self.service.league.seasons(place.guild_id)
        with speaking(place.language):
            rows = [(season, _when(season)) for season in seasons]
            words = {"none": tr("This server has no league season yet: an admin opens one.")}
            title = tr("League seasons")
        return self.site.page(place, "seasons.html", title, words=words, rows=rows, refresh=None)

    async def standings(self, request: web.Request) -> web.StreamResponse:
        """A season's standings: every ranked player, then the provisional ones."""
        found = await self._season(request)
        if found is None:
            return not_found()
        place, season = found
        if season.format == ROUNDS:
            return await self.points(place, season)
        with speaking(place.language):
            table = await standings_table(
                self.service.league, season, _names(self.service),
                final=season.closed_at is not None, per_page=ALL_ROWS,
            )  # fmt: skip
            words = {
                "player": tr("Player"),
                "rating": tr("Rating"),
                "week": tr("7 days"),
                "games": tr("Games (won)"),
                "team": tr("Team games (won)"),
                "provisional": tr(
                    "Provisional: fewer than {n} rated games, not ranked yet.",
                    n=table.data["threshold"],
                ),
                "none": tr("No rated game has finished yet this season."),
            }
        teams = any(r["team_games"] for r in table.data["rows"] + table.data["provisional"])
        return self.site.page(
            place, "standings.html", table.data["title"], words=words, table=table.data,
            teams=teams, season=season, refresh=None,
        )  # fmt: skip

    async def points(self, place: Place, found: Season) -> web.StreamResponse:
        """A rounds season's standings by points: the rows of its points picture."""
        season = await by_id(self.service.storage, found.id)
        now = await standing(self.service.storage, season)
        with speaking(place.language):
            final = season.closed_at is not None
            data = reports.standings_post(
                season, now.number, now.lines, now.names, now.gained, final, every=True
            ).picture
            assert data is not None
            words = {
                "player": tr("Player"),
                "points": tr("Points"),
                "round": tr("Last round"),
                "games": tr("Games"),
                "opponents": tr("Opponents' points"),
                "coins": tr("Coins"),
                "ties": tr("Ties are broken by opponents' points, then by coins."),
                "none": tr("Nobody has signed up yet."),
            }
        return self.site.page(
            place, "points.html", data["title"], words=words, table=data, season=season,
            refresh=None,
        )  # fmt: skip

    async def player(self, request: web.Request) -> web.StreamResponse:
        """A player's card in a season: the same figures as ``/league player``'s picture."""
        found = await self._season(request)
        if found is None:
            return not_found()
        place, season = found
        user_id = int(request.match_info["user"])
        if season.format == ROUNDS:
            return await self.rounds_player(place, season, user_id)
        with speaking(place.language):
            name = (await _names(self.service)([user_id]))[user_id]
            card = await player_card(self.service.league, place.guild_id, season, user_id, name)
            if card is None:
                return not_found()
            where = f"#{card['rank']}" if card["rank"] else tr("provisional")
            avg = card["avg_coins"]
            words = {
                "rating": tr("Rating"),
                "place": tr("Place"),
                "where": where,
                "games": tr("Games"),
                "wins": tr("Wins"),
                "avg": tr("Average coins"),
                "avg_value": decimal(avg) if avg is not None else "–",
                "team": tr("Team games (won)"),
                "history": tr("Rating after each rated game"),
                "favourite": tr("Most played combos"),
                "best": tr("Best combos"),
                "standings": tr("← standings"),
                "win_rate": tr("won"),
            }
        return self.site.page(
            place, "player.html", name, words=words, card=card, season=season, refresh=None
        )

    async def rounds_player(self, place: Place, found: Season, user_id: int) -> web.StreamResponse:
        """A member's page in a rounds season: their line of the standings, then each round's
        game, everyone at it by place with the points they earned (``/league player``)."""
        season = await by_id(self.service.storage, found.id)
        now = await standing(self.service.storage, season)
        line = next((x for x in now.lines if x.user_id == user_id), None)
        if line is None:
            return not_found()
        sat = reports.sittings(season, user_id, now.games)
        games = await listed(self.service, place.guild_id, [s.game_id for s in sat])
        with speaking(place.language):
            name = _rounds_name(now, user_id)
            rounds = [
                {
                    "title": tr("Round {n}", n=s.round),
                    "summary": tr(
                        "place {place} of {players}, +{points}",
                        place=s.seat.place,
                        players=len(s.pod),
                        points=show_points(s.seat.points),
                    ),
                    "game_id": s.game_id if s.game_id in games else None,
                    "pod": [
                        {
                            "user_id": seat.user_id,
                            "name": _rounds_name(now, seat.user_id),
                            "place": seat.place,
                            "points": f"+{show_points(seat.points)}",
                            "me": seat.user_id == user_id,
                            "partner": seat.partner,
                        }
                        for seat in s.pod
                    ],
                }
                for s in sat
            ]
            words = _rounds_words()
        figures = {
            "rank": line.rank,
            "points": show_points(line.points),
            "games": line.games,
            "opponents": show_points(line.opponents),
            "coins": line.coins,
        }
        return self.site.page(
            place, "rounds_player.html", name, words=words, line=figures, rounds=rounds,
            season=season, refresh=None,
        )  # fmt: skip


def _rounds_name(now: Standing, user_id: int) -> str:
    """A member of a rounds season by the name they signed up or sat down under."""
    return now.names.get(user_id) or tr("player {id}", id=user_id)


def _rounds_words() -> dict[str, str]:
    """The words of a member's page in a rounds season."""
    return {
        "standings": tr("← standings"),
        "played": tr("Rounds played"),
        "rank": tr("Rank"),
        "points": tr("Points"),
        "opponents": tr("Opponents' points"),
        "coins": tr("Coins"),
        "place": tr("Place"),
        "player": tr("Player"),
        "earned": tr("Points earned"),
        "game": tr("the game"),
        "partner": tr("partner"),
        "ties": tr("Ties are broken by opponents' points, then by coins."),
        "none": tr("No game of theirs has finished yet this season."),
    }
