"""A state saved by an older version agrees with today's replay of its log when the only
difference is a field a later version added to an event (``engine.core.older``)."""

from __future__ import annotations

from engine.core.older import agrees_with_replay

OLD = {"coins": 7, "kind": "score", "private": True, "seat": 3}
NEW = {**OLD, "terms": [["regions", 5, "Shrooms", "race"], ["bonus", 2, "Shrooms", "race"]]}


def state(*events: dict[str, object], version: int = 9) -> dict[str, object]:
    return {"version": version, "events": [], "last_events": list(events)}


def test_a_field_added_since_is_forgiven() -> None:
    assert agrees_with_replay(state(OLD), state(NEW))
    assert agrees_with_replay(state(NEW), state(NEW))


def test_a_changed_or_missing_field_or_event_is_not() -> None:
    assert not agrees_with_replay(state({**OLD, "coins": 8}), state(NEW))
    assert not agrees_with_replay(state(NEW), state(OLD))  # the replay lacks a field
    assert not agrees_with_replay(state(OLD, OLD), state(NEW))
    assert not agrees_with_replay(state(OLD), state(NEW, version=10))
