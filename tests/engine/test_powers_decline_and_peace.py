"""Rule tests for the Small World special powers that change going into Decline or who may
attack whom [SW "Special Powers"] (part of checklist B-P1..B-P20): Diplomat's peace with an
ally, Spirit's second race In Decline and Stout's Decline right after scoring.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) with the fixtures of ``helpers_powers``; the region facts used are listed, and
checked, in ``test_powers_scoring``.
"""

from __future__ import annotations

from engine.core.state import CONQUER, REDEPLOY

from .helpers import gain_on_decline, owned, play, put, texts, turn
from .helpers_powers import board, refused

# --- Diplomat ---------------------------------------------------------------------------------


def test_diplomat_cannot_ally_with_an_opponent_it_attacked() -> None:
    """[SW Diplomat] "At the end of your turn, you may select one opponent whose Active race
    you did not attack this turn as your ally." """
    s = board(3)
    put(s, 0, "Ratmen", "Diplomat", {1: 1}, hand=6)
    put(s, 1, "Orcs", "Forest", {2: 1})
    put(s, 2, "Humans", "Swamp", {16: 1})
    turn(s, 0)
    assert not any(t.startswith("peace") for t in texts(s))  # only at the end of the turn
    play(s, "conquer 2", "stop")
    assert "peace 2" in texts(s)
    refused(s, "peace 1")
    play(s, "peace 2")
    assert s.players[0].peace_with == 2


def test_diplomat_may_ally_with_an_opponent_whose_decline_race_it_attacked() -> None:
    """[SW Diplomat] "select one opponent whose Active race you did not attack this turn" —
    attacking only his In Decline race does not bar him."""
    s = board()
    put(s, 0, "Ratmen", "Diplomat", {1: 1}, hand=6)
    put(s, 1, "Orcs", "Forest", {2: 1}, decline=True)
    put(s, 1, "Humans", "Swamp", {16: 1})
    turn(s, 0)
    play(s, "conquer 2", "stop", "peace 1")
    assert s.players[0].peace_with == 1


def test_ally_cannot_attack_the_diplomats_active_race_until_its_next_turn() -> None:
    """[SW Diplomat] "You are now at peace with him and he cannot attack your active race
    until your next turn." """
    s = board()
    put(s, 0, "Ratmen", "Diplomat", {1: 1, 2: 1})
    put(s, 1, "Orcs", "Forest", {6: 9})  # readied at the start of seat 1's turn
    turn(s, 0, phase=REDEPLOY)
    play(s, "peace 1", "end")
    assert s.turn.seat == 1 and s.turn.phase == CONQUER
    assert "conquer 11" in texts(s)  # other regions are open
    refused(s, "conquer 1")
    refused(s, "conquer 2")
    refused(s, "reinforce 2")
    play(s, "stop", "end")
    # The Diplomat's next turn ends the peace (no new ally this time).
    assert s.turn.seat == 0
    play(s, "stop", "end")
    assert s.turn.seat == 1
    assert "conquer 2" in texts(s)


def test_peace_does_not_protect_the_diplomats_decline_race() -> None:
    """[SW Diplomat] "he cannot attack your active race" — the Diplomat's In Decline race
    stays open to the ally."""
    s = board()
    put(s, 0, "Humans", "Forest", {11: 1}, decline=True)
    put(s, 0, "Ratmen", "Diplomat", {1: 1})
    put(s, 1, "Orcs", "Forest", {6: 1}, hand=8)
    s.players[0].peace_with = 1
    turn(s, 1)
    assert "conquer 11" in texts(s)
    assert "conquer 1" not in texts(s)


def test_decline_ghouls_of_the_ally_may_still_attack_the_diplomat() -> None:
    """[SW Diplomat] "Tokens In Decline are not impacted (so Ghouls In Decline are immune to
    this power and may still attack you)." """
    s = board()
    put(s, 0, "Ratmen", "Diplomat", {1: 1})
    put(s, 1, "Ghouls", "Forest", {6: 5}, decline=True)
    put(s, 1, "Orcs", "Swamp", {12: 1})
    turn(s, 0, phase=REDEPLOY)
    play(s, "peace 1", "end")
    # Seat 1's turn opens with the In-Decline Ghouls' conquests.
    assert s.turn.seat == 1 and s.turn.race == "Ghouls"
    play(s, "conquer 1")
    assert s.regions[1].race == "Ghouls"


