"""Rule tests for the Small World special powers that pay Victory coins [SW "Special Powers"]
(part of checklist B-P1..B-P20): Alchemist, Forest, Hill, Merchant, Swamp and Wealthy, which
pay a bonus at turn's end, and Pillaging, which pays for the turn's conquests.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) with the fixtures of ``helpers_powers``; the region facts (terrain, features,
adjacency) that every ``test_powers_*`` module relies on are these, checked by the first test:

     1 Farmland, coastal (next to Sea 0), edge     2 Forest, next to the Lake 7
     3 Swamp, Cavern, Lost Tribe                   4 Hill, edge
     5 Mountain (marker), Cavern, next to Sea 0    6 Hill, Lost Tribe, next to the Lake 7
     7 Lake                                        8 Mountain (marker), interior
     9 Farmland, interior (not an entry region)    14 Hill, Cavern, Lost Tribe
    16 Swamp, Lost Tribe                           17 Hill, Cavern (not next to 5)
    19 Mountain (marker)                           0, 22 Seas
"""

from __future__ import annotations

import pytest

from engine.core.state import CONQUER

from .helpers import gain_at_end, gain_on_decline, play, put, turn
from .helpers_powers import MAP, board, market_top


def test_map_facts_used_by_these_tests() -> None:
    """The region facts listed in the module docstring hold for ``sw-2p``."""
    r = MAP.regions
    assert (r[1].terrain, r[1].coastal, r[1].entry) == ("Farmland", True, True)
    assert r[2].terrain == "Forest" and 7 in r[2].adjacent
    assert "Cavern" in r[3].features and r[3].terrain == "Swamp"
    assert r[4].terrain == "Hill" and r[6].terrain == "Hill"
    assert "Cavern" in r[5].features and r[5].terrain == "Mountain"
    assert r[7].terrain == "Lake" and {r[0].terrain, r[22].terrain} == {"Sea"}
    assert r[9].terrain == "Farmland" and not r[9].entry
    assert MAP.with_feature("Cavern") == {3, 5, 14, 17}
    assert 17 not in r[5].adjacent and 16 not in r[5].adjacent
    assert 19 not in r[1].adjacent


# --- scoring powers: Alchemist, Forest, Hill, Merchant, Swamp, Wealthy ------------------------

# (power, regions held, bonus coins, rulebook sentence)
BONUS_TABLE = [
    (
        "Alchemist",
        [1, 4],
        2,
        "[SW Alchemist] Collect 2 bonus Victory coins at the end of each turn your race "
        "hasn't yet gone into Decline.",
    ),
    (
        "Forest",
        [2, 21, 4],
        2,
        "[SW Forest] Collect 1 bonus Victory coin for each Forest Region you occupy at turn's end.",
    ),
    (
        "Hill",
        [4, 6, 17, 1],
        3,
        "[SW Hill] Collect 1 bonus Victory coin for each Hill Region you occupy at turn's end.",
    ),
    (
        "Swamp",
        [3, 16, 20, 1],
        3,
        "[SW Swamp] Collect 1 bonus Victory coin for each Swamp Region you occupy at turn's end.",
    ),
    (
        "Merchant",
        [1, 2, 4],
        3,
        "[SW Merchant] Collect 1 bonus Victory coin for any Region you occupy at turn's end.",
    ),
    (
        "Wealthy",
        [1, 2],
        7,
        "[SW Wealthy] Collect 7 bonus Victory coins, once only, at the end of your first turn.",
    ),
]


@pytest.mark.parametrize(
    ("power", "regions", "bonus", "rule"), BONUS_TABLE, ids=[row[0] for row in BONUS_TABLE]
)
def test_scoring_power_pays_its_bonus_while_active(
    power: str, regions: list[int], bonus: int, rule: str
) -> None:
    """1 coin per region plus the power's bonus at the end of an active turn (see ``rule``)."""
    s = board()
    put(s, 0, "Ratmen", power, dict.fromkeys(regions, 1))
    assert gain_at_end(s, 0) == len(regions) + bonus


@pytest.mark.parametrize(
    ("power", "regions", "bonus", "rule"), BONUS_TABLE, ids=[row[0] for row in BONUS_TABLE]
)
def test_scoring_power_pays_nothing_on_the_decline_turn(
    power: str, regions: list[int], bonus: int, rule: str
) -> None:
    """[SW Entering In Decline] "He gains 1 Victory coin for each Region his newly In Decline
    tokens occupy, but unless stated otherwise, he scores no Victory coins from his now In
    Decline Race banner power or discarded Special Power benefits."
    """
    s = board()
    put(s, 0, "Ratmen", power, dict.fromkeys(regions, 2))
    s.races["Ratmen"].turns = 3
    assert gain_on_decline(s, 0) == len(regions)


@pytest.mark.parametrize(
    ("power", "regions", "bonus", "rule"), BONUS_TABLE, ids=[row[0] for row in BONUS_TABLE]
)
def test_scoring_power_of_an_older_decline_race_pays_nothing(
    power: str, regions: list[int], bonus: int, rule: str
) -> None:
    """[SW Scoring] "The Regions these In Decline tokens occupy also each contribute 1 Victory
    coin to the player; Though the Race banner and Special Power benefits no longer contribute
    any bonus coins"."""
    s = board()
    put(s, 0, "Ratmen", power, dict.fromkeys(regions, 1), decline=True)
    put(s, 0, "Elves", "Commando", {11: 1})
    assert gain_at_end(s, 0) == len(regions) + 1


