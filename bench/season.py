"""Benchmark: a simulated season of scheduled rounds through the bot's own parts (issue 38,
"Measured").

    python bench/season.py [--members 24] [--rounds 4] [--pod 4] [--seed 1]
                           [--database sqlite|postgresql] [--iterations 2] [--workers 0]

**The season.** ``--members`` members sign up for a rounds season of ``--rounds`` rounds of
``--pod``-player pods. Their ratings are the league's own rows (``ratings``: openskill μ and
σ, as ``League`` writes them), μ spread evenly from 35 to 65 (skill ``balance.skill`` = 20 × μ:
700 to 1300 display points), σ = 2: members of clearly different strength, as after an
earlier season. Games the AI plays are unrated (``bot.league``), so the ratings stay as set
and the Swiss pods follow the season's points first, then these ratings.

**Each round** goes the way the bot takes it, through the bot's parts wired as in
``bench/loop_lag.py`` and ``bench/web.py`` (``GameService``, ``Desk``, the real
``Announcer`` drawing every board and posting to in-memory channels, ``AiSeats``,
``Workers``) plus the seasons' service, the calls ``round_desk`` makes: the clock jumps to
the round's start; ``Rounds.form`` forms it in one transaction (**form_s**); each table is
opened as the table desk does (``Tables.opened`` with a made-up thread id, the thread
Discord would give; ``Tables.start``), every seat is handed to the AI as at a round's end
(``Tables.finish_now``: the stand-in level, ``normal``), and the AI plays every game to its
end (**play_s**); ``Rounds.close`` scores it, records the results and the standings, and the
season's ``Poster`` posts them, the standings' picture drawn, to the in-memory channel
(**score_s**). The AI's budget is small so that a round takes seconds on 2 shared cores:
``--iterations`` playouts a decision (default 2) instead of the level's thinking time.

**Printed**, per round and then for the whole season:

- ``played``: yes when every member sat in a game of the round (of every round, overall);
- ``spread``: the mean rating spread within a pod (its highest skill less its lowest), and
  ``random``: the same for pods of the same sizes drawn at random from the same members
  (``bench.pods.random_spread``: the mean over 1,000 draws); ``ratio`` is their quotient
  (the issue's goal: at most 0.5; ``bot.seasons.pods``'s docstring says why no pods that
  keep those who met apart can reach it after the first round); ``skill_only``: the ratio
  of the pods ``form_pods`` gives the same members and earlier rounds with the season's
  points weighed 0 (those who met still kept apart): what following the standings costs;
- ``repeats``: pairs put in one pod who had met before (a pair met k times counts k − 1
  over the season), against ``fewest``. For a round: the fewest repeats any pods of that
  round could have, given the earlier rounds as they were: ``0`` when ``form_pods`` with
  repeats as its only cost finds pods without one (a witness), else ``0..n``, n its count
  (an upper bound; 0 stays the lower bound). For the season: a counting bound for any
  schedule: each member meets at least Σ over rounds of (smallest pod − 1) others, counted
  with repeats, among only members − 1 distinct ones; the excess is repeated meetings, each
  counted by its two members, so repeats ≥ ⌈members × excess / 2⌉ (0 for 24 members in 4
  rounds of 4: 12 meetings each among 23). A season with repeats equal to it is optimal.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from itertools import combinations
from pathlib import Path
from typing import cast

import discord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.loop_lag import Courier, Tally
from bench.pods import ONLY_REPEATS, random_spread
from bot.ai_seats import AiSeats
from bot.announcer import Announcer
from bot.claims import Claims
from bot.desk import Desk
from bot.ratings import Rating
from bot.seasons import members as signups
from bot.seasons import posts
from bot.seasons.balance import skill, spread
from bot.seasons.pods import Entrant, Weights, form_pods, meetings
from bot.seasons.poster import Poster
from bot.seasons.rounds import Rounds
from bot.seasons.season import by_id, open_rounds
from bot.seasons.tables import ROUND, Tables
from bot.service import GameService
from bot.storage import Storage, now_iso, storage_for
from bot.workers import Workers

GUILD, CHANNEL, ORGANISER = 1, 100, 10_000
#: The pods' rules without the season's points: those who met kept apart, then skill.
SKILL_ONLY = Weights(points=0.0)
#: Made-up thread ids: Discord's would come from the table's thread.
THREADS = 1_000_000
#: The members' ratings: μ from LOW_MU to HIGH_MU, each as sure as after an earlier season.
LOW_MU, HIGH_MU, SIGMA = 35.0, 65.0, 2.0


class Clock:
    """The service's clock, moved on by the benchmark from round to round."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class Figures:
    """The pods of every round so far and their figures."""

    def __init__(self, rating: dict[int, float], pod: int) -> None:
        self.rating = rating
        self.pod = pod
        self.rounds: list[list[list[int]]] = []
        self.spreads: list[float] = []
        self.randoms: list[float] = []

    def add(self, pods: list[list[int]], rng: random.Random) -> str:
        """Record a round's pods; its figures as printed."""
        entrants = [Entrant(u, 0.0, self.rating[u]) for pod in pods for u in pod]
        met = meetings(pod for earlier in self.rounds for pod in earlier)
        repeats = sum(1 for pod in pods for a, b in combinations(sorted(pod), 2) if (a, b) in met)
        witness = form_pods(entrants, self.pod, met, ONLY_REPEATS).cost.repeats
        alone = form_pods(entrants, self.pod, met, SKILL_ONLY).cost.skill_spread / len(pods)
        mean = statistics.fmean(spread([self.rating[u] for u in pod]) for pod in pods)
        drawn = random_spread(entrants, [len(p) for p in pods], rng)
        self.rounds.append(pods)
        self.spreads.extend(spread([self.rating[u] for u in pod]) for pod in pods)
        self.randoms.extend([drawn] * len(pods))
        played = {u for pod in pods for u in pod} == set(self.rating)
        return (
            f"played={'yes' if played else 'NO'} pods={sorted(len(p) for p in pods)}"
            f" spread={mean:.0f} random={drawn:.0f} ratio={mean / drawn:.2f}"
            f" skill_only={alone / drawn:.2f} repeats={repeats}"
            f" fewest={'0' if witness == 0 else f'0..{witness}'}"
        )

    def season(self) -> str:
        """The whole season's figures."""
        everyone = set(self.rating)
        played = all({u for pod in pods for u in pod} == everyone for pods in self.rounds)
        met = meetings(pod for pods in self.rounds for pod in pods)
        repeats = sum(n - 1 for n in met.values())
        # The counting bound of the module's docstring.
        meets = sum(min(len(p) for p in pods) - 1 for pods in self.rounds)
        excess = max(0, meets - (len(everyone) - 1))
        fewest = math.ceil(len(everyone) * excess / 2)
        ours, drawn = statistics.fmean(self.spreads), statistics.fmean(self.randoms)
        return (
            f"played={'yes' if played else 'NO'} spread={ours:.0f} random={drawn:.0f}"
            f" ratio={ours / drawn:.2f} repeats={repeats} fewest={fewest}"
        )


