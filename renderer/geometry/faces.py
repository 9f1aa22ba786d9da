"""Whether a region graph can be drawn as a board, and if so its faces.

The region graph plus an "outside" node joined to every board-edge region must be planar
and 2-connected; the faces of its planar embedding give the board's outer ring (the faces
around the outside node) and the inner faces where regions meet. Every refusal is a
sentence naming the regions at fault, for whoever wrote the map.
"""

from __future__ import annotations

from lang import ntr, tr

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
        if OUTSIDE in exc.vertices:
            text = tr(
                "the borders of regions {regions} cannot all be drawn on a flat board while "
                'every region marked "edge" reaches the board\'s edge without two borders '
                "crossing",
                regions=regs,
            )
        else:
            text = tr(
                "the borders of regions {regions} cannot all be drawn on a flat board without "
                "two borders crossing",
                regions=regs,
            )
        raise TopologyError(text, name=name) from exc
    edge_regions = sorted(g[OUTSIDE])
    if len(edge_regions) < 3:
        if edge_regions:
            text = tr(
                'a board needs at least 3 regions on its edge ("edge": true); this one has '
                "{n} ({regions})",
                n=len(edge_regions),
                regions=id_list(edge_regions),
            )
        else:
            text = tr('a board needs at least 3 regions on its edge ("edge": true); this one has 0')
        raise TopologyError(text, name=name)
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
            tr(
                "regions {regions} have no border with any region that leads to the board's "
                "edge, so they would float apart from the board",
                regions=id_list(lost),
            ),
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
            raise TopologyError(
                ntr(
                    "regions {a} and {b} come one after the other along the board's edge but "
                    "do not border each other: region {between} would have to reach the edge "
                    'between them. Mark region {between} "edge": true, or give regions {a} '
                    "and {b} a border",
                    "regions {a} and {b} come one after the other along the board's edge but "
                    "do not border each other: regions {between} would have to reach the edge "
                    'between them. Mark regions {between} "edge": true, or give regions {a} '
                    "and {b} a border",
                    len(between),
                    a=f[1],
                    b=f[-1],
                    between=id_list(between),
                ),
                name=name,
            )
        succ[f[1]] = f[2]
    ring = [edge_regions[0]]
    while succ[ring[-1]] != ring[0]:
        ring.append(succ[ring[-1]])
    if len(ring) != len(edge_regions):
        raise TopologyError(
            tr(
                'the regions marked "edge" do not go once around the board, each bordering the '
                "next: going round from region {id} reaches {regions} only",
                id=ring[0],
                regions=id_list(ring),
            ),
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
        groups = tr(" and ").join(tr("regions {regions}", regions=id_list(p)) for p in parts)
        return tr(
            "{groups} share no border: the board would fall apart into pieces that only meet at "
            "its edge; every region must be reachable from every other through borders",
            groups=groups,
        )
    return tr(
        "regions {regions} can only be reached through region {id}, so region {id} would "
        "surround them like a ring (a region with a hole, which the board cannot draw): give "
        'one of them a border with another region, or mark one "edge": true',
        regions=id_list([v for p in parts[1:] for v in p]),
        id=cut,
    )
