"""Channel wording of engine events: true to the game, even once a race has left it."""

from __future__ import annotations

from bot.narrate import describe_event
from tests.engine.helpers import play, start


def test_a_race_that_vanishes_at_once_is_named_as_its_owners() -> None:
    # Seat 0's Ghouls decline, then lose their last region to seat 1 and leave the map in
    # that same conquest: the line still names seat 0 as their owner.
    s = start(("Ghouls", "Merchant"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 21 3", "end")
    play(s, "pick 1", "conquer 19", "stop", "end")
    play(s, "decline", "conquer 20", "conquer 21")
    assert "Ghouls" not in s.races
    conquest = s.events[-2]
    told = describe_event(s, conquest)
    assert told is not None
    assert f"from {s.players[0].name}'s Ghouls" in told, told
