# ruff: noqa: E501  -- the long lines are the prose of the maps' `about` fields
"""Draw the project's own 6-player team boards (issue 22 item 4): sw-6p and swu-6p.

Voronoi cells of relaxed random points on a 3:2 rectangle, computed on a pixel raster
(4-neighbour borders), so the borders are those of a real flat map. The surface board gets
2 edge Seas and an inland Lake; the Underground board a River band from the top edge to the
bottom edge cut into 7 segments. Terrains and symbols are then spread over six sectors (one
per seat, by angle round the centre) by a hill climb. A seed is kept only if the board obeys
the project's map rules (degrees 2 to 7, never four regions at one point, ...); the renderer's
geometry builder has the last word.

    python scripts/make_6p_maps.py surface 100 1 data/maps/sw-6p.json
    python scripts/make_6p_maps.py underground 10 2 data/maps/swu-6p.json

(world, first seed, seed step, file): seeds are tried from the first until one passes.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections import Counter

W, H = 240, 160


def nope() -> None:
    """Say on stderr which check refused the seed."""
    print("refused at line", sys._getframe(1).f_lineno, file=sys.stderr)


SECTORS = 6


def relaxed_seeds(rng: random.Random, n: int, ok) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    while len(pts) < n:
        p = (rng.uniform(2, W - 2), rng.uniform(2, H - 2))
        if ok(p):
            pts.append(p)
    return pts


def raster(pts, side_of=None) -> list[list[int]]:
    """Label of each pixel: the nearest seed (on the same side when ``side_of`` is given)."""
    grid = [[0] * W for _ in range(H)]
    for y in range(H):
        for x in range(W):
            side = side_of(x + 0.5, y + 0.5) if side_of else None
            best, bd = -1, 1e18
            for i, (px, py) in enumerate(pts):
                if side is not None and side_of(px, py) != side:
                    continue
                d = (px - x - 0.5) ** 2 + (py - y - 0.5) ** 2
                if d < bd:
                    best, bd = i, d
            grid[y][x] = best
    return grid


def lloyd(pts, grid):
    sx: Counter = Counter()
    sy: Counter = Counter()
    n: Counter = Counter()
    for y in range(H):
        for x in range(W):
            i = grid[y][x]
            if i >= 0:
                sx[i] += x + 0.5
                sy[i] += y + 0.5
                n[i] += 1
    return [(sx[i] / n[i], sy[i] / n[i]) if n[i] else p for i, p in enumerate(pts)]


def topology(grid, labels: int):
    adj: list[set[int]] = [set() for _ in range(labels)]
    edge = [False] * labels
    cells: list[list[tuple[int, int]]] = [[] for _ in range(labels)]
    for y in range(H):
        for x in range(W):
            a = grid[y][x]
            cells[a].append((x, y))
            if x in (0, W - 1) or y in (0, H - 1):
                edge[a] = True
            for dx, dy in ((1, 0), (0, 1)):
                if x + dx < W and y + dy < H:
                    b = grid[y + dy][x + dx]
                    if b != a:
                        adj[a].add(b)
                        adj[b].add(a)
    # Four regions round one pixel corner cannot be drawn with hexagons.
    for y in range(H - 1):
        for x in range(W - 1):
            q = {grid[y][x], grid[y][x + 1], grid[y + 1][x], grid[y + 1][x + 1]}
            if len(q) == 4:
                print("four at a point", file=sys.stderr)
                return nope()
    for a, cs in enumerate(cells):
        if not cs or not connected_pixels(cs):
            print("cell not connected", a, file=sys.stderr)
            return nope()
    cx = [sum(p[0] for p in cs) / len(cs) for cs in cells]
    cy = [sum(p[1] for p in cs) / len(cs) for cs in cells]
    return adj, edge, list(zip(cx, cy, strict=True)), [len(cs) for cs in cells]


def connected_pixels(cs) -> bool:
    s = set(cs)
    stack, seen = [cs[0]], {cs[0]}
    while stack:
        x, y = stack.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in s and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(s)


def connected(nodes: set[int], adj) -> bool:
    if not nodes:
        return True
    start = next(iter(nodes))
    seen, stack = {start}, [start]
    while stack:
        a = stack.pop()
        for b in adj[a]:
            if b in nodes and b not in seen:
                seen.add(b)
                stack.append(b)
    return seen == nodes


def sector(c) -> int:
    ang = math.atan2(c[1] - H / 2, (c[0] - W / 2) * (H / W))
    return int((ang + math.pi) / (2 * math.pi) * SECTORS) % SECTORS


def spread(rng, cells, centres, adj, bag, weight_same=1.0, iters=6000):
    """Assign the terrain bag to cells, evening each terrain over the six sectors and
    keeping like terrains from touching."""
    bag = list(bag)
    rng.shuffle(bag)
    assign = dict(zip(cells, bag, strict=True))
    sec = {c: sector(centres[c]) for c in cells}

    def cost() -> float:
        per: Counter = Counter((assign[c], sec[c]) for c in cells)
        kinds = sorted(set(bag))
        total = Counter(bag)
        var = sum((per[(k, s)] - total[k] / SECTORS) ** 2 for k in kinds for s in range(SECTORS))
        same = sum(
            1 for a in cells for b in adj[a] if b in assign and a < b and assign[a] == assign[b]
        )
        return var + weight_same * same

    cur = cost()
    for _ in range(iters):
        a, b = rng.sample(cells, 2)
        if assign[a] == assign[b]:
            continue
        assign[a], assign[b] = assign[b], assign[a]
        new = cost()
        if new <= cur:
            cur = new
        else:
            assign[a], assign[b] = assign[b], assign[a]
    return assign


def pick_spread(rng, candidates, k, centres, adj, apart=True, iters=3000):
    """k cells among candidates, none next to another (if apart), even over the sectors."""
    cand = list(candidates)
    for _ in range(200):
        rng.shuffle(cand)
        chosen: list[int] = []
        for c in cand:
            if apart and any(b in chosen for b in adj[c]):
                continue
            chosen.append(c)
            if len(chosen) == k:
                break
        if len(chosen) == k:
            break
    else:
        return nope()

    def cost(ch) -> float:
        per = Counter(sector(centres[c]) for c in ch)
        return sum((per[s] - k / SECTORS) ** 2 for s in range(SECTORS))

    cur = cost(chosen)
    for _ in range(iters):
        i = rng.randrange(k)
        c = rng.choice(cand)
        if c in chosen:
            continue
        trial = chosen[:i] + chosen[i + 1 :]
        if apart and any(b in trial for b in adj[c]):
            continue
        trial.append(c)
        new = cost(trial)
        if new <= cur:
            chosen, cur = trial, new
    return chosen


def surface(seed: int):
    rng = random.Random(seed)
    n = 57
    pts = relaxed_seeds(rng, n, lambda p: True)
    for _ in range(4):
        pts = lloyd(pts, raster(pts))
    grid = raster(pts)
    topo = topology(grid, n)
    if topo is None:
        return nope()
    adj, edge, centres, size = topo
    # Two Seas on the edge, on opposite sides; the Lake inland near the middle.
    edges = [c for c in range(n) if edge[c]]
    sea1 = max(edges, key=lambda c: size[c] * (1 if centres[c][0] < W / 3 else 0.01))
    sea2 = max(edges, key=lambda c: size[c] * (1 if centres[c][0] > 2 * W / 3 else 0.01))
    inland = [c for c in range(n) if not edge[c] and not adj[c] & {sea1, sea2}]
    lake = min(inland, key=lambda c: (centres[c][0] - W / 2) ** 2 + (centres[c][1] - H / 2) ** 2)
    water = {sea1, sea2, lake}
    land = [c for c in range(n) if c not in water]
    if not connected(set(land), adj):
        return nope()
    entry = {c for c in land if edge[c] or adj[c] & {sea1, sea2}}
    bag = ["Mountain"] * 9 + ["Farmland"] * 12 + ["Forest"] * 11 + ["Hill"] * 11 + ["Swamp"] * 11
    terr = spread(rng, land, centres, adj, bag)
    terr[sea1] = terr[sea2] = "Sea"
    terr[lake] = "Lake"
    feats: dict[int, list[str]] = {c: [] for c in range(n)}
    lt = pick_spread(rng, [c for c in land if terr[c] != "Mountain"], 18, centres, adj, apart=False)
    if lt is None:
        return nope()
    for c in lt:
        feats[c].append("Lost Tribe")
    for name in ("Magic Source", "Cavern", "Mine"):
        free = [c for c in land if len(feats[c]) < 2]  # as printed: at most 2 symbols
        got = pick_spread(rng, free, 10, centres, adj)
        if got is None:
            return nope()
        for c in got:
            feats[c].append(name)
    return build(n, adj, edge, entry, terr, feats, centres, most=8)


def underground(seed: int):
    rng = random.Random(seed)
    amp, half = 9.0, 7.0

    def mid(y: float) -> float:
        return W / 2 + amp * math.sin(y / H * 2 * math.pi + 0.7)

    def side_of(x: float, y: float) -> int:
        if abs(x - mid(y)) < half:
            return 2
        return 0 if x < mid(y) else 1

    nl = 63  # 54 land + 9 Chasms
    west_n = nl // 2
    pts = relaxed_seeds(rng, west_n, lambda p: side_of(*p) == 0)
    pts += relaxed_seeds(rng, nl - west_n, lambda p: side_of(*p) == 1)
    for _ in range(4):
        pts = lloyd(pts, raster(pts, side_of))
        pts = [
            p if side_of(*p) != 2 else (p[0] + (-8 if p[0] < mid(p[1]) else 8), p[1]) for p in pts
        ]
    grid = raster(pts, side_of)
    # The River band, cut into 7 segments from top to bottom.
    west = sorted(i for i in range(nl) if side_of(*pts[i]) == 0)
    east = sorted(i for i in range(nl) if side_of(*pts[i]) == 1)
    if abs(len(west) - len(east)) > 3:
        return nope()
    # Renumber: west land, then the River, then east land.
    order = west + [f"r{k}" for k in range(7)] + east
    new = {old: k for k, old in enumerate(order)}
    for y in range(H):
        for x in range(W):
            g = grid[y][x]
            grid[y][x] = new[f"r{min(6, y * 7 // H)}"] if g == -1 else new[g]
    n = len(order)
    topo = topology(grid, n)
    if topo is None:
        return nope()
    adj, edge, centres, _size = topo
    river = [new[f"r{k}"] for k in range(7)]
    if any(len(adj[c]) > 7 or len(adj[c]) < 2 for c in range(n)):
        return nope()
    landish = [c for c in range(n) if c not in river]
    # Chasms: inland, apart, not next to the River's ends.
    inner = [c for c in landish if not edge[c]]
    chasms = pick_spread(rng, inner, 9, centres, adj)
    if chasms is None:
        return nope()
    land = [c for c in landish if c not in chasms]
    ok_nodes = set(land) | set(river)
    if not connected(ok_nodes, adj):
        return nope()
    if any(len(adj[c] - set(chasms)) < 2 for c in land):
        return nope()
    bag = ["Black Mountain"] * 9 + ["Mudpool"] * 11 + ["Mystic Crystals"] * 11
    bag += ["Mushroom Forest"] * 11 + ["Mine"] * 12
    terr = spread(rng, land, centres, adj, bag)
    for c in river:
        terr[c] = "River"
    for c in chasms:
        terr[c] = "Abysmal Chasm"
    feats: dict[int, list[str]] = {c: [] for c in range(n)}
    for c in rng.sample(chasms, 3):
        feats[c].append("Volcano")
    mcand = [c for c in land if terr[c] != "Black Mountain" and len(adj[c] - set(chasms)) >= 3]
    mons = pick_spread(rng, mcand, 7, centres, adj)
    if mons is None:
        return nope()
    for c in mons:
        feats[c].append("Monster")
    entry = {c for c in ok_nodes if edge[c]}
    for c in chasms:
        if edge[c]:
            return nope()
    return build(n, adj, edge, entry, terr, feats, centres)


def build(n, adj, edge, entry, terr, feats, centres, most=7):
    water = ("Sea", "Lake")
    if any(not 2 <= len(adj[c]) <= most for c in range(n) if terr[c] not in water):
        return nope()
    regions = [
        {
            "id": c,
            "terrain": terr[c],
            "features": feats[c],
            "edge": edge[c],
            "entry": c in entry,
            "adjacent": sorted(adj[c]),
        }
        for c in range(n)
    ]
    return regions, [sector(centres[c]) for c in range(n)]


def write_map(world: str, regs: list[dict], out: str) -> None:
    """The map file: its fields, an `about` naming what it holds, one region a line."""

    def ids(pred) -> list[int]:
        return [r["id"] for r in regs if pred(r)]

    def T(t: str) -> list[int]:
        return ids(lambda r: r["terrain"] == t)

    def F(f: str) -> list[int]:
        return ids(lambda r: f in r["features"])

    adjn = sum(len(r["adjacent"]) for r in regs) // 2
    if world == "surface":
        land = ids(lambda r: r["terrain"] not in ("Sea", "Lake"))
        c = Counter(regs[i]["terrain"] for i in land)
        about = (
            f"The project's own layout for the 6-player team game (3 teams of 2) of Small World, not the printed board: "
            f"the printed team board's layout is not public. It scales the printed base-game boards (23, 30, 39, 48 regions for 2 to 5 players) one step further: "
            f"{len(regs)} regions, {adjn} borders; {len(land)} land regions ({c['Farmland']} Farmland, {c['Forest']} Forest, {c['Hill']} Hill, {c['Swamp']} Swamp, {c['Mountain']} Mountain, the box's 9 Mountain markers), "
            f"2 Seas on the edge ({', '.join(map(str, T('Sea')))}) and an inland Lake ({T('Lake')[0]}); "
            f"18 Lost Tribe regions (the box's 18 tokens; the team setup's Monsters go on them), {len(F('Magic Source'))} Magic Source, {len(F('Cavern'))} Cavern and {len(F('Mine'))} Mine regions; 8 turns. "
            f"Terrains, symbols and the {len(ids(lambda r: r['entry']))} entry regions are spread evenly over six sectors of the board, one per seat. Drawn by scripts/make_6p_maps.py (see docs/notes/team-boards.md)."
        )
        mid, name = "sw-6p", "Small World, 6 players in 3 teams (project layout)"
    else:
        land = ids(lambda r: r["terrain"] not in ("River", "Abysmal Chasm"))
        c = Counter(regs[i]["terrain"] for i in land)
        riv = T("River")
        ch = T("Abysmal Chasm")
        about = (
            f"The project's own layout for the 6-player team game (3 teams of 2) of Small World Underground, not the printed board: "
            f"no public record of the printed Underground boards exists. It scales the project's swu-2p ... swu-5p one step further: "
            f"{len(land)} land regions ({c['Mudpool']} Mudpool, {c['Mystic Crystals']} Mystic Crystals, {c['Mushroom Forest']} Mushroom Forest, {c['Black Mountain']} Black Mountain, {c['Mine']} Mine); "
            f"a River of {len(riv)} segments ({'-'.join(map(str, riv))}) running from the top edge (region {riv[0]}) to the bottom edge (region {riv[-1]}); "
            f"{len(ch)} Abysmal Chasms ({', '.join(map(str, ch))}), {len(F('Volcano'))} with a Volcano symbol ({', '.join(map(str, F('Volcano')))}); "
            f"7 Monster regions ({', '.join(map(str, F('Monster')))}; the box's 14 tokens), none next to another; 8 turns. "
            f"The River splits the land into a west part (regions 0-{riv[0] - 1}) and an east part (regions {riv[-1] + 1}-{len(regs) - 1}); the {len(ids(lambda r: r['entry']))} entry regions are spread all around the rim. Drawn by scripts/make_6p_maps.py (see docs/notes/team-boards.md)."
        )
        mid, name = "swu-6p", "Small World Underground, 6 players in 3 teams (project layout)"
    with open(out, "w", encoding="utf-8") as f:
        f.write("{\n")
        f.write(
            f'  "id": {json.dumps(mid)},\n  "name": {json.dumps(name)},\n  "world": {json.dumps(world)},\n  "about": {json.dumps(about)},\n  "players": [6],\n  "turns": 8,\n  "regions": [\n'
        )
        f.write(",\n".join("    " + json.dumps(r) for r in regs))
        f.write("\n  ]\n}\n")


def main() -> None:
    world, seed, step = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    made = None
    while made is None:
        print("seed", seed, file=sys.stderr)
        made = (surface if world == "surface" else underground)(seed)
        seed += step
    write_map(world, made[0], sys.argv[4])


if __name__ == "__main__":
    main()
