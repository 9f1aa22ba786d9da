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


#: The parts of a saved state that tell what happened (``GameState.events``,
#: ``last_events``): an event may gain fields in a later version.
EVENT_LISTS = ("events", "last_events")


def agrees_with_replay(stored: dict[str, Any], replayed: dict[str, Any]) -> bool:
    """Whether a saved state (``state.to_dict``'s form) is what today's engine makes of its
    log: equal, except that an event told by an older version may lack a field a later one
    added to it (the ``score`` event's ``terms``, for one). Every field the saved event has
    must still be the replay's, and the events must be the same in number and order: only
    an addition is forgiven, never a change."""
    if stored == replayed:
        return True
    if {k: v for k, v in stored.items() if k not in EVENT_LISTS} != {
        k: v for k, v in replayed.items() if k not in EVENT_LISTS
    }:
        return False
    for key in EVENT_LISTS:
        old, new = stored.get(key, []), replayed.get(key, [])
        if len(old) != len(new) or any(
            not o.items() <= n.items() for o, n in zip(old, new, strict=True)
        ):
            return False
    return True
