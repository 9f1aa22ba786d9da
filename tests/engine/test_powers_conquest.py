"""Rule tests for the Small World special powers that change what a conquest costs or where it
may go [SW "Special Powers"] (part of checklist B-P1..B-P20): Berserk, Commando, Flying,
Mounted, Seafaring and Underworld.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) with the fixtures of ``helpers_powers``; the region facts used are listed, and
checked, in ``test_powers_scoring``.
"""

from __future__ import annotations

import pytest

from engine.core.conquest import conquest_cost

from .helpers import force_die, gain_at_end, gain_on_decline, owned, play, put, texts, turn
from .helpers_powers import MAP, board, refused

# --- Berserk ----------------------------------------------------------------------------------


def test_berserk_die_lowers_the_cost_of_the_next_conquest() -> None:
    """[SW Berserk] "Roll the die first; select the Region you wish to conquer; then place the
    required number of Race tokens (minus the die results) there."
    """
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=6)
    put(s, 1, "Orcs", "Commando", {2: 3})  # cost 2 + 3 = 5
    turn(s, 0)
    assert "roll" in texts(s)
    force_die(s, 3)
    play(s, "roll", "conquer 2")
    assert owned(s, "Ratmen")[2] == 2
    assert s.races["Ratmen"].hand == 4


def test_berserk_die_never_brings_the_cost_under_one() -> None:
    """[SW Berserk] "As usual, a minimum of 1 token is still required to attempt the
    conquest." — a 3 on an empty region (cost 2) still needs 1 token."""
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=6)
    turn(s, 0)
    force_die(s, 3)
    play(s, "roll", "conquer 2")
    assert owned(s, "Ratmen")[2] == 1
    assert s.races["Ratmen"].hand == 5


def test_berserk_die_counts_for_one_conquest_only() -> None:
    """[SW Berserk] "You may use the Reinforcement die before each of your conquests" — a roll
    serves the conquest that follows it; the next one costs full price unless rolled again."""
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=6)
    turn(s, 0)
    force_die(s, 3)
    play(s, "roll")
    assert "roll" not in texts(s)  # one roll per conquest
    play(s, "conquer 2")
    assert "roll" in texts(s)  # rolled again before the next conquest
    play(s, "conquer 3")  # no roll: full cost 2
    assert owned(s, "Ratmen")[3] == 2


def test_berserk_short_after_the_roll_cannot_conquer() -> None:
    """[SW Berserk] "If you do not have enough tokens left, this is your final conquest attempt
    for the turn." — tokens plus die below the cost: the region is not taken."""
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=1)
    put(s, 1, "Orcs", "Commando", {2: 2})  # cost 4; 1 token + die 1 is not enough
    turn(s, 0)
    force_die(s, 1)
    play(s, "roll")
    refused(s, "conquer 2")
    assert s.regions[2].race == "Orcs"


def test_berserk_may_roll_again_after_a_zero() -> None:
    """[SW Berserk] "You may use the Reinforcement die before each of your conquests, rather
    than just the last one of your turn." — after a roll of 0 and a conquest, the next
    conquest may be preceded by a new roll."""
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=8)
    turn(s, 0)
    force_die(s, 0)
    play(s, "roll", "conquer 2")
    assert owned(s, "Ratmen")[2] == 2
    assert "roll" in texts(s)


def test_only_active_berserk_races_roll_before_conquering() -> None:
    """[SW Berserk] "You may use the Reinforcement die before each of your conquests, rather
    than just the last one of your turn." — other races, and a Berserk race In Decline
    (Ghouls), get no such roll."""
    s = board()
    put(s, 0, "Ratmen", "Commando", {1: 1}, hand=5)
    turn(s, 0)
    assert "roll" not in texts(s)
    s = board()
    put(s, 1, "Ghouls", "Berserk", {4: 4}, decline=True)
    turn(s, 1, "Ghouls", do_ready=True)
    assert "conquer 3" in texts(s)
    assert "roll" not in texts(s)


# --- Commando -------------------------------------------------------------------------------


def test_commando_conquers_with_one_token_less() -> None:
    """[SW Commando] "You may conquer any Region with 1 less Race token than normal." """
    s = board()
    rs = put(s, 0, "Ratmen", "Commando", {1: 1}, hand=6)
    put(s, 1, "Orcs", "Forest", {2: 2})
    assert conquest_cost(s, rs, 2) == 2 + 2 - 1
    assert conquest_cost(s, rs, 5) == 2 + 1 - 1  # Mountain
    turn(s, 0)
    play(s, "conquer 2")
    assert owned(s, "Ratmen")[2] == 3


