"""``python -m bot web``: the servers' web pages on their own, without Discord, against the
bot's database (the same ``DATABASE_PATH`` or ``DATABASE_URL``), until interrupted.

At start it prints the address of each server's pages (``listing``), then where it listens.
A port it cannot listen on (out of range, taken, not allowed) and a database it cannot open
stop it at once with one line and an exit code, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from datetime import UTC, datetime

from ..service import GameService
from ..settings import Settings
from ..stopping import sigterm_as_ctrl_c
from ..storage import DATABASE_ERRORS, Storage, storage_for
from ..workers import Workers
from . import links
from .app import Site
from .server import PortUnavailable, bound_port, serve

log = logging.getLogger(__name__)

#: Exit codes: 2 no port or a port out of range (bad arguments), 7 the database cannot be
#: opened (as every command of ``python -m bot``), 8 the port cannot be listened on.
EXIT_ARGUMENTS, EXIT_DATABASE, EXIT_PORT = 2, 7, 8
#: The highest TCP port (0 asks for any free one).
MAX_PORT = 65535
#: Said when no server has pages to show.
NO_SERVER = (
    "No server has pages yet: a server's pages appear with its first game in a channel"
    " everyone sees, and /league web link gives a member their address (with WEB_URL set)."
    " To look at the pages now, fill a database with demo games: python -m bot demo"
    " (README, Web pages)."
)


class Stop(Exception):
    """Why the pages cannot be served: one line for the operator, and the exit code."""

    def __init__(self, line: str, code: int) -> None:
        super().__init__(line)
        self.code = code


async def listing(storage: Storage, base: str, now: datetime) -> list[str]:
    """One line per server with pages: its id, how many games they show and their address
    under ``base``. A server whose pages no one asked for yet gets its secret now, as
    ``/league web link`` would make it."""
    rows = await storage.fetchall(
        "SELECT guild_id, SUM(listed) AS shown FROM ("
        " SELECT guild_id, 1 AS listed FROM games WHERE listed = 1"
        " UNION ALL SELECT guild_id, 0 AS listed FROM web_links"
        ") AS known GROUP BY guild_id ORDER BY guild_id"
    )
    lines = []
    for row in rows:
        guild_id, shown = int(row["guild_id"]), int(row["shown"] or 0)
        path = await links.server_path(storage, guild_id, now)
        games = "1 game" if shown == 1 else f"{shown} games"
        lines.append(f"server {guild_id} ({games}): {base.rstrip('/')}{path}")
    return lines or [NO_SERVER]


def base_address(settings: Settings, port: int) -> str:
    """Where readers reach the pages: ``WEB_URL`` when set, else this host and port."""
    if settings.web_url:
        return settings.web_url
    # Listening on every address: this machine's own is one of them.
    host = "localhost" if settings.web_host in ("0.0.0.0", "::", "") else settings.web_host
    return f"http://{host}:{port}"


async def run(settings: Settings, port: int) -> None:
    """Serve until cancelled; ``Stop`` when the database or the port cannot be had."""
    storage = storage_for(settings.database_target, pool_size=settings.database_pool_size)
    try:
        await storage.open()
    except DATABASE_ERRORS as exc:
        line = f"python -m bot web: the database cannot be opened: {exc}"
        raise Stop(line, EXIT_DATABASE) from None
    workers = Workers(settings.workers)
    runner = None
    try:
        site = Site(GameService(storage), workers.run, proxies=settings.web_trusted_proxies)
        try:
            runner = await serve(site, settings.web_host, port)
        except PortUnavailable as exc:
            raise Stop(f"python -m bot web: cannot listen on {exc}", EXIT_PORT) from None
        # The workers start once the port is ours: a refused port leaves no process behind.
        workers.start()
        port = bound_port(runner)
        for line in await listing(storage, base_address(settings, port), datetime.now(UTC)):
            print(line, flush=True)
        # Last: a script waiting for the pages knows they are served.
        print(f"web pages on http://{settings.web_host}:{port} (Ctrl-C stops)", flush=True)
        await asyncio.Event().wait()
    finally:
        if runner is not None:
            await runner.cleanup()
        await workers.close()
        await storage.close()


def main(settings: Settings, port: int | None) -> int:
    """Run ``run`` on ``port`` (else ``WEB_PORT``); one line and an exit code when it
    cannot (``EXIT_*``)."""
    chosen = port if port is not None else settings.web_port
    if chosen is None:
        print("python -m bot web: give --port or set WEB_PORT", file=sys.stderr)
        return EXIT_ARGUMENTS
    if not 0 <= chosen <= MAX_PORT:
        print(
            f"python -m bot web: the port must be from 1 to {MAX_PORT} (0: any free one),"
            f" not {chosen}",
            file=sys.stderr,
        )
        return EXIT_ARGUMENTS
    logging.basicConfig(level=settings.log_level)
    # Ctrl-C is how it stops, or SIGTERM (systemd, docker, kill), which does the same.
    with contextlib.suppress(KeyboardInterrupt), sigterm_as_ctrl_c():
        try:
            asyncio.run(run(settings, chosen))
        except Stop as stop:
            print(stop, file=sys.stderr)
            return stop.code
    return 0
