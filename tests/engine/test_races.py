"""Rule tests for the fourteen Small World races [SW pp.8-9] (checklist §3.1, B-R1..B-R14).

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) unless said otherwise. Facts of that map used below:

- Seas 0 and 22, Lake 7. Coastal (next to water): 1, 2, 5, 6, 8, 12, 13, 15, 20, 21.
- Mountains 5, 8, 15, 19. Mines 2, 5, 15, 18. Farmland 1, 9, 11, 13. Magic 1, 10, 13, 16.
- Lost Tribes at setup: 3, 6, 10, 11, 12, 13, 14, 16, 18. Interior (no entry): 6, 8, 9, 12, 13, 14.
"""

from __future__ import annotations

import pytest

from engine import default_action, label, legal_actions, to_act
from engine.core.board import tray
from engine.core.legal import end_actions
from engine.core.state import CLOSING, CONQUER, PICK, GameState
from engine.worlds.surface.actions import Withdraw

from .helpers import (
    REDEPLOY,
    board,
    clear_board,
    fresh,
    offer,
    owned,
    pass_turns,
    play,
    put,
    refused,
    start,
    texts,
    turn,
)

# --- local staging helpers -------------------------------------------------------------------


def end_turn_gain(s: GameState, seat: int = 0) -> int:
    """Stage ``seat``'s redeployment, end the turn, and return the coins it scored."""
    turn(s, seat, phase=REDEPLOY)
    before = s.players[seat].coins
    play(s, "end")
    return s.players[seat].coins - before


# --- Amazons (B-R1) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("race", "power", "hand"),
    [
        ("Amazons", "Stout", 10 + 4),
        ("Amazons", "Merchant", 10 + 2),
        ("Ratmen", "Stout", 8 + 4),  # no "+4": only the banner value
    ],
)
def test_amazons_start_with_ten_plus_power(race: str, power: str, hand: int) -> None:
    """[SW p.8, Amazons] "So you start your initial turn with 10 Amazon tokens (plus any
    additional ones that may be granted to you by the Special Power associated with the
    Amazons, depending on your combo)." """
    s = offer(fresh(), race, power)
    play(s, "pick 1")
    assert s.races[race].hand == hand
    assert s.turn.phase == CONQUER and s.turn.race == race


def _amazons_conquer() -> GameState:
    """A real game: seat 0 picks Merchant Amazons (12 tokens) and takes Mountain 19 (3), 20
    (2), 21 (2) and the Lost Tribe on 14 (3), keeping 2 in hand, still conquering."""
    s = start(("Amazons", "Merchant"))
    play(s, "pick 1", "conquer 19", "conquer 20", "conquer 21", "conquer 14")
    assert s.races["Amazons"].hand == 2 and s.turn.phase == CONQUER
    return s


def test_amazons_player_withdraws_four_after_redeploying_and_gets_them_back() -> None:
    """[SW p.8, Amazons] "At the end of each of your Troop Redeployments ..., remove four
    tokens from the map, making sure to leave at least one Amazon token in each of your
    Regions if possible, and only take these four tokens back in hand ... once you Ready your
    Troops" — the player chooses the four; the engine only refuses what breaks the rule."""
    s = _amazons_conquer()
    amazons = s.races["Amazons"]
    tray_before = tray(s, "Amazons")
    # The End-turn button stops at the redeployment, where the choice can be made.
    assert [a.text for a in end_actions(s)] == ["stop"]
    play(s, "stop", "deploy 20 2")
    assert owned(s, "Amazons") == {14: 3, 19: 3, 20: 4, 21: 2}
    # Ending is refused, with the reason, while the four are still owed.
    assert "end" not in texts(s) and "end decline" not in texts(s)
    assert [a.text for a in end_actions(s)] == ["end"]
    assert refused(s, "end").startswith("Remove your 4 Amazon tokens first: 4 more")
    assert {"withdraw 20 1", "withdraw 20 3", "withdraw 14 2", "withdraw 21 1"} <= set(texts(s))
    assert label(s, Withdraw(20, 3)) == "Withdraw 3 tokens from 20 · Swamp · back next turn"
    # Emptying 21 while other regions can spare a token breaks "at least one ... if possible".
    assert "withdraw 21 2" not in texts(s)
    assert "Leave one token in region 21" in refused(s, "withdraw 21 2")
    assert "Only 4 more" in refused(s, "withdraw 20 5")
    # A region number past the board's last, or below 0, is no region of theirs (a typed
    # line, or a forged press, gets the sentence, never an IndexError).
    for rid in (len(s.regions), -1):
        assert refused(s, f"withdraw {rid} 1") == f"Region {rid} is not one of your Amazon regions."
    play(s, "withdraw 20 3")
    assert "withdraw 20 1" not in texts(s)  # 20 is down to one: it stays
    assert "1 more" in refused(s, "end")
    play(s, "withdraw 14 1")
    assert not any(t.startswith("withdraw") for t in texts(s))
    assert "end" in texts(s)
    play(s, "end")
    assert owned(s, "Amazons") == {14: 2, 19: 3, 20: 1, 21: 2}
    assert amazons.reserve == 4 and amazons.hand == 0
    assert tray(s, "Amazons") == tray_before  # set aside, not discarded
    # Seat 0's next turn: readied, with the four back in hand.
    pass_turns(s, 0)
    assert s.turn.race == "Amazons" and s.turn.phase == CONQUER
    assert owned(s, "Amazons") == {14: 1, 19: 1, 20: 1, 21: 1}
    assert amazons.hand == (1 + 2 + 0 + 1) + 4 and amazons.reserve == 0


