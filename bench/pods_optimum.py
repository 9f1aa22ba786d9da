"""Pods: the shipped search against the proven optimum (OR-Tools' CP-SAT) and the greedy pass.

    pip install ortools==9.15.6755   # only for this comparison; the bot does not use it
    python bench/pods_optimum.py [--instances 40] [--seed 1] [--limit 20] [--season | --whole]

Each instance is a round of a small season (8 to 16 members, pods of 3, 4 or 5): members
with skills drawn from a normal law (mean 500, deviation 120 display points), earlier
rounds formed at random (so that many members already met, the hard case for keeping
them apart) with results drawn from the skills, giving season points 3/2/1/0. For each the
script computes the round's cost (``bot.seasons.pods.Cost.total``) three ways:

- ``slice``: the standings cut into consecutive pods (Swiss order, no look at meetings);
- ``greedy``: ``form_pods(..., search=False)``, the greedy pass alone;
- ``search``: ``form_pods``, the greedy pass and the local search (the shipped method);
- ``cp-sat``: the same cost minimised by CP-SAT over every assignment of members to pods of
  the same sizes, ``--limit`` seconds at most (``optimal`` says when it proved it).

It prints each method's mean excess over the optimum, how often it found it, and the times.

``--season`` instead replays ``bench/pods.py``'s season (24 members, 4 rounds of pods of 4,
the same seed) and prints, for each round, the least mean skill spread within pods that any
arrangement repeating no meeting can have (CP-SAT, points not counted), beside the
shipped search's and random pods': how low the spread can go once members must meet new
people.

``--whole`` asks the question of the season as a whole: the four rounds planned together
from the first round's ratings (points not counted), no two members meeting twice, the
least mean skill spread CP-SAT finds in ``--limit`` seconds (and the bound it proves),
beside the rounds formed one by one on the same ratings (``form_pods`` with points weighed
0) and random pods. Planning ahead could loosen the first round to leave the later ones
close neighbours: this says how much that could gain.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.seasons.pods import (
    WEIGHTS,
    Entrant,
    Pair,
    Weights,
    form_pods,
    meetings,
    pod_sizes,
    round_cost,
    swiss_order,
)

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - the comparison needs the solver
    sys.exit("this comparison needs OR-Tools: pip install ortools==9.15.6755")

POINTS = (3, 2, 1, 0)


def instance(rng: random.Random) -> tuple[list[Entrant], dict[Pair, int], int]:
    """A season's members before a round, the meetings so far, and the pod size."""
    pod = rng.choice((3, 4, 4, 5))
    n = rng.randint(max(8, 2 * pod), 16)
    skills = {u: round(rng.gauss(500, 120)) for u in range(1, n + 1)}
    points = dict.fromkeys(skills, 0)
    games: list[list[int]] = []
    for _ in range(rng.randint(1, 3)):
        members = list(skills)
        rng.shuffle(members)
        at = 0
        for size in pod_sizes(n, pod):
            table = members[at : at + size]
            at += size
            games.append(table)
            # A player's result: skill plus noise (the model of bench/pods.py).
            table.sort(key=lambda u: -(skills[u] + rng.gauss(0, 150)))
            for place, u in enumerate(table):
                points[u] += POINTS[place] if place < len(POINTS) else 0
    entrants = [Entrant(u, points[u], skills[u]) for u in skills]
    return entrants, meetings(games), pod


