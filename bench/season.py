"""Benchmark: a simulated season of scheduled rounds through the bot's own parts (issue 38,
"Measured").

    python bench/season.py [--members 24] [--rounds 4] [--pod 4] [--iterations 2]
                           [--workers 0] [--samples 2000] [--seed 1]

``--members`` members, with ratings spread evenly over 700–1300 (μ from 35 to 65, as the
league's ``skill`` = 20 × μ reads them), sign up for a rounds season of ``--rounds`` rounds of
``--pod``-player pods. Each round goes the way the bot takes it, through the bot's parts
wired as in ``bench/loop_lag.py`` (``GameService``, ``Desk``, the real ``Announcer`` posting
to in-memory channels, ``AiSeats``, ``Workers``) plus the seasons' service: ``Rounds.form``
forms it in one transaction, ``Tables.opened``/``Tables.start`` open each pod's game (the
thread's id made up, as Discord would give it), every seat is handed to the AI
(``Tables.finish_now``, as at a round's end), which plays every game to its end, and
``Rounds.close`` scores the round; the clock then jumps to the next round's start.

It prints one line per round (``wall_s``: from forming to closed, the AI's play included),
then the season's figures:

- ``every_member_every_round``: yes when each member sat in a game of each round;
- ``spread_pods`` and ``spread_random``: the mean rating spread (highest − lowest rating)
  within a pod, over every pod of every round, against pods of the same sizes drawn at
  random from the same members (``--samples`` draws per round); ``ratio`` is their quotient
  (the issue's goal: at most 0.5);
- ``repeats``: pairs of members put in one pod more than once (each extra meeting counted),
  against ``fewest``: the fewest any schedule could have (0 while rounds × (pod − 1) stays
  under the members one can meet; a lower bound otherwise).

The ratings stay as set: a game the AI played is unrated (``bot.league``), so Swiss pods
here follow the season's points, then the ratings given.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.loop_lag import Courier, Tally
from bot.ai_seats import AiSeats
from bot.announcer import Announcer
from bot.desk import Desk
from bot.seasons import members as signups
from bot.seasons.rounds import Rounds
from bot.seasons.season import by_id, open_rounds
from bot.seasons.tables import ROUND, Tables
from bot.service import GameService
from bot.storage import now_iso, storage_for
from bot.workers import Workers

GUILD, CHANNEL, ORGANISER = 1, 100, 10_000
#: Made-up thread ids: Discord's would come from the table's thread.
THREADS = 1_000_000


class Clock:
    """The service's clock, moved on by the benchmark from round to round."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def spread(pod: list[int], rating: dict[int, float]) -> float:
    """A pod's rating spread: its highest rating less its lowest."""
    values = [rating[u] for u in pod]
    return max(values) - min(values)


def random_spread(pods: list[list[int]], rating: dict[int, float], rng: random.Random) -> float:
    """The mean spread of pods of the same sizes drawn at random from the same members."""
    members = [u for pod in pods for u in pod]
    rng.shuffle(members)
    out, at = [], 0
    for pod in pods:
        out.append(spread(members[at : at + len(pod)], rating))
        at += len(pod)
    return statistics.fmean(out)


