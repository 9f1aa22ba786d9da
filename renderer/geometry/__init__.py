"""Board geometry builder: map topology in, drawable hex-based region shapes out.

Pipeline (see the modules): :mod:`.topology` loads and checks the region graph,
:mod:`.planar` embeds it in the plane, :mod:`.faces` reads the board's ring and faces from
that embedding, :mod:`.embed` draws a triangulated skeleton (its rim from :mod:`.rim`,
finished by :mod:`.polish`), :mod:`.layout` turns it into an exact hex-cell layout,
:mod:`.anneal` improves the shapes without ever breaking the rules' adjacency, and
:mod:`.outline` produces smoothed outlines, shared borders and label points. The result is
committed as JSON under ``data/geometry``; the bot only reads it and never re-solves at run
time.

Command line: ``python -m renderer.geometry build --map PATH --out PATH [--seed N]``,
``python -m renderer.geometry build-all`` and
``python -m renderer.geometry preview --map GEOMETRY.json --out PICTURE.png``.
"""

from .build import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    GeometryError,
    board_size,
    build_file,
    build_geometry,
    build_layout,
    geometry_to_json,
)
from .topology import OUTSIDE, Topology, TopologyError, load_topology, topology_from_dict

__all__ = [
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "OUTSIDE",
    "GeometryError",
    "Topology",
    "TopologyError",
    "board_size",
    "build_file",
    "build_geometry",
    "build_layout",
    "geometry_to_json",
    "load_topology",
    "topology_from_dict",
]
