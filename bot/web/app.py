"""The web application: every server's pages, read-only, from the games' database (issue 26).

The pages of a server are described in ``bot.web.site``; the game pages come from
``game_views`` and the league's from ``league_views``.
"""

from __future__ import annotations

from aiohttp import web

from .assets import secured
from .game_views import GameViews
from .league_views import LeagueViews
from .proxies import forwarded_for
from .site import Site

__all__ = ["Site", "application"]


def application(site: Site) -> web.Application:
    """The aiohttp application serving ``site``'s pages."""
    # The reader's address first (behind a trusted proxy), then the limit that counts it.
    first = [forwarded_for(site.proxies)] if site.proxies else []
    app = web.Application(middlewares=[*first, site.limit])
    app.on_response_prepare.append(secured)
    site.assets.add_routes(app.router)
    GameViews(site).add_routes(app.router)
    LeagueViews(site).add_routes(app.router)
    return app
