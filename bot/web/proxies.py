"""The reader's address behind a reverse proxy (``WEB_TRUSTED_PROXIES``, opt-in).

Behind the proxy that puts TLS in front of the pages, every request comes from the proxy's
address, and the request limit (``Site.limit``) would throttle all readers together. The
proxy names the reader in ``X-Forwarded-For``; anyone else can write that header too. So it
is read only on a connection from one of the trusted proxies, and there the reader is the
right-most address not itself a trusted proxy (aiohttp-remotes' ``XForwardedFiltered``).
From any other client the header is ignored: the connection's own address counts.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network

from aiohttp import web
from aiohttp_remotes import XForwardedFiltered

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Middleware = Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]


def trusted(peer: str | None, networks: Sequence[IPv4Network | IPv6Network]) -> bool:
    """Whether a connection's address is one of the trusted proxies'."""
    if not peer:
        return False
    try:
        address = ip_address(peer)
    except ValueError:
        return False
    return any(address in network for network in networks)


def forwarded_for(proxies: Sequence[str]) -> Middleware:
    """A middleware that gives a request from a trusted proxy the reader's address (its
    ``remote``), and leaves every other request as it came."""
    networks = [ip_network(p, strict=False) for p in proxies]
    reader = XForwardedFiltered(networks)

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not trusted(request.remote, networks):
            return await handler(request)
        return await reader.middleware(request, handler)

    return middleware
