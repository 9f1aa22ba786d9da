"""``python -m bot web``: the servers' web pages on their own, without Discord, against the
bot's database (the same ``DATABASE_PATH`` or ``DATABASE_URL``), until interrupted."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from ..service import GameService
from ..settings import Settings
from ..stopping import sigterm_as_ctrl_c
from ..storage import storage_for
from ..workers import Workers
from .app import Site
from .server import bound_port, serve

log = logging.getLogger(__name__)


async def run(settings: Settings, port: int) -> None:
    """Serve until cancelled."""
    storage = storage_for(settings.database_target, pool_size=settings.database_pool_size)
    await storage.open()
    workers = Workers(settings.workers)
    workers.start()
    runner = await serve(Site(GameService(storage), workers.run), settings.web_host, port)
    print(f"web pages on http://{settings.web_host}:{bound_port(runner)}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
        await workers.close()
        await storage.close()


def main(settings: Settings, port: int | None) -> int:
    """Run ``run`` on ``port`` (else ``WEB_PORT``); 2 when neither names one."""
    chosen = port if port is not None else settings.web_port
    if chosen is None:
        print("python -m bot web: give --port or set WEB_PORT", flush=True)
        return 2
    logging.basicConfig(level=settings.log_level)
    # Ctrl-C is how it stops, or SIGTERM (systemd, docker, kill), which does the same.
    with contextlib.suppress(KeyboardInterrupt), sigterm_as_ctrl_c():
        asyncio.run(run(settings, chosen))
    return 0