@pytest.mark.parametrize(("race", "expected"), [("Ratmen", 1), ("Tritons", 1)])
def test_commando_never_goes_under_one(race: str, expected: int) -> None:
    """[SW Commando] "A minimum of 1 token is still required." — an empty region costs
    2 - 1 = 1, and Tritons' own -1 on a coastal region cannot bring it to 0."""
    s = board()
    rs = put(s, 0, race, "Commando", {2: 1}, hand=4)
    assert conquest_cost(s, rs, 1) == expected
    turn(s, 0)
    play(s, "conquer 1")
    assert owned(s, race)[1] == 1
    assert rs.hand == 3


def test_commando_discount_is_lost_in_decline() -> None:
    """[SW Races and Special Powers] "the benefits granted by an Active Race banner and its
    associated Special Power badge ... no longer apply once the race is put In Decline." —
    In-Decline Ghouls with Commando pay the full cost."""
    s = board()
    rs = put(s, 1, "Ghouls", "Commando", {4: 4}, decline=True)
    assert conquest_cost(s, rs, 3) == 2
    turn(s, 1, "Ghouls", do_ready=True)
    play(s, "conquer 3")
    assert owned(s, "Ghouls")[3] == 2


# --- Flying -----------------------------------------------------------------------------------


def test_flying_conquers_regions_that_are_not_adjacent() -> None:
    """[SW Flying] "You may conquer any Region of the map except Seas and Lakes. These Regions
    do not need to be adjacent or contiguous to ones you already occupy." """
    s = board()
    put(s, 0, "Ratmen", "Flying", {1: 1}, hand=5)
    turn(s, 0)
    assert {"conquer 19", "conquer 21", "conquer 9"} <= set(texts(s))
    play(s, "conquer 21")
    assert owned(s, "Ratmen") == {1: 1, 21: 2}


def test_without_flying_far_regions_are_out_of_reach() -> None:
    """[SW Conquering Regions] following conquests must be adjacent to the race's regions;
    only Flying waives this: "These Regions do not need to be adjacent"."""
    s = board()
    put(s, 0, "Ratmen", "Commando", {1: 1}, hand=5)
    turn(s, 0)
    refused(s, "conquer 21")


@pytest.mark.parametrize("water", [0, 7, 22])
def test_flying_cannot_take_seas_or_the_lake(water: int) -> None:
    """[SW Flying] "You may conquer any Region of the map except Seas and Lakes." """
    s = board()
    put(s, 0, "Ratmen", "Flying", {1: 1}, hand=8)
    turn(s, 0)
    refused(s, f"conquer {water}")
    refused(s, f"reinforce {water}")


def test_flying_first_conquest_may_land_anywhere() -> None:
    """[SW Flying] "You may conquer any Region of the map" — checklist §6.2 #4 RECOMMEND:
    "Flying first conquest. Allowed anywhere". A non-Flying race must enter at the edge."""
    s = board()
    put(s, 0, "Ratmen", "Flying", {}, hand=8)
    turn(s, 0)
    play(s, "conquer 9")
    assert owned(s, "Ratmen") == {9: 2}
    s = board()
    put(s, 0, "Ratmen", "Commando", {}, hand=8)
    turn(s, 0)
    refused(s, "conquer 9")


# --- Mounted ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("region", "terrain", "cost"),
    [(1, "Farmland", 1), (6, "Hill", 1), (3, "Swamp", 2), (8, "Mountain", 3), (7, "Lake", None)],
)
def test_mounted_discount_only_on_hill_and_farmland(
    region: int, terrain: str, cost: int | None
) -> None:
    """[SW Mounted] "You may conquer any Hill or Farmland Region with 1 less Race token than
    normal." — Swamps and Mountains (marker +1) cost the usual."""
    s = board()
    rs = put(s, 0, "Ratmen", "Mounted", {2: 1}, hand=5)
    assert MAP.regions[region].terrain == terrain
    turn(s, 0)
    if cost is None:
        refused(s, f"conquer {region}")
        return
    assert conquest_cost(s, rs, region) == cost
    play(s, f"conquer {region}")
    assert owned(s, "Ratmen")[region] == cost


def test_mounted_never_goes_under_one() -> None:
    """[SW Mounted] "A minimum of 1 token is still required." — Tritons' -1 on coastal
    Farmland plus Mounted's -1 still costs 1."""
    s = board()
    rs = put(s, 0, "Tritons", "Mounted", {2: 1}, hand=5)
    assert conquest_cost(s, rs, 1) == 1
    turn(s, 0)
    play(s, "conquer 1")
    assert owned(s, "Tritons")[1] == 1


# --- Seafaring --------------------------------------------------------------------------------


