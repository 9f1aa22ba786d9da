"""The search behind a round's pods (``bot.seasons.pods``): the cost of a pod, the greedy
pass and the local search. Members are indices in Swiss order (0 is the top of the
standings); a unit is a member alone or a pair who must share a pod.

Why a local search and not a solver: ``bench/pods_optimum.py`` compares, on 60 rounds of
8 to 16 members (pods of 3 to 5, after 1 to 3 random earlier rounds, so that many members
already met), this search with OR-Tools' CP-SAT minimising the same cost (proved optimal on
all 60, 0.1 s median) and with the greedy pass alone. The greedy pass leaves 4.62 repeat
meetings a round where the optimum has 3.88 (the standings cut in slices: 7.05); the search
reaches the optimum's repeats on every instance, the optimum itself on 46 of 60, and is
38 points above it on average (3% of the optimum's spreads, 1,136), in 3 ms. CP-SAT cannot
form 1,000 members' pods within a second (the search takes 0.2 to 0.7 s, ``bench/pods.py``),
so shipping it would mean two methods and a large dependency for that 3%.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from .balance import spread

#: How many units, down the standings, the greedy pass weighs for each seat.
LOOKAHEAD = 16
#: How far apart in the standings (in pods) the local search changes members.
WINDOW = 3
#: A bound on the local search's passes (it stops earlier when nothing helps).
MAX_PASSES = 50
#: A change must save more than this to count (float noise is not a gain).
EPSILON = 1e-9

Unit = tuple[int, ...]
#: Lowest and highest points, lowest and highest skill, and repeats, of some members.
Summary = tuple[float, float, float, float, int]
INF = float("inf")


@dataclass(frozen=True)
class Weights:
    """What a round's cost counts (``bot.seasons.pods`` says why these defaults)."""

    #: Per earlier meeting of two members who share a pod again.
    repeat: float = 1_000_000.0
    #: Per season point of a pod's points spread.
    points: float = 100.0
    #: Per display point of a pod's skill spread.
    skill: float = 1.0


WEIGHTS = Weights()


@dataclass(frozen=True)
class Cost:
    """A round's cost by part: earlier meetings repeated (a pair who met twice before counts
    2), and the sums over pods of the points spread and of the skill spread."""

    repeats: int
    points_spread: float
    skill_spread: float

    def total(self, weights: Weights = WEIGHTS) -> float:
        """The one number the search lowers."""
        return (
            weights.repeat * self.repeats
            + weights.points * self.points_spread
            + weights.skill * self.skill_spread
        )


