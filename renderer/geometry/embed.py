"""Straight-line drawing of the region graph: the skeleton the hex layout is built on.

Steps: check that the region graph plus an "outside" node joined to every board-edge
region is planar and 2-connected, take the faces of a planar embedding, read the board's
outer ring from the faces around the outside node, fill faces where four or more regions
meet with a dummy vertex that belongs to one region of the face (a "hub" bordering all the
others), pin the ring to a rounded rectangle and place the rest by weighted neighbour
averaging (a Tutte / Floater embedding), reweighting until region areas are near their
targets.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from .planar import NotPlanarError, articulation_points, check_planar, embed_biconnected
from .topology import OUTSIDE, Topology, TopologyError

Point = tuple[float, float]

#: Relative target area per terrain; seas and lakes may be larger than land regions.
TERRAIN_WEIGHT = {"Sea": 1.45, "Lake": 1.2}


def target_weight(terrain: str) -> float:
    """Relative area a region of this terrain should get."""
    return TERRAIN_WEIGHT.get(terrain, 1.0)


@dataclass
class Skeleton:
    """A planar straight-line drawing of the topology.

    ``vertices`` maps vertex ids (region ids, plus negative ids below ``OUTSIDE`` for
    dummy vertices) to positions; ``owner`` maps each vertex to the region it belongs to;
    ``triangles`` covers the convex hull of the ring exactly; ``ring`` lists board-edge
    regions clockwise on screen (y grows downwards).
    """

    ring: list[int]
    vertices: dict[int, Point]
    owner: dict[int, int]
    triangles: list[tuple[int, int, int]]
    hubs: dict[int, tuple[int, ...]]


def analyse(topo: Topology) -> tuple[list[int], list[list[int]]]:
    """Check that the topology can be drawn; return (outer ring, inner faces).

    Raises :class:`TopologyError` naming the problem: not planar, no or too few
    board-edge regions, a region whose removal splits the board, consecutive board-edge
    regions that do not border, or a face where four regions would meet at a point.
    """
    g = topo.graph_with_outside()
    name = topo.name
    try:
        check_planar({v: sorted(ns) for v, ns in g.items()})
    except NotPlanarError as exc:
        regs = _ids([v for v in exc.vertices if v != OUTSIDE])
        rim = ""
        if OUTSIDE in exc.vertices:
            rim = ' while every region marked "edge" reaches the board\'s edge'
        raise TopologyError(
            f"the borders of regions {regs} cannot all be drawn on a flat board{rim} "
            "without two borders crossing",
            name=name,
        ) from exc
    edge_regions = sorted(g[OUTSIDE])
    if len(edge_regions) < 3:
        raise TopologyError(
            f'a board needs at least 3 regions on its edge ("edge": true); this one has '
            f"{len(edge_regions)}" + (f" ({_ids(edge_regions)})" if edge_regions else ""),
            name=name,
        )
    seen = {OUTSIDE}
    stack = [OUTSIDE]
    while stack:
        for w in g[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    if len(seen) != len(g):
        lost = sorted(set(g) - seen)
        raise TopologyError(
            f"regions {_ids(lost)} have no border with any region that leads to the board's "
            "edge, so they would float apart from the board",
            name=name,
        )
    cuts = articulation_points(g)
    if cuts:
        raise TopologyError(_cut_problem(g, cuts[0]), name=name)
    faces = embed_biconnected({v: sorted(ns) for v, ns in g.items()})
    succ: dict[int, int] = {}
    inner: list[list[int]] = []
    for f in faces:
        if OUTSIDE not in f:
            inner.append(f)
            continue
        k = f.index(OUTSIDE)
        f = f[k:] + f[:k]
        if len(f) != 3:
            between = f[2:-1]
            which = "region" if len(between) == 1 else "regions"
            raise TopologyError(
                f"regions {f[1]} and {f[-1]} come one after the other along the board's edge "
                f"but do not border each other: {which} {_ids(between)} would have to reach "
                f'the edge between them. Mark {which} {_ids(between)} "edge": true, or give '
                f"regions {f[1]} and {f[-1]} a border",
                name=name,
            )
        succ[f[1]] = f[2]
    ring = [edge_regions[0]]
    while succ[ring[-1]] != ring[0]:
        ring.append(succ[ring[-1]])
    if len(ring) != len(edge_regions):
        raise TopologyError(
            'the regions marked "edge" do not go once around the board, each bordering the '
            f"next: going round from region {ring[0]} reaches {_ids(ring)} only",
            name=name,
        )
    return ring, inner


def _ids(ids: list[int]) -> str:
    return ", ".join(str(i) for i in ids)


def _cut_problem(g: dict[int, set[int]], cut: int) -> str:
    """Why the board falls apart without ``cut`` (a region, or the board's edge)."""
    rest = set(g) - {cut}
    parts: list[list[int]] = []
    while rest:
        start = OUTSIDE if OUTSIDE in rest else min(rest)
        part, todo = {start}, [start]
        while todo:
            for w in g[todo.pop()]:
                if w != cut and w not in part:
                    part.add(w)
                    todo.append(w)
        rest -= part
        parts.append(sorted(v for v in part if v != OUTSIDE))
    if cut == OUTSIDE:
        groups = " and ".join(f"regions {_ids(p)}" for p in parts)
        return (
            f"{groups} share no border: the board would fall apart into pieces that only "
            "meet at its edge; every region must be reachable from every other through borders"
        )
    inside = _ids([v for p in parts[1:] for v in p])
    return (
        f"regions {inside} can only be reached through region {cut}, so region {cut} would "
        "surround them like a ring (a region with a hole, which the board cannot draw): give "
        f'one of them a border with another region, or mark one "edge": true'
    )


def _choose_hub(topo: Topology, face: list[int]) -> int:
    """The region of a big face that borders all the others, preferring seas and lakes."""
    cands = [v for v in face if all(w == v or w in topo.regions[v].adjacent for w in face)]
    if not cands:
        raise TopologyError(
            f"regions {_ids(face)} would all meet at one point, and none of them borders all "
            "the others; the board's regions are drawn from hexagons, where at most three "
            f"regions meet at a point. Give regions {face[0]} and {face[2]} a border, or "
            "put a region between them",
            name=topo.name,
        )
    return max(cands, key=lambda v: (target_weight(topo.regions[v].terrain), -v))


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


def _reading_score(ids: list[int], pos: dict[int, Point], width: float, height: float) -> float:
    """How well positions follow the maps' id order (left to right, top to bottom)."""
    key = {v: pos[v][1] / height + 0.35 * pos[v][0] / width for v in ids}
    score = 0.0
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            d = key[b] - key[a]
            score += d if b > a else -d
    return score


def _solve(mat: list[list[float]], rhs: list[list[float]]) -> list[list[float]]:
    """Solve ``mat @ x = rhs`` (dense Gaussian elimination with partial pivoting)."""
    n = len(mat)
    a = [row[:] + r[:] for row, r in zip(mat, rhs, strict=True)]
    m = len(a[0])
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        d = a[col][col]
        if abs(d) < 1e-12:
            raise TopologyError("singular system while placing interior regions")
        inv = 1.0 / d
        rowc = a[col]
        for c in range(col, m):
            rowc[c] *= inv
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col]
                rowr = a[r]
                for c in range(col, m):
                    rowr[c] -= f * rowc[c]
    return [row[n:] for row in a]


