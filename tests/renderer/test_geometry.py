"""Checks of the committed board geometry (data/geometry) and of the builder itself."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from engine.worlds.underground import UNDERGROUND
from renderer.geometry import (
    TopologyError,
    board_size,
    build_geometry,
    load_topology,
    topology_from_dict,
)

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted(p.stem for p in (ROOT / "data" / "geometry").glob("*.json"))
#: Every label point must have a clear disc of at least this radius (px) inside its region.
MIN_CLEARANCE = 50.0
#: Room for a region number alone, in regions where no token ever stands.
NUMBER_CLEARANCE = 40.0


def load_geometry(name: str) -> dict[str, Any]:
    with (ROOT / "data" / "geometry" / f"{name}.json").open(encoding="utf-8") as fh:
        return json.load(fh)


def cell_neighbours(cols: int, rows: int, index: int) -> list[int]:
    """Neighbours of a pointy-top odd-r offset cell (-1 = off the board), written out
    independently of the builder's own grid code."""
    row, col = divmod(index, cols)
    if row % 2:
        offsets = [(1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]
    else:
        offsets = [(1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]
    out = []
    for dc, dr in offsets:
        c, r = col + dc, row + dr
        out.append(r * cols + c if 0 <= c < cols and 0 <= r < rows else -1)
    return out


def seg_dist(p: list[float], a: list[float], b: list[float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def inside(p: list[float], poly: list[list[float]]) -> bool:
    x, y = p
    result = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i - 1], poly[i]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def check_geometry(geometry: dict[str, Any], topo_path: Path) -> None:
    """All hard requirements on one geometry dict against its topology file."""
    topo = load_topology(topo_path)
    grid = geometry["grid"]
    cols, rows = grid["cols"], grid["rows"]
    cells = [rid for row in grid["cells"] for rid in row]
    assert len(grid["cells"]) == rows and all(len(r) == cols for r in grid["cells"])
    assert set(cells) == set(topo.regions), "every region has cells and no stray ids"

    # Shared borders give exactly the rules' adjacency, and only board-edge regions touch
    # the outside of the cell set.
    touching: set[tuple[int, int]] = set()
    on_rim: set[int] = set()
    for i, rid in enumerate(cells):
        for j in cell_neighbours(cols, rows, i):
            if j < 0:
                on_rim.add(rid)
            elif cells[j] != rid:
                touching.add((min(rid, cells[j]), max(rid, cells[j])))
    assert touching == set(topo.edges())
    assert on_rim == {r for r, reg in topo.regions.items() if reg.board_edge}

    # Each region is one piece without holes: its cells are connected, and everything
    # else is connected to the outside of the board.
    for rid in topo.regions:
        mine = [i for i, r in enumerate(cells) if r == rid]
        seen = {mine[0]}
        stack = [mine[0]]
        while stack:
            for j in cell_neighbours(cols, rows, stack.pop()):
                if j >= 0 and cells[j] == rid and j not in seen:
                    seen.add(j)
                    stack.append(j)
        assert len(seen) == len(mine), f"region {rid} is in pieces"
        rest = [i for i, r in enumerate(cells) if r != rid]
        seen = {i for i in rest if -1 in cell_neighbours(cols, rows, i)}
        stack = list(seen)
        while stack:
            for j in cell_neighbours(cols, rows, stack.pop()):
                if j >= 0 and cells[j] != rid and j not in seen:
                    seen.add(j)
                    stack.append(j)
        assert len(seen) == len(rest), f"region {rid} has a hole"

    # Drawable outlines: one polygon per region, tiling the board, each label point deep
    # inside its own region.
    board = geometry["board"]
    total = 0.0
    for reg in geometry["regions"]:
        assert reg["terrain"] == topo.regions[reg["id"]].terrain
        assert len(reg["polygons"]) == 1
        poly = reg["polygons"][0]
        area = (
            abs(
                sum(
                    poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1]
                    for i in range(len(poly))
                )
            )
            / 2
        )
        assert area == pytest.approx(reg["area"], rel=0.01)
        total += area
        label = reg["label"]
        assert inside(label, poly), f"label of region {reg['id']} is outside it"
        clear = min(seg_dist(label, poly[i - 1], poly[i]) for i in range(len(poly)))
        assert clear >= reg["clearance"] - 0.2
        # A region that never holds a token (an Abysmal Chasm) needs room for its number only.
        need = NUMBER_CLEARANCE if reg["terrain"] in UNDERGROUND.impassable else MIN_CLEARANCE
        assert reg["clearance"] >= need, f"region {reg['id']} label too cramped"
    assert total == pytest.approx(board["width"] * board["height"], rel=0.002)
    assert geometry["min_clearance"] == min(r["clearance"] for r in geometry["regions"])

    # Border polylines: one or more per adjacent pair and per board-edge region, no others.
    pairs = {tuple(sorted(b["regions"])) for b in geometry["borders"] if b["regions"][1] >= 0}
    assert pairs == set(topo.edges())
    rim = {b["regions"][0] for b in geometry["borders"] if b["regions"][1] < 0}
    assert rim == on_rim


@pytest.mark.parametrize("name", MAPS)
def test_committed_geometry(name: str) -> None:
    check_geometry(load_geometry(name), ROOT / "data" / "maps" / f"{name}.json")


def test_rebuild_two_player_map_is_deterministic() -> None:
    committed = load_geometry("sw-2p")
    topo_path = ROOT / "data" / "maps" / "sw-2p.json"
    rebuilt = build_geometry(load_topology(topo_path), seed=committed["seed"])
    check_geometry(json.loads(json.dumps(rebuilt)), topo_path)
    # Same seed, same board: the committed file is what the code builds.
    assert rebuilt["grid"]["cells"] == committed["grid"]["cells"]
    for new, old in zip(rebuilt["regions"], committed["regions"], strict=True):
        assert new["label"] == pytest.approx(old["label"], abs=0.2)
        assert len(new["polygons"][0]) == len(old["polygons"][0])


def _topology(edges: list[tuple[int, int]], edge_regions: set[int]) -> dict[str, Any]:
    ids = sorted({v for e in edges for v in e})
    return {
        "id": "test",
        "regions": [
            {
                "id": v,
                "terrain": "Hill",
                "board_edge": v in edge_regions,
                "adjacent": sorted(
                    {b for a, b in edges if a == v} | {a for a, b in edges if b == v}
                ),
            }
            for v in ids
        ],
    }


def _raises(data: dict[str, Any], words: str) -> None:
    with pytest.raises(TopologyError, match=words):
        build_geometry(topology_from_dict(data), seed=1)


def test_k5_is_not_planar() -> None:
    k5 = [(a, b) for a in range(5) for b in range(a + 1, 5)]
    _raises(_topology(k5, set()), "cannot all be drawn on a flat board")


def test_k33_is_not_planar() -> None:
    k33 = [(a, b) for a in range(3) for b in range(3, 6)]
    _raises(_topology(k33, {0, 1, 2, 3, 4, 5}), "cannot all be drawn on a flat board")


def test_outside_ring_must_be_a_cycle() -> None:
    # Wheel with rim 0-1-2-3 and hub 4, but rim regions 1 and 2 do not border: said in the
    # map's terms (regions, borders, the board's edge) with the way to mend it.
    edges = [(0, 1), (2, 3), (3, 0), (0, 4), (1, 4), (2, 4), (3, 4)]
    _raises(
        _topology(edges, {0, 1, 2, 3}),
        r"regions \d and \d come one after the other along the board's edge but do not "
        r"border each other: region 4 would have to reach the edge between them",
    )


def test_four_regions_meeting_at_a_point_cannot_be_drawn() -> None:
    # A 2x2 board whose diagonal regions do not border: four meet at the centre.
    _raises(
        _topology([(0, 1), (1, 3), (3, 2), (2, 0)], {0, 1, 2, 3}),
        r"regions [0-3], [0-3], [0-3], [0-3] would all meet at one point.*"
        r"Give regions (0 and 3|3 and 0|1 and 2|2 and 1) a border",
    )


def test_enclosed_region_is_rejected() -> None:
    # Region 4 borders only region 3, so region 3 would have a hole.
    edges = [(0, 1), (1, 2), (2, 0), (0, 3), (1, 3), (2, 3), (3, 4)]
    _raises(
        _topology(edges, {0, 1, 2}),
        "regions 4 can only be reached through region 3, so region 3 would surround them",
    )


def test_asymmetric_adjacency_is_rejected() -> None:
    data = _topology([(0, 1), (1, 2), (2, 0)], {0, 1, 2})
    data["regions"][0]["adjacent"] = [1, 2, 5]
    with pytest.raises(TopologyError, match="unknown neighbour 5"):
        topology_from_dict(data)


def test_cli_builds_a_small_custom_map(tmp_path: Path) -> None:
    """A community-style map in the shared topology format goes through the CLI."""
    from renderer.geometry.__main__ import main

    # A ring of six board-edge regions around a lake and one inland region.
    ring = [(i, (i + 1) % 6) for i in range(6)]
    edges = [*ring, (0, 6), (1, 6), (2, 6), (2, 7), (3, 7), (4, 7), (5, 7), (6, 7), (5, 6)]
    data = _topology(edges, set(range(6)))
    data["regions"][6]["terrain"] = "Lake"
    src = tmp_path / "custom.json"
    src.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "custom-geometry.json"
    assert main(["build", "--map", str(src), "--out", str(out), "--seed", "3"]) == 0
    check_geometry(json.loads(out.read_text(encoding="utf-8")), src)
    bad = tmp_path / "k5.json"
    bad.write_text(
        json.dumps(_topology([(a, b) for a in range(5) for b in range(a + 1, 5)], set()))
    )
    assert main(["build", "--map", str(bad), "--out", str(tmp_path / "x.json")]) == 1


def test_a_map_of_many_regions_gets_a_taller_board() -> None:
    """Up to 60 regions the board is 1600 × 1100; beyond, it grows taller (never wider: a phone
    shows it at its width), so the 70 regions of swu-6p keep room for their numbers and chips."""
    assert board_size(23) == board_size(60) == (1600, 1100)
    assert board_size(70) == (1600, 1400)
    for name in MAPS:
        geometry = load_geometry(name)
        board = geometry["board"]
        assert (board["width"], board["height"]) == board_size(len(geometry["regions"])), name