def optimum(
    entrants: list[Entrant],
    met: dict[Pair, int],
    pod: int,
    limit: float,
    weights: Weights = WEIGHTS,
) -> tuple[float, bool]:
    """The least cost CP-SAT finds within ``limit`` seconds, and whether it proved it."""
    m = cp_model.CpModel()
    ids = [e.user_id for e in entrants]
    sizes = pod_sizes(len(ids), pod)
    x = {(u, p): m.new_bool_var(f"x{u}_{p}") for u in ids for p in range(len(sizes))}
    for u in ids:
        m.add_exactly_one(x[u, p] for p in range(len(sizes)))
    for p, size in enumerate(sizes):
        m.add(sum(x[u, p] for u in ids) == size)
    terms = []
    for p in range(len(sizes)):
        for attr, weight in (("skill", weights.skill), ("points", weights.points)):
            values = {e.user_id: int(getattr(e, attr)) for e in entrants}
            lo_v, hi_v = min(values.values()), max(values.values())
            hi = m.new_int_var(lo_v, hi_v, f"hi_{attr}{p}")
            lo = m.new_int_var(lo_v, hi_v, f"lo_{attr}{p}")
            for u in ids:
                m.add(hi >= values[u]).only_enforce_if(x[u, p])
                m.add(lo <= values[u]).only_enforce_if(x[u, p])
            terms.append(int(weight) * (hi - lo))
        for (a, b), times in met.items():
            both = m.new_bool_var(f"m{a}_{b}_{p}")
            m.add(both >= x[a, p] + x[b, p] - 1)
            terms.append(int(weights.repeat) * times * both)
    m.minimize(sum(terms))
    solver, status = solved(m, limit)
    return solver.objective_value, status == cp_model.OPTIMAL


def solved(model: cp_model.CpModel, limit: float) -> tuple[cp_model.CpSolver, Any]:
    """CP-SAT run on ``model`` for ``limit`` seconds at most, on one core; the solver and
    its status (optimal or feasible: a solution was found)."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return solver, status


def season_bound(seed: int, limit: float) -> None:
    """``bench/pods.py``'s season: per round, the least skill spread with no repeat."""
    import pods as bench  # bench/pods.py, beside this script

    season = bench.Season(24, random.Random(seed))
    rng = random.Random(seed + 1)
    skill_only = Weights(points=0.0)
    for r in range(1, 5):
        entrants = season.entrants()
        met = meetings(season.games)
        pairing = form_pods(entrants, 4, met)
        whole = [Entrant(e.user_id, 0, round(e.skill)) for e in entrants]
        best, sure = optimum(whole, met, 4, limit, skill_only)
        drawn = bench.random_spread(entrants, [4] * 6, rng)
        print(
            f"round {r}: least skill spread with no repeat {best / 6:.0f}"
            f" ({'proved' if sure else 'not proved'}), shipped search"
            f" {pairing.cost.skill_spread / 6:.0f}, random pods {drawn:.0f}:"
            f" the least possible ratio is {best / 6 / drawn:.2f}"
        )
        for pod in pairing.pods:
            season.play(pod.members)


def whole_season(seed: int, limit: float, rounds: int = 4, pod: int = 4) -> None:
    """``bench/pods.py``'s members, their first ratings only: every round planned at once
    with no repeat meeting, against the rounds formed one by one."""
    import pods as bench  # bench/pods.py, beside this script

    entrants = bench.Season(24, random.Random(seed)).entrants()
    skills = {e.user_id: round(e.skill) for e in entrants}
    ids = sorted(skills)
    count = len(ids) // pod
    skill_only = Weights(points=0.0)
    games: list[list[int]] = []
    one_by_one = 0.0
    for _ in range(rounds):
        pairing = form_pods(entrants, pod, meetings(games), skill_only)
        one_by_one += pairing.cost.skill_spread
        games += [list(p.members) for p in pairing.pods]
    m = cp_model.CpModel()
    x = {(r, p, u): m.new_bool_var(f"x{r}_{p}_{u}") for r in range(rounds)
         for p in range(count) for u in ids}  # fmt: skip
    spreads = []
    for r in range(rounds):
        for u in ids:
            m.add_exactly_one(x[r, p, u] for p in range(count))
        m.add(x[r, 0, ids[0]] == 1)  # the pods of a round are interchangeable
        for p in range(count):
            m.add(sum(x[r, p, u] for u in ids) == pod)
            hi = m.new_int_var(min(skills.values()), max(skills.values()), f"hi{r}_{p}")
            lo = m.new_int_var(min(skills.values()), max(skills.values()), f"lo{r}_{p}")
            for u in ids:
                m.add(hi >= skills[u]).only_enforce_if(x[r, p, u])
                m.add(lo <= skills[u]).only_enforce_if(x[r, p, u])
            spreads.append(hi - lo)
    for a, b in combinations(ids, 2):
        together = []
        for r in range(rounds):
            for p in range(count):
                both = m.new_bool_var(f"t{a}_{b}_{r}_{p}")
                m.add(both >= x[r, p, a] + x[r, p, b] - 1)
                together.append(both)
        m.add(sum(together) <= 1)
    m.minimize(sum(spreads))
    solver, status = solved(m, limit)
    drawn = bench.random_spread(entrants, [pod] * count, random.Random(seed + 1))
    pods = rounds * count
    best, bound = solver.objective_value / pods, solver.best_objective_bound / pods
    print(
        f"{len(ids)} members, {rounds} rounds of pods of {pod}, no repeat meeting: random pods"
        f" {drawn:.0f}; rounds one by one {one_by_one / pods:.0f}"
        f" (ratio {one_by_one / pods / drawn:.2f}); planned together, CP-SAT in {limit:.0f} s:"
        f" {best:.0f} (ratio {best / drawn:.2f}, {solver.status_name(status).lower()}),"
        f" proven bound {max(bound, 0.0):.0f} (ratio {max(bound, 0.0) / drawn:.2f})"
    )


