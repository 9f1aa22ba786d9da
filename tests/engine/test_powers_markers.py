"""Rule tests for the Small World special powers that put their own pieces on the map
[SW "Special Powers"] (part of checklist B-P1..B-P20): Bivouacking's Encampments, Dragon
Master's Dragon, Fortified's Fortresses and Heroic's Heroes — where they go, what they defend
or pay, and when they leave.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) with the fixtures of ``helpers_powers``; the region facts used are listed, and
checked, in ``test_powers_scoring``.
"""

from __future__ import annotations

from engine.core.board import marker_total
from engine.core.conquest import conquest_cost
from engine.core.state import CLOSING, CONQUER, REDEPLOY

from .helpers import gain_at_end, gain_on_decline, owned, play, put, texts, turn
from .helpers_powers import board, market_top, refused

# --- Bivouacking --------------------------------------------------------------------------


def test_bivouacking_gets_five_encampments_placed_only_while_redeploying() -> None:
    """[SW Bivouacking] "Deploy the 5 Encampment tokens in any of your Region(s), during your
    Troop Redeployment phase." """
    s = board()
    market_top(s, "Ratmen", "Bivouacking")
    play(s, "pick 1")
    assert s.races["Ratmen"].camps_free == 5
    play(s, "conquer 1")
    assert not any(t.startswith("encamp") for t in texts(s))
    play(s, "conquer 2", "stop")
    assert s.turn.phase == REDEPLOY
    assert {"encamp 1", "encamp 2"} <= set(texts(s))
    # "Multiple Encampments may be placed in the same Region".
    play(s, *["encamp 1"] * 5)
    assert s.regions[1].markers["camp"] == 5
    refused(s, "encamp 2")  # all five are out


def test_bivouacking_may_break_camp_each_turn() -> None:
    """[SW Bivouacking] "Each turn you may break camp and settle in any new Region you
    occupy." """
    s = board()
    rs = put(s, 0, "Ratmen", "Bivouacking", {1: 1, 2: 1})
    s.regions[1].markers["camp"] = 2
    turn(s, 0, phase=REDEPLOY)
    play(s, "decamp 1", "encamp 2")
    assert s.regions[1].markers == {"camp": 1}
    assert s.regions[2].markers == {"camp": 1}
    assert rs.camps_free == 0


def test_encampment_adds_one_to_defence_each() -> None:
    """[SW Bivouacking] "Each Encampment counts as 1 Race token toward the defense of the
    Region in which it is placed" """
    s = board()
    put(s, 1, "Ratmen", "Bivouacking", {1: 1})
    s.regions[1].markers["camp"] = 2
    orcs = put(s, 0, "Orcs", "Commando", {2: 1}, hand=4)
    orcs.power = "Forest"  # no discount, to read the raw cost
    assert conquest_cost(s, orcs, 1) == 2 + 1 + 2
    turn(s, 0)
    assert "conquer 1" not in texts(s)
    assert "reinforce 1" in texts(s)


def test_encampment_protects_a_lone_token_from_sorcerers() -> None:
    """[SW Bivouacking] "(thereby protecting a single Race token with an Encampment from the
    Sorcerer's Racial Power)" — without the Encampment the Sorcerers could replace it."""
    s = board()
    put(s, 1, "Ratmen", "Bivouacking", {1: 1})
    put(s, 0, "Sorcerers", "Commando", {2: 1}, hand=2)
    turn(s, 0)
    assert "enchant 1" in texts(s)
    s.regions[1].markers["camp"] = 1
    refused(s, "enchant 1")


def test_encampments_return_to_the_defender_who_replaces_them() -> None:
    """[SW Bivouacking] "Encampments are never lost during an attack on the Region they are
    in: they are redeployed at the end of the current player's turn." """
    s = board()
    biv = put(s, 1, "Ratmen", "Bivouacking", {1: 1, 4: 1})
    s.regions[1].markers["camp"] = 2
    put(s, 0, "Orcs", "Forest", {2: 1}, hand=6)
    turn(s, 0)
    play(s, "conquer 1")  # 2 + 1 token + 2 camps = 5
    assert owned(s, "Orcs")[1] == 5
    assert "camp" not in s.regions[1].markers
    assert biv.camps_free == 2
    play(s, "stop", "end")
    # The attacker's turn closes with the defender re-placing the Encampments.
    assert s.turn.phase == CLOSING and s.turn.pending[0].seat == 1
    assert "encamp 4" in texts(s, 1)
    play(s, "encamp 4", "encamp 4", "finish")
    assert s.regions[4].markers.get("camp") == 2
    assert biv.camps_free == 0
    assert s.turn.seat == 1 and s.turn.phase == CONQUER


