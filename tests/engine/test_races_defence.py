"""Rule tests for the Small World races that change how their regions are entered, defended or
lost [SW pp.8-9] (checklist §3.1): the Elves (B-R3), who lose no token when conquered, the
Halflings (B-R6), who enter anywhere and dig immune Holes, and the Trolls (B-R13), whose
Lairs add to the defence.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) unless said otherwise. Facts of that map used by the ``test_races_*`` modules:

- Seas 0 and 22, Lake 7. Coastal (next to water): 1, 2, 5, 6, 8, 12, 13, 15, 20, 21.
- Mountains 5, 8, 15, 19. Mines 2, 5, 15, 18. Farmland 1, 9, 11, 13. Magic 1, 10, 13, 16.
- Lost Tribes at setup: 3, 6, 10, 11, 12, 13, 14, 16, 18. Interior (no entry): 6, 8, 9, 12, 13, 14.
"""

from __future__ import annotations

import pytest

from engine import to_act
from engine.core.board import tray
from engine.core.state import CLOSING, GameState

from .helpers import clear_board, fresh, owned, play, put, refused, texts, turn

# --- Elves (B-R3) ------------------------------------------------------------------------------


@pytest.mark.parametrize(("defender", "back"), [("Elves", 3), ("Humans", 2)])
def test_elves_lose_no_token_when_conquered(defender: str, back: int) -> None:
    """[SW p.8, Elves] "When the enemy conquers one of your Regions, keep all your Elf tokens in
    hand for redeployment at the end of the current player's turn, rather than discarding 1 Elf
    token back into the storage tray" (Humans, for contrast, discard one [SW p.4])."""
    s = clear_board(fresh())
    put(s, 1, defender, "Stout", {12: 3, 13: 1})
    put(s, 0, "Ratmen", "Commando", {11: 1}, hand=8)
    tray_before = tray(s, defender)
    turn(s, 0)
    play(s, "conquer 12")
    assert s.races[defender].hand == back
    assert tray(s, defender) == tray_before + (3 - back)
    play(s, "stop", "end")
    # The defender redeploys as the final action of the attacker's turn.
    assert s.turn.phase == CLOSING and to_act(s) == 1
    assert f"deploy 13 {back}" in texts(s)
    play(s, f"deploy 13 {back}")
    assert owned(s, defender) == {13: 1 + back}


@pytest.mark.parametrize(("decline", "back"), [(False, 1), (True, 0)])
def test_elves_in_decline_do_lose_a_token(decline: bool, back: int) -> None:
    """[SW p.8] Race benefits "no longer apply once the race is put In Decline"; [SW p.4] "When
    a Region defended by a single token is captured, the defending token is discarded. This will
    usually be the case ... when the defending token belongs to a Race In Decline"."""
    s = clear_board(fresh())
    put(s, 1, "Elves", "Stout", {12: 1, 13: 1}, decline=decline)
    put(s, 0, "Ratmen", "Commando", {11: 1}, hand=8)
    tray_before = tray(s, "Elves")
    turn(s, 0)
    play(s, "conquer 12")
    assert s.races["Elves"].hand == back
    assert tray(s, "Elves") == tray_before + (1 - back)


# --- Halflings (B-R6) --------------------------------------------------------------------------


@pytest.mark.parametrize(("race", "allowed"), [("Halflings", True), ("Ratmen", False)])
def test_halflings_enter_through_any_region(race: str, allowed: bool) -> None:
    """[SW p.8, Halflings] "Your Halfling tokens may enter the map through *any* Region of the
    map, not just border ones." — region 9 is interior; other races must enter by a border
    Region [SW p.4]."""
    s = clear_board(fresh())
    put(s, 0, race, "Stout", {}, hand=6)
    turn(s, 0)
    assert ("conquer 9" in texts(s)) is allowed
    if allowed:
        play(s, "conquer 9")
        assert owned(s, race) == {9: 2}
    else:
        assert "border" in refused(s, "conquer 9")


def test_halflings_later_conquests_must_be_adjacent() -> None:
    """[SW p.8, Halflings] Only the entry is free ("may enter the map through *any* Region");
    [SW p.4] "Each of the newly conquered Regions must be adjacent ... unless permitted otherwise".
    Lakes stay closed: "Seas and Lakes cannot usually be conquered." """
    s = clear_board(fresh())
    put(s, 0, "Halflings", "Stout", {}, hand=6)
    turn(s, 0)
    assert "conquer 7" not in texts(s)  # the Lake, even on the first conquest
    play(s, "conquer 9")
    assert "conquer 10" in texts(s)
    assert "conquer 17" not in texts(s)
    assert "next to" in refused(s, "conquer 17")


def test_halflings_holes_in_first_two_conquests_only() -> None:
    """[SW p.8, Halflings] "Place a Hole-in-the-Ground in each of the first 2 Regions you
    conquer" — the third conquest gets none."""
    s = clear_board(fresh())
    put(s, 0, "Halflings", "Stout", {}, hand=6)
    turn(s, 0)
    play(s, "conquer 9", "conquer 3", "conquer 4")
    holes = {rid for rid, r in enumerate(s.regions) if r.markers.get("hole")}
    assert holes == {9, 3}


