"""Cell assignments: the exact-by-construction starting layout and the checks.

A layout is a list ``owner`` giving, for every cell of a :class:`HexGrid`, the index of
its region in :attr:`Problem.ids`. The outside of the grid is the board's outside.
"""

from __future__ import annotations

from dataclasses import dataclass

from lang import tr

from .embed import Skeleton, target_weight
from .grid import HexGrid
from .topology import Topology


@dataclass
class Problem:
    """A topology bound to a grid, in the index form the optimiser works with.

    Region ``k`` is ``ids[k]``; index ``n = len(ids)`` stands for the outside. ``allowed``
    is a flat ``(n + 1) x (n + 1)`` table: true where two regions (or a region and the
    outside) must touch, false where they must not.
    """

    topo: Topology
    grid: HexGrid
    ids: list[int]
    index: dict[int, int]
    nbr: list[tuple[int, ...]]
    allowed: list[bool]
    target: list[float]

    @property
    def n(self) -> int:
        """Number of regions (also the index of the outside)."""
        return len(self.ids)

    @staticmethod
    def make(topo: Topology, grid: HexGrid) -> Problem:
        """Bind ``topo`` to ``grid``; target cell counts follow terrain weights."""
        ids = topo.ids
        index = {r: k for k, r in enumerate(ids)}
        n = len(ids)
        allowed = [False] * ((n + 1) * (n + 1))
        for k, r in enumerate(ids):
            reg = topo.regions[r]
            for a in reg.adjacent:
                allowed[k * (n + 1) + index[a]] = True
            if reg.board_edge:
                allowed[k * (n + 1) + n] = allowed[n * (n + 1) + k] = True
        weights = [target_weight(topo.regions[r].terrain) for r in ids]
        total = sum(weights)
        target = [grid.count * w / total for w in weights]
        return Problem(topo, grid, ids, index, grid.neighbours(), allowed, target)


def _barycentric(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]
) -> tuple[float, float, float] | None:
    det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
    if abs(det) < 1e-12:
        return None
    la = ((b[1] - c[1]) * (p[0] - c[0]) + (c[0] - b[0]) * (p[1] - c[1])) / det
    lb = ((c[1] - a[1]) * (p[0] - c[0]) + (a[0] - c[0]) * (p[1] - c[1])) / det
    return la, lb, 1.0 - la - lb


def initial_layout(problem: Problem, skel: Skeleton) -> list[int]:
    """Give every cell to a corner of the skeleton triangle holding its centre.

    The corner with the largest barycentric coordinate wins, counting only corners that
    belong to a region (rim points never win). Inside a triangle the border between two
    corners then runs from the middle of their edge to the centroid, so every skeleton
    edge becomes a shared border and corners opposite an edge stay away from it: when
    the skeleton's triangles are a few cells thick the layout has exactly the
    topology's contacts by construction (:func:`check_layout` confirms it).
    """
    grid = problem.grid
    bucket = 64.0
    buckets: dict[tuple[int, int], list[int]] = {}
    pts = skel.vertices
    for ti, t in enumerate(skel.triangles):
        xs = [pts[v][0] for v in t]
        ys = [pts[v][1] for v in t]
        for bx in range(int(min(xs) // bucket), int(max(xs) // bucket) + 1):
            for by in range(int(min(ys) // bucket), int(max(ys) // bucket) + 1):
                buckets.setdefault((bx, by), []).append(ti)
    owner = []
    for cell in range(grid.count):
        p = grid.center(cell)
        best: tuple[float, int] | None = None
        for ti in buckets.get((int(p[0] // bucket), int(p[1] // bucket)), ()):
            t = skel.triangles[ti]
            lam = _barycentric(p, pts[t[0]], pts[t[1]], pts[t[2]])
            if lam is None:
                continue
            inside = min(lam)
            if best is not None and inside <= best[0]:
                continue
            cands = [(lam[k], t[k]) for k in range(3) if t[k] in skel.owner]
            best = (inside, skel.owner[max(cands)[1]])
        if best is None:
            raise RuntimeError(f"cell {cell} at {p} lies in no skeleton triangle")
        owner.append(problem.index[best[1]])
    return owner


def contact_counts(problem: Problem, owner: list[int]) -> dict[tuple[int, int], int]:
    """Hex edges shared by each pair of region indices (outside = ``n``), keys sorted."""
    n = problem.n
    counts: dict[tuple[int, int], int] = {}
    for c, nb in enumerate(problem.nbr):
        a = owner[c]
        for d in nb:
            b = n if d < 0 else owner[d]
            if b != a and (d < 0 or c < d):
                key = (a, b) if a < b else (b, a)
                counts[key] = counts.get(key, 0) + 1
    return counts


def check_layout(problem: Problem, owner: list[int]) -> list[str]:
    """Every way ``owner`` breaks the hard requirements, as messages (empty if none)."""
    n = problem.n
    ids = problem.ids
    errors: list[str] = []

    def name(k: int) -> str:
        return tr("outside") if k == n else str(ids[k])

    counts = contact_counts(problem, owner)
    for a in range(n + 1):
        for b in range(a + 1, n + 1):
            want = problem.allowed[a * (n + 1) + b]
            have = counts.get((a, b), 0) > 0
            if want and not have:
                errors.append(
                    tr("regions {a} and {b} should touch but do not", a=name(a), b=name(b))
                )
            elif have and not want:
                errors.append(tr("regions {a} and {b} touch but must not", a=name(a), b=name(b)))
    cells: list[list[int]] = [[] for _ in range(n)]
    for c, k in enumerate(owner):
        cells[k].append(c)
    for k in range(n):
        if not cells[k]:
            errors.append(tr("region {id} has no cells", id=ids[k]))
            continue
        if _components(problem, owner, k, inside=True) != 1:
            errors.append(tr("region {id} is not connected", id=ids[k]))
        if _components(problem, owner, k, inside=False) != 1:
            errors.append(tr("region {id} has a hole", id=ids[k]))
    return errors


def _components(problem: Problem, owner: list[int], k: int, inside: bool) -> int:
    """Connected pieces of region ``k`` (inside) or of everything else plus the outside."""
    nbr = problem.nbr
    member = [(o == k) == inside for o in owner]
    seen = [False] * len(owner)
    pieces = 0
    if not inside:
        # Everything outside region k counts as one piece with the area around the board,
        # so start from all non-k cells on the rim.
        start = [c for c, nb in enumerate(nbr) if member[c] and -1 in nb]
        if start:
            pieces = 1
            for c in start:
                seen[c] = True
            _flood(start, member, seen, nbr)
    for c in range(len(owner)):
        if member[c] and not seen[c]:
            pieces += 1
            seen[c] = True
            _flood([c], member, seen, nbr)
    return pieces


def _flood(
    stack: list[int], member: list[bool], seen: list[bool], nbr: list[tuple[int, ...]]
) -> None:
    while stack:
        c = stack.pop()
        for d in nbr[c]:
            if d >= 0 and member[d] and not seen[d]:
                seen[d] = True
                stack.append(d)
