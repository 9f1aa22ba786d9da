"""Rule tests for the three Small World Underground races that put a piece of their own on the
map [SWU pp.10-12] (checklist §3.3): the Cultists' Great Ancient (U-R1), the Flames' Volcano
(U-R3) and the Iron Dwarves' Hammers (U-R5) — where the piece goes, what it changes and when
it leaves. The other two races whose player makes choices, Shadow Mimes and Will-o'-Wisps, are
in ``test_races_underground_mimes_wisps.py``.

Positions are staged with ``put`` on ``swu-2p`` and the turn is begun with the real
``start_turn``; a race's first turn is played from ``start``. Facts of ``swu-2p`` used below
(the full list heads ``test_races_underground.py``): River 12 → 13 → 14; Chasms 3, 10, 18, 21,
23, Volcano symbols on 3 and 18; Mines 0, 11, 17, 22; Mystic Crystals 5, 7, 15, 27; Black
Mountains 2, 6, 19, 25; Monsters on 7, 8, 17, 26. Borders used: 0-1, 0-5, 1-2, 5-6, 5-8,
15-12, 15-16, 15-17, 15-18, 16-19, 18-17, 18-19, 22-27, 26-27.

Stout (``NEUTRAL``) is the badge paired with the race under test: it changes no cost, reach or
score.
"""

from __future__ import annotations

from engine import default_action, label
from engine.core.actions import EndConquests
from engine.core.board import add_marker, drop_marker, marker_total, tray
from engine.core.state import CONQUER, GameState, from_json, to_json
from engine.worlds.underground.landmarks import MoveAncient, PlaceVolcano
from engine.worlds.underground.race_choices import TakeHammers

from .helpers import (
    NEUTRAL,
    begin,
    clear_board,
    cost,
    fresh,
    owned,
    pass_turns,
    play,
    put,
    refused,
    start,
    texts,
    ug,
)
from .helpers import where_is as markers_at

# --- Cultists (U-R1) -------------------------------------------------------------------------


def test_cultists_put_the_great_ancient_in_their_first_region_which_is_immune() -> None:
    """[SWU p.10, Cultists] "Place the Great Ancient in the first Region your Cultists conquer.
    This region is immune. Conquer any region adjacent to the Great Ancient ... at 1 less
    Cultist token than usual." A second conquest gets no second Ancient (there is one)."""
    s = start(("Cultists", NEUTRAL), ("Ogres", "Alchemist"), world="underground")
    play(s, "pick 1")
    assert not any(t.startswith("ancient") for t in texts(s))  # no move on the pick turn
    play(s, "conquer 0")
    assert s.regions[0].markers == {"ancient": 1}
    assert [e["region"] for e in s.events if e["kind"] == "ancient"] == [0]
    assert cost(s, "Cultists", 1) == 1 and cost(s, "Cultists", 5) == 1
    play(s, "conquer 1")
    assert markers_at(s, "ancient") == [0]
    assert cost(s, "Cultists", 2) == 3  # next to 1, not to the Ancient: no discount
    assert from_json(to_json(s)) == s
    play(s, "stop", "end", "pick 1")
    assert s.turn.seat == 1 and s.turn.race == "Ogres"
    assert "conquer 0" not in texts(s) and "conquer 1" in texts(s)
    assert "immune (Great Ancient)" in refused(s, "conquer 0")


def test_the_great_ancient_counts_power_given_adjacency() -> None:
    """[SWU p.10, Cultists] adjacent to the Great Ancient "includes any Region that may be
    adjacent as a result of any Racial, Special Power, Popular Place or Righteous Relic you may
    control". On the surface map, Underworld Cultists with the Ancient in Cavern 17 take
    Cavern 14 (2 Ratmen) for 2 + 2 - 1 (Underworld) - 1 (Ancient); from Swamp 16, no -1."""
    s = clear_board(fresh())
    put(s, 0, "Cultists", "Underworld", {16: 3, 17: 3})
    put(s, 1, "Ratmen", "Merchant", {14: 2})
    add_marker(s, 17, "ancient")
    begin(s)
    assert cost(s, "Cultists", 14) == 2
    drop_marker(s, 17, "ancient")
    add_marker(s, 16, "ancient")
    assert cost(s, "Cultists", 14) == 3


def test_the_great_ancient_gives_no_discount_against_gnomes() -> None:
    """[SWU p.10, Gnomes] other players "cannot use their racial & special powers ... to
    conquer Regions occupied by your Gnomes": next to the Ancient, the Gnomes' 1 costs
    2 + 1, the In-Decline Ratmen's 5 costs 2 + 1 - 1."""
    s = ug()
    put(s, 0, "Cultists", NEUTRAL, {0: 4})
    put(s, 1, "Gnomes", "Alchemist", {1: 1})
    put(s, 1, "Ratmen", "Merchant", {5: 1}, decline=True)
    add_marker(s, 0, "ancient")
    begin(s)
    assert cost(s, "Cultists", 1) == 3
    assert cost(s, "Cultists", 5) == 2


