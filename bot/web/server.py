"""Serving the site on a port, in the bot's process (``WEB_PORT``) or on its own."""

from __future__ import annotations

from aiohttp import web

from .app import Site, application


async def serve(site: Site, host: str, port: int) -> web.AppRunner:
    """Start serving ``site`` on ``host:port`` (port 0: any free one); the runner stops it
    (``await runner.cleanup()``)."""
    runner = web.AppRunner(application(site), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner


def bound_port(runner: web.AppRunner) -> int:
    """The port a runner listens on (what port 0 chose)."""
    return int(runner.addresses[0][1])