def test_encampments_disappear_on_decline() -> None:
    """[SW Bivouacking] "When the Race they were associated with goes into Decline, they
    disappear." """
    s = board()
    rs = put(s, 0, "Ratmen", "Bivouacking", {1: 2, 2: 1})
    s.regions[1].markers["camp"] = 3
    s.regions[2].markers["camp"] = 2
    gain_on_decline(s, 0)
    assert marker_total(s, "camp") == 0
    assert rs.in_decline and rs.camps_free == 0


# --- Dragon Master ------------------------------------------------------------------------


def test_dragon_conquers_with_one_token_whatever_the_defence() -> None:
    """[SW Dragon Master] "Once per turn, you may conquer a Region using a single Race token,
    regardless of the number of enemy tokens defending it. Once conquered, place your Dragon
    there." """
    s = board()
    rs = put(s, 0, "Ratmen", "Dragon Master", {1: 1}, hand=5)
    orcs = put(s, 1, "Orcs", "Forest", {2: 5})
    turn(s, 0)
    play(s, "dragon 2")
    assert owned(s, "Ratmen") == {1: 1, 2: 1}
    assert s.regions[2].markers.get("dragon") == 1
    assert rs.hand == 4
    assert orcs.hand == 4  # the Orcs lost one token, as in any conquest


def test_dragon_is_once_per_turn() -> None:
    """[SW Dragon Master] "Once per turn, you may conquer a Region using a single Race
    token" """
    s = board()
    put(s, 0, "Ratmen", "Dragon Master", {1: 1}, hand=5)
    turn(s, 0)
    play(s, "dragon 2")
    assert not any(t.startswith("dragon") for t in texts(s))
    refused(s, "dragon 6")
    play(s, "conquer 6")  # ordinary conquests go on
    assert s.regions[6].race == "Ratmen"


def test_dragon_region_is_immune_to_enemy_conquests_and_powers() -> None:
    """[SW Dragon Master] "The Region is now immune to enemy conquests as well as to their
    racial and special powers until your Dragon moves." """
    s = board()
    put(s, 0, "Ratmen", "Dragon Master", {1: 1, 2: 1})
    s.regions[2].markers["dragon"] = 1
    put(s, 1, "Sorcerers", "Commando", {6: 1}, hand=8)
    turn(s, 1)
    assert "enchant 1" in texts(s)  # the lone token without the Dragon is fair game
    refused(s, "enchant 2")
    refused(s, "conquer 2")
    assert "conquer 1" in texts(s)


def test_dragon_moves_to_its_new_conquest() -> None:
    """[SW Dragon Master] "During each new turn, you may move your Dragon to a different Region
    you wish to conquer." — the old region loses its immunity."""
    s = board()
    put(s, 0, "Ratmen", "Dragon Master", {1: 1, 2: 1}, hand=4)
    s.regions[2].markers["dragon"] = 1
    turn(s, 0)
    play(s, "dragon 6")
    assert s.regions[6].markers.get("dragon") == 1
    assert "dragon" not in s.regions[2].markers
    assert marker_total(s, "dragon") == 1


def test_dragon_disappears_on_decline() -> None:
    """[SW Dragon Master] "Your Dragon disappears when you go into Decline; remove it from the
    board and place it back in the storage tray at that time." """
    s = board()
    put(s, 0, "Ratmen", "Dragon Master", {1: 1, 2: 3})
    s.regions[2].markers["dragon"] = 1
    gain_on_decline(s, 0)
    assert marker_total(s, "dragon") == 0
    put(s, 1, "Orcs", "Forest", {6: 1}, hand=6)
    turn(s, 1)
    assert "conquer 2" in texts(s)