def _cultists(s: GameState) -> None:
    put(s, 0, "Cultists", NEUTRAL, {0: 2, 1: 2, 5: 2})
    add_marker(s, 0, "ancient")
    begin(s)


def test_cultists_may_move_the_great_ancient_at_the_start_of_a_later_turn() -> None:
    """[SWU p.10, Cultists] "At the start of each of your following turns, you may move your
    Great Ancient to the Region of your choice that your Cultists already occupy." Optional:
    a deadline never moves it."""
    s = ug()
    _cultists(s)
    moves = [t for t in texts(s) if t.startswith("ancient")]
    assert moves == ["ancient 1", "ancient 5"]
    assert label(s, MoveAncient(5)) == "Move the Great Ancient to 5 · Mystic Crystals"
    assert default_action(s) == EndConquests()
    assert cost(s, "Cultists", 8) == 4
    play(s, "ancient 5")
    assert markers_at(s, "ancient") == [5]
    assert cost(s, "Cultists", 8) == 3  # Monster region 8 is next to the Ancient now
    moved = [e for e in s.events if e["kind"] == "ancient"]
    assert moved == [{"kind": "ancient", "seat": 0, "race": "Cultists", "region": 5, "source": 0}]
    assert not any(t.startswith("ancient") for t in texts(s))  # once a turn
    assert "once" in refused(s, "ancient 1")


def test_the_great_ancient_does_not_move_after_a_conquest() -> None:
    """[SWU p.10, Cultists] the move is made "At the start" of the turn: not once the Cultists
    have conquered."""
    s = ug()
    _cultists(s)
    play(s, "conquer 2")
    assert not any(t.startswith("ancient") for t in texts(s))
    assert "start of one of your later turns" in refused(s, "ancient 5")


def test_the_great_ancient_leaves_with_the_cultists_decline() -> None:
    """[SWU p.10] the banner's benefits "no longer apply once the race is put In Decline":
    the Great Ancient is removed (checklist §6.2 #29)."""
    s = ug()
    _cultists(s)
    play(s, "decline")
    assert marker_total(s, "ancient") == 0
    assert owned(s, "Cultists") == {0: 1, 1: 1, 5: 1}


def test_an_abandoned_great_ancient_returns_with_the_next_conquest() -> None:
    """Ruling: the Great Ancient leaves the map with the Cultists who abandon its region, and
    goes, as it did at first, into the next region they conquer [SWU p.10] "Place the Great
    Ancient in the first Region your Cultists conquer"."""
    s = ug()
    _cultists(s)
    play(s, "abandon 0")
    assert s.regions[0].race is None and s.regions[0].markers == {}
    assert not any(t.startswith("ancient") for t in texts(s))
    play(s, "conquer 2")
    assert markers_at(s, "ancient") == [2]


def test_the_great_ancient_never_goes_into_the_river() -> None:
    """Ruling: a River region "MUST BE EMPTIED" [SWU p.7], so it never receives the Great
    Ancient; the first land region the Cultists conquer does."""
    s = start(("Cultists", NEUTRAL), world="underground")
    play(s, "pick 1", "conquer 12")
    assert marker_total(s, "ancient") == 0
    play(s, "conquer 15", "stop")
    assert markers_at(s, "ancient") == [15] and set(owned(s, "Cultists")) == {15}


# --- Flames (U-R3) ---------------------------------------------------------------------------


def test_flames_place_the_volcano_as_they_are_picked() -> None:
    """[SWU p.10, Flames] "When you select this race, place the Volcano on one of the Abysmal
    Chasm Regions marked with a Volcano symbol." It is the player's choice and comes first; a
    deadline takes the first Chasm."""
    s = start(("Flames", NEUTRAL), world="underground")
    play(s, "pick 1")
    assert texts(s) == ["volcano 3", "volcano 18"]
    assert default_action(s) == PlaceVolcano(3)
    assert refused(s, "conquer 0").startswith("First: ")
    assert label(s, PlaceVolcano(18)) == "Place the Volcano on 18 · Abysmal Chasm"
    play(s, "volcano 18")
    assert markers_at(s, "volcano") == [18]
    assert [e["region"] for e in s.events if e["kind"] == "volcano"] == [18]
    assert "conquer 0" in texts(s) and not any(t.startswith("volcano") for t in texts(s))
    assert "only when the Flames are picked" in refused(s, "volcano 3")
    assert from_json(to_json(s)) == s