def test_amazons_tokens_still_in_hand_count_first_toward_the_four() -> None:
    """[SW p.8, Amazons] "remove four tokens from the map" — four tokens kept in hand never
    reach the map, which comes to the same: a turn without conquest ends at once and leaves
    the board as it was ([SW p.6] "the player may take all his other Active Race tokens
    from the map back in hand")."""
    s = _amazons_conquer()
    play(s, "stop", "deploy 20 2", "withdraw 20 3", "withdraw 14 1", "end")
    before = board(s)
    pass_turns(s, 0)
    assert s.races["Amazons"].hand == 8
    play(s, "stop")
    assert "end" in texts(s) and not any(t.startswith("withdraw") for t in texts(s))
    play(s, "end")
    assert board(s) == before
    assert s.races["Amazons"].reserve == 4 and s.races["Amazons"].hand == 0


def test_amazons_deadline_default_withdraws_from_the_fullest_regions() -> None:
    """[SW p.8, Amazons] "remove four tokens from the map, making sure to leave at least one
    Amazon token in each of your Regions if possible" — when the deadline passes, the
    defaults stop, withdraw one token a step from the fullest region (lowest id on a tie),
    and end: a few steps, each one legal. The 2 tokens in hand count toward the four."""
    s = _amazons_conquer()
    steps = []
    while to_act(s) == 0:
        action = default_action(s)
        assert action is not None and action in legal_actions(s, 0)
        steps.append(action.text)
        play(s, action)
    assert steps == ["stop", "withdraw 14 1", "withdraw 19 1", "end"]
    assert owned(s, "Amazons") == {14: 2, 19: 2, 20: 2, 21: 2}
    assert s.races["Amazons"].reserve == 4 and s.turn.seat == 1


def test_amazons_four_do_not_defend() -> None:
    """[SW p.8, Amazons] "Four of your Amazon tokens may only be used for conquest, not for
    defense" — after their turn the enemy pays for what is left on the map, not for the 4."""
    s = clear_board(fresh())
    put(s, 0, "Amazons", "Stout", {17: 5})
    put(s, 1, "Ratmen", "Diplomat", {16: 4})
    turn(s, 0, phase=REDEPLOY)
    play(s, "withdraw 17 4", "end")
    assert owned(s, "Amazons") == {17: 1}
    # Seat 1 readies 3 tokens: enough for 2 + 1 lone Amazon (with the 4 it would take 7).
    assert s.turn.seat == 1 and s.races["Ratmen"].hand == 3
    assert "conquer 17" in texts(s)
    play(s, "conquer 17")
    assert owned(s, "Ratmen")[17] == 3


