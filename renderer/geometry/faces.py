"""Whether a region graph can be drawn as a board, and if so its faces.

The region graph plus an "outside" node joined to every board-edge region must be planar
and 2-connected; the faces of its planar embedding give the board's outer ring (the faces
around the outside node) and the inner faces where regions meet. Every refusal is a
sentence naming the regions at fault, for whoever wrote the map.
"""

from __future__ import annotations

from .planar import NotPlanarError, articulation_points, check_planar, embed_biconnected
from .topology import OUTSIDE, Topology, TopologyError


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
        regs = id_list([v for v in exc.vertices if v != OUTSIDE])
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
            f"{len(edge_regions)}" + (f" ({id_list(edge_regions)})" if edge_regions else ""),
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
            f"regions {id_list(lost)} have no border with any region that leads to the board's "
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
                f"but do not border each other: {which} {id_list(between)} would have to reach "
                f'the edge between them. Mark {which} {id_list(between)} "edge": true, or give '
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
            f"next: going round from region {ring[0]} reaches {id_list(ring)} only",
            name=name,
        )
    return ring, inner


def id_list(ids: list[int]) -> str:
    """Region ids as a sentence lists them: "3, 7, 12"."""
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
        groups = " and ".join(f"regions {id_list(p)}" for p in parts)
        return (
            f"{groups} share no border: the board would fall apart into pieces that only "
            "meet at its edge; every region must be reachable from every other through borders"
        )
    inside = id_list([v for p in parts[1:] for v in p])
    return (
        f"regions {inside} can only be reached through region {cut}, so region {cut} would "
        "surround them like a ring (a region with a hole, which the board cannot draw): give "
        f'one of them a border with another region, or mark one "edge": true'
    )
