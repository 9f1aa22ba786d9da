"""Rule tests for the two Small World Underground races whose player chooses at the moment of
playing [SWU pp.10-12] (checklist §3.3): the Shadow Mimes (U-R12), who may swap their power as
they are picked, and the Will-o'-Wisps (U-R15), who may roll the die before a Mystic Crystal
conquest. The races with a piece on the map (Cultists, Flames, Iron Dwarves) are in
``test_races_underground_pieces.py``.

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

from engine import default_action, label, legal_actions
from engine.core.state import CONQUER, PICK, REDEPLOY, Combo, GameState, from_json, to_json
from engine.worlds.underground.race_choices import KeepMime, MimePower, WillOWisps, WispRoll

from .helpers import NEUTRAL, begin, owned, play, put, refused, start, texts, ug
from .helpers import force_die as rig

# --- Shadow Mimes (U-R12) --------------------------------------------------------------------


def test_shadow_mimes_may_swap_their_power_as_they_are_picked() -> None:
    """[SWU p.12, Shadow Mimes] "if you select the Shadow Mimes you may immediately swap their
    Special Power with the Special Power of your choice, from among the 5 others visible in
    the list of combos. You do not swap or pick up the coins". They then hold their banner's
    tokens plus the new badge's (checklist U-R12)."""
    s = start(("Drow", "Merchant"), ("Shadow Mimes", NEUTRAL), world="underground")
    play(s, "pick 2")
    assert s.market[0] == Combo("Drow", "Merchant", 1)
    assert texts(s) == ["keepmime", "mime 1", "mime 2", "mime 3", "mime 4", "mime 5"]
    assert label(s, MimePower(1)) == "Mimic Merchant (combo 1) · 9 tokens"
    assert s.races["Shadow Mimes"].hand == 7 + 4
    play(s, "mime 1")
    mimes = s.races["Shadow Mimes"]
    assert mimes.power == "Merchant" and mimes.hand == 7 + 2
    assert s.market[0] == Combo("Drow", NEUTRAL, 1)
    assert s.players[0].coins == 4
    assert not any(t.startswith(("mime", "keepmime")) for t in texts(s))
    told = [e for e in s.events if e["kind"] == "mime"]
    assert told == [
        {
            "kind": "mime",
            "seat": 0,
            "race": "Shadow Mimes",
            "power": "Merchant",
            "gave": NEUTRAL,
            "slot": 1,
        }
    ]
    assert from_json(to_json(s)) == s


def test_shadow_mimes_keep_their_power_by_default() -> None:
    """[SWU p.12, Shadow Mimes] "you may" swap: keeping is the deadline's choice."""
    s = start(("Shadow Mimes", NEUTRAL), world="underground")
    play(s, "pick 1")
    assert default_action(s) == KeepMime()
    assert label(s, KeepMime()) == "Keep your power"
    play(s, "keepmime")
    assert s.races["Shadow Mimes"].power == NEUTRAL and s.races["Shadow Mimes"].hand == 11
    assert "conquer 0" in texts(s)
    assert "only as they are picked" in refused(s, "mime 1")


def test_shadow_mimes_leave_the_old_power_behind() -> None:
    """[SWU p.12, Shadow Mimes] "You only swap the Special Power": the new power starts as if
    picked with them (Bivouacking's Encampments come with it, and go with it)."""
    s = start(("Shadow Mimes", "Merchant"), ("Drow", "Bivouacking"), world="underground")
    play(s, "pick 1", "mime 1")
    assert s.races["Shadow Mimes"].camps_free == 5 and s.races["Shadow Mimes"].hand == 12
    s2 = start(("Shadow Mimes", "Bivouacking"), ("Drow", "Merchant"), world="underground")
    play(s2, "pick 1")
    assert s2.races["Shadow Mimes"].camps_free == 5
    play(s2, "mime 1")
    assert s2.races["Shadow Mimes"].camps_free == 0 and s2.races["Shadow Mimes"].hand == 9


def test_other_races_mimic_nothing() -> None:
    """[SWU p.12] the swap is the Shadow Mimes' alone."""
    s = start(("Drow", NEUTRAL), world="underground")
    play(s, "pick 1")
    assert not any(t.startswith(("mime", "keepmime")) for t in texts(s))
    assert "only as they are picked" not in refused(s, "mime 1")


# --- Will-o'-Wisps (U-R15) -------------------------------------------------------------------


def _wisps(s: GameState, wisps: dict[int, int], defender: str = "Ratmen") -> None:
    put(s, 0, "Will-o'-Wisps", NEUTRAL, wisps)
    put(s, 1, defender, "Alchemist", {15: 1})
    begin(s)