def test_peace_also_bars_the_allys_racial_and_special_powers() -> None:
    """[SW Diplomat] "he cannot attack your active race until your next turn" — neither by
    Sorcerer substitution nor by a Dragon attack."""
    s = board()
    put(s, 0, "Ratmen", "Diplomat", {1: 1})
    put(s, 1, "Sorcerers", "Dragon Master", {2: 1}, hand=5)
    turn(s, 1)
    assert {"enchant 1", "dragon 1"} <= set(texts(s))
    s.players[0].peace_with = 1
    refused(s, "enchant 1")
    refused(s, "dragon 1")


def test_peace_binds_only_the_ally() -> None:
    """[SW Diplomat] "select one opponent ... as your ally ... he cannot attack your active
    race" — a third player is not bound."""
    s = board(3)
    put(s, 0, "Ratmen", "Diplomat", {1: 1})
    put(s, 1, "Orcs", "Forest", {6: 1}, hand=8)
    put(s, 2, "Humans", "Swamp", {5: 1}, hand=8)
    s.players[0].peace_with = 1
    turn(s, 2)
    assert "conquer 1" in texts(s)
    turn(s, 1)
    assert "conquer 1" not in texts(s)


# --- Spirit -----------------------------------------------------------------------------------


def test_spirit_decline_keeps_the_older_decline_race() -> None:
    """[SW Spirit] "You may thus end up with two different races In Decline on the map at the
    same time and score for them both." """
    s = board()
    put(s, 0, "Ratmen", "Forest", {4: 1}, decline=True)
    put(s, 0, "Humans", "Spirit", {1: 2, 2: 1})
    assert gain_on_decline(s, 0) == 1 + 2
    assert s.players[0].declined == ["Ratmen", "Humans"]
    assert owned(s, "Ratmen") == {4: 1}
    assert owned(s, "Humans") == {1: 1, 2: 1}
    assert "Spirit" not in s.power_discard  # the badge stays with its race


def test_third_decline_removes_the_non_spirit_race() -> None:
    """[SW Spirit] "If a third race you control goes into Decline, your Spirits remain on the
    board, although the other race already In Decline disappears, as normal." """
    s = board()
    put(s, 0, "Ratmen", "Forest", {4: 1}, decline=True)
    put(s, 0, "Humans", "Spirit", {1: 1}, decline=True)
    put(s, 0, "Orcs", "Commando", {9: 2})
    assert gain_on_decline(s, 0) == 1 + 1
    assert sorted(s.players[0].declined) == ["Humans", "Orcs"]
    assert "Ratmen" not in s.races
    assert s.regions[4].race is None
    assert owned(s, "Humans") == {1: 1}


def test_without_spirit_only_one_race_stays_in_decline() -> None:
    """[SW Entering In Decline] "Each player can only have a single race In Decline on the map
    at any given time." — Spirit's exemption belongs to the Spirit race alone."""
    s = board()
    put(s, 0, "Ratmen", "Forest", {4: 1}, decline=True)
    put(s, 0, "Humans", "Commando", {1: 2})
    gain_on_decline(s, 0)
    assert s.players[0].declined == ["Humans"]
    assert s.regions[4].race is None


# --- Stout ------------------------------------------------------------------------------------


def test_stout_declines_right_after_scoring() -> None:
    """[SW Stout] "You may go In Decline at the end of a regular turn of conquests, after
    scoring, instead of spending an entire turn going into Decline." """
    s = board()
    put(s, 0, "Ratmen", "Forest", {4: 1}, decline=True)
    rs = put(s, 0, "Humans", "Stout", {2: 1}, hand=6)
    rs.turns = 2
    turn(s, 0)
    play(s, "conquer 1", "conquer 6", "stop")
    assert "end decline" in texts(s)
    before = s.players[0].coins
    play(s, "end decline")
    # Scored once, as an active race (Farmland 1 for Humans), plus the old decline race.
    assert s.players[0].coins - before == 3 + 1 + 1
    assert rs.in_decline and s.players[0].active is None
    assert s.players[0].declined == ["Humans"]  # the older decline race is gone
    assert all(n == 1 for n in owned(s, "Humans").values())


def test_only_stout_declines_at_the_end_of_a_conquest_turn() -> None:
    """[SW Entering In Decline] "The player can make no conquests during the turn his race
    goes into decline" — only Stout may decline after conquering."""
    s = board()
    put(s, 0, "Humans", "Forest", {2: 1}, hand=6).turns = 2
    turn(s, 0)
    play(s, "conquer 1", "stop")
    refused(s, "end decline")
    s = board()
    put(s, 0, "Humans", "Stout", {2: 1}, hand=6).turns = 2
    turn(s, 0)
    play(s, "conquer 1")
    refused(s, "decline")  # the whole-turn decline is gone once conquering started
