"""From a hex layout to drawable geometry: outlines, shared borders, label points.

Region outlines follow hex edges, which looks like a board game printed on graph paper,
so each border between two junctions (points where three regions, or two regions and
the outside, meet) is smoothed and given a little wobble. Each border is computed once
and used by both regions it separates, so neighbours always agree exactly and no gaps
or overlaps appear. The grid's ragged outer rim is mapped onto the board rectangle.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from .grid import CORNERS, EDGE_CORNERS
from .layout import Problem

Point = tuple[float, float]
Vertex = tuple[int, int]

#: Unit steps of the label point search.
_DIRECTIONS = [(math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8)]


@dataclass
class Border:
    """A border polyline between region ``a`` and region ``b`` (``b`` may be OUTSIDE=-1).

    Walking from the first point to the last, region ``a`` is on the right (on screen).
    """

    a: int
    b: int
    points: list[Point]


@dataclass
class RegionShape:
    """Outline (clockwise on screen), area, label point and its clearance, in pixels."""

    id: int
    outline: list[Point]
    area: float
    label: Point
    clearance: float


@dataclass
class Outlines:
    """Everything :func:`trace` produces."""

    regions: list[RegionShape]
    borders: list[Border]


def trace(
    problem: Problem,
    owner: list[int],
    width: float,
    height: float,
    seed: int,
    smooth: int = 4,
    wobble: float = 0.35,
) -> Outlines:
    """Trace, smooth and label the regions of a valid layout.

    ``smooth`` is the number of smoothing passes over each border and ``wobble`` the
    amplitude of the hand-drawn wiggle in cell sizes; both are reduced for any border
    whose smoothed version would cross another one.
    """
    grid = problem.grid
    n = problem.n
    out = n
    nbr = problem.nbr
    # Directed boundary edges per region: cell corners run clockwise, so the region is on
    # the right of each edge. A hex corner touches three cells, so it occurs at most once
    # on a region's outline and "next corner" is well defined.
    nxt: list[dict[Vertex, tuple[Vertex, int]]] = [{} for _ in range(n)]
    owners_at: dict[Vertex, set[int]] = {}
    rim_next: dict[Vertex, Vertex] = {}
    for c in range(grid.count):
        a = owner[c]
        x, y = grid.lattice_center(c)
        corners = [(x + dx, y + dy) for dx, dy in CORNERS]
        for v in corners:
            owners_at.setdefault(v, set()).add(a)
        for d, nb in enumerate(nbr[c]):
            b = out if nb < 0 else owner[nb]
            if b == a:
                continue
            i, j = EDGE_CORNERS[d]
            nxt[a][corners[i]] = (corners[j], b)
            if nb < 0:
                owners_at[corners[i]].add(out)
                owners_at[corners[j]].add(out)
                rim_next[corners[i]] = corners[j]

    pos: dict[Vertex, Point] = {v: grid.lattice_to_px(*v) for v in owners_at}
    _snap_rim(rim_next, pos, width, height)

    def junction(v: Vertex) -> bool:
        return len(owners_at[v]) >= 3

    # Split each region's outline into runs between junctions; each run is a border.
    chains: dict[tuple[Vertex, Vertex], tuple[int, bool]] = {}
    raw: list[tuple[int, int, list[Vertex]]] = []
    loops: list[list[tuple[int, bool]]] = []
    for k in range(n):
        loop = _walk(nxt[k], f"region {problem.ids[k]}")
        starts = [i for i, v in enumerate(loop) if junction(v)] or [0]
        pieces: list[tuple[int, bool]] = []
        first = starts[0]
        loop = loop[first:] + loop[:first]
        starts = [i - first for i in starts]
        for si, s in enumerate(starts):
            e = starts[si + 1] if si + 1 < len(starts) else len(loop)
            verts = [*loop[s:e], loop[e % len(loop)]]
            key = (verts[0], verts[1])
            if key not in chains:
                other = nxt[k][verts[0]][1]
                idx = len(raw)
                raw.append((k, other, verts))
                chains[key] = (idx, False)
                if other != out:
                    chains[(verts[-1], verts[-2])] = (idx, True)
            pieces.append(chains[key])
        loops.append(pieces)

    cell = grid.size
    smoothed = [_smooth_chain(ch, pos, smooth if b != out else 0) for _, b, ch in raw]
    wob = [wobble if b != out else 0.0 for _, b, _ in raw]
    lines = [
        _wobble(pts, wob[i] * cell, random.Random(f"{seed}:{raw[i][2][0]}:{raw[i][2][-1]}"))
        for i, pts in enumerate(smoothed)
    ]
    # Smoothing moves points by up to about a cell; where two borders pass close to each
    # other that may make them cross. Tone such borders down until nothing crosses.
    for _attempt in range(4):
        bad = _crossing_chains(lines)
        if not bad:
            break
        for i in sorted(bad):
            level = _attempt + 1
            passes = max(0, smooth - 2 * level) if raw[i][1] != out else 0
            pts = _smooth_chain(raw[i][2], pos, passes)
            amp = wob[i] * cell / (2**level) if level < 3 else 0.0
            lines[i] = _wobble(pts, amp, random.Random(f"{seed}:{raw[i][2][0]}:{raw[i][2][-1]}"))
    else:
        bad = _crossing_chains(lines)
        if bad:
            raise RuntimeError(f"smoothed borders still cross: chains {sorted(bad)}")
    lines = [_simplify(pts, 0.35) for pts in lines]

    borders = [
        Border(problem.ids[a], -1 if b == out else problem.ids[b], lines[i])
        for i, (a, b, _) in enumerate(raw)
    ]
    cells_of: list[list[int]] = [[] for _ in range(n)]
    for c, k in enumerate(owner):
        cells_of[k].append(c)
    shapes = []
    for k in range(n):
        outline: list[Point] = []
        for idx, rev in loops[k]:
            pts = lines[idx][::-1] if rev else lines[idx]
            outline.extend(pts[:-1])
        area = abs(_signed_area(outline))
        label, clear = _label_point(problem, owner, k, cells_of[k], outline)
        shapes.append(RegionShape(problem.ids[k], outline, area, label, clear))
    return Outlines(shapes, borders)


def _walk(nxt: dict[Vertex, tuple[Vertex, int]], what: str = "the board's rim") -> list[Vertex]:
    """The single closed outline of ``what`` (it has no holes), from its smallest corner."""
    start = min(nxt)
    loop = [start]
    v = nxt[start][0]
    while v != start:
        loop.append(v)
        v = nxt[v][0]
        if len(loop) > len(nxt):
            raise RuntimeError(f"{what}'s outline is not a closed ring")
    if len(loop) != len(nxt):
        raise RuntimeError(f"{what} has more than one outline (a hole or a second piece)")
    return loop


def _snap_rim(
    rim_next: dict[Vertex, Vertex], pos: dict[Vertex, Point], width: float, height: float
) -> None:
    """Map the grid's ragged outer outline onto the board rectangle, keeping its order.

    The rim corners nearest the rectangle's corners are pinned to them and the rest is
    spread along each side in proportion to the length walked along the ragged rim.
    """
    if not rim_next:
        return
    loop = _walk({v: (w, 0) for v, w in rim_next.items()})
    targets = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    anchors = [
        min(range(len(loop)), key=lambda i, t=t: math.dist(pos[loop[i]], t)) for t in targets
    ]
    start = anchors[0]
    loop = loop[start:] + loop[:start]
    anchors = [(a - start) % len(loop) for a in anchors]
    if anchors != sorted(anchors):
        raise RuntimeError("board rim corners are out of order")
    anchors.append(len(loop))
    old = {v: pos[v] for v in loop}
    for side in range(4):
        i0, i1 = anchors[side], anchors[side + 1]
        seg = [*loop[i0:i1], loop[i1 % len(loop)]]
        cum = [0.0]
        for p, q in itertools.pairwise(seg):
            cum.append(cum[-1] + math.dist(old[p], old[q]))
        total = cum[-1] or 1.0
        a, b = targets[side], targets[(side + 1) % 4]
        for v, s in zip(seg[:-1], cum[:-1], strict=True):
            f = s / total
            pos[v] = (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]))


def _smooth_chain(chain: list[Vertex], pos: dict[Vertex, Point], passes: int) -> list[Point]:
    """Laplacian smoothing with fixed ends; one pass removes the hex zigzag entirely."""
    pts = [pos[v] for v in chain]
    for _ in range(passes):
        if len(pts) < 3:
            break
        pts = [
            pts[0],
            *(
                (
                    0.5 * pts[i][0] + 0.25 * (pts[i - 1][0] + pts[i + 1][0]),
                    0.5 * pts[i][1] + 0.25 * (pts[i - 1][1] + pts[i + 1][1]),
                )
                for i in range(1, len(pts) - 1)
            ),
            pts[-1],
        ]
    return pts


def _wobble(pts: list[Point], amp: float, rng: random.Random) -> list[Point]:
    """Offset a polyline sideways by a smooth random wave that vanishes at both ends."""
    if amp <= 0 or len(pts) < 3:
        return pts
    cum = [0.0]
    for p, q in itertools.pairwise(pts):
        cum.append(cum[-1] + math.dist(p, q))
    total = cum[-1]
    if total <= 0:
        return pts
    waves = max(1.0, total / 180.0)
    f1, f2 = waves * rng.uniform(0.8, 1.2), waves * rng.uniform(2.0, 2.6)
    p1, p2 = rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi)
    out = [pts[0]]
    for i in range(1, len(pts) - 1):
        t = cum[i] / total
        dx = pts[i + 1][0] - pts[i - 1][0]
        dy = pts[i + 1][1] - pts[i - 1][1]
        norm = math.hypot(dx, dy) or 1.0
        # Taper over the first and last stretch so borders meet junctions head-on.
        taper = min(1.0, cum[i] / 25.0, (total - cum[i]) / 25.0)
        off = (
            amp
            * taper
            * (
                0.65 * math.sin(2 * math.pi * f1 * t + p1)
                + 0.35 * math.sin(2 * math.pi * f2 * t + p2)
            )
        )
        out.append((pts[i][0] - dy / norm * off, pts[i][1] + dx / norm * off))
    out.append(pts[-1])
    return out


def _simplify(pts: list[Point], tol: float) -> list[Point]:
    """Douglas-Peucker simplification keeping both ends."""
    if len(pts) < 3:
        return list(pts)
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        best, bi = -1.0, -1
        for k in range(i + 1, j):
            d = _seg_dist(pts[k], pts[i], pts[j])
            if d > best:
                best, bi = d, k
        if best > tol:
            keep[bi] = True
            stack.append((i, bi))
            stack.append((bi, j))
    return [p for p, k in zip(pts, keep, strict=True) if k]


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to segment ``ab``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    if ll == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    """True if segments pq and rs properly intersect (touching at ends does not count)."""

    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(r, s, p), orient(r, s, q)
    d3, d4 = orient(p, q, r), orient(p, q, s)
    return d1 * d2 < 0 and d3 * d4 < 0


def _crossing_chains(lines: list[list[Point]]) -> set[int]:
    """Indices of polylines that cross another polyline or themselves."""
    bucket = 24.0
    grid: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for ci, pts in enumerate(lines):
        for si in range(len(pts) - 1):
            p, q = pts[si], pts[si + 1]
            for bx in range(int(min(p[0], q[0]) // bucket), int(max(p[0], q[0]) // bucket) + 1):
                for by in range(int(min(p[1], q[1]) // bucket), int(max(p[1], q[1]) // bucket) + 1):
                    grid.setdefault((bx, by), []).append((ci, si))
    bad: set[int] = set()
    for segs in grid.values():
        for x in range(len(segs)):
            ci, si = segs[x]
            for y in range(x + 1, len(segs)):
                cj, sj = segs[y]
                if ci == cj and abs(si - sj) <= 1:
                    continue
                a, b = lines[ci][si], lines[ci][si + 1]
                c, d = lines[cj][sj], lines[cj][sj + 1]
                if _cross(a, b, c, d):
                    bad.update((ci, cj))
    return bad


def _signed_area(poly: list[Point]) -> float:
    s = 0.0
    for i in range(len(poly)):
        x1, y1 = poly[i - 1]
        x2, y2 = poly[i]
        s += x1 * y2 - x2 * y1
    return s / 2


def point_in_polygon(p: Point, poly: list[Point]) -> bool:
    """Even-odd test: is ``p`` inside the simple polygon ``poly``?"""
    x, y = p
    inside = False
    for i in range(len(poly)):
        x1, y1 = poly[i - 1]
        x2, y2 = poly[i]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def clearance(p: Point, poly: list[Point]) -> float:
    """Distance from ``p`` to the outline ``poly`` (negative if ``p`` is outside)."""
    d = min(_seg_dist(p, poly[i - 1], poly[i]) for i in range(len(poly)))
    return d if point_in_polygon(p, poly) else -d


def _label_point(
    problem: Problem, owner: list[int], k: int, cells: list[int], outline: list[Point]
) -> tuple[Point, float]:
    """The point deepest inside the outline (pole of inaccessibility) and its depth.

    Candidates are the cells farthest (in steps) from the region's edge; the best one is
    then refined by a shrinking pattern search on the real outline.
    """
    nbr = problem.nbr
    depth = {}
    frontier = [c for c in cells if any(d < 0 or owner[d] != k for d in nbr[c])]
    for c in frontier:
        depth[c] = 0
    level = 0
    while frontier:
        level += 1
        nxt = []
        for c in frontier:
            for d in nbr[c]:
                if d >= 0 and owner[d] == k and d not in depth:
                    depth[d] = level
                    nxt.append(d)
        frontier = nxt
    top = max(depth.values())
    cands = [c for c in cells if depth[c] >= top - 1]
    grid = problem.grid
    best_p, best_d = grid.center(cands[0]), -math.inf
    for c in cands:
        p = grid.center(c)
        d = clearance(p, outline)
        if d > best_d:
            best_p, best_d = p, d
    step = grid.size
    while step > 0.25:
        improved = False
        for dx, dy in _DIRECTIONS:
            p = (best_p[0] + dx * step, best_p[1] + dy * step)
            d = clearance(p, outline)
            if d > best_d:
                best_p, best_d, improved = p, d, True
        if not improved:
            step /= 2
    return best_p, best_d