def test_seafaring_conquers_the_lake_as_an_empty_region() -> None:
    """[SW Seafaring] "As long as your Seafaring race is active, you may conquer the Seas and
    the Lake, considering them as 3 empty Regions." """
    s = board()
    rs = put(s, 0, "Ratmen", "Seafaring", {2: 1}, hand=5)
    assert conquest_cost(s, rs, 7) == 2
    turn(s, 0)
    play(s, "conquer 7")
    assert owned(s, "Ratmen") == {2: 1, 7: 2}


def test_seafaring_may_enter_the_map_by_sea() -> None:
    """[SW Seafaring] "you may conquer the Seas and the Lake" — a Sea on the edge of the board
    is a valid first conquest."""
    s = board()
    put(s, 0, "Ratmen", "Seafaring", {}, hand=5)
    turn(s, 0)
    play(s, "conquer 22")
    assert owned(s, "Ratmen") == {22: 2}


def test_seafaring_keeps_and_scores_water_in_decline() -> None:
    """[SW Seafaring] "You keep these Regions even once you go into Decline, and continue
    scoring for them for as long as you have tokens there." """
    s = board()
    put(s, 0, "Ratmen", "Seafaring", {2: 2, 7: 3})
    assert gain_on_decline(s, 0) == 2
    assert owned(s, "Ratmen") == {2: 1, 7: 1}
    put(s, 0, "Humans", "Forest", {16: 1})
    assert gain_at_end(s, 0) == 2 + 1


def test_only_active_seafaring_races_enter_water() -> None:
    """[SW Seafaring] "Only Seafaring races may occupy the Seas and the Lake." and "As long as
    your Seafaring race is active" — other races, and Seafaring Ghouls In Decline, cannot."""
    s = board()
    put(s, 0, "Ratmen", "Commando", {2: 1}, hand=8)
    turn(s, 0)
    refused(s, "conquer 7")
    s = board()
    put(s, 1, "Ghouls", "Seafaring", {2: 4}, decline=True)
    turn(s, 1, "Ghouls", do_ready=True)
    assert "conquer 6" in texts(s)
    refused(s, "conquer 7")


# --- Underworld -------------------------------------------------------------------------------


@pytest.mark.parametrize(("region", "cost"), [(3, 1), (5, 2), (1, 2), (6, 2)])
def test_underworld_discount_only_on_caverns(region: int, cost: int) -> None:
    """[SW Underworld] "You may conquer any Region with a Cavern with 1 less Race token than
    normal." — 3 (Cavern) 2-1; 5 (Cavern, Mountain) 3-1; 1 and 6 (no Cavern) 2."""
    s = board()
    rs = put(s, 0, "Ratmen", "Underworld", {2: 1})
    assert conquest_cost(s, rs, region) == cost


def test_underworld_caverns_are_adjacent_to_each_other() -> None:
    """[SW Underworld] "All Regions with a Cavern are also considered adjacent to each other
    for your conquest purposes." """
    s = board()
    put(s, 0, "Ratmen", "Underworld", {5: 1}, hand=5)
    turn(s, 0)
    assert {"conquer 3", "conquer 14", "conquer 17"} <= set(texts(s))
    play(s, "conquer 17")
    assert owned(s, "Ratmen") == {5: 1, 17: 1}


def test_underworld_adjacency_is_only_between_caverns_and_only_for_that_race() -> None:
    """[SW Underworld] "All Regions with a Cavern are also considered adjacent to each other
    for your conquest purposes." — not for another race in the same Cavern, not from a region
    without a Cavern, and not to a region without one."""
    s = board()
    put(s, 0, "Ratmen", "Commando", {5: 1}, hand=5)
    turn(s, 0)
    refused(s, "conquer 17")
    s = board()
    put(s, 0, "Ratmen", "Underworld", {1: 1}, hand=5)
    turn(s, 0)
    refused(s, "conquer 17")
    s = board()
    put(s, 0, "Ratmen", "Underworld", {5: 1}, hand=5)
    turn(s, 0)
    refused(s, "conquer 16")  # next to Cavern 17, but not a Cavern itself


def test_underworld_is_lost_in_decline() -> None:
    """[SW Races and Special Powers] the Special Power benefits "no longer apply once the race
    is put In Decline" — In-Decline Ghouls with Underworld neither jump between Caverns nor
    pay less for them."""
    s = board()
    rs = put(s, 1, "Ghouls", "Underworld", {5: 4}, decline=True)
    assert conquest_cost(s, rs, 3) == 2
    turn(s, 1, "Ghouls", do_ready=True)
    refused(s, "conquer 17")
