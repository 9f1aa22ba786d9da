"""Planarity test and planar embedding (pure Python).

The graphs here are small (tens of vertices), so the simple path-addition algorithm of
Demoucron, Malgrange and Pertuiset is used: start from a cycle and repeatedly embed a
path of a "fragment" (a piece of the graph not yet drawn) in a face that holds all the
fragment's attachment vertices, preferring fragments with a single admissible face.
When some fragment has no admissible face the graph is not planar.

It works on 2-connected graphs, in which every face of every partial embedding is a
simple cycle; :func:`biconnected_components` splits other graphs into such blocks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Graph = Mapping[int, Iterable[int]]


class NotPlanarError(ValueError):
    """The graph has no planar embedding."""

    def __init__(self, vertices: Iterable[int]) -> None:
        self.vertices = sorted(vertices)
        super().__init__(f"graph block on vertices {self.vertices} is not planar")


def _edge(u: int, v: int) -> tuple[int, int]:
    return (u, v) if u < v else (v, u)


def articulation_points(graph: Graph) -> list[int]:
    """Vertices whose removal disconnects their connected component, sorted."""
    counts: dict[int, int] = {}
    for block in biconnected_components(graph):
        for v in block:
            counts[v] = counts.get(v, 0) + 1
    return sorted(v for v, c in counts.items() if c > 1)


def biconnected_components(graph: Graph) -> list[set[int]]:
    """Vertex sets of the 2-connected blocks (bridges give 2-vertex blocks), iteratively."""
    adj = {v: sorted(ns) for v, ns in graph.items()}
    disc: dict[int, int] = {}
    low: dict[int, int] = {}
    blocks: list[set[int]] = []
    counter = 0
    for root in sorted(adj):
        if root in disc:
            continue
        disc[root] = low[root] = counter
        counter += 1
        edge_stack: list[tuple[int, int]] = []
        # Explicit DFS stack of (vertex, parent, neighbour iterator index) to avoid recursion.
        stack: list[tuple[int, int | None, int]] = [(root, None, 0)]
        while stack:
            v, parent, i = stack.pop()
            if i < len(adj[v]):
                stack.append((v, parent, i + 1))
                w = adj[v][i]
                if w == parent:
                    continue
                if w not in disc:
                    disc[w] = low[w] = counter
                    counter += 1
                    edge_stack.append((v, w))
                    stack.append((w, v, 0))
                elif disc[w] < disc[v]:
                    edge_stack.append((v, w))
                    low[v] = min(low[v], disc[w])
            elif parent is not None:
                low[parent] = min(low[parent], low[v])
                if low[v] >= disc[parent]:
                    block: set[int] = set()
                    while edge_stack:
                        a, b = edge_stack.pop()
                        block.update((a, b))
                        if (a, b) == (parent, v):
                            break
                    blocks.append(block)
        if not adj[root]:
            blocks.append({root})
    return blocks


def _find_cycle(adj: dict[int, list[int]]) -> list[int]:
    """Any simple cycle of a 2-connected graph with at least 3 vertices."""
    start = min(adj)
    parent: dict[int, int | None] = {start: None}
    order = [start]
    stack = [(start, 0)]
    while stack:
        v, i = stack.pop()
        if i >= len(adj[v]):
            continue
        stack.append((v, i + 1))
        w = adj[v][i]
        if w == parent[v]:
            continue
        if w in parent:
            # Back edge v-w: the tree path from w down to v closes a cycle.
            cycle = [v]
            x = v
            while x != w:
                x = parent[x]  # type: ignore[assignment]
                cycle.append(x)
            return cycle
        parent[w] = v
        order.append(w)
        stack.append((w, 0))
    raise ValueError("graph has no cycle")


def _fragments(
    adj: dict[int, list[int]], placed: set[int], placed_edges: set[tuple[int, int]]
) -> list[tuple[set[int], list[int]]]:
    """Fragments as (attachment vertices, a path between two attachments)."""
    frags: list[tuple[set[int], list[int]]] = []
    for u in sorted(placed):
        for v in adj[u]:
            if v in placed and u < v and (u, v) not in placed_edges:
                frags.append(({u, v}, [u, v]))
    seen: set[int] = set()
    for s in sorted(adj):
        if s in placed or s in seen:
            continue
        comp = {s}
        queue = [s]
        while queue:
            x = queue.pop()
            for y in adj[x]:
                if y not in placed and y not in comp:
                    comp.add(y)
                    queue.append(y)
        seen |= comp
        attach = {y for x in comp for y in adj[x] if y in placed}
        # Path: attachment a -> into the component -> another attachment b != a.
        a = min(attach)
        first = min(x for x in adj[a] if x in comp)
        prev: dict[int, int | None] = {first: None}
        queue = [first]
        end: tuple[int, int] | None = None
        while queue and end is None:
            x = queue.pop(0)
            for y in adj[x]:
                if y in placed and y != a:
                    end = (x, y)
                    break
                if y in comp and y not in prev:
                    prev[y] = x
                    queue.append(y)
        if end is None:
            raise ValueError("fragment with a single attachment: graph is not 2-connected")
        inner = [end[0]]
        while prev[inner[-1]] is not None:
            inner.append(prev[inner[-1]])  # type: ignore[arg-type]
        path = [a, *reversed(inner), end[1]]
        frags.append((attach, path))
    return frags


def embed_biconnected(graph: Graph) -> list[list[int]]:
    """Faces of a planar embedding of a 2-connected graph.

    Each face is a list of vertices in cyclic order; faces are consistently oriented, so
    every directed edge ``u -> v`` occurs in exactly one face. Raises
    :class:`NotPlanarError` if there is no planar embedding.
    """
    adj = {v: sorted(ns) for v, ns in graph.items()}
    if len(adj) < 3:
        vs = sorted(adj)
        return [vs, list(reversed(vs))] if len(vs) == 2 else [vs]
    cycle = _find_cycle(adj)
    faces: list[list[int]] = [cycle, list(reversed(cycle))]
    placed = set(cycle)
    placed_edges = {_edge(cycle[i], cycle[i - 1]) for i in range(len(cycle))}
    total_edges = sum(len(ns) for ns in adj.values()) // 2
    while len(placed_edges) < total_edges:
        best: tuple[int, list[int], int] | None = None
        for attach, path in _fragments(adj, placed, placed_edges):
            ok = [i for i, f in enumerate(faces) if attach <= set(f)]
            if not ok:
                raise NotPlanarError(adj)
            if best is None or len(ok) < best[0]:
                best = (len(ok), path, ok[0])
            if len(ok) == 1:
                break
        assert best is not None
        _, path, fi = best
        face = faces.pop(fi)
        a, b = path[0], path[-1]
        i, j = face.index(a), face.index(b)
        n = len(face)
        # Walk the face a -> b and b -> a; close each side with the path in the
        # direction that keeps every directed edge in exactly one face.
        ab = [face[(i + k) % n] for k in range((j - i) % n + 1)]
        ba = [face[(j + k) % n] for k in range((i - j) % n + 1)]
        inner = path[1:-1]
        faces.append(ab + list(reversed(inner)))
        faces.append(ba + inner)
        placed.update(path)
        for k in range(len(path) - 1):
            placed_edges.add(_edge(path[k], path[k + 1]))
    return faces


def check_planar(graph: Graph) -> None:
    """Raise :class:`NotPlanarError` naming a non-planar block, else return None."""
    for block in biconnected_components(graph):
        if len(block) < 5:
            continue  # every graph on four or fewer vertices is planar
        sub = {v: [w for w in graph[v] if w in block] for v in block}
        embed_biconnected(sub)
