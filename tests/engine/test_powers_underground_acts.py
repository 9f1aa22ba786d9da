"""Rule tests for the Underground special powers steered by the player's actions [SWU "Special
Powers"]: Vampire (U-P18), Royal (U-P13), Shield (U-P14), Reborn (U-P12) and Tomb (U-P17).

Positions are staged with ``put`` on the 2-player Underground map (``swu-2p``); each turn is
begun with the real ``engine.core.turns.start_turn`` and played through ``legal_actions`` and
``apply``. Region facts used below:

     0 Mine, edge (next to 1, 5)                  1 Mushroom Forest, edge (next to 0, 2)
     2 Black Mountain (marker), next to 1 and 4   4 Mudpool (next to 2)
     5 Mystic Crystals, edge (next to 0, 6, 8)    9 Mushroom Forest (next to 6, 8, 11)
    16 Mudpool, edge (next to 15, 19)            22 Mine, edge         27 Mystic Crystals, edge
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, from_json, label, problem, to_json
from engine.core.board import marker_total, tray
from engine.core.conquest import conquest_cost
from engine.core.legal import default_action, legal_actions
from engine.core.state import CLOSING, CONQUER, REDEPLOY, GameState, to_dict
from engine.core.turns import start_turn

from .helpers import fresh, offer, play, put, texts


def ug() -> GameState:
    """A fresh 2-player Underground game, ready to be staged."""
    return fresh(2, world="underground")


def refused(s: GameState, action: str) -> str:
    """The action is not offered and ``apply`` refuses it; return the sentence given."""
    from engine import parse

    assert action not in texts(s)
    seat = s.turn.seat if s.turn.phase != CLOSING else s.turn.pending[0].seat
    why = problem(s, seat, parse(action))
    assert why
    with pytest.raises(IllegalAction):
        play(s, action)
    return why


def kinds(s: GameState, kind: str) -> list[dict[str, object]]:
    """This turn's and last turn's events of one kind."""
    return [e for e in s.last_events + s.events if e["kind"] == kind]


def roundtrip(s: GameState) -> None:
    """The state survives a JSON round trip unchanged."""
    assert to_dict(from_json(to_json(s))) == to_dict(s)


# --- Vampire (U-P18) --------------------------------------------------------------------------


def _vampires(victim: str = "Wizards", power: str = "Stone", **kw: bool) -> GameState:
    """Seat 0: Vampire Ratmen on 1 with 5 in hand. Seat 1: ``victim`` alone on 2, 3 on 0."""
    s = ug()
    put(s, 0, "Ratmen", "Vampire", {1: 1}, hand=5)
    put(s, 1, victim, power, {2: 1, 0: 3}, **kw)
    return s


@pytest.mark.parametrize("marker", [None, "armor", "keep"])
def test_vampire_replace_a_lone_active_token_from_the_tray(marker: str | None) -> None:
    """[SWU "Vampire"] "your Vampire tokens can conquer a Region by substituting one of your
    opponent's Active tokens with one of your own Vampire tokens, taken from the storage tray
    ... A single opponent token in a Black Mountain Region, in a Region with the Keep on the
    Motherland, and a single opponent token protected by Mushroom Armor all still count as
    Regions with a single token ... Place the substituted opponent's Race token back into the
    storage tray." Region 2 is a Black Mountain."""
    s = _vampires()
    if marker:
        s.regions[2].markers[marker] = 1
    ours, theirs = tray(s, "Ratmen"), tray(s, "Wizards")
    start_turn(s, 0)
    assert "vampire 2" in texts(s)
    assert "vampire 0" not in texts(s)  # three tokens there
    assert label(s, next(a for a in legal_actions(s) if a.text == "vampire 2")).startswith(
        "Vampirize 2"
    )
    play(s, "vampire 2")
    r = s.regions[2]
    assert (r.race, r.owner, r.tokens) == ("Ratmen", 0, 1)
    assert s.races["Ratmen"].hand == 5 and tray(s, "Ratmen") == ours - 1
    assert tray(s, "Wizards") == theirs + 1 and s.races["Wizards"].hand == 0
    assert r.markers.get("black_mountain") == 1 and "armor" not in r.markers
    assert kinds(s, "vampire")[0]["lost"] == 1


def test_vampire_once_per_opponent_per_turn() -> None:
    """[SWU "Vampire"] "Once per turn per opponent" """
    s = ug()
    put(s, 0, "Ratmen", "Vampire", {1: 1}, hand=5)
    put(s, 1, "Wizards", "Stone", {2: 1, 4: 1})
    start_turn(s, 0)
    play(s, "vampire 2")
    # Region 4 now borders the Vampires, and holds a lone Wizard, but seat 1 was bitten.
    assert "conquer 4" in texts(s)
    assert "vampirized" in refused(s, "vampire 4")
    roundtrip(s)


