"""The last touch on a skeleton: small vertex moves that even out region areas and fatten
thin triangles, so every border and wedge is a few hex cells wide.
"""

from __future__ import annotations

import math

from .plane import Point, triangle_area


def _tri_cost(
    t: tuple[int, int, int], pos: dict[int, Point], owner: dict[int, int], min_border: float
) -> float:
    """Penalty for short borders and thin wedges inside one triangle.

    Cells go to the corner with the largest barycentric coordinate, so inside a triangle
    the border between corners ``u`` and ``v`` runs from the middle of ``uv`` to the
    centroid, and corner ``w``'s cells stay a third of its height away from ``uv``. Both
    must be a few cells long or the hex layout loses or gains contacts.
    """
    cost = 0.0
    for k in range(3):
        u, v, w = t[k], t[(k + 1) % 3], t[(k + 2) % 3]
        if u not in owner or v not in owner or owner[u] == owner[v]:
            continue
        pu, pv, pw = pos[u], pos[v], pos[w]
        mid = ((pu[0] + pv[0]) / 2, (pu[1] + pv[1]) / 2)
        length = math.dist(mid, pw)
        if w in owner:
            length /= 3
        if length < min_border:
            cost += (1 - length / min_border) ** 2
        if w in owner:
            base = math.dist(pu, pv) or 1e-9
            height = abs(triangle_area(pu, pv, pw)) * 2 / base / 3
            if height < min_border:
                cost += (1 - height / min_border) ** 2
    return cost


def polish(
    pos: dict[int, Point],
    triangles: list[tuple[int, int, int]],
    owner: dict[int, int],
    area_target: dict[int, float],
    min_border: float,
) -> None:
    """Move vertices (in place) to even out region areas and fatten thin triangles.

    A plain coordinate search: try small steps in eight directions, keep a step if it
    lowers the cost and turns no triangle over, and shrink the steps. The rim stays put.
    """
    sign = {}
    for fam in (
        [t for t in triangles if all(v in owner for v in t)],
        [t for t in triangles if not all(v in owner for v in t)],
    ):
        total = sum(triangle_area(*(pos[v] for v in t)) for t in fam)
        for t in fam:
            sign[t] = 1.0 if total >= 0 else -1.0
    inc: dict[int, list[tuple[int, int, int]]] = {v: [] for v in owner}
    for t in triangles:
        for v in t:
            if v in inc:
                inc[v].append(t)
    area = dict.fromkeys(area_target, 0.0)

    def shares(t: tuple[int, int, int]) -> tuple[list[int], float]:
        owners = [owner[v] for v in t if v in owner]
        return owners, abs(triangle_area(pos[t[0]], pos[t[1]], pos[t[2]])) / len(owners)

    for t in triangles:
        owners, a = shares(t)
        for r in owners:
            area[r] += a

    def local(v: int) -> tuple[float, dict[int, float]]:
        touched: dict[int, float] = {}
        cost = 0.0
        for t in inc[v]:
            owners, a = shares(t)
            for r in owners:
                touched[r] = touched.get(r, 0.0) + a
            cost += _tri_cost(t, pos, owner, min_border)
        return cost, touched

    def area_cost(r: int, a: float) -> float:
        return 4.0 * (a / area_target[r] - 1.0) ** 2

    dirs = [(math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8)]
    order = sorted(inc)
    for step in (48.0, 24.0, 12.0, 6.0, 3.0):
        for _sweep in range(6):
            moved = False
            for v in order:
                old = pos[v]
                c0, t0 = local(v)
                e0 = c0 + sum(area_cost(r, area[r]) for r in t0)
                best: tuple[float, Point, dict[int, float]] | None = None
                for dx, dy in dirs:
                    pos[v] = (old[0] + step * dx, old[1] + step * dy)
                    if any(
                        triangle_area(pos[t[0]], pos[t[1]], pos[t[2]]) * sign[t] <= 1.0
                        for t in inc[v]
                    ):
                        continue
                    c1, t1 = local(v)
                    e1 = c1 + sum(
                        area_cost(r, area[r] - t0.get(r, 0.0) + t1.get(r, 0.0)) for r in t0
                    )
                    if e1 < e0 - 1e-9 and (best is None or e1 < best[0]):
                        best = (e1, pos[v], t1)
                pos[v] = old
                if best is not None:
                    pos[v] = best[1]
                    for r in t0:
                        area[r] += best[2].get(r, 0.0) - t0[r]
                    moved = True
            if not moved:
                break
