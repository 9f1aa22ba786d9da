"""The health line (issue 24, item 6): games, cache, the event loop's lag, the pool queue."""

from __future__ import annotations

import asyncio
import time

from bot.health import LoopLag, health_line
from bot.service import GameService
from bot.storage import storage_for


async def test_the_line_counts_games_and_the_cache_and_sees_a_stalled_loop(database) -> None:
    storage = storage_for(database)
    await storage.open()
    try:
        service = GameService(storage, cache_size=50)
        service.seed_source = lambda: 3
        await service.create(1, 100, 11, "ann", 2)
        await service.join(100, 22, "bob")
        await service.start(100, 11)
        await service.create(1, 200, 11, "ann", 3)
        lag = LoopLag(probe=0.01)
        lag.start()
        await asyncio.sleep(0.05)
        time.sleep(0.2)  # the loop is held, as a long render on it would hold it
        await asyncio.sleep(0.05)
        line = await health_line(service, lag, lambda: 3)
        lag.stop()
        assert line.startswith("games=1 active, 1 lobbies · cache=2/50 · loop lag max=")
        worst = int(line.split("max=")[1].split(" ms")[0])
        assert 150 <= worst <= 1000, line
        assert line.endswith("· pool queue=3")
        # The record starts afresh after each line.
        assert lag.take() == (0.0, 0.0)
    finally:
        await storage.close()