class PodSearch:
    """One round's members (points and skill by index), pairs (``mate``: both ways), how
    often two met (``met[i][j]``, symmetric; partners' meetings left out) and weights."""

    def __init__(
        self,
        points: Sequence[float],
        skill: Sequence[float],
        mate: Mapping[int, int],
        met: Sequence[Mapping[int, int]],
        weights: Weights = WEIGHTS,
    ) -> None:
        self.points = list(points)
        self.skill = list(skill)
        self.mate = dict(mate)
        self.met = met
        self.weights = weights

    def repeats(self, pod: Sequence[int]) -> int:
        """Earlier meetings among a pod's members."""
        met, count = self.met, 0
        for k in range(len(pod) - 1):
            row = met[pod[k]]
            if row:
                for other in pod[k + 1 :]:
                    if other in row:
                        count += row[other]
        return count

    def cost(self, pod: Sequence[int]) -> float:
        """A pod's part of the round's cost (the hot spot of the search: written plainly)."""
        if len(pod) < 2:
            return 0.0
        w = self.weights
        pts = [self.points[i] for i in pod]
        sks = [self.skill[i] for i in pod]
        spreads = w.points * (max(pts) - min(pts)) + w.skill * (max(sks) - min(sks))
        return w.repeat * self.repeats(pod) + spreads

    def cost_of(self, pods: Iterable[Sequence[int]]) -> Cost:
        """The round's cost by part."""
        pods = list(pods)
        return Cost(
            sum(self.repeats(p) for p in pods),
            sum(spread([self.points[i] for i in p]) for p in pods),
            sum(spread([self.skill[i] for i in p]) for p in pods),
        )

    def units(self) -> list[Unit]:
        """Members alone or in pairs, in Swiss order (a pair where its better member is)."""
        out: list[Unit] = []
        for i in range(len(self.points)):
            if i not in self.mate:
                out.append((i,))
            elif self.mate[i] > i:
                out.append((i, self.mate[i]))
        return out

    def greedy(self, sizes: Sequence[int]) -> list[list[int]]:
        """Pods of ``sizes``, filled from the top: each opens with the best unit left, then
        takes, among the next ``LOOKAHEAD`` units that fit, the one adding least cost. A unit
        fits when the seats left can still be filled: every pod with an odd number of free
        seats needs a member who is alone."""
        left = self.units()
        alone = sum(1 for u in left if len(u) == 1)
        pods: list[list[int]] = []
        odd_after = [sum(1 for s in sizes[k + 1 :] if s % 2) for k in range(len(sizes))]
        for k, size in enumerate(sizes):
            pod: list[int] = []
            while len(pod) < size:
                base = self.cost(pod)
                best: tuple[float, int] | None = None
                for at, unit in enumerate(left):
                    if at >= LOOKAHEAD and best is not None:
                        break
                    free = size - len(pod) - len(unit)
                    if free < 0 or free % 2 + odd_after[k] > alone - (len(unit) == 1):
                        continue
                    added = self.cost(pod + list(unit)) - base if pod else 0.0
                    if best is None or added < best[0]:
                        best = (added, at)
                assert best is not None, "the sizes leave a seat for every unit"
                unit = left.pop(best[1])
                alone -= len(unit) == 1
                pod.extend(unit)
            pods.append(pod)
        return pods

    def blocks(self, pod: Sequence[int]) -> list[Unit]:
        """What may leave a pod in one swap: a member alone, a pair, two members alone."""
        alone = [i for i in pod if i not in self.mate]
        out: list[Unit] = [(i,) for i in alone]
        out += [(i, self.mate[i]) for i in pod if self.mate.get(i, -1) > i]
        return out + list(combinations(alone, 2))

    def leaving(self, pod: Sequence[int]) -> list[tuple[Unit, list[int], Summary]]:
        """Each block that may leave a pod, with the members who stay and their summary."""
        out = []
        for block in self.blocks(pod):
            rest = [i for i in pod if i not in block]
            out.append((block, rest, self.summary(rest)))
        return out

    def summary(self, members: Sequence[int]) -> Summary:
        """Lowest and highest points and skill, and the repeats, of some members."""
        if not members:
            return (INF, -INF, INF, -INF, 0)
        pts = [self.points[i] for i in members]
        sks = [self.skill[i] for i in members]
        return (min(pts), max(pts), min(sks), max(sks), self.repeats(members))

    def joined(self, rest: Sequence[int], summary: Summary, block: Unit) -> float:
        """The cost of ``rest`` (summed up in ``summary``) with ``block`` added: ``cost``,
        without building the pod (the swaps' hot spot)."""
        low_p, high_p, low_s, high_s, repeats = summary
        met = self.met
        for i in block:
            p, s = self.points[i], self.skill[i]
            low_p, high_p = min(low_p, p), max(high_p, p)
            low_s, high_s = min(low_s, s), max(high_s, s)
            row = met[i]
            if row:
                for other in rest:
                    if other in row:
                        repeats += row[other]
        if len(block) == 2:
            repeats += met[block[0]].get(block[1], 0)
        w = self.weights
        return w.repeat * repeats + w.points * (high_p - low_p) + w.skill * (high_s - low_s)

    def best_change(
        self, a: list[int], b: list[int], fixed: bool
    ) -> tuple[list[int], list[int]] | None:
        """The change between two pods that saves most, if any saves: a swap of blocks of
        the same size, or (unless ``fixed``: a team pod is in it) a member alone moving to
        a pod one seat smaller, which keeps the round's sizes."""
        before = self.cost(a) + self.cost(b)
        found: tuple[Unit, Unit] | None = None
        gain = EPSILON
        from_b = self.leaving(b)
        for x, rest_a, sum_a in self.leaving(a):
            for y, rest_b, sum_b in from_b:
                if len(x) == len(y):
                    saved = before - self.joined(rest_a, sum_a, y) - self.joined(rest_b, sum_b, x)
                    if saved > gain:
                        found, gain = (x, y), saved
        if not fixed:
            for src, dst, flip in ((a, b, False), (b, a, True)):
                if len(src) != len(dst) + 1:
                    continue
                for i in src:
                    if i in self.mate:
                        continue
                    rest = [j for j in src if j != i]
                    saved = before - self.cost(rest) - self.cost([*dst, i])
                    if saved > gain:
                        found, gain = ((i,), ()) if not flip else ((), (i,)), saved
        if found is None:
            return None
        x, y = found
        return [i for i in a if i not in x] + list(y), [i for i in b if i not in y] + list(x)

    def improve(self, pods: list[list[int]], fixed: Sequence[bool]) -> None:
        """Change pods while the round's cost falls: changes between two pods, and when none
        helps, cycles through three. Each pass looks only at pods of which one changed since
        they were last looked at. ``fixed`` marks the team pods, whose size never changes."""
        fresh = set(range(len(pods)))
        for _ in range(MAX_PASSES):
            fresh = self.swaps(pods, fixed, fresh)
            fresh = self.cycles(pods, fresh)
            if not fresh:
                return

    def swaps(self, pods: list[list[int]], fixed: Sequence[bool], fresh: set[int]) -> set[int]:
        """Changes between two pods until none helps: between pods at most ``WINDOW`` apart,
        and between a pod holding a repeat meeting and every other. Returns the pods changed
        on the way, with ``fresh``."""
        touched, changed = set(fresh), set(fresh)
        for _ in range(MAX_PASSES):
            if not changed:
                break
            seen, changed = changed, set()
            for a in range(len(pods)):
                if self.repeats(pods[a]):
                    others: Iterable[int] = range(len(pods))
                else:  # a change is symmetric: each two pods once
                    others = range(a + 1, min(len(pods), a + WINDOW + 1))
                for b in others:
                    if b == a or not {a, b} & (seen | changed):
                        continue
                    change = self.best_change(pods[a], pods[b], fixed[a] or fixed[b])
                    if change is not None:
                        pods[a], pods[b] = change
                        changed |= {a, b}
            touched |= changed
        return touched

    def cycles(self, pods: list[list[int]], fresh: set[int]) -> set[int]:
        """One pass of cycles through three pods at most ``WINDOW`` apart, one of them in
        ``fresh``: a member of each moves on to the next. Returns the pods changed."""
        changed: set[int] = set()
        for a in range(len(pods)):
            for b in range(a + 1, min(len(pods), a + WINDOW + 1)):
                for c in range(b + 1, min(len(pods), a + WINDOW + 1)):
                    if not {a, b, c} & (fresh | changed):
                        continue
                    for p, q, r in ((a, b, c), (a, c, b)):
                        if self.cycle(pods, p, q, r):
                            changed |= {a, b, c}
        return changed

    def cycle(self, pods: list[list[int]], p: int, q: int, r: int) -> bool:
        """Move some x of pod p to q, y of q to r and z of r to p, if that lowers the cost
        (the first such cycle); whether it did. Members of pairs stay."""
        before = self.cost(pods[p]) + self.cost(pods[q]) + self.cost(pods[r])
        xs, ys, zs = ([i for i in pods[k] if i not in self.mate] for k in (p, q, r))

        def without(k: int, members: list[int]) -> dict[int, tuple[list[int], Summary]]:
            rest = {i: [j for j in pods[k] if j != i] for i in members}
            return {i: (rest[i], self.summary(rest[i])) for i in members}

        # Each pod's cost for who leaves it and who comes in: k² costs a pod, not k³.
        out_p, out_q, out_r = without(p, xs), without(q, ys), without(r, zs)
        to_q = {(x, y): self.joined(*out_q[y], (x,)) for x in xs for y in ys}
        to_r = {(y, z): self.joined(*out_r[z], (y,)) for y in ys for z in zs}
        to_p = {(z, x): self.joined(*out_p[x], (z,)) for z in zs for x in xs}
        for (x, y), cost_q in to_q.items():
            for z in zs:
                if to_p[z, x] + cost_q + to_r[y, z] < before - EPSILON:
                    pods[p] = [i for i in pods[p] if i != x] + [z]
                    pods[q] = [i for i in pods[q] if i != y] + [x]
                    pods[r] = [i for i in pods[r] if i != z] + [y]
                    return True
        return False