def test_alchemist_pays_every_active_turn() -> None:
    """[SW Alchemist] "Collect 2 bonus Victory coins at the end of each turn your race hasn't
    yet gone into Decline." — not only once: the second turn pays again."""
    s = board()
    put(s, 0, "Ratmen", "Alchemist", {1: 1})
    assert gain_at_end(s, 0) == 3
    assert gain_at_end(s, 0) == 3


def test_wealthy_pays_only_at_the_end_of_the_races_first_turn() -> None:
    """[SW Wealthy] "Collect 7 bonus Victory coins, once only, at the end of your first turn."

    Played for real: the turn the combo is picked pays 7, the next one does not.
    """
    s = board()
    market_top(s, "Ratmen", "Wealthy")
    play(s, "pick 1", "conquer 1", "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 1 + 7
    # Seat 1 picks a race and passes; seat 0's second turn starts.
    play(s, "pick 1", "stop", "end")
    assert s.turn.seat == 0 and s.turn.phase == CONQUER
    play(s, "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 1


def test_wealthy_pays_nothing_after_the_first_turn() -> None:
    """[SW Wealthy] "Collect 7 bonus Victory coins, once only, at the end of your first turn." """
    s = board()
    put(s, 0, "Ratmen", "Wealthy", {1: 1, 2: 1}).turns = 1
    assert gain_at_end(s, 0) == 2


def test_forest_ignores_other_terrains() -> None:
    """[SW Forest] "Collect 1 bonus Victory coin for each Forest Region you occupy" — a Hill,
    Swamp or Farmland earns no Forest bonus."""
    s = board()
    put(s, 0, "Ratmen", "Forest", {1: 1, 3: 1, 4: 1})
    assert gain_at_end(s, 0) == 3


def test_hill_and_swamp_ignore_other_terrains() -> None:
    """[SW Hill] "for each Hill Region you occupy"; [SW Swamp] "for each Swamp Region you
    occupy" — a Hill race on Swamps and a Swamp race on Hills earn no bonus."""
    s = board()
    put(s, 0, "Ratmen", "Hill", {3: 1, 16: 1})
    put(s, 1, "Elves", "Swamp", {4: 1, 6: 1})
    assert gain_at_end(s, 0) == 2
    assert gain_at_end(s, 1) == 2


def test_merchant_counts_only_its_own_races_regions() -> None:
    """[SW Merchant] "Collect 1 bonus Victory coin for any Region you occupy at turn's end." —
    [SW Special Powers] "you" means the tokens of this race: "this usually excludes any token
    In Decline from your earlier race"."""
    s = board()
    put(s, 0, "Humans", "Commando", {11: 1, 16: 1, 18: 1}, decline=True)
    put(s, 0, "Ratmen", "Merchant", {1: 1, 2: 1})
    # 3 decline regions + 2 Ratmen regions + 2 Merchant coins.
    assert gain_at_end(s, 0) == 3 + 2 + 2


# --- Pillaging --------------------------------------------------------------------------------


def test_pillaging_pays_for_non_empty_conquests_only() -> None:
    """[SW Pillaging] "Each non-empty Region you conquer this turn is worth 1 bonus Victory
    coin at turn's end." — [SW] "A Region that contains a Mountain marker but no Lost Tribe or
    enemy Race token is considered empty." """
    s = board(tribes=True)
    put(s, 0, "Ratmen", "Pillaging", {2: 1}, hand=12)
    put(s, 1, "Orcs", "Forest", {1: 1})
    turn(s, 0)
    # 6: Lost Tribe (non-empty); 1: Orcs (non-empty); 8: Mountain only (empty).
    play(s, "conquer 6", "conquer 1", "conquer 8", "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 4 + 2


def test_pillaging_pays_nothing_without_conquests_this_turn() -> None:
    """[SW Pillaging] "Each non-empty Region you conquer this turn" — regions taken on earlier
    turns, or by the player's In-Decline Ghouls before the active race plays, do not count."""
    s = board(tribes=True)
    put(s, 0, "Ghouls", "Forest", {4: 4}, decline=True)
    put(s, 0, "Ratmen", "Pillaging", {1: 1, 6: 1})
    turn(s, 0, "Ghouls", do_ready=True)
    play(s, "conquer 3", "stop", "finish")  # Ghouls take a Lost Tribe region
    assert s.turn.race == "Ratmen"
    play(s, "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 2 + 2  # 2 Ratmen + 2 Ghoul regions, no bonus


def test_pillaging_is_lost_in_decline() -> None:
    """[SW Races and Special Powers] the Special Power benefits "no longer apply once the race
    is put In Decline" — In-Decline Ghouls with Pillaging earn no bonus for their conquests."""
    s = board(tribes=True)
    put(s, 0, "Ghouls", "Pillaging", {4: 4}, decline=True)
    put(s, 0, "Ratmen", "Forest", {19: 1})
    turn(s, 0, "Ghouls", do_ready=True)
    play(s, "conquer 3", "stop", "finish", "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 3
