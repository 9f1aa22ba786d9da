"""Benchmark: memory per active game held by one bot process (issue 24, "bounded memory").

    python bench/memory.py [--games 10000] [--turns 6] [--players 3] [--seed 1]

A child process opens ``--games`` games through the real service on a fresh SQLite file
(lobby, joins, start) and plays each ``--turns`` whole turns of random legal moves (one
commit a turn, as a member's turn would be). This process then reads every game from the
database into a cache big enough for all of them, as a bot that is asked about each would.
Prints its resident memory (VmRSS) before and after, the memory per game, and the whole
process with every game in memory.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import GameService
from bot.storage import SqliteStorage
from engine import legal_actions, to_act
from engine.core.copying import clone
from engine.core.rules import apply


def rss_mib() -> float:
    """The process's resident memory, in MiB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def one_turn(state, rng: random.Random) -> list[str]:  # type: ignore[no-untyped-def]
    """The texts of a whole turn of random legal moves by the seat to act."""
    seat = to_act(state)
    s = clone(state)
    texts = []
    while to_act(s) == seat and (s.round, s.turn.seat) == (state.round, state.turn.seat):
        action = rng.choice(legal_actions(s, seat))
        texts.append(action.text)
        s = apply(s, seat, action)
        if len(texts) > 200:
            break
    return texts


async def fill(path: str, games: int, turns: int, players: int, seed: int) -> list[int]:
    """Open and play the games; their ids."""
    storage = SqliteStorage(path)
    await storage.open()
    # A small cache: this process only writes the games.
    service = GameService(storage, cache_size=100)
    service.seed_source = lambda: seed
    rng = random.Random(seed)
    ids = []
    for g in range(games):
        channel = 1000 + g
        users = [10_000 + g * 10 + k for k in range(players)]
        await service.create(1, channel, users[0], "p0", players)
        for k, uid in enumerate(users[1:], 1):
            await service.join(channel, uid, f"p{k}")
        await service.start(channel, users[0])
        lg = await service.in_channel(channel)
        for _ in range(turns):
            assert lg.game is not None
            seat = to_act(lg.game.state)
            if seat is None:
                break
            await service.act(channel, lg.user_at(seat), one_turn(lg.game.state, rng))
            lg = await service.in_channel(channel)
        ids.append(lg.id)
    await storage.close()
    return ids


def fill_in_child(path: str, games: int, turns: int, players: int, seed: int) -> None:
    """``fill`` in a process of its own, so the measuring process has held no game yet."""
    asyncio.run(fill(path, games, turns, players, seed))


async def main(games: int, turns: int, players: int, seed: int) -> None:
    """Fill the database in a child process, then measure reading every game here."""
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "memory.sqlite3")
        start = time.perf_counter()
        child = multiprocessing.get_context("spawn").Process(
            target=fill_in_child, args=(path, games, turns, players, seed)
        )
        child.start()
        child.join()
        made = time.perf_counter() - start
        storage = SqliteStorage(path)
        await storage.open()
        service = GameService(storage, cache_size=games + 10)
        ids = [r["id"] for r in await storage.fetchall("SELECT id FROM games ORDER BY id")]
        await service.load(ids[0])  # imports and first-use costs before the baseline
        service.forget(ids[0])
        gc.collect()
        before = rss_mib()
        started = time.perf_counter()
        for gid in ids:
            await service.load(gid)
        loaded = time.perf_counter() - started
        gc.collect()
        after = rss_mib()
        held = service.games.cached
        await storage.close()
    per_game_kib = (after - before) * 1024 / max(held, 1)
    print(
        f"{games} games of {players} players, {turns} turns each (made in {made:.0f} s,"
        f" read back in {loaded:.1f} s); {held} in the cache"
    )
    print(f"RSS before reading them {before:.0f} MiB, after {after:.0f} MiB")
    print(f"per active game: {per_game_kib:.1f} KiB; the process with them all: {after:.0f} MiB")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--turns", type=int, default=6)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    from engine.console import exits

    sys.exit(
        exits.run(lambda: asyncio.run(main(a.games, a.turns, a.players, a.seed)), "bench/memory.py")
    )
