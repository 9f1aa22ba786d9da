"""Rule tests for the six Righteous Relics [SWU p.14] and the Magic power's Bag-o'-Many-Things
[SWU p.13], checklist §3.5 (RR-U1..RR-U6) and U-P6. The Popular Places are in
``test_treasures_places``.

Every position is staged on ``swu-2p`` with ``put`` and the turn begun with the real
``start_turn``; the Relic is then discovered for real, by conquering a Monster region whose
hidden marker was set on top of the stack. Facts of ``swu-2p`` used below:

     0 Mine, edge (next to 1, 3, 5)              5 Mystic Crystals, edge (next to 0, 6, 8)
     6 Black Mountain (next to 3, 5, 7, 9)       8 Mudpool, Monster, edge (next to 5, 9, 11)
     9 Mushroom Forest (next to 6, 8, 10, 11)    11 Mine, edge (next to 8, 9, 10, 14)
    16 Mudpool, edge (next to 15, 19)            19 Black Mountain, edge (next to 16, 18, 22)
    27 Mystic Crystals, edge (next to 22, 26)    3, 10, 18, 21, 23 Abysmal Chasms

The acting race is Shadow Mimes with Immortal: neither changes a cost, a reach or a score
once picked. The defenders are Kraken with Stone (no cost, reach or score change away from
the River and the Black Mountains), unless a test needs another.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import IllegalAction, default_action, legal_actions, new_game
from engine.core.board import tray
from engine.core.content import components
from engine.core.rng import mix
from engine.core.state import CLOSING, CONQUER, REDEPLOY, GameState, from_json, to_json
from engine.core.turns import start_turn
from engine.core.view import label

from .helpers import hide, owned, pass_turns, play, put, reveal, start, texts

ME = ("Shadow Mimes", "Immortal")
FOE = ("Kraken", "Stone")


# --- fixtures -------------------------------------------------------------------------------


def game() -> GameState:
    """A 2-player Underground game on ``swu-2p`` before anything is staged."""
    return new_game(["P1", "P2"], 1, world="underground")


def found(
    key: str,
    *,
    race: tuple[str, str] = ME,
    at: dict[int, int] | None = None,
    hand: int = 10,
    monster: int = 8,
    foe: dict[int, int] | None = None,
    foe_race: tuple[str, str] = FOE,
    stage: Callable[[GameState], None] | None = None,
) -> GameState:
    """P1's race holds ``at`` (default {5: 1}) with ``hand`` tokens in hand, P2's ``foe_race``
    holds ``foe``, ``stage`` changes anything else; P1's turn starts and the race conquers
    Monster region ``monster``, whose hidden marker is ``key``: the Relic or Place is now on
    the map, in P1's hands."""
    s = game()
    put(s, 0, *race, at if at is not None else {5: 1}, hand=hand)
    if foe:
        put(s, 1, *foe_race, foe)
    if stage is not None:
        stage(s)
    hide(s, key)
    start_turn(s, 0)
    play(s, f"conquer {monster}")
    assert s.regions[monster].markers.get(key) == 1
    return s


def force_die(s: GameState, face: int) -> None:
    """Set the RNG counter so that the next die roll shows ``face``."""
    faces = components()["die_faces"]
    c = s.rng_counter
    while faces[mix(s.seed, c + 1) % len(faces)] != face:
        c += 1
    s.rng_counter = c


def refused(s: GameState, action: str, match: str) -> None:
    """The action is not listed, and applying it raises with a sentence matching ``match``."""
    assert action not in texts(s)
    with pytest.raises(IllegalAction, match=match):
        play(s, action)


def where_is(s: GameState, key: str) -> list[int]:
    """The regions holding the marker ``key``."""
    return [rid for rid, r in enumerate(s.regions) if r.markers.get(key)]


def end_turn_gain(s: GameState, seat: int = 0) -> int:
    """Stop conquering if need be, end the turn, and return what ``seat`` scored."""
    if s.turn.phase == CONQUER:
        play(s, "stop")
    before = s.players[seat].coins
    play(s, "end")
    return s.players[seat].coins - before


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