def test_vampire_takes_from_hand_when_the_tray_is_empty() -> None:
    """[SWU "Vampire"] "taken from the storage tray (or your hand, if none are left in the
    tray)" """
    s = ug()
    put(s, 0, "Ratmen", "Vampire", {1: 1}, hand=12)
    put(s, 1, "Wizards", "Stone", {2: 1})
    start_turn(s, 0)
    assert tray(s, "Ratmen") == 0
    play(s, "vampire 2")
    assert s.races["Ratmen"].hand == 11 and tray(s, "Ratmen") == 0


def test_vampirized_immortal_token_is_lost() -> None:
    """[SWU "Vampire"] "If an Immortal token is vampirized, its token is lost and placed back
    into the tray." """
    s = _vampires("Wizards", "Immortal")
    theirs = tray(s, "Wizards")
    start_turn(s, 0)
    play(s, "vampire 2")
    assert s.races["Wizards"].hand == 0 and tray(s, "Wizards") == theirs + 1


def test_vampire_cannot_take_gnomes_decline_tokens_or_far_regions() -> None:
    """[SWU "Vampire"] "A Region containing a single Gnome token is protected however", the
    token must be one of "your opponent's Active tokens", and a conquest follows adjacency
    (checklist U-P18 RECOMMEND)."""
    s = _vampires("Gnomes", "Stone")
    start_turn(s, 0)
    assert "Gnome" in refused(s, "vampire 2")
    s = _vampires("Wizards", "Stone", decline=True)
    start_turn(s, 0)
    assert "In Decline" in refused(s, "vampire 2")
    s = ug()
    put(s, 0, "Ratmen", "Vampire", {1: 1}, hand=5)
    put(s, 1, "Wizards", "Stone", {27: 1})
    start_turn(s, 0)
    assert "not next to" in refused(s, "vampire 27")


def test_vampire_needs_a_token_in_hand_and_the_conquest_phase() -> None:
    """[SWU p.5] "Important Note: Regardless of a Race and/or Special Power benefit, a player
    must always have at least one Race token available to initiate a new Conquest." """
    s = ug()
    put(s, 0, "Ratmen", "Vampire", {1: 1})
    put(s, 1, "Wizards", "Stone", {2: 1})
    start_turn(s, 0)
    assert "at least one" in refused(s, "vampire 2")
    play(s, "stop")
    assert "conquests" in refused(s, "vampire 2")
    assert default_action(s) is not None


# --- Royal (U-P13) ----------------------------------------------------------------------------


def _royal() -> GameState:
    """Seat 0: Royal Ratmen on 0 (1 token) and 1 (3 tokens); seat 1: 8 Wizards on 5."""
    s = ug()
    put(s, 0, "Ratmen", "Royal", {0: 1, 1: 3})
    put(s, 1, "Wizards", "Stone", {5: 8})
    return s


def test_royal_queen_makes_her_region_immune() -> None:
    """[SWU "Royal"] "At the end of your turn, place your Queen in a Region your Royal tokens
    occupy, to make it immune." """
    s = _royal()
    start_turn(s, 0)
    assert "queen 0" not in texts(s)  # not while conquering
    play(s, "stop")
    assert {"queen 0", "queen 1"} <= set(texts(s))
    play(s, "queen 0", "end")
    assert s.regions[0].markers.get("queen") == 1 and marker_total(s, "queen") == 1
    assert kinds(s, "queen")
    assert s.turn.seat == 1
    assert "conquer 0" not in texts(s)
    assert "immune" in refused(s, "conquer 0")
    roundtrip(s)


def test_royal_queen_is_placed_by_default() -> None:
    """[SWU "Royal"] "place your Queen": left unplaced, she goes to the strongest region and a
    public event says so."""
    s = _royal()
    start_turn(s, 0)
    assert default_action(s) is not None and default_action(s).text == "stop"  # type: ignore[union-attr]
    play(s, "stop", "end")
    assert s.regions[1].markers.get("queen") == 1
    placed = kinds(s, "placed")
    assert placed and placed[0]["piece"] == "queen" and placed[0]["regions"] == [1]