def test_amazons_leave_one_per_region_only_if_possible() -> None:
    """[SW p.8, Amazons] "remove four tokens from the map, making sure to leave at least one
    Amazon token in each of your Regions if possible" — with 5 tokens in 3 regions it is not
    possible: four still go, and the player chooses the regions to empty once none can spare
    a token. The deadline's default would empty the lowest ids."""
    s = clear_board(fresh())
    put(s, 0, "Amazons", "Stout", {1: 1, 2: 1, 4: 3})
    turn(s, 0, phase=REDEPLOY)
    withdrawals = {t for t in texts(s) if t.startswith("withdraw")}
    # Emptying 4 at once is fine: on the way, every other region is already down to one.
    assert withdrawals == {"withdraw 4 1", "withdraw 4 2", "withdraw 4 3"}
    assert "region 4 can still spare" in refused(s, "withdraw 1 1")
    assert default_action(s) == Withdraw(4, 1)
    play(s, "withdraw 4 2")
    assert {"withdraw 1 1", "withdraw 2 1", "withdraw 4 1"} <= set(texts(s))
    assert default_action(s) == Withdraw(1, 1)
    play(s, "withdraw 4 1", "withdraw 1 1")
    before = s.players[0].coins
    play(s, "end")
    assert owned(s, "Amazons") == {2: 1}
    assert s.races["Amazons"].reserve == 4
    assert s.players[0].coins - before == 1  # the emptied regions score nothing


def test_amazons_defender_redeployment_removes_nothing() -> None:
    """[SW p.8, Amazons] The 4 are removed at the end of "each of your Troop Redeployments";
    placing tokens after an enemy conquest "as the final action of the current player's turn"
    [SW p.4] is not the Amazons' Troop Redeployment, so nothing leaves the map then."""
    s = clear_board(fresh())
    amazons = put(s, 1, "Amazons", "Stout", {12: 3, 13: 1})
    amazons.reserve = 4  # the state after the Amazons' own last turn
    put(s, 0, "Ratmen", "Commando", {11: 1}, hand=8)
    turn(s, 0)
    play(s, "conquer 12", "stop", "end")
    assert s.turn.phase == CLOSING and to_act(s) == 1
    assert amazons.hand == 2
    play(s, "deploy 13 2", "finish")
    # Seat 1's turn then starts: the Amazons ready, with the 4 from the reserve.
    assert s.turn.seat == 1 and s.turn.race == "Amazons"
    assert amazons.hand == 2 + 4 and amazons.reserve == 0
    assert owned(s, "Amazons") == {13: 1}


def test_amazons_in_decline_lose_the_four() -> None:
    """[SW p.8] "the benefits granted by an Active Race banner ... no longer apply once the race
    is put In Decline" — In Decline Amazons keep one token per region and no +4 reserve."""
    s = clear_board(fresh())
    amazons = put(s, 0, "Amazons", "Stout", {1: 3, 2: 2})
    amazons.reserve = 4
    turn(s, 0)
    play(s, "decline")
    assert amazons.in_decline and amazons.reserve == 0 and amazons.hand == 0
    assert owned(s, "Amazons") == {1: 1, 2: 1}
    # A later turn of the player's new active race leaves the Amazons in place.
    put(s, 0, "Ratmen", "Commando", {20: 1})
    end_turn_gain(s, 0)
    assert owned(s, "Amazons") == {1: 1, 2: 1}
    assert amazons.reserve == 0


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


# --- Ghouls (B-R4) -----------------------------------------------------------------------------


@pytest.mark.parametrize(("race", "left"), [("Ghouls", {1: 3, 2: 2}), ("Ratmen", {1: 1, 2: 1})])
def test_ghouls_all_stay_on_the_map_in_decline(race: str, left: dict[int, int]) -> None:
    """[SW p.8, Ghouls] "Your Ghoul tokens *all* stay on the map when going into Decline,
    instead of the usual 1 token per Region." (Ratmen: the usual one per region [SW p.6].)"""
    s = clear_board(fresh())
    put(s, 0, race, "Stout", {1: 3, 2: 2})
    turn(s, 0)
    play(s, "decline")
    assert s.races[race].in_decline
    assert owned(s, race) == left
    assert s.turn.seat == 1  # "his turn ends immediately after scoring" [SW p.6]


def _ghouls_on_three_regions() -> GameState:
    """A real game: seat 0 picks Diplomat Ghouls (10 tokens), takes Mountain 19 (3), 20 (2)
    and 21 (2), puts the 3 left on 21 and ends; seat 1 passes; seat 0's next turn has begun,
    with its Ghouls readied."""
    s = start(("Ghouls", "Diplomat"))
    play(s, "pick 1", "conquer 19", "conquer 20", "conquer 21", "stop", "deploy 21 3", "end")
    assert owned(s, "Ghouls") == {19: 3, 20: 2, 21: 5}
    pass_turns(s, 0)
    assert s.turn.race == "Ghouls" and s.races["Ghouls"].hand == 2 + 1 + 4
    return s


