"""Rule tests for the Righteous Relics in general and the four that help a conquest [SWU p.14],
checklist §3.5: the Sword of the Killer Rabbit (RR-U6), the Flying Doormat (RR-U1), the Stinky
Troll's Socks (RR-U3) and the Shiny Orb (RR-U5). The Relics used at turn's end are in
``test_treasures_turn_end_relics``, the Magic power's Bag in ``test_treasures_bag`` and the
Popular Places in ``test_treasures_places``.

Positions are staged on ``swu-2p`` and the Relic discovered for real with the fixtures of
``helpers_treasures``, whose docstring lists the map facts used.
"""

from __future__ import annotations

from engine import default_action, legal_actions
from engine.core.board import tray
from engine.core.state import CLOSING, REDEPLOY
from engine.core.turns import start_turn
from engine.core.view import label

from .helpers import force_die, hide, owned, play, put, texts, where_is
from .helpers_treasures import FOE, ME, found, game, refused

# --- general rules --------------------------------------------------------------------------


def test_a_relic_works_as_soon_as_it_is_found_and_is_never_used_by_default() -> None:
    """[SWU p.14] "A Place or Relic's power comes into play immediately after the player
    successfully conquers the Monster infested Region containing it" and "Using a Relic's
    power is always optional": a deadline never uses one."""
    s = found("sword", foe={9: 3})
    assert "sword 9" in texts(s)
    assert default_action(s) == legal_actions(s)[-1]  # stop
    assert default_action(s) is not None and default_action(s).text == "stop"


def test_relics_cannot_be_used_in_decline() -> None:
    """[SWU p.14] "Relics cannot be used by Races that are In Decline": P1's race In Decline
    holding the Sword gives its new race nothing."""
    s = game()
    put(s, 0, *ME, {8: 1}, decline=True)
    s.regions[8].markers = {"sword": 1}
    put(s, 0, "Mummies", "Stone", {0: 1}, hand=9)
    start_turn(s, 0)
    assert not any(t.startswith("sword") for t in texts(s))
    refused(s, "sword 1", "not possible")


def test_a_relic_is_taken_over_by_whoever_conquers_its_region() -> None:
    """[SWU p.13] "Righteous Relics ... remain in a Region when the Region is conquered and
    become the property of the Region's new occupant"."""
    s = found("sword", hand=4)
    play(s, "stop", "end")  # P2's turn: P2 picks and takes the Sword's region
    s.players[1].active = None
    put(s, 1, *FOE, {11: 1}, hand=9)
    start_turn(s, 1)
    play(s, "conquer 8")
    assert where_is(s, "sword") == [8]
    assert "sword 9" in texts(s)


# --- RR-U6 the Sword of the Killer Rabbit ---------------------------------------------------


def test_the_sword_conquers_with_two_tokens_fewer_and_moves_there() -> None:
    """[SWU p.14] "Once per turn, the player whose troops control the Sword of the Killer
    Rabbit may conquer 1 Region using 2 less tokens than normal." The Relic moves "to the
    Region in which their power was last used"."""
    s = found("sword", foe={9: 3, 11: 1})
    hand = s.races["Shadow Mimes"].hand
    assert label(s, legal_actions(s)[texts(s).index("sword 9")]).endswith("3 tokens")
    play(s, "sword 9")
    assert s.races["Shadow Mimes"].hand == hand - 3  # 2 + 3 defenders - 2
    assert owned(s, "Shadow Mimes")[9] == 3
    assert s.races["Kraken"].hand == 2  # the usual loss of one token
    assert where_is(s, "sword") == [9]
    # Once per turn.
    refused(s, "sword 11", "already used the Sword")


def test_the_sword_never_brings_a_conquest_under_one_token() -> None:
    """FR "avec un minimum de 1 pion" (§6.1 #9): an empty region (2) costs 1 with the Sword."""
    s = found("sword")
    hand = s.races["Shadow Mimes"].hand
    play(s, "sword 9")
    assert s.races["Shadow Mimes"].hand == hand - 1


def test_the_sword_does_not_work_against_gnomes_on_another_players_turn() -> None:
    """[SWU p.10] "other players cannot use ... any effect of the Places or Relics they
    control, to conquer Regions occupied by your Gnomes"."""
    s = found("sword", foe={9: 1}, foe_race=("Gnomes", "Stone"))
    assert "conquer 9" in texts(s)
    refused(s, "sword 9", "no Relic works against them")


