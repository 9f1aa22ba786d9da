"""Rule tests that a mutation sample of the rule core showed were missing (issue 20, item 15;
issue 37, section 2: the last Sorcerer in the tray, a withdrawal of no token).

Each test kills one mutant that the rest of the suite let live: a small change to the rule
code that changes play (``bench/mutants.py`` samples such changes). Every position is reached
from a real turn start (``start`` + ``pick``, or ``put`` + the engine's own ``start_turn``),
and every move goes through ``legal_actions`` / ``apply``.

Facts of the maps used: on ``sw-2p`` regions 1 (Farmland) and 2 (Forest) are edge regions
next to each other with no Lost Tribe; on ``sw-3p`` region 3 (Farmland, edge) borders 4
(Swamp) and 9 (Hill); 4 borders 5 and 9 borders 13. On ``swu-2p`` region 16 (Mudpool, edge)
borders 15 (Mystic Crystal).
"""

from __future__ import annotations

import pytest

from engine import NotYourTurn, apply, legal_actions, parse, to_act, to_json
from engine.core.board import tray
from engine.core.state import CLOSING, CONQUER, REDEPLOY, GameState

from .helpers import begin, clear_board, force_die, fresh, owned, play, put, refused, start, texts


def unchanged_refusal(s: GameState, text: str) -> str:
    """``text`` is refused for the seat to act and the state is exactly as before."""
    before = to_json(s)
    why = refused(s, text)
    assert to_json(s) == before, text
    return why


# --- (a) the Berserk die in the legal-move list ----------------------------------------------


def test_berserk_die_makes_a_conquest_legal_that_the_tokens_alone_cannot_pay() -> None:
    """[SW "Berserk"] "Roll the die first; select the Region you wish to conquer; then place
    the required number of Race tokens (minus the die results) there."

    2 tokens in hand against a region costing 5: only a 3 on the die makes it affordable, so
    the legal-move list (what buttons and the AI offer) must count the die, not only ``apply``.
    """
    s = clear_board(fresh(2, map_id="sw-2p"))
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=2)
    put(s, 1, "Orcs", "Commando", {2: 3})  # cost 2 + 3 = 5
    begin(s, 0)
    assert s.races["Ratmen"].hand == 2
    assert "conquer 2" not in texts(s)
    force_die(s, 3)
    play(s, "roll")
    assert s.turn.berserk_die == 3
    assert "conquer 2" in texts(s)
    play(s, "conquer 2")
    assert owned(s, "Ratmen") == {1: 1, 2: 2}
    assert s.races["Ratmen"].hand == 0


# --- (b), (c) deploying and moving: at least one token, no more than held ---------------------


def _redeploying() -> GameState:
    """Seat 0 picks Ratmen-Alchemist (12 tokens) on a real game's first turn, conquers 1 and
    2 (2 tokens each), and stops: 8 tokens in hand to redeploy."""
    s = start(("Ratmen", "Alchemist"), map_id="sw-2p")
    play(s, "pick 1", "conquer 1", "conquer 2", "stop")
    assert s.turn.phase == REDEPLOY
    assert s.races["Ratmen"].hand == 8
    assert owned(s, "Ratmen") == {1: 2, 2: 2}
    return s


def test_a_deploy_of_more_tokens_than_in_hand_is_refused() -> None:
    """[SW p.5 "Troop Redeployment"] the player redeploys "the Race tokens he has": a deploy
    of one token more than the hand is refused and changes nothing; the whole hand is taken."""
    s = _redeploying()
    assert "8 Ratmen tokens in hand, not 9" in unchanged_refusal(s, "deploy 1 9")
    unchanged_refusal(s, "deploy 1 20")
    play(s, "deploy 1 8")
    assert owned(s, "Ratmen") == {1: 10, 2: 2}
    assert s.races["Ratmen"].hand == 0


def test_a_defender_may_not_place_more_tokens_than_it_holds() -> None:
    """[SW p.4 "Enemy Losses & Withdrawals"] the defender must "Keep the other Race tokens in
    hand, and redeploy them": 2 in hand, so a deploy of 3 is refused, one of 2 is placed."""
    s = clear_board(fresh(2, map_id="sw-2p"))
    put(s, 0, "Ratmen", "Alchemist", {1: 1}, hand=8)
    put(s, 1, "Orcs", "Merchant", {2: 3, 9: 1})
    begin(s, 0)
    play(s, "conquer 2", "stop", "end")
    assert s.turn.phase == CLOSING and to_act(s) == 1
    assert s.races["Orcs"].hand == 2
    assert "not 3" in unchanged_refusal(s, "deploy 9 3")
    play(s, "deploy 9 2")
    assert owned(s, "Orcs") == {9: 3}