def test_royal_queen_stays_and_cannot_move_in_decline() -> None:
    """[SWU "Royal"] "If you go In Decline, your Queen stays where it was and keeps that Region
    immune, but can no longer be moved." The badge stays with the race [SWU p.8]."""
    s = _royal()
    start_turn(s, 0)
    play(s, "stop", "queen 0", "end")
    play(s, "stop", "end")  # seat 1
    play(s, "decline")
    assert s.regions[0].markers.get("queen") == 1
    assert "Royal" not in s.power_discard
    play(s, "stop", "end")  # seat 1
    offer(s, "Humans", "Stone")
    play(s, "pick 1")
    assert not any(t.startswith("queen") for t in texts(s))
    play(s, "stop")
    assert "In Decline" in refused(s, "queen 1")
    play(s, "end")
    assert s.regions[0].markers.get("queen") == 1
    assert "immune" in refused(s, "conquer 0")


def test_royal_queen_leaves_an_abandoned_region() -> None:
    """[SWU "Royal"] the Queen sits "in a Region your Royal tokens occupy": abandoning that
    region takes her off it (ruling), and she is placed again at the end of the turn."""
    s = _royal()
    s.regions[0].markers["queen"] = 1
    start_turn(s, 0)
    play(s, "abandon 0")
    assert "queen" not in s.regions[0].markers
    play(s, "stop", "end")
    assert s.regions[1].markers.get("queen") == 1


# --- Shield (U-P14) ---------------------------------------------------------------------------


def _shield(regions: dict[int, int] | None = None) -> GameState:
    """Seat 0: Shield Ratmen on 1 and 9 (Mushroom Forests) and 0."""
    s = ug()
    put(s, 0, "Ratmen", "Shield", regions or {1: 1, 9: 1, 0: 2})
    return s


def test_shield_takes_armor_per_mushroom_forest_and_places_it() -> None:
    """[SWU "Shield"] "For each Mushroom Forest Region you occupy at the end of your Conquest
    phase, take 1 Mushroom Armor from the tray in your hand. Deploy these Mushroom Armors in any
    of your Region(s), during your Troop Redeployment phase. Each Armor placed in a Region
    augments that Region's defense by 1 ... You can stack multiple Mushroom Armor in the same
    Region." """
    s = _shield()
    start_turn(s, 0)
    assert not any(t.startswith("armor") for t in texts(s))
    play(s, "stop")
    assert s.races["Ratmen"].pieces == {"armor": 2}
    roundtrip(s)
    play(s, "armor 0")
    assert "unarmor 0" in texts(s)
    play(s, "armor 0", "end")
    assert s.regions[0].markers.get("armor") == 2 and not s.races["Ratmen"].pieces
    put(s, 1, "Wizards", "Stone", {5: 1}, hand=8)
    assert conquest_cost(s, s.races["Wizards"], 0) == 2 + 2 + 2


def test_shield_armor_left_in_hand_is_placed_by_default() -> None:
    """[SWU "Shield"] "Deploy these Mushroom Armors": armor left in hand is placed when the
    redeployment ends, told by a public event."""
    s = _shield()
    start_turn(s, 0)
    play(s, "stop", "end")
    assert marker_total(s, "armor") == 2
    (placed,) = kinds(s, "placed")
    assert placed["piece"] == "armor" and sorted(placed["regions"]) == [1, 9]  # type: ignore[arg-type]


def test_shield_armor_once_placed_stays() -> None:
    """[SWU "Shield"] "Remove the Armor ... when you abandon the Region or an enemy conquers
    it. Otherwise keep it in play": armor placed on an earlier turn cannot be taken back."""
    s = _shield({1: 1, 0: 2})
    s.regions[0].markers["armor"] = 1
    start_turn(s, 0)
    play(s, "stop")
    assert "unarmor 0" not in texts(s)
    assert "stays" in refused(s, "unarmor 0")


def test_shield_armor_is_bounded_by_the_box() -> None:
    """[SWU "Components"] "8 Mushroom Armors": no more can be taken once all are in play."""
    s = _shield()
    s.regions[0].markers["armor"] = 7
    start_turn(s, 0)
    play(s, "stop")
    assert s.races["Ratmen"].pieces == {"armor": 1}


def test_shield_armor_defends_in_decline_and_goes_with_the_region() -> None:
    """[SWU "Shield"] "augments that Region's defense by 1, even when In Decline ... Remove the
    Armor and discard them back in the tray when ... an enemy conquers it." """
    s = ug()
    put(s, 0, "Ratmen", "Shield", {1: 1}, decline=True)
    s.regions[1].markers["armor"] = 2
    put(s, 1, "Wizards", "Stone", {0: 1}, hand=8)
    start_turn(s, 1)
    assert conquest_cost(s, s.races["Wizards"], 1) == 2 + 1 + 2
    play(s, "conquer 1")
    assert "armor" not in s.regions[1].markers
    play(s, "stop")
    assert s.races["Wizards"].pieces == {}  # Shield is not theirs