def test_ghouls_declining_on_a_later_turn_keep_every_token() -> None:
    """[SW p.8, Ghouls] "Your Ghoul tokens *all* stay on the map when going into Decline,
    instead of the usual 1 token per Region." — also when their troops were readied at the
    start of the turn: the readied tokens go back where they stood."""
    s = _ghouls_on_three_regions()
    assert owned(s, "Ghouls") == {19: 1, 20: 1, 21: 1}
    play(s, "decline")
    ghouls = s.races["Ghouls"]
    assert ghouls.in_decline and ghouls.hand == 0
    assert owned(s, "Ghouls") == {19: 3, 20: 2, 21: 5}
    assert s.turn.seat == 1


def test_ghouls_in_decline_that_conquer_nothing_stay_where_they_stood() -> None:
    """[SW p.8, Ghouls] In Decline they "can continue to conquer ... playing exactly as if they
    were still Active tokens" — and like Active tokens, readying is a may ([SW p.6] "the
    player may take all his other Active Race tokens ... back in hand"): Ghouls that conquer
    nothing and finish have not moved."""
    s = _ghouls_on_three_regions()
    play(s, "decline")
    before = board(s)
    pass_turns(s, 0)
    assert s.turn.race == "Ghouls" and s.races["Ghouls"].in_decline
    assert owned(s, "Ghouls") == {19: 1, 20: 1, 21: 1}  # readied for the Ghoul sub-phase
    play(s, "stop", "finish")
    assert board(s) == before
    assert s.turn.phase == PICK and s.races["Ghouls"].hand == 0


@pytest.mark.parametrize("later", [False, True], ids=["same-turn", "later-turn"])
def test_stout_ghouls_declining_after_scoring_keep_every_token(later: bool) -> None:
    """[SW Stout] "You may go In Decline at the end of a regular turn of conquests, after
    scoring"; [SW p.8, Ghouls] "Your Ghoul tokens *all* stay on the map when going into
    Decline" — on the turn of the pick, and on a later turn after readying."""
    s = start(("Ghouls", "Stout"))
    play(s, "pick 1", "conquer 19", "conquer 20", "conquer 21", "stop", "deploy 21 2")
    if later:
        play(s, "end")
        pass_turns(s, 0)
        assert owned(s, "Ghouls") == {19: 1, 20: 1, 21: 1}
        play(s, "stop")
    before = s.players[0].coins
    play(s, "end decline")
    assert s.races["Ghouls"].in_decline
    assert owned(s, "Ghouls") == {19: 3, 20: 2, 21: 4}
    assert s.players[0].coins - before == 3  # scored once, as an active race


def _ghouls_turn() -> GameState:
    """Seat 0 has In Decline Ghouls on 1 (3) and 2 (2) and active Ratmen on 6 (1) and 5 (3);
    seat 1 ends its turn so seat 0's turn starts."""
    s = clear_board(fresh())
    put(s, 0, "Ghouls", "Stout", {1: 3, 2: 2}, decline=True)
    put(s, 0, "Ratmen", "Diplomat", {6: 1, 5: 3})
    put(s, 1, "Humans", "Berserk", {20: 2})
    end_turn_gain(s, 1)
    return s


def test_ghouls_in_decline_conquer_at_the_start_of_the_turn() -> None:
    """[SW p.8, Ghouls] "once In Decline, your Ghouls can continue to conquer new Regions in the
    following turns, playing exactly as if they were still Active tokens. However these
    conquests must be done at the start of your turn, before any conquest by your Active
    race." """
    s = _ghouls_turn()
    assert s.turn.seat == 0 and s.turn.race == "Ghouls" and s.turn.phase == CONQUER
    ghouls = s.races["Ghouls"]
    assert ghouls.in_decline and ghouls.hand == 2 + 1  # readied like an active race
    assert owned(s, "Ghouls") == {1: 1, 2: 1}
    play(s, "conquer 3")  # empty Swamp next to 2: 2 tokens
    assert owned(s, "Ghouls")[3] == 2
    play(s, "stop")
    assert s.turn.phase == REDEPLOY and s.turn.race == "Ghouls"
    assert "finish" in texts(s) and "end" not in texts(s)
    play(s, "finish")
    # Now the active race; the Ghouls act no more this turn.
    assert s.turn.race == "Ratmen" and s.turn.phase == CONQUER
    assert s.races["Ratmen"].hand == 2
    assert "conquer 4" not in texts(s)  # next to Ghoul region 3, not to the Ratmen on 5, 6