def _area(p: Point, q: Point, r: Point) -> float:
    return 0.5 * ((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]))


def build_skeleton(
    topo: Topology,
    width: float,
    height: float,
    rng: random.Random,
    rounds: int = 40,
    min_border: float = 30.0,
) -> Skeleton:
    """Check the topology and draw it as a triangulated straight-line skeleton.

    The outside node is replaced by points on the board rectangle: one "junction" point
    where each two consecutive board-edge regions meet, plus the four corners. Each
    board-edge region is joined to the junctions (and corners) bounding its stretch of
    the rim, so the triangles tile the whole rectangle. ``rng`` only jitters the initial
    weights, so different seeds give different (equally valid) boards. ``min_border``
    is the length (px) below which a border segment inside a triangle is penalised
    while the drawing is polished by :func:`_polish`.
    """
    ring, inner = analyse(topo)
    nbrs: dict[int, set[int]] = {v: {a for a in r.adjacent} for v, r in topo.regions.items()}
    owner = {v: v for v in topo.regions}
    inner_tris: list[tuple[int, int, int]] = []
    hubs: dict[int, tuple[int, ...]] = {}
    next_dummy = OUTSIDE - 1
    for f in inner:
        if len(f) == 3:
            inner_tris.append((f[0], f[1], f[2]))
            continue
        hub = _choose_hub(topo, f)
        d = next_dummy
        next_dummy -= 1
        owner[d] = hub
        hubs[d] = tuple(f)
        nbrs[d] = set(f)
        for k, v in enumerate(f):
            nbrs[v].add(d)
            inner_tris.append((d, v, f[(k + 1) % len(f)]))

    targets = {r: target_weight(topo.regions[r].terrain) for r in topo.regions}
    tsum = sum(targets.values())
    w: dict[tuple[int, int], float] = {}
    for u in sorted(owner):
        for v in sorted(nbrs[u]):
            w[(u, v)] = 1.0 + 0.1 * rng.random()
    # Board-edge regions get a share of the rim that grows with their target size.
    rim = {v: math.sqrt(targets[v]) for v in ring}
    ring, ends = _choose_rim(ring, rim, width, height)
    board_area = width * height
    for _round in range(rounds + 1):
        fixed, rim_links, tris = _rim_layout(ring, ends, width, height)
        pos = _tutte(nbrs, fixed, rim_links, w)
        triangles = inner_tris + tris
        if _round == rounds:
            break
        area = dict.fromkeys(topo.regions, 0.0)
        for t in triangles:
            owners = [owner[v] for v in t if v in owner]
            a = abs(_area(pos[t[0]], pos[t[1]], pos[t[2]])) / len(owners)
            for r in owners:
                area[r] += a
        ratio = {r: min(2.0, max(0.5, area[r] / (board_area * targets[r] / tsum))) for r in area}
        # Springs pull a vertex towards its neighbours. A region that is too small is
        # squeezed both by the pull of its neighbours towards it and by the pull of its
        # neighbours towards each other (the edges opposite it in its triangles), so
        # weaken both; strengthen them around regions that are too large. Damped,
        # because the effect of one weight on the areas is not local.
        factor = {e: ratio[owner[e[1]]] for e in w}
        for t in inner_tris:
            for k in range(3):
                u, v, o = t[k], t[(k + 1) % 3], t[(k + 2) % 3]
                f = ratio[owner[o]]
                factor[(u, v)] *= f
                factor[(v, u)] *= f
        for e, f in factor.items():
            w[e] = min(1e3, max(1e-3, w[e] * f**0.25))
    area_target = {r: board_area * targets[r] / tsum for r in topo.regions}
    _polish(pos, triangles, owner, area_target, min_border)
    return Skeleton(ring, pos, owner, triangles, hubs)


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
            height = abs(_area(pu, pv, pw)) * 2 / base / 3
            if height < min_border:
                cost += (1 - height / min_border) ** 2
    return cost


