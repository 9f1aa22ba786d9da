"""Channel wording of engine events: true to the game, even once a race has left it."""

from __future__ import annotations

from typing import Any

from bot.narrate import describe_event, summary
from engine.state import GameState
from tests.engine.helpers import pass_turns, play, start


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


# --- what the engine did for the player: one line each ---------------------------------------


def _orcs_hold_20_and_21() -> GameState:
    """Seat 0's Hill Orcs take Swamp 20 and Forest 21 and place every token: 20 ×5, 21 ×4."""
    s = start(("Orcs", "Hill"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 20 3", "deploy 21 2", "end")
    return s


def _kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def test_readying_is_told() -> None:
    """[SW "Ready your Troops"] "Leaving in place one Race token in each Region they occupy,
    the player may take all his other Active Race tokens from the map back in hand"."""
    s = _orcs_hold_20_and_21()
    pass_turns(s, 0)
    [ready] = _kind(s.events, "ready")
    told = "P1's Orcs picked up 7 tokens to conquer with, leaving one in each region."
    assert describe_event(s, ready) == told
    assert told in summary(s, s.events)


def test_amazons_readying_counts_their_four() -> None:
    """[SW Amazons] the four "back in hand ... once you Ready your Troops"."""
    s = start(("Amazons", "Merchant"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 20 4", "end")
    pass_turns(s, 0)
    [ready] = _kind(s.events, "ready")
    assert describe_event(s, ready) == (
        "P1's Amazons picked up 6 tokens to conquer with, leaving one in each region "
        "(10 in hand in all)."
    )


def test_leftover_tokens_going_back_are_told_with_their_regions() -> None:
    """[SW "Troop Redeployment"]; unused readied tokens go back where they stood (ruling 5)."""
    s = _orcs_hold_20_and_21()
    pass_turns(s, 0)
    play(s, "stop", "end")
    [back] = _kind(s.last_events, "return")
    assert describe_event(s, back) == (
        "P1's Orcs: 7 leftover tokens went back to 20 (Swamp) and 21 (Forest)."
    )


def test_spread_tokens_are_told_for_the_player_and_for_a_defender() -> None:
    """Tokens never placed are spread (ruling 5); so are a defender's [SW "Enemy Losses &
    Withdrawals"]: "redeploy them in any other Region(s) still occupied by his race"."""
    s = start(("Orcs", "Hill"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "end")
    [mine] = _kind(s.last_events, "spread")
    assert describe_event(s, mine) == (
        "P1's Orcs: 5 tokens left in hand were spread over 20 (Swamp) and 21 (Forest)."
    )
    play(s, "pick 1", "conquer 21", "stop", "end", "finish")
    defender = _kind(s.last_events, "spread")[-1]
    assert describe_event(s, defender) == (
        "P1's Orcs: 3 tokens left in hand were spread over 20 (Swamp)."
    )
    assert describe_event(s, {**defender, "tokens": 1}) == (
        "P1's Orcs: 1 token left in hand was spread over 20 (Swamp)."
    )