def _flames(s: GameState, volcano: int) -> None:
    """Flames on 15 (next to Chasm 18), 16 (linked through 15) and 27 (not linked); seat 1:
    Ogres on 19 (Black Mountain) and 22, Kraken In Decline in River 12."""
    put(s, 0, "Flames", NEUTRAL, {15: 4, 16: 1, 27: 1})
    put(s, 1, "Ogres", "Alchemist", {19: 2, 22: 2})
    put(s, 1, "Kraken", "Merchant", {12: 2}, decline=True)
    add_marker(s, volcano, "volcano")
    begin(s)


def test_flames_attack_next_to_the_volcano_as_if_empty() -> None:
    """[SWU p.10, Flames] "Any region adjacent to the Volcano, or continuously linked to it via
    Regions occupied by your Flames, is attacked at the same Flames token cost as if the
    region was empty." Only occupants are ignored (checklist §6.2 #12): Monster region 17
    costs 2, Black Mountain 19 still 2 + 1, the Kraken's River 1 as an empty one."""
    s = ug()
    _flames(s, 18)
    assert cost(s, "Flames", 17) == 2
    assert cost(s, "Flames", 19) == 3
    assert cost(s, "Flames", 12) == 1
    assert cost(s, "Flames", 22) == 2  # next to Chasm 18: the Ogres' 2 tokens are ignored
    assert cost(s, "Flames", 26) == 4  # next to 27 only, which is not linked: 2 + 2 Monsters
    play(s, "conquer 19")
    assert owned(s, "Flames")[19] == 3 and owned(s, "Ogres") == {22: 2}


def test_flames_far_from_the_volcano_pay_full_price() -> None:
    """[SWU p.10, Flames] the discount needs the Volcano: with it on Chasm 3, nothing near
    15 and 16 is linked, so 17 costs 2 + 2 Monsters and 19 2 + 2 + 1."""
    s = ug()
    _flames(s, 3)
    assert cost(s, "Flames", 17) == 4
    assert cost(s, "Flames", 19) == 5


def test_flames_volcano_does_not_work_against_gnomes() -> None:
    """[SWU p.10, Gnomes] other players "cannot use their racial & special powers ... to
    conquer Regions occupied by your Gnomes": the Gnomes next to the Volcano cost 2 + 2 + 1."""
    s = ug()
    put(s, 0, "Flames", NEUTRAL, {15: 4})
    put(s, 1, "Gnomes", "Alchemist", {19: 2})
    add_marker(s, 18, "volcano")
    begin(s)
    assert cost(s, "Flames", 19) == 5


def test_the_volcano_stays_inert_in_decline_and_moves_when_flames_are_picked_again() -> None:
    """Ruling §6.2 #29: on decline the Volcano stays where it is, without effect; the next
    player to pick the Flames places it again [SWU p.10] "When you select this race, place the
    Volcano" — there is one Volcano."""
    s = ug()
    put(s, 0, "Flames", NEUTRAL, {15: 2})
    add_marker(s, 18, "volcano")
    begin(s)
    play(s, "decline")
    assert markers_at(s, "volcano") == [18]
    s2 = start(("Flames", NEUTRAL), world="underground")
    add_marker(s2, 18, "volcano")
    play(s2, "pick 1", "volcano 3")
    assert markers_at(s2, "volcano") == [3]


# --- Iron Dwarves (U-R5) ---------------------------------------------------------------------


def test_iron_dwarves_gain_hammers_at_redeployment_and_conquer_with_them_next_turn() -> None:
    """[SWU p.10, Iron Dwarves] "During the Troop redeployment phase of each of your turn, take
    1 additional Silver Hammer token from the tray for each Mine Region you occupy and place it
    in front of you. From now on ... you may use these Silver Hammers for conquests only ...
    during the Conquest phase of your subsequent turns." The tray never counts them as
    Dwarves."""
    s = start(("Iron Dwarves", NEUTRAL), world="underground")
    play(s, "pick 1", "conquer 0", "conquer 1", "stop")
    dwarves = s.races["Iron Dwarves"]
    assert dwarves.pieces == {"hammer": 1} and dwarves.hand == 7  # not usable this turn
    assert [e["hammers"] for e in s.events if e["kind"] == "hammers_gained"] == [1]
    assert tray(s, "Iron Dwarves") == 12 - 11
    play(s, "end")
    pass_turns(s, 0)
    assert s.turn.race == "Iron Dwarves" and s.turn.phase == CONQUER
    assert dwarves.hand == 9 + 1 and dwarves.borrowed == 1 and dwarves.pieces == {}
    assert tray(s, "Iron Dwarves") == 12 - 11
    assert from_json(to_json(s)) == s
    play(s, "conquer 5", "stop", "deploy 5 8")
    # The Hammer is somewhere on the map: it must come off before the turn ends.
    assert "end" not in texts(s)
    assert refused(s, "end").startswith("Take your Silver Hammers off the map first")
    assert [t for t in texts(s) if t.startswith("hammer")] == ["hammer 5 1"]
    play(s, "hammer 5 1", "end")
    assert dwarves.pieces == {"hammer": 2} and dwarves.borrowed == 0
    assert owned(s, "Iron Dwarves") == {0: 1, 1: 1, 5: 9}
    assert tray(s, "Iron Dwarves") == 12 - 11