def test_dragon_attack_is_lost_in_decline() -> None:
    """[SW Races and Special Powers] the Special Power benefits "no longer apply once the race
    is put In Decline" — In-Decline Ghouls with Dragon Master have no Dragon attack."""
    s = board()
    put(s, 1, "Ghouls", "Dragon Master", {4: 4}, decline=True)
    turn(s, 1, "Ghouls", do_ready=True)
    assert "conquer 3" in texts(s)
    assert not any(t.startswith("dragon") for t in texts(s))


# --- Fortified --------------------------------------------------------------------------------


def test_fortress_scores_one_coin_while_active() -> None:
    """[SW Fortified] "Once per turn, as long as your Fortified Race is active, you may place 1
    Fortress in a Region you occupy. The Fortress is worth 1 bonus Victory coin at turn's
    end, unless you are In Decline." """
    s = board()
    put(s, 0, "Ratmen", "Fortified", {1: 2, 4: 1})
    turn(s, 0, do_ready=True)
    assert {"fortify 1", "fortify 4"} <= set(texts(s))
    play(s, "fortify 1", "stop")
    assert s.regions[1].markers.get("fortress") == 1
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 2 + 1


def test_fortify_is_once_per_turn() -> None:
    """[SW Fortified] "Once per turn, ... you may place 1 Fortress in a Region you occupy." """
    s = board()
    put(s, 0, "Ratmen", "Fortified", {1: 2, 4: 1})
    turn(s, 0)
    play(s, "fortify 1")
    assert not any(t.startswith("fortify") for t in texts(s))
    play(s, "stop")
    refused(s, "fortify 4")


def test_one_fortress_per_region() -> None:
    """[SW Fortified] "There can only ever be a maximum of 1 Fortress per Region" """
    s = board()
    put(s, 0, "Ratmen", "Fortified", {1: 2, 4: 1})
    s.regions[1].markers["fortress"] = 1
    turn(s, 0)
    assert "fortify 4" in texts(s)
    refused(s, "fortify 1")


def test_at_most_six_fortresses_on_the_map() -> None:
    """[SW Fortified] "and a maximum of 6 Fortresses on the map." """
    s = board()
    put(s, 0, "Ratmen", "Fortified", dict.fromkeys([1, 2, 3, 4, 6, 9, 10], 1))
    for rid in (1, 2, 3, 4, 6, 9):
        s.regions[rid].markers["fortress"] = 1
    turn(s, 0)
    refused(s, "fortify 10")


def test_fortress_adds_defence_and_keeps_it_in_decline_but_not_the_coin() -> None:
    """[SW Fortified] "The Fortress also augments your Region's defense by 1 (just as if you had
    an additional Race token stationed there), even if you are In Decline." — and it "is worth
    1 bonus Victory coin at turn's end, unless you are In Decline." """
    s = board()
    put(s, 0, "Ratmen", "Fortified", {1: 3, 4: 1})
    s.regions[1].markers["fortress"] = 1
    orcs = put(s, 1, "Orcs", "Forest", {2: 1}, hand=8)
    assert conquest_cost(s, orcs, 1) == 2 + 3 + 1
    assert gain_on_decline(s, 0) == 2  # no Fortress coin on the decline turn
    assert s.regions[1].markers.get("fortress") == 1
    assert conquest_cost(s, orcs, 1) == 2 + 1 + 1
    # And no coin on a later turn either, while the Fortified race is In Decline.
    put(s, 0, "Humans", "Forest", {16: 1})
    assert gain_at_end(s, 0) == 2 + 1


def test_no_new_fortress_in_decline() -> None:
    """[SW Fortified] "Once per turn, as long as your Fortified Race is active, you may place 1
    Fortress" — In-Decline Ghouls with Fortified build none."""
    s = board()
    put(s, 1, "Ghouls", "Fortified", {4: 4}, decline=True)
    turn(s, 1, "Ghouls", do_ready=True)
    assert "conquer 3" in texts(s)
    refused(s, "fortify 4")


