"""Map topology: which regions exist, what terrain they have and which ones border.

The geometry builder only needs a small part of a map file, so the loader accepts any
dict holding a ``regions`` list whose entries have ``id`` (int), ``terrain`` (str),
``adjacent`` (list of ids) and a board-edge flag, spelled either ``board_edge`` (the
shared topology files) or ``edge`` (the project's ``data/maps`` format).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Pseudo region id of the area around the board. Real region ids are never negative.
OUTSIDE = -1


class TopologyError(ValueError):
    """The topology is malformed or cannot be drawn as a board of simply connected regions.

    ``problem`` is the sentence without the map's name in front, in the map's own terms
    (regions, borders, the board's edge), for a map checker to print after a file name.
    """

    def __init__(self, message: str, *, name: str | None = None) -> None:
        self.problem = message
        super().__init__(f"{name}: {message}" if name else message)


@dataclass(frozen=True)
class Region:
    """One region of the topology."""

    id: int
    terrain: str
    board_edge: bool
    adjacent: tuple[int, ...]


@dataclass
class Topology:
    """A validated map topology: regions keyed by id plus a name for messages."""

    name: str
    regions: dict[int, Region]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ids(self) -> list[int]:
        """Region ids in ascending order."""
        return sorted(self.regions)

    def edges(self) -> list[tuple[int, int]]:
        """Every adjacent pair once, as ``(low, high)``, sorted."""
        out = set()
        for r in self.regions.values():
            for a in r.adjacent:
                out.add((min(r.id, a), max(r.id, a)))
        return sorted(out)

    def graph_with_outside(self) -> dict[int, set[int]]:
        """Adjacency sets including the :data:`OUTSIDE` node joined to every board-edge region."""
        g: dict[int, set[int]] = {rid: set(r.adjacent) for rid, r in self.regions.items()}
        g[OUTSIDE] = {rid for rid, r in self.regions.items() if r.board_edge}
        for rid in g[OUTSIDE]:
            g[rid].add(OUTSIDE)
        return g


def topology_from_dict(data: dict[str, Any], name: str = "map") -> Topology:
    """Build and check a :class:`Topology` from a map dict.

    Raises :class:`TopologyError` for duplicate or negative ids, unknown neighbours,
    self-adjacency or an adjacency listed on one side only.
    """
    raw = data.get("regions")
    if not isinstance(raw, list) or not raw:
        raise TopologyError(f"{name}: no 'regions' list")
    regions: dict[int, Region] = {}
    for entry in raw:
        rid = entry.get("id")
        if not isinstance(rid, int) or isinstance(rid, bool) or rid < 0:
            raise TopologyError(f"{name}: region id {rid!r} is not a non-negative int")
        if rid in regions:
            raise TopologyError(f"{name}: duplicate region id {rid}")
        edge = entry.get("board_edge", entry.get("edge"))
        if not isinstance(edge, bool):
            raise TopologyError(f"{name}: region {rid} has no boolean 'board_edge'/'edge' flag")
        adj = entry.get("adjacent", [])
        if not isinstance(adj, list) or not all(isinstance(a, int) for a in adj):
            raise TopologyError(f"{name}: region {rid} 'adjacent' is not a list of ids")
        regions[rid] = Region(rid, str(entry.get("terrain", "")), edge, tuple(sorted(set(adj))))
    for r in regions.values():
        for a in r.adjacent:
            if a == r.id:
                raise TopologyError(f"{name}: region {r.id} lists itself as adjacent")
            if a not in regions:
                raise TopologyError(f"{name}: region {r.id} lists unknown neighbour {a}")
            if r.id not in regions[a].adjacent:
                raise TopologyError(
                    f"{name}: adjacency {r.id}-{a} is listed by region {r.id} but not by {a}"
                )
    extra = {k: v for k, v in data.items() if k != "regions"}
    return Topology(str(data.get("id", name)), regions, extra)


def load_topology(path: str | Path) -> Topology:
    """Read a map JSON file and return its checked :class:`Topology`."""
    p = Path(path)
    with p.open(encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        raise TopologyError(f"{p}: a map file holds a JSON object (docs/maps.md)")
    return topology_from_dict(data, name=str(data.get("id", p.stem)))
