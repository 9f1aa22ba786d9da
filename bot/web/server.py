"""Serving the site on a port, in the bot's process (``WEB_PORT``) or on its own."""

from __future__ import annotations

from aiohttp import web

from .app import Site, application


class PortUnavailable(Exception):
    """The pages cannot be served on the port asked for (taken, or not allowed): a setting
    the operator fixes, told in one line."""

    def __init__(self, host: str, port: int, reason: str) -> None:
        super().__init__(f"{host}:{port}: {reason}")
        self.host = host
        self.port = port
        self.reason = reason


async def serve(site: Site, host: str, port: int) -> web.AppRunner:
    """Start serving ``site`` on ``host:port`` (port 0: any free one); the runner stops it
    (``await runner.cleanup()``). ``PortUnavailable`` when the port cannot be had (nothing
    is left open then)."""
    runner = web.AppRunner(application(site), access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError as exc:
        await runner.cleanup()
        raise PortUnavailable(host, port, exc.strerror or str(exc)) from exc
    return runner


def bound_port(runner: web.AppRunner) -> int:
    """The port a runner listens on (what port 0 chose)."""
    return int(runner.addresses[0][1])