def test_fortress_is_removed_when_conquered_or_abandoned() -> None:
    """[SW Fortified] "Remove the Fortress if you abandon the Region or when an enemy conquers
    it." """
    s = board()
    put(s, 0, "Ratmen", "Fortified", {1: 1, 4: 1})
    s.regions[1].markers["fortress"] = 1
    s.regions[4].markers["fortress"] = 1
    put(s, 1, "Orcs", "Forest", {2: 1}, hand=8)
    turn(s, 1)
    play(s, "conquer 1")
    assert "fortress" not in s.regions[1].markers
    turn(s, 0)
    play(s, "abandon 4")
    assert "fortress" not in s.regions[4].markers
    assert marker_total(s, "fortress") == 0


# --- Heroic -----------------------------------------------------------------------------------


def test_heroes_make_two_regions_immune() -> None:
    """[SW Heroic] "At the end of your turn, place each of your 2 Heroes in 2 different Regions
    you occupy. These 2 Regions are immune to enemy conquests as well as to their racial and
    special powers until your Heroes move." """
    s = board()
    put(s, 0, "Ratmen", "Heroic", {1: 1, 2: 1, 4: 1})
    turn(s, 0, phase=REDEPLOY)
    play(s, "hero 1")
    refused(s, "hero 1")  # two different regions
    play(s, "hero 2", "end")
    assert s.regions[1].markers.get("hero") == 1
    assert s.regions[2].markers.get("hero") == 1
    assert marker_total(s, "hero") == 2
    put(s, 1, "Sorcerers", "Commando", {6: 1}, hand=8)
    turn(s, 1)
    for region in (1, 2):
        refused(s, f"conquer {region}")
        refused(s, f"enchant {region}")
    assert "conquer 4" not in texts(s)  # not adjacent to 6; the Heroes still cover only 1 and 2
    put(s, 1, "Sorcerers", "Commando", {3: 1, 6: 1}, hand=8)
    turn(s, 1)
    assert "conquer 4" in texts(s)


def test_heroes_block_an_enemy_dragon() -> None:
    """[SW Heroic] "These 2 Regions are immune to enemy conquests as well as to their racial
    and special powers" — an enemy Dragon Master cannot take a Hero's region."""
    s = board()
    put(s, 0, "Ratmen", "Heroic", {1: 1, 2: 1})
    s.regions[1].markers["hero"] = 1
    put(s, 1, "Orcs", "Dragon Master", {6: 1}, hand=5)
    turn(s, 1)
    assert "dragon 2" in texts(s)
    refused(s, "dragon 1")


def test_heroes_are_placed_by_default_at_the_end_of_the_turn() -> None:
    """[SW Heroic] "At the end of your turn, place each of your 2 Heroes in 2 different
    Regions you occupy." — a player who places none still ends with 2 Heroes out."""
    s = board()
    put(s, 0, "Ratmen", "Heroic", {1: 1, 2: 3, 4: 2})
    assert gain_at_end(s, 0) == 3
    heroes = [rid for rid, r in enumerate(s.regions) if r.markers.get("hero")]
    assert len(heroes) == 2 and set(heroes) <= {1, 2, 4}


def test_heroes_move_and_their_old_regions_lose_immunity() -> None:
    """[SW Heroic] "These 2 Regions are immune ... until your Heroes move." """
    s = board()
    put(s, 0, "Ratmen", "Heroic", {1: 1, 2: 1, 4: 1, 9: 1})
    s.regions[1].markers["hero"] = 1
    s.regions[2].markers["hero"] = 1
    turn(s, 0, phase=REDEPLOY)
    play(s, "hero 4", "hero 9", "end")
    assert [rid for rid, r in enumerate(s.regions) if r.markers.get("hero")] == [4, 9]
    put(s, 1, "Orcs", "Forest", {6: 1}, hand=8)
    turn(s, 1)
    assert {"conquer 1", "conquer 2"} <= set(texts(s))


def test_heroes_vanish_in_decline() -> None:
    """[SW Heroic] "Your Heroes disappear when you go into Decline." """
    s = board()
    put(s, 0, "Ratmen", "Heroic", {1: 3, 2: 2})
    s.regions[1].markers["hero"] = 1
    s.regions[2].markers["hero"] = 1
    gain_on_decline(s, 0)
    assert marker_total(s, "hero") == 0
    put(s, 1, "Orcs", "Forest", {6: 1}, hand=8)
    turn(s, 1)
    assert {"conquer 1", "conquer 2"} <= set(texts(s))