def everywhere(guild_id: int) -> bool:
    """This process serves every server (one process here)."""
    return True


async def database(choice: str, tmp: str) -> Storage:
    """A fresh database: a SQLite file in ``tmp``, or one on a throwaway PostgreSQL server
    (``tests/pg.py``, stopped when the process ends)."""
    if choice == "postgresql":
        from tests.pg import fresh_database

        return storage_for(await fresh_database())
    return storage_for(str(Path(tmp) / "season.sqlite3"))


async def season(args: argparse.Namespace) -> None:
    """Run the season and print its figures."""
    rng = random.Random(args.seed)
    clock = Clock()
    with tempfile.TemporaryDirectory() as tmp:
        storage = await database(args.database, tmp)
        await storage.open()
        workers = Workers(args.workers)
        workers.start()
        service = GameService(storage, clock=clock)
        service.seed_source = lambda: rng.randrange(1, 2**31)
        courier = Courier(Tally())
        announcer = Announcer(storage, courier, service, clock, workers)
        # The poster only sends to channels, which the in-memory courier does.
        client = cast(discord.Client, courier)
        poster = Poster(storage, client, clock, Claims(storage, clock), workers, everywhere)
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
            figures = Figures(await sign_up(storage, opened.id, args.members, clock()), args.pod)
            print(
                f"season: {args.members} members, {args.rounds} rounds, pods of {args.pod},"
                f" {args.database}, AI normal at {args.iterations} playouts a decision",
                flush=True,
            )
            walls = []
            thread = THREADS
            for number in range(1, args.rounds + 1):
                row = await storage.fetchone(
                    "SELECT next_round_at FROM seasons WHERE id = ?", (opened.id,)
                )
                assert row is not None and row["next_round_at"], "no next round scheduled"
                clock.now = datetime.fromisoformat(row["next_round_at"])
                started = time.perf_counter()
                round_id = await rounds.form(opened.id, "en")
                assert round_id is not None, f"round {number} was not formed"
                formed = time.perf_counter()
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
                played = time.perf_counter()
                assert await rounds.close(round_id, "en")
                await poster.deliver_due()
                assert not await posts.due(storage, clock(), everywhere), "a post not done"
                ended = time.perf_counter()
                walls.append(ended - started)
                print(
                    f"round {number}: {figures.add(pods, rng)} form_s={formed - started:.3f}"
                    f" play_s={played - formed:.1f} score_s={ended - played:.3f}"
                    f" wall_s={walls[-1]:.1f}",
                    flush=True,
                )
            print(f"season: {figures.season()} wall_s={sum(walls):.1f}", flush=True)
        finally:
            await ai.idle()
            await ai.close()
            announcer.close()
            await workers.close()
            await storage.close()


async def sign_up(storage: Storage, season_id: int, count: int, now: datetime) -> dict[int, float]:
    """Sign ``count`` members up, each with the season's rating row (see the module's
    docstring); their skills, by user id."""
    rs = await by_id(storage, season_id)
    out = {}
    for i in range(count):
        user = 1 + i
        rating = Rating(LOW_MU + (HIGH_MU - LOW_MU) * i / max(count - 1, 1), SIGMA)
        out[user] = skill(rating)
        await storage.execute(
            "INSERT INTO ratings (season_id, user_id, mu, sigma, games, wins, updated_at)"
            " VALUES (?, ?, ?, ?, 0, 0, ?)",
            (season_id, user, rating.mu, rating.sigma, now_iso(now)),
        )
        await signups.signup(storage, rs, user, f"m{user}", None, now)
    return out


def main() -> None:
    """Parse the options and run the season."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--members", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--pod", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--iterations", type=int, default=2, help="AI playouts a decision")
    parser.add_argument("--workers", type=int, default=0, help="worker processes (0: threads)")
    asyncio.run(season(parser.parse_args()))


if __name__ == "__main__":
    main()
