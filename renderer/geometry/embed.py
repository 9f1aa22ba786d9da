"""Straight-line drawing of the region graph: the skeleton the hex layout is built on.

Steps: check that the region graph plus an "outside" node joined to every board-edge
region is planar and 2-connected, take the faces of a planar embedding and read the board's
outer ring from the faces around the outside node (:mod:`.faces`), fill faces where four or
more regions meet with a dummy vertex that belongs to one region of the face (a "hub"
bordering all the others), pin the ring to a rounded rectangle (:mod:`.rim`) and place the
rest by weighted neighbour averaging (a Tutte / Floater embedding), reweighting until region
areas are near their targets, then polish the drawing (:mod:`.polish`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from lang import tr

from .faces import analyse, id_list
from .plane import Point, triangle_area
from .polish import polish
from .rim import choose_rim, rim_layout
from .topology import OUTSIDE, Topology, TopologyError

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


def _choose_hub(topo: Topology, face: list[int]) -> int:
    """The region of a big face that borders all the others, preferring seas and lakes."""
    cands = [v for v in face if all(w == v or w in topo.regions[v].adjacent for w in face)]
    if not cands:
        raise TopologyError(
            tr(
                "regions {regions} would all meet at one point, and none of them borders all the "
                "others; the board's regions are drawn from hexagons, where at most three "
                "regions meet at a point. Give regions {a} and {b} a border, or put a region "
                "between them",
                regions=id_list(face),
                a=face[0],
                b=face[2],
            ),
            name=topo.name,
        )
    return max(cands, key=lambda v: (target_weight(topo.regions[v].terrain), -v))


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
    while the drawing is polished by :func:`.polish.polish`.
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
    ring, ends = choose_rim(ring, rim, width, height)
    board_area = width * height
    for _round in range(rounds + 1):
        fixed, rim_links, tris = rim_layout(ring, ends, width, height)
        pos = _tutte(nbrs, fixed, rim_links, w)
        triangles = inner_tris + tris
        if _round == rounds:
            break
        area = dict.fromkeys(topo.regions, 0.0)
        for t in triangles:
            owners = [owner[v] for v in t if v in owner]
            a = abs(triangle_area(pos[t[0]], pos[t[1]], pos[t[2]])) / len(owners)
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
    polish(pos, triangles, owner, area_target, min_border)
    return Skeleton(ring, pos, owner, triangles, hubs)


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
