"""A database written by an earlier version of the bot still loads and plays on.

``data/saved_games.sqlite3`` was written by ``data/write_saved_games.py`` at commit 058b690,
before the engine was rebuilt as a core plus world packages. A refactor that renames a saved
field, an action's text or a registered race, power, Relic or Place breaks this test: the
stored snapshot would no longer equal the replay of the stored log, or the game could not go on.
"""

from __future__ import annotations

import random
import shutil
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import SqliteStorage
from engine.core.game import Game
from engine.core.legal import legal_actions
from engine.core.older import EVENT_LISTS, agrees_with_replay
from engine.core.scoring import score
from engine.core.state import GameState
from engine.core.turn import to_act

SAVED = Path(__file__).resolve().parent / "data" / "saved_games.sqlite3"


def replays_to(stored: GameState, replayed: GameState) -> bool:
    """The stored snapshot is the replay's, but for event fields added since it was saved
    (``engine.core.older.agrees_with_replay``, as an import checks it)."""
    told = {key: getattr(stored, key) for key in EVENT_LISTS}
    retold = {key: getattr(replayed, key) for key in EVENT_LISTS}
    return replace(replayed, **told) == stored and agrees_with_replay(told, retold)


@pytest.fixture
async def service(tmp_path: Path):
    """The bot's service on a copy of the old database (the copy takes the migrations)."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SAVED, path)
    storage = SqliteStorage(str(path))
    await storage.open()
    yield GameService(storage, clock=lambda: datetime(2026, 11, 26, 12, tzinfo=UTC))
    await storage.close()


@pytest.mark.parametrize(("channel", "world"), [(301, "surface"), (302, "underground")])
async def test_a_game_under_way_loads_and_plays_to_its_end(
    service: GameService, channel: int, world: str
) -> None:
    lg = await service.in_channel(channel)
    assert lg.game is not None and lg.status == "active"
    assert lg.map_id.startswith("swu-" if world == "underground" else "sw-")
    # The stored snapshot is what today's engine makes of the stored log.
    assert replays_to(lg.game.state, Game(lg.game.config, list(lg.game.log)).state)
    moves_before = len(lg.game.log)
    pick = random.Random(channel)
    for _ in range(3000):
        seat = to_act(lg.game.state)
        if seat is None:
            break
        await service.act(channel, lg.user_at(seat), pick.choice(legal_actions(lg.game.state)))
    over = await service.load(lg.id)
    assert over.status == "over" and over.game is not None
    assert to_act(over.game.state) is None
    assert len(over.game.log) > moves_before
    assert all(score(over.game.state, seat) >= 0 for seat in range(lg.player_count))


async def test_a_finished_game_keeps_its_result(service: GameService) -> None:
    row = await service.storage.fetchone("SELECT id FROM games WHERE channel_id = 303")
    assert row is not None
    lg = await service.load(row["id"])
    assert lg.status == "over" and lg.game is not None
    assert to_act(lg.game.state) is None
    assert replays_to(lg.game.state, Game(lg.game.config, list(lg.game.log)).state)