# --- Reborn (U-P12) ---------------------------------------------------------------------------


def _reborn(regions: dict[int, int] | None = None) -> GameState:
    """Seat 0: In-Decline Reborn Ratmen; Wizards + Stone (9 tokens, tray 10) on offer."""
    s = ug()
    put(s, 0, "Ratmen", "Reborn", regions or {0: 1, 1: 1, 16: 1}, decline=True)
    offer(s, "Wizards", "Stone")
    start_turn(s, 0)
    return s


def test_reborn_empty_two_regions_for_the_new_race() -> None:
    """[SWU "Reborn"] "Once your Reborn are In Decline, at the start of each of your turns you
    may empty 1 or 2 of their Regions, and replace these tokens with a single new token from
    your Active Race (taken from the tray, or from your hand if none are left in the tray) in
    each of these Regions." Right after picking (ruling §6.2 #17)."""
    s = _reborn()
    play(s, "pick 1")
    assert {"reborn 0", "reborn 1", "reborn 16"} <= set(texts(s))
    assert default_action(s) is not None and default_action(s).verb == "stop"  # type: ignore[union-attr]
    play(s, "reborn 0")
    assert (s.regions[0].race, s.regions[0].tokens) == ("Wizards", 1)
    assert s.races["Wizards"].hand == 9 and tray(s, "Wizards") == 0  # the tray's last token
    roundtrip(s)
    play(s, "reborn 16")
    assert s.races["Wizards"].hand == 8  # none left in the tray: from hand
    assert (s.regions[16].race, s.regions[16].tokens) == ("Wizards", 1)
    assert "at most 2" in refused(s, "reborn 1")
    assert tray(s, "Ratmen") == 13 - 1
    # The new race is on the map: its conquests now follow adjacency.
    assert "conquer 22" not in texts(s) and "conquer 5" in texts(s)
    assert [e["region"] for e in kinds(s, "reborn")] == [0, 16]


def test_reborn_only_before_the_first_conquest() -> None:
    """[SWU "Reborn"] "at the start of each of your turns": once the new race has conquered,
    the chance has passed."""
    s = _reborn()
    play(s, "pick 1", "conquer 22")
    assert not any(t.startswith("reborn") for t in texts(s))
    assert "start of your turn" in refused(s, "reborn 0")


def test_reborn_last_region_emptied_leaves_the_board() -> None:
    """[SWU "Entering in Decline"] the banner goes back "when the last token of a race In
    Decline is wiped off the map"."""
    s = _reborn({0: 1})
    play(s, "pick 1", "reborn 0")
    assert "Ratmen" not in s.races and s.players[0].declined == []
    assert "Reborn" in s.power_discard


def test_a_reborn_token_put_in_the_river_leaves_it_when_its_race_declines() -> None:
    """[SWU p.7] River Regions must be emptied and their troops redeployed "into other
    (non-River) regions"; a decline turn has no redeployment, so the River is emptied as the
    race declines: a Wizard reborn in River region 14 goes back to region 0, and no race In
    Decline but the Kraken is left in the River."""
    s = ug()
    put(s, 0, "Ratmen", "Reborn", {14: 1, 16: 1}, decline=True)
    put(s, 0, "Wizards", "Stone", {0: 2})
    start_turn(s, 0)
    play(s, "reborn 14")
    assert s.regions[14].race == "Wizards"
    play(s, "decline")
    assert s.regions[14].race is None
    assert s.races["Wizards"].in_decline and s.regions[0].race == "Wizards"


def test_reborn_does_nothing_while_active() -> None:
    """[SWU "Reborn"] "Once your Reborn are In Decline": an active Reborn race has no rebirth,
    and its badge stays with it in decline [SWU p.8]."""
    s = ug()
    put(s, 0, "Ratmen", "Reborn", {0: 1, 1: 1})
    start_turn(s, 0)
    assert not any(t.startswith("reborn") for t in texts(s))
    play(s, "decline")
    assert "Reborn" not in s.power_discard


# --- Tomb (U-P17) -----------------------------------------------------------------------------


