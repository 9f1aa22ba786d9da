"""The web application: every server's pages, read-only, from the games' database (issue 26).

The pages of a server are described in ``bot.web.site``; the game pages come from
``game_views`` and the league's from ``league_views``.
"""

from __future__ import annotations

from aiohttp import web

from .game_views import GameViews
from .league_views import LeagueViews
from .site import Site

__all__ = ["Site", "application"]


def application(site: Site) -> web.Application:
    """The aiohttp application serving ``site``'s pages."""
    app = web.Application(middlewares=[site.limit])
    GameViews(site).add_routes(app.router)
    LeagueViews(site).add_routes(app.router)
    return app
