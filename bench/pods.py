"""Benchmark: a simulated season of Swiss pods (issue 38, "Measured"), the algorithm alone.

    python bench/pods.py [--members 24] [--rounds 4] [--pod 4] [--seed 1] [--big 1000]

The season: ``--members`` members, each with a true strength μ drawn from a normal law
(mean 25, deviation 5: display points 500 ± 100 in ``balance.skill``'s 20 × μ) and a rating
from an earlier season (μ off the truth by a normal error of deviation 2, σ = 3): spread
ratings. Each round ``form_pods`` forms the pods from the season points and the current
ratings; each game's result is drawn from the true strengths in the model the ratings use
(Thurstone–Mosteller: a player's performance is μ plus a normal noise of deviation
β = 25/6, openskill's; the best performance finishes first); the places earn season points
(``points.game_points``, the default table) and the ratings move (``bot.ratings.rate``).

Printed per round: whether every member played; the mean skill spread within pods (highest
less lowest skill the pods were formed on, in display points) against random pods of the
same members and sizes (the mean over 1,000 draws; the goal is at most half); the mean
points spread within pods; the repeat meetings (earlier meetings of two members put in one
pod again) against the fewest possible. The fewest possible is 0 when some arrangement of
the round repeats no meeting: ``form_pods`` with repeats as the only cost finds one (a
witness); otherwise its count is an upper bound, and the lower bound printed is 0.

Then ``--big`` members (default 1,000) play ``--rounds`` rounds the same way (the random
pods skipped), and the time ``form_pods`` takes to form each round is printed (goal: under
1 s), with the slowest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import ratings
from bot.ratings import Rating
from bot.seasons.balance import skill, spread
from bot.seasons.pods import (
    WEIGHTS,
    Entrant,
    Pair,
    Weights,
    form_pods,
    meetings,
    pod_sizes,
    round_cost,
)
from bot.seasons.points import game_points

#: Openskill's performance noise: a player's result is their μ plus a normal noise of it.
BETA = 25.0 / 6.0
RANDOM_DRAWS = 1000
ONLY_REPEATS = Weights(repeat=1.0, points=0.0, skill=0.0)


class Season:
    """Members' true strengths, ratings, season points and the games so far."""

    def __init__(self, members: int, rng: random.Random) -> None:
        self.rng = rng
        self.true = {u: rng.gauss(25.0, 5.0) for u in range(1, members + 1)}
        self.rating = {u: Rating(mu + rng.gauss(0.0, 2.0), 3.0) for u, mu in self.true.items()}
        self.points = {u: 0.0 for u in self.true}
        self.games: list[list[int]] = []

    def entrants(self) -> list[Entrant]:
        """Who plays the next round, as ``form_pods`` takes them."""
        return [Entrant(u, self.points[u], skill(self.rating[u])) for u in self.true]

    def play(self, pod: Sequence[int]) -> None:
        """One game: places drawn from the true strengths, then points and ratings."""
        performance = {u: self.true[u] + self.rng.gauss(0.0, BETA) for u in pod}
        order = sorted(pod, key=lambda u: -performance[u])
        places = {u: order.index(u) + 1 for u in pod}
        for u, earned in game_points(places).items():
            self.points[u] += float(earned)
        after = ratings.rate([[(u, self.rating[u])] for u in pod], [places[u] for u in pod])
        self.rating.update(after)
        self.games.append(list(pod))


def random_spread(members: list[Entrant], sizes: list[int], rng: random.Random) -> float:
    """The mean skill spread within pods of random draws of the same members and sizes."""
    skills = [e.skill for e in members]
    total = 0.0
    for _ in range(RANDOM_DRAWS):
        rng.shuffle(skills)
        at = 0
        for size in sizes:
            total += spread(skills[at : at + size])
            at += size
    return total / (RANDOM_DRAWS * len(sizes))


def small_season(args: argparse.Namespace, weights: Weights, show: bool) -> tuple[float, int]:
    """The season of ``--members``, round by round (printed when ``show``); returns the
    mean ratio of skill spreads to random pods' and the repeat meetings of the season."""
    season = Season(args.members, random.Random(args.seed))
    rng = random.Random(args.seed + 1)
    ratios, repeats = [], 0
    for r in range(1, args.rounds + 1):
        entrants = season.entrants()
        met: dict[Pair, int] = meetings(season.games)
        pairing = form_pods(entrants, args.pod, met, weights)
        pods = [list(p.members) for p in pairing.pods]
        played = sorted(u for p in pods for u in p) == sorted(season.true)
        sizes = [len(p) for p in pods]
        ours = pairing.cost.skill_spread / len(pods)
        drawn = random_spread(entrants, sizes, rng)
        ratios.append(ours / drawn)
        repeats += pairing.cost.repeats
        if show:
            witness = form_pods(entrants, args.pod, met, ONLY_REPEATS).cost.repeats
            fewest = "0" if witness == 0 else f"0..{witness}"
            greedy = form_pods(entrants, args.pod, met, weights, search=False).pods
            alone = round_cost([p.members for p in greedy], entrants, met)
            print(
                f"round {r}: everyone played={'yes' if played else 'NO'}"
                f" byes={len(pairing.byes)} pods={sizes}"
                f" skill_spread={ours:.0f} random={drawn:.0f} ratio={ours / drawn:.2f}"
                f" points_spread={pairing.cost.points_spread / len(pods):.2f}"
                f" repeats={pairing.cost.repeats} fewest_possible={fewest}"
                f"\n         greedy pass alone: repeats={alone.repeats}"
                f" skill_spread={alone.skill_spread / len(pods):.0f}"
                f" points_spread={alone.points_spread / len(pods):.2f}"
            )
        for pod in pods:
            season.play(pod)
    return statistics.mean(ratios), repeats


def big_season(args: argparse.Namespace) -> None:
    """``--big`` members: the time to form each round."""
    season = Season(args.big, random.Random(args.seed))
    times = []
    for r in range(1, args.rounds + 1):
        entrants = season.entrants()
        met = meetings(season.games)
        start = time.perf_counter()
        pairing = form_pods(entrants, args.pod, met)
        times.append(time.perf_counter() - start)
        print(
            f"{args.big} members, round {r}: formed in {times[-1]:.3f} s,"
            f" repeats={pairing.cost.repeats}, pods={len(pairing.pods)}"
        )
        for pod in pairing.pods:
            season.play(pod.members)
    print(f"{args.big} members: slowest round {max(times):.3f} s (goal: under 1 s)")


def main() -> None:
    """Run both seasons and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--members", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--pod", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--big", type=int, default=1000)
    parser.add_argument("--trade", type=float, nargs="*", default=[400.0, 200.0, 100.0, 50.0])
    args = parser.parse_args()
    assert pod_sizes(args.members, args.pod), "too few members for a game"
    print(f"season: {args.members} members, {args.rounds} rounds, pods of {args.pod}")
    ratio, repeats = small_season(args, WEIGHTS, show=True)
    print(f"mean ratio to random pods: {ratio:.2f} (goal: at most 0.50), repeats: {repeats}")
    print("the same season if a repeat meeting weighed less (display points per meeting):")
    for weight in args.trade:
        ratio, repeats = small_season(args, Weights(repeat=weight), show=False)
        print(f"  repeat weight {weight:g}: mean ratio {ratio:.2f}, repeats {repeats}")
    if args.big:
        big_season(args)


if __name__ == "__main__":
    main()