def test_ghouls_in_decline_may_attack_their_owners_active_race() -> None:
    """[SW p.8, Ghouls] "You may even attack your own currently Active race with your In Decline
    Ghouls, if you wish." """
    s = _ghouls_turn()
    assert "conquer 6" in texts(s)  # the owner's own Ratmen, 1 token: 2 + 1 = 3
    play(s, "conquer 6")
    assert owned(s, "Ghouls")[6] == 3
    assert owned(s, "Ratmen") == {5: 3}
    assert s.races["Ratmen"].hand == 0  # a lone token is lost [SW p.4]


def test_ghouls_die_attempt_ends_only_the_ghoul_conquests() -> None:
    """Checklist B-R4 RECOMMEND: "the Ghoul sub-phase has its own Ready, Conquer, die and
    redeploy (its die attempt ends only the Ghoul conquests)." """
    s = clear_board(fresh())
    put(s, 0, "Ghouls", "Stout", {1: 3, 2: 2}, decline=True)
    put(s, 0, "Ratmen", "Diplomat", {6: 2})
    put(s, 1, "Humans", "Berserk", {3: 3})  # next to 2: 2 + 3 = 5 > the Ghouls' 3
    end_turn_gain(s, 1)
    assert s.turn.race == "Ghouls" and "reinforce 3" in texts(s)
    play(s, "reinforce 3")
    assert s.turn.race == "Ghouls" and s.turn.phase == REDEPLOY
    play(s, "finish")
    assert s.turn.race == "Ratmen" and s.turn.phase == CONQUER


def test_ghouls_conquer_before_picking_a_new_race() -> None:
    """[SW p.8, Ghouls] "once In Decline, your Ghouls can continue to conquer new Regions in the
    following turns" — also on the turn after the decline, before the new combo is picked."""
    s = clear_board(fresh())
    put(s, 0, "Ghouls", "Stout", {1: 3, 2: 2})
    put(s, 1, "Humans", "Berserk", {20: 2})
    turn(s, 0)
    play(s, "decline")  # seat 0's turn ends
    play(s, "stop", "end")  # seat 1's turn
    assert s.turn.seat == 0 and s.turn.race == "Ghouls" and s.turn.phase == CONQUER
    play(s, "conquer 3", "stop", "finish")
    assert s.turn.phase == PICK and s.turn.seat == 0


@pytest.mark.parametrize(("declined", "first"), [("Ghouls", "Ghouls"), ("Ratmen", "Humans")])
def test_only_ghouls_conquer_in_decline(declined: str, first: str) -> None:
    """[SW p.8, Ghouls] "unlike other Races, once In Decline, your Ghouls can continue to
    conquer" — any other In Decline race gives way to the active race at once."""
    s = clear_board(fresh())
    put(s, 0, declined, "Stout", {1: 2, 2: 2}, decline=True)
    put(s, 0, "Humans", "Diplomat", {6: 2})
    put(s, 1, "Tritons", "Berserk", {20: 2})
    end_turn_gain(s, 1)
    assert s.turn.seat == 0 and s.turn.race == first and s.turn.phase == CONQUER


def test_ghouls_in_decline_ignore_diplomat_peace() -> None:
    """[SW p.9, Diplomat] "he cannot attack your active race until your next turn. ... Tokens In
    Decline are not impacted (so Ghouls In Decline are immune to this power and may still attack
    you)." — the ally's Active race may not attack, its In Decline Ghouls may."""
    s = clear_board(fresh())
    put(s, 0, "Ghouls", "Stout", {2: 4}, decline=True)
    put(s, 0, "Ratmen", "Commando", {4: 3}, hand=5)
    put(s, 1, "Humans", "Diplomat", {3: 1})
    s.players[1].peace_with = 0
    turn(s, 0, "Ghouls", do_ready=True)
    assert "conquer 3" in texts(s)
    turn(s, 0, "Ratmen")
    assert "conquer 3" not in texts(s) and "reinforce 3" not in texts(s)
    assert "peace" in refused(s, "conquer 3")


