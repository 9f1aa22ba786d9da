"""Write ``saved_games.sqlite3``: games saved by the bot as it was at one commit.

The database next to this script was written by it at commit 058b690, before the engine was
rebuilt as a core plus world packages (issue 21), so that ``test_saved_games`` proves a server's
existing database still loads and plays on after a refactor. Run from the repository root:
``python -m tests.bot.data.write_saved_games``. Re-running it at a later commit writes a
database of that commit instead, which is only worth doing before the next such change.

It holds, one per channel: a 3-player surface game and a 4-player Underground game stopped
part-way (random legal moves from a fixed seed, so Relics, Places and Monsters are in play),
and a finished 2-player surface game.
"""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime
from pathlib import Path

from bot.service import GameService
from bot.storage import SqliteStorage
from engine.core.legal import legal_actions
from engine.core.turn import to_act

HERE = Path(__file__).resolve().parent
DB = HERE / "saved_games.sqlite3"

#: channel -> (world, players, seed, actions to play; None plays the game to its end)
GAMES: dict[int, tuple[str, int, int, int | None]] = {
    301: ("surface", 3, 21, 60),
    302: ("underground", 4, 22, 160),
    303: ("surface", 2, 23, None),
}


async def play(service: GameService, game_id: int, moves: int | None, seed: int) -> None:
    """Play random legal moves through the service, as members pressing buttons would."""
    pick = random.Random(seed)
    done = 0
    while moves is None or done < moves:
        lg = await service.load(game_id)
        assert lg.game is not None
        seat = to_act(lg.game.state)
        if seat is None:
            return
        action = pick.choice(legal_actions(lg.game.state))
        await service.act(lg.channel_id, lg.user_at(seat), action)
        done += 1


async def main() -> None:
    """Write the database afresh."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    storage = SqliteStorage(str(DB))
    await storage.open()
    service = GameService(storage, clock=lambda: datetime(2026, 11, 25, 12, tzinfo=UTC))
    for channel, (world, players, seed, moves) in GAMES.items():
        service.seed_source = lambda seed=seed: seed
        lg = await service.create(1, channel, 1000, "host", players, world=world)
        for n in range(1, players):
            await service.join(channel, 1000 + n, f"member{n}")
        await service.start(channel, 1000)
        await play(service, lg.id, moves, seed)
    await storage.fetchone("PRAGMA wal_checkpoint(TRUNCATE)")
    await storage.db.execute("VACUUM")
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main())
