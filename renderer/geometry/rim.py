"""The board's rim: which board-edge regions take the corners, where each one's stretch of
the rectangle's edge begins and ends, and the triangles that join the ring of board-edge
regions to those fixed points.
"""

from __future__ import annotations

import itertools
import math

from .plane import Point


def _perimeter_point(s: float, width: float, height: float) -> Point:
    """Point at fraction ``s`` of the board rectangle's perimeter, clockwise from top-left."""
    per = 2 * (width + height)
    d = (s % 1.0) * per
    if d < width:
        return (d, 0.0)
    d -= width
    if d < height:
        return (width, d)
    d -= height
    if d < width:
        return (width - d, height)
    return (0.0, height - (d - width))


def _corner_fractions(width: float, height: float) -> list[float]:
    per = 2 * (width + height)
    return [0.0, width / per, (width + height) / per, (2 * width + height) / per]


def choose_rim(
    ring: list[int], rim: dict[int, float], width: float, height: float
) -> tuple[list[int], list[float]]:
    """Pick the board's corner regions and spread the ring along the rim.

    Returns the ring (clockwise on screen, starting with the top-left corner region) and
    where along the rim (fraction of the perimeter, clockwise from the top-left corner)
    each ring region's stretch ends. Each corner sits in the middle of one region's
    stretch, so no region is squeezed into a thin strip around a corner. Corner regions
    are chosen so each side gets rim weight in proportion to its length; among the
    best-balanced choices, the one whose order best follows the maps' numbering (left to
    right, top to bottom) wins, which also fixes the mirror image.
    """
    k = len(ring)
    sides = [width, height, width, height]
    per = 2 * (width + height)
    corner_at = [0.0, width, width + height, 2 * width + height]
    if k < 4:
        # Too few regions for one per corner: equal shares, starting at the top-left.
        total = sum(rim[v] for v in ring)
        acc, ends = 0.0, []
        for v in ring:
            acc += rim[v] / total
            ends.append(acc - 0.5 * rim[ring[0]] / total)
        return ring, ends
    options: list[tuple[float, list[int], tuple[int, ...]]] = []
    for direction in (ring, [ring[0], *reversed(ring[1:])]):
        wts = [rim[v] for v in direction]
        for first in range(k):
            order = direction[first:] + direction[:first]
            ow = wts[first:] + wts[:first]
            prefix = [0.0]
            for x in ow:
                prefix.append(prefix[-1] + x)
            for i1 in range(1, k - 2):
                for i2 in range(i1 + 1, k - 1):
                    for i3 in range(i2 + 1, k):
                        cs = (0, i1, i2, i3, k)
                        cost = 0.0
                        for s in range(4):
                            a, b = cs[s], cs[s + 1]
                            wsum = prefix[b] - prefix[a + 1] + (ow[a] + ow[b % k]) / 2
                            cost += math.log(wsum / prefix[k] * per / sides[s]) ** 2
                        options.append((cost, order, (0, i1, i2, i3)))
    floor = min(o[0] for o in options)
    best: tuple[float, list[int], list[float]] | None = None
    for cost, order, cs in options:
        if cost > floor + 0.3:
            continue
        ends = _side_ends(order, rim, cs, sides, corner_at, per)
        keys = []
        for i in range(k):
            start = ends[i - 1] - (1.0 if i == 0 else 0.0)
            x, y = _perimeter_point((start + ends[i]) / 2, width, height)
            keys.append(y / height + 0.35 * x / width)
        score = _correlation(order, keys) - cost
        if best is None or score > best[0] + 1e-12:
            best = (score, order, ends)
    assert best is not None
    return best[1], best[2]


def _correlation(xs: list[int], ys: list[float]) -> float:
    """Pearson correlation of two equally long sequences (0 if either is constant)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(xs, ys, strict=True))
    sxx = sum((a - mx) ** 2 for a in xs)
    syy = sum((b - my) ** 2 for b in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def _side_ends(
    order: list[int],
    rim: dict[int, float],
    corners: tuple[int, ...],
    sides: list[float],
    corner_at: list[float],
    per: float,
) -> list[float]:
    """End of each region's rim stretch (perimeter fraction) for the given corner regions."""
    k = len(order)
    ends = [0.0] * k
    cs = (*corners, k)
    for s in range(4):
        a, b = cs[s], cs[s + 1]
        wsum = sum(rim[order[i]] for i in range(a + 1, b)) + (rim[order[a]] + rim[order[b % k]]) / 2
        scale = sides[s] / wsum
        at = corner_at[s] + scale * rim[order[a]] / 2
        ends[a] = at / per
        for i in range(a + 1, b):
            at += scale * rim[order[i]]
            ends[i] = at / per
    return ends


def rim_layout(
    ring: list[int], ends: list[float], width: float, height: float
) -> tuple[dict[int, Point], dict[int, list[int]], list[tuple[int, int, int]]]:
    """Fixed rim points, which rim points each board-edge region is joined to, and the
    triangles between the ring and the rim.

    Rim point ids: ``-1000 - i`` is the junction after ``ring[i]``; ``-2000 - k`` is
    corner ``k``. Region ``ring[i]`` owns the rim from the junction before it to the
    junction after it (``ends[i - 1]`` to ``ends[i]``), and every corner in between.
    """
    corners = _corner_fractions(width, height)
    fixed: dict[int, Point] = {}
    links: dict[int, list[int]] = {}
    tris: list[tuple[int, int, int]] = []
    n = len(ring)
    for i, v in enumerate(ring):
        a = ends[i - 1] - (1.0 if i == 0 else 0.0)
        b = ends[i]
        fixed[-1000 - i] = _perimeter_point(b, width, height)
        chain = [-1000 - (i - 1) % n]
        # Corners whose fraction (taken modulo 1) lies inside (a, b).
        inside = []
        for k, c in enumerate(corners):
            for shift in (-1.0, 0.0, 1.0, 2.0):
                if a < c + shift < b:
                    inside.append((c + shift, k))
        for _, k in sorted(inside):
            fixed[-2000 - k] = _perimeter_point(corners[k], width, height)
            chain.append(-2000 - k)
        chain.append(-1000 - i)
        links[v] = chain
        for p, q in itertools.pairwise(chain):
            tris.append((v, p, q))
        tris.append((v, ring[(i + 1) % n], -1000 - i))
    return fixed, links, tris