# --- Giants (B-R5) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("race", "mine", "enemy", "target", "cost"),
    [
        # Giants on Mountain 8; 9 is an empty Farmland next to it: 2 - 1.
        ("Giants", {8: 1}, {}, 9, 1),
        # 3 holds a Lost Tribe and touches 8: 3 - 1.
        ("Giants", {8: 1}, {}, 3, 2),
        # Ratmen on the same Mountain get no discount.
        ("Ratmen", {8: 1}, {}, 9, 2),
        # 9 touches Mountain 8, but the Giants are on Hill 4, not on the Mountain.
        ("Giants", {4: 1}, {}, 9, 2),
        # Mountain 8 is held by an enemy: no discount either.
        ("Giants", {4: 1}, {8: 1}, 9, 2),
        # 10 (Lost Tribe) touches Mountain 15, which the Giants do not occupy.
        ("Giants", {8: 1, 4: 1}, {}, 10, 3),
    ],
)
def test_giants_discount_next_to_a_mountain_they_hold(
    race: str, mine: dict[int, int], enemy: dict[int, int], target: int, cost: int
) -> None:
    """[SW p.8, Giants] "Your Giants may conquer any Region adjacent to a Mountain Region they
    occupy at a cost of 1 less Giant token than normal." """
    s = fresh()
    put(s, 0, race, "Stout", mine, hand=6)
    if enemy:
        put(s, 1, "Humans", "Diplomat", enemy)
    turn(s, 0)
    play(s, f"conquer {target}")
    assert owned(s, race)[target] == cost
    assert s.races[race].hand == 6 - cost


def test_giants_mountain_discount_after_taking_the_mountain() -> None:
    """[SW p.8, Giants] "adjacent to a Mountain Region they occupy": after taking Mountain 19,
    Lost Tribe region 18 next to it costs 3 - 1."""
    s = fresh()
    put(s, 0, "Giants", "Stout", {20: 1}, hand=6)
    turn(s, 0)
    play(s, "conquer 19", "conquer 18")
    assert owned(s, "Giants") == {20: 1, 19: 3, 18: 2}


def test_giants_minimum_one_token() -> None:
    """[SW p.8, Giants] "A minimum of 1 Giant token is still required." — Commando Giants next to
    their Mountain: 2 - 1 - 1 would be 0."""
    s = clear_board(fresh())
    put(s, 0, "Giants", "Commando", {8: 1}, hand=1)
    turn(s, 0)
    assert "conquer 9" in texts(s)
    play(s, "conquer 9")
    assert owned(s, "Giants")[9] == 1 and s.races["Giants"].hand == 0


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


# --- Skeletons (B-R10) -------------------------------------------------------------------------


@pytest.mark.parametrize(("conquests", "gain"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)])
def test_skeletons_one_token_per_two_non_empty_conquests(conquests: int, gain: int) -> None:
    """[SW p.8, Skeletons] "During your Troop Redeployment, take 1 new Skeleton token from the
    storage tray for every 2 non-empty Regions you conquered this turn, and add it to the troops
    you redeploy at the end of your turn." — Lost Tribes on 6, 12, 16, 13 (3 tokens each)."""
    s = fresh()
    skeletons = put(s, 0, "Skeletons", "Stout", {11: 1}, hand=12)
    turn(s, 0)
    for rid in (6, 12, 16, 13)[:conquests]:
        play(s, f"conquer {rid}")
    tray_before = tray(s, "Skeletons")
    play(s, "stop")
    assert skeletons.hand == 12 - 3 * conquests + gain
    assert tray(s, "Skeletons") == tray_before - gain


def test_skeletons_gain_nothing_for_empty_regions() -> None:
    """[SW p.8, Skeletons] "for every 2 non-empty Regions" — empty 17 and empty Mountain 5 do
    not count ("A Region that contains a Mountain marker but no Lost Tribe ... is considered
    empty")."""
    s = fresh()
    skeletons = put(s, 0, "Skeletons", "Stout", {11: 1}, hand=12)
    turn(s, 0)
    play(s, "conquer 17", "conquer 5", "stop")
    assert skeletons.hand == 12 - 2 - 3


@pytest.mark.parametrize(("on_board", "conquests", "gain"), [(8, 2, 0), (7, 4, 1)])
def test_skeletons_limited_by_the_storage_tray(on_board: int, conquests: int, gain: int) -> None:
    """[SW p.8, Skeletons] "If there are no more tokens in the storage tray, you do not receive
    any additional tokens." (20 Skeletons in the box: 8 + 12 leaves none, 7 + 12 leaves one.)"""
    s = fresh()
    skeletons = put(s, 0, "Skeletons", "Stout", {11: on_board}, hand=12)
    assert tray(s, "Skeletons") == 8 - on_board
    turn(s, 0)
    for rid in (6, 12, 16, 13)[:conquests]:
        play(s, f"conquer {rid}")
    play(s, "stop")
    assert skeletons.hand == 12 - 3 * conquests + gain
    assert tray(s, "Skeletons") == 0