def sliced(entrants: list[Entrant], pod: int) -> list[list[int]]:
    """The standings cut into consecutive pods."""
    order = [e.user_id for e in swiss_order(entrants)]
    out, at = [], 0
    for size in pod_sizes(len(order), pod):
        out.append(order[at : at + size])
        at += size
    return out


def main() -> None:
    """Compare the methods on ``--instances`` instances and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--instances", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=20.0)
    parser.add_argument("--season", action="store_true")
    parser.add_argument("--whole", action="store_true")
    args = parser.parse_args()
    if args.whole:
        whole_season(args.seed, args.limit)
        return
    if args.season:
        season_bound(args.seed, max(args.limit, 120.0))
        return
    rng = random.Random(args.seed)
    excess: dict[str, list[float]] = {k: [] for k in ("slice", "greedy", "search")}
    hits = dict.fromkeys(excess, 0)
    repeats: dict[str, list[int]] = {k: [] for k in (*excess, "cp-sat")}
    times: dict[str, list[float]] = {"search": [], "cp-sat": []}
    proved = 0
    spreads: list[float] = []
    for _ in range(args.instances):
        entrants, met, pod = instance(rng)
        t = time.perf_counter()
        best, sure = optimum(entrants, met, pod, args.limit)
        times["cp-sat"].append(time.perf_counter() - t)
        proved += sure
        t = time.perf_counter()
        searched = [list(p.members) for p in form_pods(entrants, pod, met).pods]
        times["search"].append(time.perf_counter() - t)
        greedy = [list(p.members) for p in form_pods(entrants, pod, met, search=False).pods]
        for name, pods in (("slice", sliced(entrants, pod)), ("greedy", greedy),
                           ("search", searched)):  # fmt: skip
            cost = round_cost(pods, entrants, met)
            excess[name].append(cost.total() - best)
            hits[name] += cost.total() <= best + 1e-6
            repeats[name].append(cost.repeats)
        repeats["cp-sat"].append(int(best // WEIGHTS.repeat))
        spreads.append(best - WEIGHTS.repeat * repeats["cp-sat"][-1])
    n = args.instances
    print(f"instances: {n} (8 to 16 members, pods of 3 to 5, 1 to 3 random earlier rounds)")
    solve = statistics.median(times["cp-sat"])
    print(f"cp-sat: proved optimal in {proved}/{n}, median {solve:.2f} s")
    print(f"search: median {1000 * statistics.median(times['search']):.2f} ms")
    print(f"repeats, mean per round: cp-sat {statistics.mean(repeats['cp-sat']):.2f}")
    print(f"cp-sat's cost less its repeats (the spreads), mean: {statistics.mean(spreads):.1f}")
    for name in excess:
        print(
            f"{name:>7}: optimum found {hits[name]}/{n}, mean excess cost"
            f" {statistics.mean(excess[name]):.1f}, worst {max(excess[name]):.1f},"
            f" repeats {statistics.mean(repeats[name]):.2f}"
        )


if __name__ == "__main__":
    main()
