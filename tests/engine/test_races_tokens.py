"""Rule tests for the Small World races whose number of tokens changes from turn to turn
[SW pp.8-9] (checklist §3.1): the Amazons (B-R1), who borrow four tokens for conquest only,
and the Skeletons (B-R10), who gain a token for every two non-empty regions conquered.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) unless said otherwise. Facts of that map used by the ``test_races_*`` modules:

- Seas 0 and 22, Lake 7. Coastal (next to water): 1, 2, 5, 6, 8, 12, 13, 15, 20, 21.
- Mountains 5, 8, 15, 19. Mines 2, 5, 15, 18. Farmland 1, 9, 11, 13. Magic 1, 10, 13, 16.
- Lost Tribes at setup: 3, 6, 10, 11, 12, 13, 14, 16, 18. Interior (no entry): 6, 8, 9, 12, 13, 14.
"""

from __future__ import annotations

import pytest

from engine import default_action, label, legal_actions, to_act
from engine.core.board import tray
from engine.core.legal import end_actions
from engine.core.state import CLOSING, CONQUER, GameState
from engine.worlds.surface.actions import Withdraw

from .helpers import (
    REDEPLOY,
    board,
    clear_board,
    end_turn_gain,
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
