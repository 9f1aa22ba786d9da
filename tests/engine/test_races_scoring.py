"""Rule tests for the Small World races that change what a turn scores [SW pp.8-9] (checklist
§3.1): the region bonuses of the Dwarves (B-R2), Humans (B-R7) and Wizards (B-R14), the
Ratmen (B-R9), who have none, and the Orcs (B-R8), paid for each non-empty conquest.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) unless said otherwise. Facts of that map used by the ``test_races_*`` modules:

- Seas 0 and 22, Lake 7. Coastal (next to water): 1, 2, 5, 6, 8, 12, 13, 15, 20, 21.
- Mountains 5, 8, 15, 19. Mines 2, 5, 15, 18. Farmland 1, 9, 11, 13. Magic 1, 10, 13, 16.
- Lost Tribes at setup: 3, 6, 10, 11, 12, 13, 14, 16, 18. Interior (no entry): 6, 8, 9, 12, 13, 14.
"""

from __future__ import annotations

import pytest

from .helpers import clear_board, end_turn_gain, fresh, owned, play, put, turn

# --- scoring races: Dwarves (B-R2), Humans (B-R7), Wizards (B-R14), Ratmen (B-R9) ---------------


@pytest.mark.parametrize(
    ("race", "regions", "coins"),
    [
        # [SW p.8, Dwarves] "Each Mine Region your Dwarves occupy is worth 1 bonus Victory
        # coin, at the end of your turn." Mines 2 and 5; 9 is not a Mine.
        ("Dwarves", {2: 1, 5: 1, 9: 1}, 3 + 2),
        # [SW p.8, Humans] "Each Farmland Region your Humans occupy is worth 1 bonus Victory
        # coin, at the end of your turn." Farmland 1 and 9; 2 is a Forest.
        ("Humans", {1: 1, 9: 1, 2: 1}, 3 + 2),
        # [SW p.9, Wizards] "Each Magic Region your Wizards occupy is worth 1 bonus Victory
        # coin, at the end of your turn." Magic 1 and 10; 4 has no Magic Source.
        ("Wizards", {1: 1, 10: 1, 4: 1}, 3 + 2),
        # [SW p.8, Ratmen] "No Race benefit; their sheer number of tokens is enough!"
        # Farmland+Magic 1, Mines 2 and 5: one coin each, nothing more.
        ("Ratmen", {1: 1, 2: 1, 5: 1}, 3),
    ],
)
def test_region_bonus_of_active_race(race: str, regions: dict[int, int], coins: int) -> None:
    s = clear_board(fresh())
    put(s, 0, race, "Stout", regions)
    assert end_turn_gain(s, 0) == coins


@pytest.mark.parametrize(
    ("race", "regions", "coins"),
    [
        # [SW p.8, Dwarves] "This power is kept even when the Dwarves are In Decline."
        ("Dwarves", {2: 1, 5: 1, 9: 1}, 3 + 2),
        # [SW p.8] "Unless stated otherwise, the benefits granted by an Active Race banner ...
        # no longer apply once the race is put In Decline."
        ("Humans", {1: 1, 9: 1, 2: 1}, 3),
        ("Wizards", {1: 1, 10: 1, 4: 1}, 3),
    ],
)
def test_region_bonus_in_decline(race: str, regions: dict[int, int], coins: int) -> None:
    s = clear_board(fresh())
    put(s, 0, race, "Stout", regions, decline=True)
    put(s, 0, "Tritons", "Commando", {20: 1})  # the active race: 1 coin
    assert end_turn_gain(s, 0) == coins + 1


@pytest.mark.parametrize(
    ("race", "regions"),
    [("Dwarves", {2: 1, 5: 1}), ("Humans", {1: 1, 9: 1}), ("Wizards", {1: 1, 10: 1})],
)
def test_region_bonus_not_paid_at_another_players_turn_end(
    race: str, regions: dict[int, int]
) -> None:
    """[SW p.8-9] "... is worth 1 bonus Victory coin, at the end of your turn." — the owner
    scores nothing when another player's turn ends."""
    s = clear_board(fresh())
    put(s, 0, race, "Stout", regions)
    put(s, 1, "Ratmen", "Commando", {20: 1})
    before = s.players[0].coins
    end_turn_gain(s, 1)
    assert s.players[0].coins == before


