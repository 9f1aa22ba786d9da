"""Simulated annealing of a hex layout that never breaks the hard requirements.

A move hands one border cell to a neighbouring region. It is only considered when
(a) the cell is "simple" for both regions: on a hex grid a region keeps its number of
pieces and holes when a cell is added or removed exactly if the region's cells among the
six neighbours form one unbroken run; (b) no required contact (with another region or
the outside) drops to zero and no forbidden one appears. The energy favours round,
evenly sized regions and contacts at least ``min_contact`` hex edges long.
"""

from __future__ import annotations

import math
import random

from .layout import Problem


def anneal(
    problem: Problem,
    owner: list[int],
    rng: random.Random,
    sweeps: float = 60.0,
    t_start: float = 0.6,
    t_end: float = 0.01,
    min_contact: int = 4,
    min_fraction: float = 0.35,
) -> list[int]:
    """Improve ``owner`` (a valid layout) and return the new one; the input is not changed.

    ``sweeps`` is the number of proposed moves per cell; temperature falls geometrically
    from ``t_start`` to ``t_end``. Regions never shrink below ``min_fraction`` of their
    target size.
    """
    owner = list(owner)
    n = problem.n
    out = n
    stride = n + 1
    nbr = problem.nbr
    allowed = problem.allowed
    target = problem.target
    count = len(owner)

    area = [0] * n
    perim = [0] * n
    contact = [0] * (stride * stride)
    for c in range(count):
        a = owner[c]
        area[a] += 1
        for d in nbr[c]:
            b = out if d < 0 else owner[d]
            if b != a:
                perim[a] += 1
                contact[a * stride + b] += 1
                if d < 0:
                    contact[out * stride + a] += 1
    min_area = [max(3, int(min_fraction * t)) for t in target]

    # Energy terms, all per region: P^2 / A relative to a hexagon's (about 13.86 for hex
    # cell counts; a round blob scores near 1), squared relative area error, and a
    # penalty for short required contacts.
    def shape(p: int, a: int) -> float:
        return p * p / (a * 13.86)

    w_area = 15.0
    w_contact = 0.6

    def size(k: int, a: int) -> float:
        e = a / target[k] - 1.0
        return w_area * e * e

    def short(c: int) -> float:
        return w_contact * (min_contact - c) ** 2 if 0 < c < min_contact else 0.0

    total_moves = int(sweeps * count)
    cooling = (t_end / t_start) ** (1.0 / max(1, total_moves))
    temp = t_start
    border = _border_cells(owner, nbr)
    refresh = max(1000, count // 2)
    rand = rng.random
    for step in range(total_moves):
        temp *= cooling
        if step % refresh == 0:
            border = _border_cells(owner, nbr)
        c = border[int(rand() * len(border))]
        a = owner[c]
        ring = [out if d < 0 else owner[d] for d in nbr[c]]
        b = ring[int(rand() * 6)]
        if b in (a, out) or area[a] <= min_area[a]:
            continue
        # Simple-point tests: one run of a-cells and one run of b-cells around c.
        runs_a = runs_b = 0
        prev = ring[5]
        n_a = n_b = 0
        for x in ring:
            if x == a:
                n_a += 1
                if prev != a:
                    runs_a += 1
            elif x == b:
                n_b += 1
                if prev != b:
                    runs_b += 1
            prev = x
        if runs_a != 1 or runs_b != 1:
            continue
        # Contact changes: c's edges to each neighbour x move from pair (a, x) to (b, x).
        delta: dict[int, int] = {}
        for x in ring:
            if x != a:
                delta[a * stride + x] = delta.get(a * stride + x, 0) - 1
            if x != b:
                delta[b * stride + x] = delta.get(b * stride + x, 0) + 1
        ok = True
        e_contact = 0.0
        for key, dv in delta.items():
            old = contact[key]
            new = old + dv
            if new <= 0 and old > 0 and allowed[key]:
                ok = False
                break
            if new > 0 and not allowed[key]:
                ok = False
                break
            e_contact += short(new) - short(old)
        if not ok:
            continue
        dpa = 2 * n_a - 6
        dpb = 6 - 2 * n_b
        pa, pb, aa, ab = perim[a], perim[b], area[a], area[b]
        de = (
            shape(pa + dpa, aa - 1)
            - shape(pa, aa)
            + shape(pb + dpb, ab + 1)
            - shape(pb, ab)
            + size(a, aa - 1)
            - size(a, aa)
            + size(b, ab + 1)
            - size(b, ab)
            + e_contact
        )
        if de > 0 and rand() >= math.exp(-de / temp):
            continue
        owner[c] = b
        area[a] -= 1
        area[b] += 1
        perim[a] += dpa
        perim[b] += dpb
        for key, dv in delta.items():
            contact[key] += dv
            # Keep the table symmetric (both orders of every pair).
            x, y = divmod(key, stride)
            contact[y * stride + x] += dv
    return owner


def _border_cells(owner: list[int], nbr: list[tuple[int, ...]]) -> list[int]:
    """Cells with at least one neighbour in another region."""
    return [c for c in range(len(owner)) if any(d >= 0 and owner[d] != owner[c] for d in nbr[c])]