def _polish(
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
        total = sum(_area(*(pos[v] for v in t)) for t in fam)
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
        return owners, abs(_area(pos[t[0]], pos[t[1]], pos[t[2]])) / len(owners)

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
                    if any(_area(pos[t[0]], pos[t[1]], pos[t[2]]) * sign[t] <= 1.0 for t in inc[v]):
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


def _choose_rim(
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


def _rim_layout(
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


def _tutte(
    nbrs: dict[int, set[int]],
    fixed: dict[int, Point],
    rim_links: dict[int, list[int]],
    w: dict[tuple[int, int], float],
) -> dict[int, Point]:
    """Place every vertex at the ``w``-weighted average of its neighbours (rim fixed)."""
    free = sorted(nbrs)
    index = {v: i for i, v in enumerate(free)}
    n = len(free)
    mat = [[0.0] * n for _ in range(n)]
    rhs = [[0.0, 0.0] for _ in range(n)]
    for u in free:
        i = index[u]
        for v in nbrs[u]:
            wt = w[(u, v)]
            mat[i][i] += wt
            mat[i][index[v]] -= wt
        for v in rim_links.get(u, ()):
            # A region's pull towards its own stretch of the rim.
            mat[i][i] += 1.0
            rhs[i][0] += fixed[v][0]
            rhs[i][1] += fixed[v][1]
    sol = _solve(mat, rhs)
    pos = dict(fixed)
    for u in free:
        pos[u] = (sol[index[u]][0], sol[index[u]][1])
    return pos