async def season(args: argparse.Namespace) -> None:
    """Run the season and print its figures."""
    rng = random.Random(args.seed)
    tally = Tally()
    clock = Clock()
    with tempfile.TemporaryDirectory() as tmp:
        storage = storage_for(str(Path(tmp) / "season.sqlite3"))
        await storage.open()
        workers = Workers(args.workers)
        workers.start()
        service = GameService(storage, clock=clock)
        service.seed_source = lambda: rng.randrange(1, 2**31)
        announcer = Announcer(storage, Courier(tally), service, clock, workers)
        desk = Desk(service, announcer, workers)
        ai = AiSeats(service, desk.announce, workers, iterations=args.iterations)
        desk.on_change = ai.changed
        tables = Tables(service)
        rounds = Rounds(service, tables)
        try:
            opened = await open_rounds(
                service.league, GUILD, CHANNEL, ORGANISER, "Bench",
                {"rounds": args.rounds, "days": 7.0, "pod": args.pod, "starts_in": 1.0},
            )  # fmt: skip
            rating: dict[int, float] = {}
            for i in range(args.members):
                user = 1 + i
                mu = 35.0 + 30.0 * i / max(args.members - 1, 1)
                rating[user] = 20 * mu
                # The season's rating as the league stores it: what the pods are formed by.
                await storage.execute(
                    "INSERT INTO ratings (season_id, user_id, mu, sigma, updated_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (opened.id, user, mu, 1.0, now_iso(clock())),
                )
            rs = await by_id(storage, opened.id)
            for user in rating:
                await signups.signup(storage, rs, user, f"m{user}", None, clock())
            pods_by_round: list[list[list[int]]] = []
            thread = THREADS
            for number in range(1, args.rounds + 1):
                row = await storage.fetchone(
                    "SELECT next_round_at FROM seasons WHERE id = ?", (opened.id,)
                )
                clock.now = datetime.fromisoformat(row["next_round_at"])
                started = time.perf_counter()
                round_id = await rounds.form(opened.id, "en")
                assert round_id is not None, f"round {number} was not formed"
                pods = []
                for stored in await tables.of_source(ROUND, round_id):
                    thread += 1
                    await tables.opened(stored.id, thread)
                    outcome = await tables.start(stored.id, listed=True)
                    assert outcome is not None
                    await desk.announce(outcome)
                    game_id = (await tables.get(stored.id)).game_id
                    assert game_id is not None
                    taken = await tables.finish_now(game_id)
                    assert taken is not None
                    await desk.announce(taken)
                    pods.append([m.user_id for m in stored.table.members])
                await ai.idle()
                assert await rounds.settled(round_id), f"round {number}: a game is not over"
                assert await rounds.close(round_id, "en")
                wall = time.perf_counter() - started
                pods_by_round.append(pods)
                mean = statistics.fmean(spread(p, rating) for p in pods)
                print(
                    f"round={number} pods={len(pods)} sizes={sorted(len(p) for p in pods)}"
                    f" mean_spread={mean:.0f} wall_s={wall:.1f}",
                    flush=True,
                )
        finally:
            await ai.idle()
            await ai.close()
            announcer.close()
            await workers.close()
            await storage.close()
    report(args, pods_by_round, rating, rng)


def report(
    args: argparse.Namespace,
    pods_by_round: list[list[list[int]]],
    rating: dict[int, float],
    rng: random.Random,
) -> None:
    """The season's figures (see the module's docstring)."""
    everyone = set(rating)
    every = all({u for pod in pods for u in pod} == everyone for pods in pods_by_round)
    ours = statistics.fmean(spread(p, rating) for pods in pods_by_round for p in pods)
    drawn = statistics.fmean(
        random_spread(pods, rating, rng) for pods in pods_by_round for _ in range(args.samples)
    )
    met: dict[frozenset[int], int] = {}
    for pods in pods_by_round:
        for pod in pods:
            for pair in combinations(pod, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    repeats = sum(n - 1 for n in met.values() if n > 1)
    # Each member meets pod − 1 others a round; a schedule without repeats needs that many
    # distinct others over the season.
    per_member = args.rounds * (args.pod - 1)
    fewest = 0 if per_member <= args.members - 1 else (per_member - (args.members - 1))
    print(
        f"every_member_every_round={'yes' if every else 'no'}"
        f" spread_pods={ours:.0f} spread_random={drawn:.0f} ratio={ours / drawn:.2f}"
        f" repeats={repeats} fewest={fewest}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--members", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--pod", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=2, help="AI playouts a decision")
    parser.add_argument("--workers", type=int, default=0, help="worker processes (0: threads)")
    parser.add_argument("--samples", type=int, default=2000, help="random draws a round")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(season(parser.parse_args()))


if __name__ == "__main__":
    main()
