"""Can a map be played *and* drawn? The engine's rules first, then the board's layout.

The engine checks a map against the rules (``engine.core.maps``) and knows nothing of drawing;
the geometry builder (``renderer.geometry``) lays the regions out as a flat board of
hexagons, which needs more than the rules do: borders that can be drawn without crossing,
the regions marked ``edge`` going once around the board, no region surrounding others, at
most three regions meeting at a point. This module runs both and says what is wrong in the
map's own terms (regions, borders, the board's edge), one line per problem, so that
``python -m renderer check`` and the bot's map upload refuse the same files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.content import build_map, map_to_dict
from engine.core.maps import land_count, land_entries, parse_map_bytes
from lang import tr

from .geometry import GeometryError, TopologyError, build_geometry, topology_from_dict

#: What every drawing problem starts with, so a reader knows which check refused the map
#: (in English; ``cannot_draw`` says it in the language spoken).
CANNOT_DRAW = "the board cannot be drawn"


class Undrawable(ValueError):
    """A map the rules accept but the renderer cannot lay out; ``problem`` says why."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__(problem)


def board_geometry(data: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    """The geometry of a map the rules accept (its JSON form), as ``renderer.static``
    draws it; ``Undrawable`` names what prevents it. Takes a few seconds for 40 regions."""
    m = build_map(data)
    try:
        return build_geometry(topology_from_dict(map_to_dict(m), m.id), seed=seed)
    except (TopologyError, GeometryError) as exc:
        raise Undrawable(cannot_draw(exc.problem)) from exc
    except (RuntimeError, ValueError) as exc:
        # The builder's own steps (outlines, smoothing) say which region they failed on
        # (in English: they are the builder's own checks, which a good map never trips).
        raise Undrawable(cannot_draw(str(exc))) from exc


def cannot_draw(problem: str) -> str:
    """A drawing problem as a map's checker says it: after ``CANNOT_DRAW``."""
    return tr("the board cannot be drawn: {problem}", problem=problem)


@dataclass
class MapCheck:
    """What checking a map file found: its problems (none: it plays and draws), its JSON
    form when it is JSON, and its board's geometry when it can be drawn."""

    problems: list[str]
    data: Any = None
    geometry: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        """The map may be played and its board drawn."""
        return not self.problems

    def summary(self) -> str:
        """One line about a good map: its size, land and entries, and that it draws."""
        m = build_map(self.data)
        return tr(
            "ok ({regions} regions, {land} land, entries {entries}; the board can be drawn)",
            regions=len(m.regions),
            land=land_count(m),
            entries=land_entries(m),
        )


def check_map_bytes(raw: bytes, seed: int = 1) -> MapCheck:
    """Check a map file's content: UTF-8, JSON, the rules of its world, then the drawing."""
    data, problems = parse_map_bytes(raw)
    if problems:
        return MapCheck(problems, data)
    try:
        geometry = board_geometry(data, seed)
    except Undrawable as exc:
        return MapCheck([exc.problem], data)
    return MapCheck([], data, geometry)


__all__ = [
    "CANNOT_DRAW",
    "MapCheck",
    "Undrawable",
    "board_geometry",
    "cannot_draw",
    "check_map_bytes",
]