def test_the_sword_may_be_used_for_a_final_conquest_and_stays_put_on_failure() -> None:
    """[SW p.5] a final conquest names a region "3 or less Race tokens short" and rolls; a
    Relic "remains in the Region in which it was last used", and a failed roll used it in
    no new region."""
    s = found("sword", hand=5, foe={9: 4})  # 5 - 4 for the Monsters = 1 in hand; 6 - 2 = 4
    assert s.races["Shadow Mimes"].hand == 1
    assert "sword 9" in texts(s)
    force_die(s, 0)
    play(s, "sword 9")
    assert s.turn.phase == REDEPLOY
    assert where_is(s, "sword") == [8]
    roll = [e for e in s.events if e["kind"] == "roll"]
    assert roll == [
        {"kind": "roll", "seat": 0, "region": 9, "die": 0, "success": False, "relic": "sword"}
    ]


# --- RR-U1 the Flying Doormat ---------------------------------------------------------------


def test_the_doormat_conquers_a_region_that_is_not_adjacent() -> None:
    """[SWU p.14] "Once per turn, the player whose troops control the Flying Doormat may
    conquer any Region, even one that is not adjacent to his. The Flying Doormat is placed in
    this new region." """
    s = found("doormat", foe={27: 1})
    assert "conquer 27" not in texts(s)
    play(s, "doormat 27")
    assert owned(s, "Shadow Mimes")[27] == 3
    assert where_is(s, "doormat") == [27]
    refused(s, "doormat 16", "already used the Flying Doormat")


def test_the_doormat_never_enters_a_chasm_or_an_immune_region() -> None:
    """[SWU p.5] Chasms are "inaccessible to the players"; [SWU p.13] an immune region "cannot
    be conquered by an opponent"."""
    s = found("doormat", foe={27: 1})
    s.regions[27].markers["queen"] = 1
    refused(s, "doormat 21", "no one may enter")
    refused(s, "doormat 27", "immune")


def test_a_failed_doormat_conquest_leaves_the_doormat_where_it_was() -> None:
    """[SWU p.14] "If the conquest attempt fails, the Doormat remains where it was prior to
    the conquest attempt." A Doormat conquest fails as a final conquest with the die does:
    1 to 3 tokens short, the roll falls short; conquests end."""
    s = found("doormat", hand=6, foe={27: 2})  # 2 left in hand; region 27 costs 4
    assert s.races["Shadow Mimes"].hand == 2
    label_text = label(s, legal_actions(s)[texts(s).index("doormat 27")])
    assert "2 short" in label_text
    force_die(s, 1)
    play(s, "doormat 27")
    assert where_is(s, "doormat") == [8]
    assert s.turn.phase == REDEPLOY
    assert s.regions[27].race == "Kraken"


def test_a_doormat_final_conquest_that_succeeds_moves_the_doormat() -> None:
    """[SW p.5] a successful final conquest places every token left there; the Doormat "is
    placed in this new region"."""
    s = found("doormat", hand=6, foe={27: 2})
    force_die(s, 3)
    play(s, "doormat 27")
    assert where_is(s, "doormat") == [27]
    assert owned(s, "Shadow Mimes")[27] == 2
    assert s.turn.phase == REDEPLOY


# --- RR-U3 the Stinky Troll's Socks ---------------------------------------------------------


def test_the_socks_conquer_as_if_empty_and_the_victims_lose_nothing() -> None:
    """[SWU p.14] "Once per turn, the player whose troops control the Stinky Troll's Socks may
    conquer 1 Region as if it was empty. The opponent player whose Race tokens were in that
    Region gets to redeploy them all in his other Regions at turn's end"."""
    s = found("socks", foe={9: 4, 16: 1})
    hand = s.races["Shadow Mimes"].hand
    play(s, "socks 9")
    assert s.races["Shadow Mimes"].hand == hand - 2  # as if empty: 2, not 6
    assert where_is(s, "socks") == [9]
    assert s.races["Kraken"].hand == 4  # FR "sans perdre de pion"
    play(s, "stop", "end")
    assert s.turn.phase == CLOSING and s.turn.pending[0].race == "Kraken"
    play(s, "deploy 16 4")
    assert owned(s, "Kraken") == {16: 5}
    play(s, "finish")


