"""Benchmark: the open-play queue over a simulated week (issue 38, "Measured"), the algorithm
alone.

    python bench/queue_wait.py [--hours 168] [--rate 1.0] [--tick 10] [--seed 1]

Members arrive at random times (a Poisson process of ``--rate`` arrivals an hour over
``--hours`` hours), each new, with a skill drawn from a normal law (display points 500 ± 100,
``balance.skill``'s 20 × μ for μ = 25 ± 5) and wishes drawn as members might state them:
player counts 3 or 4 (40%), 4 (20%), 3 (15%), any of 2 to 5 (10%), a team game (15%, half of
them arriving as a pair who queued together); a world (40%: either of two, evenly) or any;
a decision deadline of 12, 24 or 48 hours (50%) or none.

The queue is asked which games to form at every arrival and every ``--tick`` minutes
between, as the bot will. Each policy runs on the same arrivals: ``form_games`` with the
default tolerance (``matching.TOLERANCE``) and a few others, and ``first_come``, the
first-come-first-served baseline. Printed per policy: the games formed and the members
served; the mean, median and 90th percentile of the wait of the members served (hours);
the mean skill spread within free-for-all games and within team games (display points);
the mean gap between a team game's strongest and weakest team (summed skills); and the
members still waiting when the week ends, with their mean wait so far.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.seasons import matching
from bot.seasons.balance import TEAM_GAME, spread
from bot.seasons.matching import Match, Tolerance, Waiting

START = datetime(2026, 1, 5, tzinfo=UTC)
COUNTS: list[tuple[set[int], int]] = [
    ({3, 4}, 40), ({4}, 20), ({3}, 15), ({2, 3, 4, 5}, 10), ({TEAM_GAME}, 15),
]  # fmt: skip
WORLDS: list[tuple[str | None, int]] = [(None, 60), ("surface", 20), ("underground", 20)]
DEADLINES: list[tuple[int | None, int]] = [(None, 50), (12, 17), (24, 17), (48, 16)]

Policy = Callable[[Iterable[Waiting], datetime, Tolerance], list[Match]]
T = TypeVar("T")


def pick(rng: random.Random, choices: Sequence[tuple[T, int]]) -> T:
    """One of ``choices`` by weight."""
    return rng.choices([c for c, _ in choices], [w for _, w in choices])[0]


def arrivals(args: argparse.Namespace) -> list[Waiting]:
    """The week's arrivals, in order (a pair arrives together)."""
    rng = random.Random(args.seed)
    out: list[Waiting] = []
    at = 0.0
    while True:
        at += rng.expovariate(args.rate)
        if at >= args.hours:
            return out
        counts = frozenset(pick(rng, COUNTS))
        world = pick(rng, WORLDS)
        member = Waiting(
            len(out) + 1,
            rng.gauss(500.0, 100.0),
            counts,
            START + timedelta(hours=at),
            world,
            pick(rng, DEADLINES),
        )
        if TEAM_GAME in counts and rng.random() < 0.5:
            mate = replace(member, user_id=member.user_id + 1, skill=rng.gauss(500.0, 100.0))
            out += [replace(member, partner=mate.user_id), replace(mate, partner=member.user_id)]
        else:
            out.append(member)


@dataclass
class Outcome:
    """What one policy did over the week."""

    games: list[Match]
    waits: list[float]
    left: list[float]


def run(
    policy: Policy, tolerance: Tolerance, people: list[Waiting], args: argparse.Namespace
) -> Outcome:
    """The week under one policy."""
    moments = sorted(
        {p.joined_at for p in people}
        | {START + timedelta(minutes=m) for m in range(0, args.hours * 60, args.tick)}
    )
    waiting: dict[int, Waiting] = {}
    joined = {p.user_id: p for p in people}
    pending = sorted(people, key=lambda p: (p.joined_at, p.user_id))
    games, waits = [], []
    for now in moments:
        while pending and pending[0].joined_at <= now:
            person = pending.pop(0)
            waiting[person.user_id] = person
        for game in policy(waiting.values(), now, tolerance):
            games.append(game)
            for u in game.members:
                waits.append(matching.hours_waited(joined[u], now))
                del waiting[u]
    end = START + timedelta(hours=args.hours)
    return Outcome(games, waits, [matching.hours_waited(p, end) for p in waiting.values()])


def line(name: str, out: Outcome, skills: dict[int, float]) -> str:
    """One policy's figures."""
    ffa = [g.spread for g in out.games if g.teams is None]
    teams = [g for g in out.games if g.teams is not None]
    gaps = [spread([sum(skills[u] for u in t) for t in g.teams or ()]) for g in teams]

    def mean(values: list[float]) -> str:
        return f"{statistics.mean(values):.0f}" if values else "-"

    waits = sorted(out.waits)
    p90 = waits[int(0.9 * (len(waits) - 1))] if waits else 0.0
    return (
        f"{name:<28} games={len(out.games):>3} served={len(out.waits):>3}"
        f" wait_mean={statistics.mean(waits):.2f}h median={statistics.median(waits):.2f}h"
        f" p90={p90:.2f}h spread_ffa={mean(ffa)} spread_team={mean([g.spread for g in teams])}"
        f" team_gap={mean(gaps)} still_waiting={len(out.left)}"
        f" (mean {statistics.mean(out.left) if out.left else 0:.1f}h)"
    )


def main() -> None:
    """Run every policy on the same week and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hours", type=int, default=168)
    parser.add_argument("--rate", type=float, default=1.0)
    parser.add_argument("--tick", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    people = arrivals(args)
    skills = {p.user_id: p.skill for p in people}
    print(f"{len(people)} members over {args.hours} h ({args.rate:g} arrivals an hour)")
    default, closest = matching.TOLERANCE, matching.form_games
    policies: list[tuple[str, Policy, Tolerance]] = [
        (f"closest {default.base:g}+{default.per_hour:g}/h (default)", closest, default),
        ("closest 50+10/h", closest, Tolerance(50.0, 10.0)),
        ("closest 100+50/h", closest, Tolerance(100.0, 50.0)),
        ("closest 200+50/h", closest, Tolerance(200.0, 50.0)),
        ("first come, first served", matching.first_come, default),
    ]
    for name, policy, tolerance in policies:
        print(line(name, run(policy, tolerance, people, args), skills))


if __name__ == "__main__":
    main()