# --- RR-U2 Froggy's Ring --------------------------------------------------------------------


def test_the_ring_collects_a_coin_from_each_bordering_active_player() -> None:
    """[SWU p.14] "At the end of his turn, the player whose troops control Froggy's Ring
    places it in a Region his troops occupy to collect 1 Victory coin from each player with
    at least 1 active race token in a Region bordering the Region the Ring is placed in."
    """
    s = found("ring", foe={9: 1, 11: 2})
    assert not any(t.startswith("ring") for t in texts(s))  # at the end of the turn only
    play(s, "stop")
    mine, theirs = s.players[0].coins, s.players[1].coins
    play(s, "ring 8")
    assert s.players[0].coins == mine + 1 and s.players[1].coins == theirs - 1
    assert where_is(s, "ring") == [8]
    ring = [e for e in s.events if e["kind"] == "ring"][-1]
    assert ring["paid"] == [1] and ring["each"] == 1 and "coins" not in ring
    refused(s, "ring 5", "already used Froggy's Ring")


def test_the_ring_takes_nothing_from_a_player_with_no_coins_nor_from_decline_tokens() -> None:
    """[SWU p.14] "Should an opponent have no coins left, Froggy's Ring may still be placed in
    a Region next to his Troops, but no coin is collected"; only "active race" tokens count.
    """
    s = found("ring", foe={9: 1})
    s.players[1].coins = 0
    play(s, "stop", "ring 8")
    assert s.players[1].coins == 0
    assert [e for e in s.events if e["kind"] == "ring"][-1]["paid"] == []
    s2 = game()
    put(s2, 1, *FOE, {9: 1}, decline=True)
    put(s2, 0, *ME, {5: 1}, hand=10)
    hide(s2, "ring")
    start_turn(s2, 0)
    play(s2, "conquer 8", "stop")
    coins = s2.players[1].coins
    play(s2, "ring 8")
    assert s2.players[1].coins == coins


# --- RR-U4 the Scepter of Avarice -----------------------------------------------------------


def test_the_scepter_doubles_the_coins_of_its_region() -> None:
    """[SWU p.14] "At the end of his turn, before scoring, the player who controls the Scepter
    of Avarice places it in a Region his troops occupy to double the number of Victory coins
    collected *from that Region*." Ruling §6.2 #22: the base coin and that region's own
    bonuses (Mining's +1 on a Mine), not the race's global ones (Flocking)."""
    plain = found("scepter", race=("Shadow Mimes", "Mining"), at={0: 1, 5: 1})
    assert end_turn_gain(plain) == 3 + 1  # 0, 5, 8 and Mining on 0
    s = found("scepter", race=("Shadow Mimes", "Mining"), at={0: 1, 5: 1})
    play(s, "stop", "scepter 0")
    assert where_is(s, "scepter") == [0]
    assert end_turn_gain(s) == 4 + 2  # region 0 scores 1 + 1 a second time
    flock = found("scepter", race=("Shadow Mimes", "Flocking"))
    play(flock, "stop", "scepter 8")
    assert end_turn_gain(flock) == 2 + 2 + 1  # Flocking's 2 belong to no single region


def test_the_scepter_is_never_placed_in_the_mine_of_the_lost_dwarf() -> None:
    """[SWU p.14] "The Scepter will have no effect if placed in a Region containing the Mine
    of the Lost Dwarf"; FR "Il est interdit" (§6.1 #11)."""
    s = found("scepter")
    reveal(s, 5, "lost_mine")
    play(s, "stop")
    refused(s, "scepter 5", "Mine of the Lost Dwarf")
    assert "scepter 8" in texts(s)


def test_the_scepter_unplaced_doubles_nothing() -> None:
    """ "places it ... to double": a Scepter not placed this turn doubles no region."""
    s = found("scepter")
    assert end_turn_gain(s) == 2


# --- U-P6 Magic: the Bag-o'-Many-Things ----------------------------------------------------