def test_wisps_roll_before_a_crystal_conquest_and_pay_less() -> None:
    """[SWU p.12, Will-o'-Wisps] "You may use the Reinforcement die before any conquest of a
    Mystic Crystal Region ... Designate the Region you wish to conquer before you roll the
    die." A 2 brings the Ratmen's 15 (2 + 1) down to 1 token; conquests go on."""
    s = ug()
    _wisps(s, {16: 3})
    assert s.races["Will-o'-Wisps"].hand == 2
    assert "wisp 15" in texts(s) and WispRoll.reveals
    # The label says what the die must make up: 3 to pay, 2 in hand.
    assert label(s, WispRoll(15)) == "Roll the die, then conquer 15 · Mystic Crystals · 1 short"
    rig(s, 2)
    play(s, "wisp 15")
    assert owned(s, "Will-o'-Wisps") == {15: 1, 16: 1}
    assert s.races["Will-o'-Wisps"].hand == 1 and s.turn.phase == CONQUER
    rolled = [e for e in s.events if e["kind"] == "roll"]
    assert rolled == [
        {"kind": "roll", "seat": 0, "region": 15, "die": 2, "success": True, "how": "wisp"}
    ]


def test_wisps_must_conquer_when_their_tokens_suffice() -> None:
    """[SWU p.12, Will-o'-Wisps] "Regardless of your die roll result, if you have enough
    Will-o'-Wisp tokens left to conquer this Region, you must conquer it once your roll was
    made." A 0 with 3 in hand: 15 is taken with all 3."""
    s = ug()
    _wisps(s, {16: 4})
    rig(s, 0)
    play(s, "wisp 15")
    assert owned(s, "Will-o'-Wisps") == {15: 3, 16: 1} and s.turn.phase == CONQUER


def test_a_failed_wisp_roll_ends_the_conquests() -> None:
    """Ruling §6.2 #15: still short after the roll, the attempt fails and the conquests end,
    as after a final conquest [SWU p.6] "his conquests for the turn end immediately\"."""
    s = ug()
    _wisps(s, {16: 3})
    rig(s, 0)
    play(s, "wisp 15")
    assert s.turn.phase == REDEPLOY and owned(s, "Ratmen") == {15: 1}
    assert [e["success"] for e in s.events if e["kind"] == "roll"] == [False]


def test_wisps_roll_only_for_crystals_or_next_to_their_own_crystal() -> None:
    """[SWU p.12, Will-o'-Wisps] "any Region adjacent to a Mystic Crystal Region your
    Will-o'-Wisps occupy": from Crystal 15 they may roll for Mudpool 16; from Mudpool 16
    alone, for Crystal 15 but not Black Mountain 19."""
    s = ug()
    put(s, 0, "Will-o'-Wisps", NEUTRAL, {15: 4})
    begin(s)
    assert "wisp 16" in texts(s)
    s2 = ug()
    put(s2, 0, "Will-o'-Wisps", NEUTRAL, {16: 4})
    begin(s2)
    assert "wisp 19" not in texts(s2) and "conquer 19" in texts(s2)
    why = refused(s2, "wisp 19")
    assert "neither a Mystic Crystal region nor next to a Mystic Crystal region of yours" in why
    assert "wisp 15" in texts(s2)


def test_wisps_rules_text_names_a_crystal_region_of_their_own() -> None:
    """[SWU p.12, Will-o'-Wisps] "any Region adjacent to a Mystic Crystal Region your
    Will-o'-Wisps occupy": the rules text a player reads (the first sentence of the race's
    description, shown when picking) says whose Crystal region counts."""
    first = " ".join((WillOWisps.__doc__ or "").split()).split(";")[0]
    assert first.endswith("a region next to a Mystic Crystal region of theirs")


def test_wisps_do_not_roll_against_gnomes() -> None:
    """[SWU p.10, Gnomes] other players "cannot use their racial & special powers ... to
    conquer Regions occupied by your Gnomes" (ruling U-R4): no Wisps' roll, the plain
    conquest stays."""
    s = ug()
    _wisps(s, {16: 4}, defender="Gnomes")
    assert "conquer 15" in texts(s) and "wisp 15" not in texts(s)
    assert "held by Gnomes" in refused(s, "wisp 15")


def test_other_races_never_roll_before_a_conquest() -> None:
    """[SWU p.6] without a power, the die is only for the final conquest."""
    s = ug()
    put(s, 0, "Drow", NEUTRAL, {16: 4})
    begin(s)
    assert not any(a.text.startswith("wisp") for a in legal_actions(s))
    assert s.turn.phase != PICK
