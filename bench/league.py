"""Benchmark: ``/league standings`` on a big server.

    python bench/league.py [--players 1000] [--games 10000]

Builds a fresh SQLite file through the bot's migrations with one season, ``--players``
members and ``--games`` finished rated games of 3 to 5 players (results, rating changes and
ratings computed by the bot's own rating code), then times what ``/league standings`` does
after its defer: the standings query, the trend lines and the table image. Prints the
median and the slowest of a few runs for the first and the last page.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import ratings
from bot.league import League
from bot.league_desk import LeagueDesk
from bot.storage import SqliteStorage, Storage, now_iso

COMBOS = [["Orcs", "Forest"], ["Trolls", "Flying"], ["Elves", "Hill"], ["Ratmen", "Berserk"]]


async def populate(storage: Storage, players: int, games: int, seed: int) -> int:
    """One season of ``games`` rated games among ``players`` members; returns its id."""
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    current = {u: ratings.DEFAULT for u in range(1, players + 1)}
    played = {u: [0, 0] for u in current}
    async with storage.transaction() as tx:
        season_id = await tx.execute(
            "INSERT INTO seasons (guild_id, channel_id, name, opened_by, opened_at)"
            " VALUES (1, 1, 'Bench', 1, ?)",
            (now_iso(start),),
        )
        assert season_id is not None
        for g in range(1, games + 1):
            at = now_iso(start + timedelta(minutes=30 * g))
            n = rng.randint(3, 5)
            seated = rng.sample(sorted(current), n)
            await tx.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, status, player_count,"
                " map_id, seed, deadline_hours, season_id, rated, created_at, updated_at)"
                " VALUES (?, 1, 1, ?, 'over', ?, 'sw-3p', 1, 24, ?, 1, ?, ?)",
                (g, seated[0], n, season_id, at, at),
            )
            coins = [rng.randint(20, 90) for _ in seated]
            ranks = ratings.ranks_from_scores([(c, 0) for c in coins])
            after = ratings.rate([[(u, current[u])] for u in seated], ranks)
            for seat, uid in enumerate(seated):
                await tx.execute(
                    "INSERT INTO seats (game_id, user_id, name, seat, joined_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (g, uid, f"player {uid}", seat, at),
                )
                await tx.execute(
                    "INSERT INTO results (game_id, seat, user_id, guild_id, season_id, rated,"
                    " world, map_id, mode, players, rank, coins, tokens, combos, finished_at)"
                    " VALUES (?, ?, ?, 1, ?, 1, 'smallworld', 'sw-3p', 'free-for-all', ?, ?,"
                    " ?, 10, ?, ?)",
                    (
                        g,
                        seat,
                        uid,
                        season_id,
                        n,
                        ranks[seat],
                        coins[seat],
                        json.dumps([rng.choice(COMBOS)]),
                        at,
                    ),
                )
                b, a = current[uid], after[uid]
                await tx.execute(
                    "INSERT INTO rating_events (game_id, user_id, season_id, mu_before,"
                    " sigma_before, mu_after, sigma_after, at, seq)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (g, uid, season_id, b.mu, b.sigma, a.mu, a.sigma, at, g * 10 + seat),
                )
                current[uid] = a
                played[uid][0] += 1
                played[uid][1] += int(ranks[seat] == 1)
        for uid, r in current.items():
            await tx.execute(
                "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)",
                (season_id, uid, r.mu, r.sigma, played[uid][0], played[uid][1], now_iso(start)),
            )
    return season_id


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        storage = SqliteStorage(Path(tmp) / "bench.sqlite3")
        await storage.open()
        t0 = time.perf_counter()
        await populate(storage, args.players, args.games, seed=1)
        print(
            f"populated players={args.players} games={args.games} "
            f"in {time.perf_counter() - t0:.1f} s"
        )
        clock = lambda: datetime(2026, 12, 1, tzinfo=UTC)  # noqa: E731
        service = SimpleNamespace(storage=storage, league=League(storage, clock), clock=clock)
        client = SimpleNamespace(get_user=lambda _uid: None)
        desk = LeagueDesk(service, client)  # type: ignore[arg-type]
        season = await service.league.season_named(1, None)
        ranked = [s for s in await service.league.standings(season) if not s.provisional]
        last = -(-len(ranked) // 20)
        for page in (1, last):
            times = []
            for _ in range(args.runs):
                t = time.perf_counter()
                await desk.standings_message(None, season, page)
                times.append((time.perf_counter() - t) * 1000)
            print(
                f"page={page} runs={args.runs} median_ms={statistics.median(times):.0f} "
                f"max_ms={max(times):.0f}"
            )
        await storage.close()


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(lambda: asyncio.run(main()), "bench/league.py"))