def test_decline_turn_scores_no_human_bonus() -> None:
    """[SW p.6] "He gains 1 Victory coin for each Region his newly In Decline tokens occupy, but
    unless stated otherwise, he scores no Victory coins from his now In Decline Race banner"."""
    s = clear_board(fresh())
    put(s, 0, "Humans", "Stout", {1: 2, 9: 2})
    turn(s, 0)
    before = s.players[0].coins
    play(s, "decline")
    assert s.players[0].coins - before == 2


def test_decline_turn_keeps_dwarf_bonus() -> None:
    """[SW p.8, Dwarves] "This power is kept even when the Dwarves are In Decline." — also on
    the turn they go into Decline ("unless stated otherwise" [SW p.6])."""
    s = clear_board(fresh())
    put(s, 0, "Dwarves", "Stout", {2: 2, 5: 2})
    turn(s, 0)
    before = s.players[0].coins
    play(s, "decline")
    assert s.players[0].coins - before == 2 + 2


# --- Orcs (B-R8) -------------------------------------------------------------------------------


def test_orcs_score_each_non_empty_region_conquered() -> None:
    """[SW p.8, Orcs] "Each not empty Region your Orcs conquered this turn is worth 1 bonus
    Victory coin, at the end of your turn." — 6 (Lost Tribe) and 16 (a Human token) are
    non-empty, 17 is empty."""
    s = fresh()
    put(s, 0, "Orcs", "Stout", {11: 1}, hand=10)
    put(s, 1, "Humans", "Diplomat", {16: 1, 20: 1})
    turn(s, 0)
    before = s.players[0].coins
    play(s, "conquer 6", "conquer 16", "conquer 17", "stop", "end")
    assert s.players[0].coins - before == 4 + 2


def test_orcs_get_nothing_for_an_empty_mountain() -> None:
    """[SW p.8] "A Region that contains a Mountain marker but no Lost Tribe or enemy Race token
    is considered empty." — so Orcs gain no bonus for it."""
    s = fresh()
    put(s, 0, "Orcs", "Stout", {11: 1}, hand=5)
    turn(s, 0)
    before = s.players[0].coins
    play(s, "conquer 5")
    assert owned(s, "Orcs") == {11: 1, 5: 3}
    play(s, "stop", "end")
    assert s.players[0].coins - before == 2


def test_orcs_in_decline_get_no_bonus() -> None:
    """[SW p.8] Race benefits "no longer apply once the race is put In Decline": the active
    Ratmen's conquest of a Lost Tribe earns In Decline Orcs nothing."""
    s = fresh()
    put(s, 0, "Orcs", "Stout", {4: 1}, decline=True)
    put(s, 0, "Ratmen", "Commando", {11: 1}, hand=5)
    turn(s, 0)
    before = s.players[0].coins
    play(s, "conquer 6", "stop", "end")
    assert s.players[0].coins - before == 1 + 2


def test_orcs_bonus_ignores_ghoul_conquests() -> None:
    """[SW p.8, Orcs] "Each not empty Region *your Orcs* conquered this turn" — Lost Tribes taken
    by the same player's In Decline Ghouls earlier in the turn do not count."""
    s = fresh()
    put(s, 0, "Ghouls", "Stout", {11: 4}, decline=True)
    put(s, 0, "Orcs", "Diplomat", {20: 6})
    put(s, 1, "Humans", "Berserk", {1: 1})
    end_turn_gain(s, 1)
    assert s.turn.race == "Ghouls"
    play(s, "conquer 6", "stop", "finish")
    assert s.turn.race == "Orcs"
    before = s.players[0].coins
    play(s, "stop", "end")
    assert s.players[0].coins - before == 2 + 1  # Ghouls 11, 6; Orcs 20
