"""Rule tests for the Ghouls (B-R4) [SW p.8] (checklist §3.1), the one Small World race that
goes on conquering In Decline: every Ghoul stays on the map at Decline, and In-Decline Ghouls
conquer at the start of their owner's turn.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) unless said otherwise. Facts of that map used by the ``test_races_*`` modules:

- Seas 0 and 22, Lake 7. Coastal (next to water): 1, 2, 5, 6, 8, 12, 13, 15, 20, 21.
- Mountains 5, 8, 15, 19. Mines 2, 5, 15, 18. Farmland 1, 9, 11, 13. Magic 1, 10, 13, 16.
- Lost Tribes at setup: 3, 6, 10, 11, 12, 13, 14, 16, 18. Interior (no entry): 6, 8, 9, 12, 13, 14.
"""

from __future__ import annotations

import pytest

from engine.core.state import CONQUER, PICK, GameState

from .helpers import (
    REDEPLOY,
    board,
    clear_board,
    end_turn_gain,
    fresh,
    owned,
    pass_turns,
    play,
    put,
    refused,
    start,
    texts,
    turn,
)

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