# --- Sorcerers (B-R11) -------------------------------------------------------------------------


def _sorcerers() -> GameState:
    """Seat 0: Sorcerers on 11 (1 token) with 4 in hand; 11 touches 5, 6, 12, 16, 17."""
    s = clear_board(fresh())
    put(s, 0, "Sorcerers", "Stout", {11: 1}, hand=4)
    return s


@pytest.mark.parametrize(
    ("victim", "power", "target", "marker"),
    [
        ("Ratmen", "Commando", 12, None),
        # "A single Troll token with its Troll's Lair is considered alone for this purpose"
        ("Trolls", "Commando", 12, "lair"),
        # "likewise for a Race token in a Fortress or on a Mountain"
        ("Ratmen", "Fortified", 12, "fortress"),
        ("Ratmen", "Commando", 5, "mountain"),
    ],
)
def test_sorcerers_replace_a_lone_active_token(
    victim: str, power: str, target: int, marker: str | None
) -> None:
    """[SW p.8, Sorcerers] "Once per turn per opponent, your Sorcerers can conquer a Region by
    substituting one of your opponent's Active tokens with one of your own taken from the
    storage tray. ... (A single Troll token with its Troll's Lair is considered alone for this
    purpose; likewise for a Race token in a Fortress or on a Mountain, these markers provide no
    protection to a lone Race token) ... Place the substituted opponent's Race token back into
    the storage tray." """
    s = _sorcerers()
    put(s, 1, victim, power, {target: 1, 20: 2})
    if marker and marker != "mountain":
        s.regions[target].markers[marker] = 1
    sorc_tray, victim_tray = tray(s, "Sorcerers"), tray(s, victim)
    turn(s, 0)
    assert f"enchant {target}" in texts(s)
    play(s, f"enchant {target}")
    region = s.regions[target]
    assert (region.race, region.owner, region.tokens) == ("Sorcerers", 0, 1)
    assert s.races["Sorcerers"].hand == 4  # the new token comes from the tray, not the hand
    assert tray(s, "Sorcerers") == sorc_tray - 1
    assert tray(s, victim) == victim_tray + 1
    assert s.races[victim].hand == 0
    # Mountains stay; the Lair and the Fortress belonged to the defender [SW p.4, p.9].
    assert region.markers.get("mountain", 0) == (1 if marker == "mountain" else 0)
    assert not region.markers.get("lair") and not region.markers.get("fortress")


def _two_tokens(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {12: 2})


def _in_decline(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {12: 1}, decline=True)
    put(s, 1, "Humans", "Diplomat", {20: 2})


def _encampment(s: GameState) -> None:
    put(s, 1, "Ratmen", "Bivouacking", {12: 1})
    s.regions[12].markers["camp"] = 1


def _hole(s: GameState) -> None:
    halflings = put(s, 1, "Halflings", "Commando", {12: 1})
    s.regions[12].markers["hole"] = 1
    halflings.holes_placed = 1


def _not_adjacent(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {13: 1})


def _tray_empty(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {12: 1})
    s.regions[11].tokens = 14  # 14 on the map + 4 in hand = all 18 Sorcerers


def _no_token_in_hand(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {12: 1})
    s.races["Sorcerers"].hand = 0


@pytest.mark.parametrize(
    ("stage", "target"),
    [
        # "The token your Sorcerers replaces must be the only race token in its Region"
        pytest.param(_two_tokens, 12, id="two-tokens"),
        # "substituting one of your opponent's **Active** tokens"
        pytest.param(_in_decline, 12, id="in-decline"),
        # [SW p.9, Bivouacking] "thereby protecting a single Race token with an Encampment from
        # the Sorcerer's Racial Power"
        pytest.param(_encampment, 12, id="encampment"),
        # [SW p.8, Halflings] Holes make regions "immune to ... racial and special powers"
        pytest.param(_hole, 12, id="hole"),
        # "and that Region must be adjacent to one of your Sorcerers'"
        pytest.param(_not_adjacent, 13, id="not-adjacent"),
        # "If there are no more tokens in the storage tray, then you cannot conquer a new
        # Region in this way."
        pytest.param(_tray_empty, 12, id="tray-empty"),
        # [SW p.4] "Regardless of a Race and/or Special Power benefit, a player must always have
        # at least one Race token available to initiate a new Conquest."
        pytest.param(_no_token_in_hand, 12, id="no-token-in-hand"),
    ],
)
def test_sorcerers_cannot_enchant(stage, target: int) -> None:  # type: ignore[no-untyped-def]
    """[SW p.8, Sorcerers] The limits of the substitution (see each case's comment)."""
    s = _sorcerers()
    stage(s)
    turn(s, 0)
    assert not any(t.startswith("enchant") for t in texts(s))
    refused(s, f"enchant {target}")
    assert s.regions[target].race != "Sorcerers"