@pytest.mark.parametrize("text", ["deploy 1 0", "deploy 2 -1", "move 1 2 0", "move 2 1 -1"])
def test_a_deploy_or_move_of_no_token_is_refused(text: str) -> None:
    """[SW p.5 "Troop Redeployment"] redeploying is "moving them from one Region to any other
    Region": a move or deploy of no token (or fewer) is no move, and is refused unchanged."""
    s = _redeploying()
    assert unchanged_refusal(s, text) == "Move at least one token."
    play(s, "move 1 2 1", "deploy 2 1")
    assert owned(s, "Ratmen") == {1: 1, 2: 4}


def test_a_defender_places_the_tokens_it_holds_and_moves_none() -> None:
    """[SW p.4 "Enemy Losses & Withdrawals"] the defender must "Keep the other Race tokens in
    hand, and redeploy them in any other Region(s) still occupied by his race": it places
    what it holds; the tokens it still has on the map stay where they are (only the active
    player reorganizes his troops [SW p.5]). Found by ``bench/mutants.py`` (seed 1)."""
    s = clear_board(fresh(2, map_id="sw-2p"))
    put(s, 0, "Ratmen", "Alchemist", {1: 1}, hand=8)
    put(s, 1, "Orcs", "Merchant", {2: 3, 9: 3, 10: 1})
    begin(s, 0)
    play(s, "conquer 2", "stop", "end")
    assert s.turn.phase == CLOSING and to_act(s) == 1
    assert not [a for a in texts(s) if a.startswith("move")]
    why = unchanged_refusal(s, "move 9 10 1")
    assert why == "Defenders only place the tokens they hold."
    play(s, "deploy 10 2")
    assert owned(s, "Orcs") == {9: 3, 10: 3}
    play(s, "finish")
    assert s.turn.seat == 1 and s.turn.phase == CONQUER


def test_a_defender_deploy_of_no_token_is_refused() -> None:
    """[SW p.4 "Enemy Losses & Withdrawals"] the defender redeploys the tokens it holds; a
    deploy of 0 is no redeployment, so the defender still owes its 2 tokens."""
    s = clear_board(fresh(2, map_id="sw-2p"))
    put(s, 0, "Ratmen", "Alchemist", {1: 1}, hand=8)
    put(s, 1, "Orcs", "Merchant", {2: 3, 9: 1})
    begin(s, 0)
    play(s, "conquer 2", "stop", "end")
    assert to_act(s) == 1
    assert unchanged_refusal(s, "deploy 9 0") == "Move at least one token."
    assert s.races["Orcs"].hand == 2


# --- (d) defenders redeploy in seat order from the attacker ----------------------------------


def test_defenders_redeploy_in_seat_order_from_after_the_active_player() -> None:
    """[SW p.4] defenders redeploy "as the final action of the current player's turn"; play
    "proceeds clockwise" [SW p.3], so the queue starts after the active player (ruling 6):
    seat 1 attacks seats 0 and 2, and seat 2 places its tokens first, then seat 0.

    Seat 0's race came into play first, so an order by seat number (or by the order races
    entered play) would ask seat 0 first.
    """
    s = clear_board(fresh(3, map_id="sw-3p"))
    put(s, 0, "Ratmen", "Merchant", {4: 3, 5: 1})
    put(s, 2, "Orcs", "Wealthy", {9: 3, 13: 1})
    put(s, 1, "Humans", "Alchemist", {3: 1}, hand=12)
    begin(s, 1)
    play(s, "conquer 4", "conquer 9", "stop", "end")
    assert s.turn.phase == CLOSING and s.turn.seat == 1
    assert [(p.seat, p.race) for p in s.turn.pending] == [(2, "Orcs"), (0, "Ratmen")]
    assert to_act(s) == 2
    assert legal_actions(s, 0) == []
    before = to_json(s)
    with pytest.raises(NotYourTurn):
        apply(s, 0, parse("deploy 5 2"))
    assert to_json(s) == before
    play(s, "deploy 13 2", "finish")
    assert owned(s, "Orcs") == {13: 3}
    assert to_act(s) == 0 and s.turn.phase == CLOSING
    play(s, "deploy 5 2", "finish")
    assert owned(s, "Ratmen") == {5: 3}
    # The queue is empty: the next player's (seat 2's) turn has begun.
    assert s.turn.seat == 2 and s.turn.phase == CONQUER