def test_tomb_decline_keeping_every_token_then_redeploy() -> None:
    """[SWU "Tomb"] "When going In Decline, you may keep all of your Tomb tokens on the map;
    you may redeploy them one final time before scoring for your In Decline turn." The older
    race In Decline still goes (checklist U-P17)."""
    s = ug()
    put(s, 0, "Ratmen", "Tomb", {0: 3, 1: 2})
    put(s, 0, "Humans", "Stone", {27: 1}, decline=True)
    start_turn(s, 0)
    assert {"decline", "tomb"} <= set(texts(s))
    before = s.players[0].coins
    play(s, "tomb")
    assert s.turn.phase == REDEPLOY and not any(t.startswith("conquer") for t in texts(s))
    play(s, "deploy 0 1", "deploy 1 2", "move 1 0 2")
    assert "end" in texts(s)
    play(s, "end")
    ratmen = s.races["Ratmen"]
    assert ratmen.in_decline and s.players[0].declined == ["Ratmen"]
    assert (s.regions[0].tokens, s.regions[1].tokens) == (4, 1)
    assert s.players[0].coins - before == 2  # two regions, as a race In Decline
    assert "Humans" not in s.races and "Tomb" not in s.power_discard


def test_tomb_plain_decline_keeps_one_token_a_region() -> None:
    """[SWU "Tomb"] "you may keep all": declining the usual way leaves one token a region."""
    s = ug()
    put(s, 0, "Ratmen", "Tomb", {0: 3, 1: 2})
    start_turn(s, 0)
    play(s, "decline")
    assert s.regions[0].tokens == 1 and s.regions[1].tokens == 1


def test_tomb_not_offered_once_the_turn_has_started() -> None:
    """[SWU "Entering in Decline"] decline is chosen instead of conquering: after a conquest
    the Tomb's decline is refused like any other."""
    s = ug()
    put(s, 0, "Ratmen", "Tomb", {0: 3, 1: 2})
    start_turn(s, 0)
    play(s, "conquer 5")
    assert "whole turn" in refused(s, "tomb")


def test_tomb_in_decline_survivors_redeploy_at_the_attackers_turn_end() -> None:
    """[SWU "Tomb"] "If a Region containing your In Decline Tomb is conquered, at the end of
    the attacking player's turn, you may redeploy any Tomb tokens in excess of the ones lost to
    your opponent's conquests as if your Tombs were still active" """
    s = ug()
    put(s, 0, "Ratmen", "Tomb", {0: 3, 1: 2}, decline=True)
    put(s, 1, "Wizards", "Stone", {5: 1}, hand=8)
    start_turn(s, 1)
    play(s, "conquer 0")
    assert s.races["Ratmen"].hand == 2
    play(s, "stop", "end")
    assert s.turn.phase == CLOSING and s.turn.pending[0].race == "Ratmen"
    play(s, "deploy 1 2")
    assert s.regions[1].tokens == 4


def test_tomb_in_decline_with_no_region_left_are_lost() -> None:
    """[SWU "Tomb"] "If your Tomb tokens have no Region left on the board, you may not redeploy
    them however. At this point, they are all permanently lost." """
    s = ug()
    put(s, 0, "Ratmen", "Tomb", {0: 3}, decline=True)
    put(s, 1, "Wizards", "Stone", {5: 1}, hand=8)
    start_turn(s, 1)
    play(s, "conquer 0")
    assert "Ratmen" not in s.races and tray(s, "Ratmen") == 13
    play(s, "stop", "end")
    assert s.turn.phase in (CONQUER, "pick") and s.turn.seat == 0


# --- labels and saved games -------------------------------------------------------------------


def test_power_actions_read_well_and_survive_a_saved_game() -> None:
    """Each action says what it does ("Place the Queen on 0 · Mine"), and a game saved in the
    middle of a Tomb redeployment loads unchanged."""
    from engine.worlds.underground.power_acts import (
        KeepTomb,
        PlaceArmor,
        PlaceQueen,
        Rebirth,
        TakeArmor,
    )
    from engine.worlds.underground.vampire import Vampirize

    s = ug()
    put(s, 0, "Ratmen", "Tomb", {0: 3, 1: 2})
    put(s, 1, "Wizards", "Stone", {2: 1})
    start_turn(s, 0)
    assert default_action(s) is not None and default_action(s).text == "stop"  # type: ignore[union-attr]
    assert label(s, PlaceQueen(0)) == "Place the Queen on 0 · Mine"
    assert label(s, PlaceArmor(1)).startswith("Place a Mushroom Armor on 1")
    assert label(s, TakeArmor(1)).startswith("Take back")
    assert label(s, Rebirth(0)).startswith("Rebirth on 0")
    assert label(s, Vampirize(2)) == "Vampirize 2 · Black Mountain · P2's Wizards"
    assert label(s, KeepTomb()).startswith("Decline, keeping all")
    play(s, "tomb")
    roundtrip(s)
    loaded = from_json(to_json(s))
    play(loaded, "end")
    assert loaded.races["Ratmen"].in_decline and loaded.regions[0].tokens == 3