def test_sorcerers_once_per_turn_per_opponent() -> None:
    """[SW p.8, Sorcerers] "Once per turn per opponent" — after replacing a token of seat 1,
    another lone token of seat 1 is safe this turn, but seat 2 may still be hit (3-player map:
    Sorcerers on 8 touch 1, 9 and 13)."""
    s = clear_board(fresh(3))
    put(s, 0, "Sorcerers", "Stout", {8: 1}, hand=4)
    put(s, 1, "Ratmen", "Commando", {1: 1, 9: 1})
    put(s, 2, "Humans", "Diplomat", {13: 1})
    turn(s, 0)
    assert {"enchant 1", "enchant 9", "enchant 13"} <= set(texts(s))
    play(s, "enchant 1")
    assert "enchant 9" not in texts(s)
    assert "enchant 13" in texts(s)
    refused(s, "enchant 9")
    play(s, "enchant 13")
    assert not any(t.startswith("enchant") for t in texts(s))
    assert owned(s, "Sorcerers") == {8: 1, 1: 1, 13: 1}


def test_sorcerers_converted_elf_loses_its_token() -> None:
    """[SW p.8, Sorcerers] "If an Elf is converted by a Sorcerer, the Elf does lose his
    token." """
    s = _sorcerers()
    put(s, 1, "Elves", "Commando", {12: 1, 13: 2})
    elf_tray = tray(s, "Elves")
    turn(s, 0)
    play(s, "enchant 12")
    assert s.races["Elves"].hand == 0
    assert tray(s, "Elves") == elf_tray + 1


def test_sorcerers_need_one_of_their_regions_next_to_the_target() -> None:
    """[SW p.8, Sorcerers] "... and that Region must be adjacent to one of your Sorcerers'." —
    Sorcerers not yet on the map have no region for the target to be adjacent to."""
    s = clear_board(fresh())
    put(s, 0, "Sorcerers", "Stout", {}, hand=5)
    put(s, 1, "Ratmen", "Commando", {11: 1, 20: 2})  # 11 is a border region
    turn(s, 0)
    assert "enchant 11" not in texts(s)


# --- Tritons (B-R12) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("race", "target", "cost"),
    [
        ("Tritons", 1, 1),  # empty Farmland on Sea 0: 2 - 1
        ("Tritons", 6, 2),  # Lost Tribe Hill on the Lake: 3 - 1
        ("Tritons", 8, 2),  # Mountain on the Lake: 3 - 1
        ("Tritons", 3, 3),  # Lost Tribe Swamp, no water next to it: full price
        ("Ratmen", 1, 2),  # no discount for other races
        ("Ratmen", 6, 3),
    ],
)
def test_tritons_discount_on_coastal_regions(race: str, target: int, cost: int) -> None:
    """[SW p.9, Tritons] "Your Tritons may conquer all Coastal Regions (those bordering a Sea or
    Lake) at a cost of 1 less Triton token than normal." """
    s = fresh()
    put(s, 0, race, "Stout", {2: 1}, hand=6)
    turn(s, 0)
    play(s, f"conquer {target}")
    assert owned(s, race)[target] == cost


def test_tritons_minimum_one_token_and_no_water() -> None:
    """[SW p.9, Tritons] "A minimum of 1 Triton token is still required." — and the Lake itself
    stays closed: "Seas and Lakes cannot usually be conquered." [SW p.4]"""
    s = clear_board(fresh())
    put(s, 0, "Tritons", "Commando", {2: 1}, hand=1)
    turn(s, 0)
    assert "conquer 7" not in texts(s)
    assert "Lake" in refused(s, "conquer 7")
    assert "conquer 1" in texts(s)
    play(s, "conquer 1")
    assert owned(s, "Tritons")[1] == 1


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
