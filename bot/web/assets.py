"""The pages' own files, their style sheet and the live page's script, and the headers every
answer carries.

The Content-Security-Policy lets a page load only what this site serves: its style sheet,
its script, its pictures; no inline script or style, no other site, no frame around it.
Since a page may neither run inline code nor be framed, a member name written as markup
could do nothing even if it ever slipped past the templates' escaping. The secret link is a
capability: ``Referrer-Policy: no-referrer`` keeps it out of the ``Referer`` a followed link
would send.

The files are read once, at start. Each page names them with a hash of their content
(``/static/site.css?v=…``), so a browser may keep them: a new version has a new address.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from aiohttp import web

STATIC = Path(__file__).resolve().parent / "static"
#: Where the files are served.
PREFIX = "/static/"
#: The files and their types.
FILES = {"site.css": "text/css", "live.js": "text/javascript"}
#: How long a browser may keep a file (its address changes with its content).
KEEP = 86_400

CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        # The pictures, and the empty icon each page names (so that no /favicon.ico is asked).
        "img-src 'self' data:",
        # The live page's look at its game's version.
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    )
)
#: Sent with every answer, pages, pictures, files and errors alike.
HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    # For browsers older than ``frame-ancestors``.
    "X-Frame-Options": "DENY",
}


class Assets:
    """The files, read once, and their addresses."""

    def __init__(self) -> None:
        self.bodies = {name: (STATIC / name).read_bytes() for name in FILES}
        #: A file's address with its content's hash: what the templates link to.
        self.urls = {
            name: f"{PREFIX}{name}?v={hashlib.sha256(body).hexdigest()[:12]}"
            for name, body in self.bodies.items()
        }

    def add_routes(self, router: web.UrlDispatcher) -> None:
        """Serve the files under ``PREFIX``."""
        router.add_get(PREFIX + "{name}", self.file)

    async def file(self, request: web.Request) -> web.StreamResponse:
        """One of the files; anything else under ``PREFIX`` is a bare 404."""
        name = request.match_info["name"]
        if name not in self.bodies:
            raise web.HTTPNotFound()
        return web.Response(
            body=self.bodies[name],
            content_type=FILES[name],
            charset="utf-8",
            headers={"Cache-Control": f"public, max-age={KEEP}"},
        )


async def secured(_request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: the security headers (``HEADERS``) on every answer."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