# --- (e) taking one's own other race is no loss to an opponent --------------------------------


def test_taking_ones_own_liches_pays_nobody() -> None:
    """[SWU p.11, Liches] "Collect 1 bonus Victory coin from any opponent each time they
    successfully conquer one of your In-Decline Liches region." [SW p.4] "A player may choose
    to conquer a Region occupied by his own In Decline token": he is no opponent, so no coin
    changes hands (not even from himself to himself) and no payment is told."""
    s = fresh(2, world="underground")
    put(s, 0, "Ogres", "Stout", {16: 4})
    put(s, 0, "Liches", "Alchemist", {15: 1}, decline=True)
    s.players[0].coins = 3
    begin(s, 0)
    assert "conquer 15" in texts(s)
    play(s, "conquer 15")
    assert s.regions[15].race == "Ogres"
    assert s.players[0].coins == 3
    assert not [e for e in s.events if e["kind"] == "pay"]


def test_taking_ones_own_decline_race_gives_no_vengeance_marker() -> None:
    """[SWU "Vengeful"] "Give 1 Vengeance marker to each player that attacks any of your
    races during his turn." [SW p.4] conquering one's own In-Decline token is allowed, and a
    player does not attack himself: the Vengeful player marks no one, himself least of all."""
    s = fresh(2, world="underground")
    put(s, 0, "Ratmen", "Vengeful", {16: 4})
    put(s, 0, "Humans", "Stone", {15: 1}, decline=True)
    begin(s, 0)
    play(s, "conquer 15")
    assert s.regions[15].race == "Ratmen"
    assert s.players[0].marks == []
    assert not [e for e in s.events if e["kind"] == "vengeance"]
    play(s, "stop", "end")
    assert s.players[0].marks == []


# --- issue 37: two limits a mutation sample found unpinned ---------------------------------


def test_sorcerers_cast_with_the_last_sorcerer_in_the_tray_and_not_after() -> None:
    """[SW p.8, Sorcerers] "substituting one of your opponent's Active tokens with one of your
    own taken from the storage tray. If there are no more tokens in the storage tray, then you
    cannot conquer a new Region in this way." [SW "Picking a Race and Special Power Combo"]
    "you are still limited by the total number of tokens physically available" (18 Sorcerers).

    On ``sw-3p`` the Sorcerers on 8 touch 1 (seat 1's lone Ratman) and 13 (seat 2's lone
    Human): 13 on 8 and 4 in hand leave exactly one Sorcerer in the tray. That one may still
    enchant; once it is on the map the tray is empty and seat 2's token, which the "once per
    opponent" rule leaves open, is safe."""
    s = clear_board(fresh(3))
    put(s, 0, "Sorcerers", "Stout", {8: 13}, hand=4)
    put(s, 1, "Ratmen", "Commando", {1: 1})
    put(s, 2, "Humans", "Diplomat", {13: 1})
    begin(s, 0)
    assert tray(s, "Sorcerers") == 1
    assert {"enchant 1", "enchant 13"} <= set(texts(s))
    play(s, "enchant 1")
    assert s.regions[1].race == "Sorcerers" and tray(s, "Sorcerers") == 0
    assert not any(t.startswith("enchant") for t in texts(s))
    unchanged_refusal(s, "enchant 13")
    assert s.regions[13].race == "Humans"


def test_a_withdrawal_of_no_amazon_is_refused_with_its_reason() -> None:
    """[SW p.8, Amazons] "remove four tokens from the map": a withdrawal moves tokens off the
    map, so one of 0 tokens is no withdrawal. It is refused with the rule's own sentence and
    changes nothing; the 4 are still owed.

    A real game on ``sw-2p``: seat 0 picks Merchant Amazons (12 tokens), takes Mountain 19
    (3), 20 (2) and 21 (2), stops and places its 5 left on 19."""
    s = start(("Amazons", "Merchant"))
    play(s, "pick 1", "conquer 19", "conquer 20", "conquer 21", "stop", "deploy 19 5")
    assert s.turn.phase == REDEPLOY and owned(s, "Amazons") == {19: 8, 20: 2, 21: 2}
    assert unchanged_refusal(s, "withdraw 19 0") == "Withdraw at least one token."
    assert unchanged_refusal(s, "withdraw 20 0") == "Withdraw at least one token."
    assert refused(s, "end").startswith("Remove your 4 Amazon tokens first: 4 more")
    play(s, "withdraw 19 4", "end")
    assert owned(s, "Amazons") == {19: 4, 20: 2, 21: 2}
