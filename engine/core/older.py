"""States saved by older versions, read today: what they lack, worked out from what they
hold (``state.from_dict`` asks)."""

from __future__ import annotations

from typing import Any


def stonehedge_occupant(d: dict[str, Any]) -> str | None:
    """The race on the Stonehedge's region of a saved state whose power was drawn.

    The holder of the Stonehedge's power is saved only when there is one, and after every
    action it is the region's occupant; a state saved before the holder was recorded at all
    takes the occupant too, so a game already under way does not give its holder what the
    power gives on pick a second time.
    """
    if not d.get("stonehedge"):
        return None
    for r in d["regions"]:
        if r["markers"].get("stonehedge"):
            race = r["race"]
            return race if isinstance(race, str) else None
    return None