def test_the_socks_still_pay_for_a_black_mountain() -> None:
    """Ruling §6.2 #12: "as if empty" drops only the occupants; a Black Mountain still adds 1
    ([SWU p.5] "+ 1 additional Race token for each Black Mountain")."""
    s = found("socks", foe={6: 3})
    hand = s.races["Shadow Mimes"].hand
    play(s, "socks 6")
    assert s.races["Shadow Mimes"].hand == hand - 3


def test_a_socks_victim_with_no_region_left_keeps_its_tokens_in_hand() -> None:
    """[SWU p.14] "(or back in hand, if he has no Troops left on the board)"."""
    s = found("socks", foe={9: 3})
    play(s, "socks 9", "stop", "end")
    assert s.races["Kraken"].hand == 3
    assert owned(s, "Kraken") == {}
    assert s.turn.seat == 1  # nothing to redeploy: P2's turn has begun


def test_an_in_decline_socks_victim_with_no_region_left_loses_its_tokens() -> None:
    """RR-U3 RECOMMEND for In-Decline victims: they may move their tokens to another region
    of the same race; otherwise they are lost (the race leaves the map [SW p.6])."""
    s = game()
    put(s, 1, *FOE, {9: 2}, decline=True)
    put(s, 0, *ME, {5: 1}, hand=10)
    hide(s, "socks")
    start_turn(s, 0)
    play(s, "conquer 8", "socks 9")
    assert "Kraken" not in s.races


def test_the_socks_do_not_work_against_gnomes_nor_on_an_empty_region() -> None:
    """[SWU p.10] Gnomes are immune to other players' Relics on their turns; an empty region
    has nobody to drive out."""
    s = found("socks", foe={9: 2}, foe_race=("Gnomes", "Stone"))
    refused(s, "socks 9", "no Relic works against them")
    refused(s, "socks 0", "empty already")


# --- RR-U5 the Shiny Orb --------------------------------------------------------------------


def test_the_orb_replaces_a_single_active_token_with_a_bonus_token() -> None:
    """[SWU p.14] "Once per turn, the player whose troops control the Shiny Orb may use it to
    substitute a single active opponent token with a bonus token of his to conquer that
    Region." A Black Mountain does not protect the lone token (Vampire, [SWU p.13])."""
    s = found("orb", foe={6: 1, 11: 1})
    hand = s.races["Shadow Mimes"].hand
    left = tray(s, "Shadow Mimes")
    play(s, "orb 6")
    assert owned(s, "Shadow Mimes")[6] == 1
    assert s.races["Shadow Mimes"].hand == hand  # the token came from the tray
    assert tray(s, "Shadow Mimes") == left - 1
    assert s.races["Kraken"].hand == 0  # the substituted token goes to the tray
    assert where_is(s, "orb") == [6]
    refused(s, "orb 11", "already used the Shiny Orb")


def test_the_orb_takes_the_bonus_token_from_hand_when_the_tray_is_empty() -> None:
    """[SWU p.14] bonus tokens are "taken from the tray, or, if none are left in the tray,
    taken from those left in the player's hand"."""
    s = found("orb", hand=7, foe={9: 1})  # Shadow Mimes: 12 in the box, 1 + 7 + 4 used
    s.races["Shadow Mimes"].reserve = tray(s, "Shadow Mimes")  # nothing left in the tray
    hand = s.races["Shadow Mimes"].hand
    play(s, "orb 9")
    assert s.races["Shadow Mimes"].hand == hand - 1


def test_the_orb_needs_a_single_active_opponent_token() -> None:
    """[SWU p.14] "a single active opponent token"; [SWU p.13] "A Region containing a single
    Gnome token is protected however"."""
    s = found("orb", foe={9: 2, 11: 1}, foe_race=("Gnomes", "Stone"))
    refused(s, "orb 9", "Gnomes|single token")
    refused(s, "orb 11", "Gnomes")
    s2 = game()
    put(s2, 1, *FOE, {9: 1}, decline=True)
    put(s2, 0, *ME, {5: 1}, hand=10)
    hide(s2, "orb")
    start_turn(s2, 0)
    play(s2, "conquer 8")
    refused(s2, "orb 9", "single token of an opponent's active race")