def test_halfling_holes_are_immune_to_conquest_and_sorcery() -> None:
    """[SW p.8, Halflings] A Hole-in-the-Ground makes its region "immune to enemy conquests as
    well as racial and special powers"; the region without a Hole is not."""
    s = clear_board(fresh())
    put(s, 0, "Halflings", "Stout", {}, hand=6)
    put(s, 1, "Sorcerers", "Commando", {10: 4})
    turn(s, 0)
    play(s, "conquer 9", "conquer 3", "conquer 4", "stop", "end")
    assert owned(s, "Halflings") == {9: 2, 3: 2, 4: 2}
    # Seat 1's turn: 9 and 4 both touch the Sorcerers on 10.
    assert s.turn.seat == 1 and s.turn.race == "Sorcerers"
    assert "conquer 4" in texts(s)
    assert "conquer 9" not in texts(s)
    assert "immune" in refused(s, "conquer 9")
    # Sorcery needs a lone token: thin the Halflings out to one per region.
    for rid in (9, 3, 4):
        s.regions[rid].tokens = 1
    assert "enchant 4" in texts(s)
    assert "enchant 9" not in texts(s)
    refused(s, "enchant 9")


def _halflings_with_holes() -> GameState:
    s = clear_board(fresh())
    halflings = put(s, 0, "Halflings", "Stout", {9: 1, 3: 1, 4: 1}, hand=3)
    s.regions[9].markers["hole"] = 1
    s.regions[3].markers["hole"] = 1
    halflings.holes_placed = 2
    return s


def test_halfling_holes_go_when_declining() -> None:
    """[SW p.8, Halflings] "You remove your Holes-in-the-Ground ... when your Halflings go into
    Decline" """
    s = _halflings_with_holes()
    turn(s, 0)
    play(s, "decline")
    assert not any(r.markers.get("hole") for r in s.regions)
    assert owned(s, "Halflings") == {9: 1, 3: 1, 4: 1}


def test_halfling_hole_goes_when_abandoned_and_is_not_replaced() -> None:
    """[SW p.8, Halflings] "You remove your Holes-in-the-Ground ... if you choose to abandon a
    Region containing a Hole-in-the-Ground." Only "the first 2 Regions you conquer" get one,
    so conquering the region again brings no new Hole (checklist B-R6 RECOMMEND)."""
    s = _halflings_with_holes()
    turn(s, 0)
    play(s, "abandon 9")
    assert not s.regions[9].markers.get("hole")
    assert s.regions[3].markers.get("hole") == 1
    assert s.races["Halflings"].hand == 4
    play(s, "conquer 9")
    assert not s.regions[9].markers.get("hole")


# --- Trolls (B-R13) ----------------------------------------------------------------------------


@pytest.mark.parametrize(("race", "lair"), [("Trolls", 1), ("Ratmen", 0)])
def test_trolls_place_a_lair_where_they_conquer(race: str, lair: int) -> None:
    """[SW p.9, Trolls] "Place a Troll's Lair in each Region your Trolls occupy." """
    s = clear_board(fresh())
    put(s, 0, race, "Stout", {11: 1}, hand=5)
    turn(s, 0)
    play(s, "conquer 17")
    assert s.regions[17].markers.get("lair", 0) == lair


@pytest.mark.parametrize("decline", [False, True])
def test_troll_lair_defends_active_and_in_decline(decline: bool) -> None:
    """[SW p.9, Trolls] "The Troll's Lair augments your region's defense by 1 (just as if you
    had an additional Troll token stationed there), and stays in the Region even after your
    Trolls go into Decline. Remove the Troll's Lair ... when an enemy conquers it." """
    s = clear_board(fresh())
    put(s, 0, "Trolls", "Stout", {17: 1, 12: 1}, decline=decline)
    s.regions[17].markers["lair"] = 1
    put(s, 1, "Ratmen", "Commando", {16: 1}, hand=3)
    turn(s, 1)
    # Lone Troll + Lair: 2 + 1 + 1 = 4, minus Commando's 1 = 3.
    s.races["Ratmen"].hand = 2
    assert "conquer 17" not in texts(s) and "reinforce 17" in texts(s)
    s.races["Ratmen"].hand = 3
    play(s, "conquer 17")
    assert owned(s, "Ratmen")[17] == 3
    assert not s.regions[17].markers.get("lair")


def test_troll_lairs_stay_when_the_trolls_decline() -> None:
    """[SW p.9, Trolls] The Lair "stays in the Region even after your Trolls go into
    Decline." """
    s = clear_board(fresh())
    put(s, 0, "Trolls", "Stout", {17: 2, 11: 1})
    s.regions[17].markers["lair"] = 1
    s.regions[11].markers["lair"] = 1
    turn(s, 0)
    play(s, "decline")
    assert s.races["Trolls"].in_decline
    assert owned(s, "Trolls") == {17: 1, 11: 1}
    assert s.regions[17].markers.get("lair") == 1 and s.regions[11].markers.get("lair") == 1


def test_troll_lair_goes_when_the_region_is_abandoned() -> None:
    """[SW p.9, Trolls] "Remove the Troll's Lair if you abandon the Region" """
    s = clear_board(fresh())
    put(s, 0, "Trolls", "Stout", {17: 1, 11: 2})
    s.regions[17].markers["lair"] = 1
    s.regions[11].markers["lair"] = 1
    turn(s, 0, do_ready=True)
    play(s, "abandon 17")
    assert not s.regions[17].markers.get("lair")
    assert s.regions[11].markers.get("lair") == 1


def test_troll_lairs_go_with_the_trolls_when_they_leave_the_map() -> None:
    """Checklist B-R13 RECOMMEND: the Lair is "also removed when the In Decline Trolls are
    removed from the map" ([SW p.6] "those are all immediately removed from the map")."""
    s = clear_board(fresh())
    put(s, 0, "Trolls", "Stout", {17: 1}, decline=True)
    s.regions[17].markers["lair"] = 1
    put(s, 0, "Ratmen", "Commando", {4: 2})
    turn(s, 0)
    play(s, "decline")
    assert "Trolls" not in s.races
    assert not any(r.markers.get("lair") for r in s.regions)