def magic(foe: dict[int, int] | None = None) -> GameState:
    """P1 picks Shadow Mimes + Magic for real (keeping the power); a Sword lies in region 27,
    held by P2's Mummies In Decline; P2's active Kraken hold ``foe``."""
    s = start(("Shadow Mimes", "Magic"), world="underground")
    put(s, 1, "Mummies", "Stone", {27: 1}, decline=True)
    reveal(s, 27, "sword")
    if foe:
        put(s, 1, *FOE, foe)
    play(s, "pick 1", "keepmime")
    return s


def test_the_bag_copies_a_relic_on_the_map_once_a_turn() -> None:
    """[SWU p.13] "The Bag-o'-Many-Things duplicates the power of 1 Righteous Relic currently
    in play. You decide which one each turn, using the Bag to represent the Relic you
    choose." The Bag then lies where it was used, like a Relic."""
    s = magic(foe={11: 3})
    assert s.races["Shadow Mimes"].pieces == {"bag": 1}
    assert "bag 27" in texts(s)
    assert not any(t.startswith("sword") for t in texts(s))
    play(s, "bag 27")
    refused(s, "bag 27", "already the Sword")
    play(s, "conquer 8")
    hand = s.races["Shadow Mimes"].hand
    play(s, "sword 11 bag")
    assert s.races["Shadow Mimes"].hand == hand - 3  # 5 - 2
    assert where_is(s, "bag") == [11] and where_is(s, "sword") == [27]
    assert s.races["Shadow Mimes"].pieces == {}
    refused(s, "sword 9 bag", "already used the Bag")


def test_the_bag_copies_nothing_without_a_relic_on_the_map() -> None:
    """ "duplicates the power of 1 Righteous Relic currently in play": with none revealed
    (U-P6: "in play" means revealed on the map), there is nothing to choose."""
    s = start(("Shadow Mimes", "Magic"), world="underground")
    play(s, "pick 1", "keepmime")
    assert not any(t.startswith("bag") for t in texts(s))
    refused(s, "bag 8", "no Righteous Relic")


def test_the_bag_as_scepter_doubles_its_region_and_comes_back_when_its_region_is_lost() -> None:
    """[SWU p.13] "The bag may not be stolen. If a Region containing the bag is conquered or
    abandoned, you do not leave the Bag behind; rather you take it back in hand." """
    s = start(("Shadow Mimes", "Magic"), world="underground")
    put(s, 1, "Mummies", "Stone", {27: 1}, decline=True)
    reveal(s, 27, "scepter")
    play(s, "pick 1", "keepmime", "conquer 0", "stop")
    play(s, "bag 27", "scepter 0 bag")
    gain = end_turn_gain(s)
    assert gain == 1 + 1  # region 0, counted twice
    assert where_is(s, "bag") == [0]
    play(s, "pick 1")
    while "conquer 0" not in texts(s):
        play(s, texts(s)[0])
    play(s, "conquer 0")
    assert where_is(s, "bag") == []
    assert s.races["Shadow Mimes"].pieces == {"bag": 1}


def test_the_bag_leaves_with_the_power_in_decline() -> None:
    """[SWU p.13] the Magic power is the active race's: "no longer apply once the race is put
    In Decline" [SWU p.10]; the Bag leaves the map (checklist §3.8)."""
    s = magic()
    play(s, "bag 27", "sword 0 bag", "stop", "end")
    assert where_is(s, "bag") == [0]
    pass_turns(s, 0)
    play(s, "decline")
    assert where_is(s, "bag") == []
    assert "bag" not in s.races["Shadow Mimes"].pieces


def test_relic_uses_survive_a_json_round_trip() -> None:
    """Once-a-turn uses are part of the state: a saved game reloads with them."""
    s = magic()
    play(s, "bag 27")
    again = from_json(to_json(s))
    assert again == s
    assert "bag 27" not in texts(again)
    assert any(t.startswith("sword") and t.endswith("bag") for t in texts(again))