def _dwarves(s: GameState, regions: dict[int, int], hammers: int) -> None:
    put(s, 0, "Iron Dwarves", NEUTRAL, regions)
    s.races["Iron Dwarves"].pieces["hammer"] = hammers
    begin(s)


def test_hammers_come_off_leaving_a_dwarf_in_each_region() -> None:
    """[SWU p.10, Iron Dwarves] "remove all the Silver Hammers from the map, making sure to
    leave at least one Iron Dwarf token in each Region" — the player chooses where from; the
    engine refuses only what breaks the rule."""
    s = ug()
    _dwarves(s, {0: 3, 1: 1}, 2)
    assert s.races["Iron Dwarves"].hand == 2 + 2
    play(s, "conquer 5", "stop", "deploy 5 2")
    assert {"hammer 5 1", "hammer 5 2"} <= set(texts(s))
    assert "hammer 0 1" not in texts(s)
    assert "Leave one Iron Dwarf in region 0" in refused(s, "hammer 0 1")
    assert "Only 2 Silver Hammers" in refused(s, "hammer 5 3")
    assert label(s, TakeHammers(5, 2)) == (
        "Take 2 Silver Hammers off 5 · Mystic Crystals · back next turn"
    )
    assert default_action(s) == TakeHammers(5, 1)
    play(s, "hammer 5 2", "end")
    assert owned(s, "Iron Dwarves") == {0: 1, 1: 1, 5: 2}
    assert s.races["Iron Dwarves"].pieces == {"hammer": 2 + 1}  # + the Mine 0 this turn


def test_hammers_leave_a_region_empty_when_no_dwarf_can_hold_it() -> None:
    """[SWU p.10] "leave at least one Iron Dwarf token in each Region" — "dans la mesure du
    possible" in French (checklist §6.1 #5, §6.2 #16): a region taken with Hammers only and
    no Dwarf to spare is abandoned."""
    s = ug()
    _dwarves(s, {0: 1, 1: 1, 5: 1}, 3)
    play(s, "conquer 6", "stop")
    assert {t for t in texts(s) if t.startswith("hammer")} == {
        "hammer 6 1",
        "hammer 6 2",
        "hammer 6 3",
    }
    play(s, "hammer 6 3")
    assert s.regions[6].race is None and s.regions[6].markers == {"black_mountain": 1}
    play(s, "end")
    assert owned(s, "Iron Dwarves") == {0: 1, 1: 1, 5: 1}
    assert s.races["Iron Dwarves"].pieces == {"hammer": 4}


def test_hammers_are_bounded_by_the_seven_in_the_box() -> None:
    """[SWU components] "7 Silver Hammers": holding 6, two Mines bring only one more. Tokens
    still in hand count first toward the Hammers to take off."""
    s = ug()
    _dwarves(s, {0: 2, 22: 2}, 6)
    play(s, "stop")
    assert [e["hammers"] for e in s.events if e["kind"] == "hammers_gained"] == [1]
    assert "end" in texts(s)
    play(s, "end")
    assert s.races["Iron Dwarves"].pieces == {"hammer": 7}
    assert owned(s, "Iron Dwarves") == {0: 2, 22: 2}


def test_iron_dwarves_lose_their_hammers_on_decline() -> None:
    """[SWU p.10, Iron Dwarves] the Hammers serve "until the Dwarves go In Decline"."""
    s = ug()
    _dwarves(s, {0: 2, 1: 2}, 3)
    play(s, "decline")
    dwarves = s.races["Iron Dwarves"]
    assert dwarves.pieces == {} and dwarves.borrowed == 0
    assert owned(s, "Iron Dwarves") == {0: 1, 1: 1}
    assert tray(s, "Iron Dwarves") == 12 - 2


def test_other_races_gain_no_hammers() -> None:
    """[SWU p.10] Silver Hammers belong to the Iron Dwarves: another race holding Mines gains
    none, and owes nothing at the end of its redeployment."""
    s = ug()
    put(s, 0, "Drow", NEUTRAL, {0: 2, 22: 2})
    begin(s)
    play(s, "stop")
    assert s.races["Drow"].pieces == {}
    assert not any(t.startswith("hammer") for t in texts(s)) and "end" in texts(s)
