"""Rule tests for the Small World Underground races [SWU pp.10-12] whose benefit is a cost, a
reach or a score (checklist §3.3): Drow, Gnomes, Kraken, Liches, Lizardmen, Mudmen, Mummies,
Ogres, Shrooms, Spiderines. The five races with choices of their own are in
``test_races_underground_pieces.py`` (Cultists, Flames, Iron Dwarves) and
``test_races_underground_mimes_wisps.py`` (Shadow Mimes, Will-o'-Wisps).

Positions are staged with ``put`` on the 2-player Underground map (``swu-2p``) and the turn is
begun with the real ``start_turn``; a player's first turn is played from ``start``. Facts of
``swu-2p`` used below:

- River 12 → 13 → 14 (12 and 14 touch the edge). Banks of 12: 2, 4, 15, 17; of 13: 7, 20; of
  14: 10, 11, 23, 25. Abysmal Chasms 3, 10, 18, 21, 23 (Volcano symbols on 3 and 18).
- Mines 0, 11, 17, 22. Mushroom Forests 1, 9, 20, 26. Mystic Crystals 5, 7, 15, 27. Black
  Mountains 2, 6, 19, 25 (a marker each). Mudpools 4, 8, 16, 24. Monsters (2) on 7, 8, 17, 26.
- Regions bordering a Chasm: 0, 1, 4, 6, 7, 9, 11, 14, 15, 17, 19, 20, 22, 24, 25.
- Entries (edge): 0, 1, 2, 5, 8, 11, 12, 14, 15, 16, 19, 22, 25, 26, 27.

Stout is the badge paired with the race under test: it changes no cost, reach or score.
"""

from __future__ import annotations

from engine.core.abilities import RACES
from engine.core.board import tray
from engine.core.content import races
from engine.core.state import CONQUER, REDEPLOY, GameState, from_json, to_json

from .helpers import NEUTRAL, begin, cost, owned, play, put, refused, start, texts, ug


def coins_for(s: GameState, *actions: str, seat: int = 0) -> int:
    """Play ``actions`` and return the coins ``seat`` gained meanwhile."""
    before = s.players[seat].coins
    play(s, *actions)
    return s.players[seat].coins - before


def test_every_underground_race_has_exactly_one_registered_class() -> None:
    """[SWU p.1] "15 Fantasy Race banners": each has its behaviour."""
    underground = {n for n, d in races().items() if d.set == "underground"}
    assert len(underground) == 15
    assert underground <= set(RACES)
    assert all(RACES[n].name == n for n in underground)


# --- Drow (U-R2) -----------------------------------------------------------------------------


def _drow(s: GameState, *, decline: bool = False) -> None:
    """Drow on 0 (alone), 5 (next to the Monsters of 8), 16 (next to an enemy on 15) and 22
    (next to the player's own In-Decline race on 24)."""
    put(s, 0, "Drow", NEUTRAL, {0: 1, 5: 1, 16: 1, 22: 1}, decline=decline)
    put(s, 0, "Ratmen", "Merchant", {24: 1}, decline=True)
    put(s, 1, "Ogres", "Alchemist", {15: 1})


def test_drow_score_a_coin_per_region_bordering_no_other_race_or_monster() -> None:
    """[SWU p.10, Drow] "collect 1 bonus Victory coin for each Region they occupy that is not
    sharing any border with any Region containing another race (including any other, non-Drow,
    race you may have; all of your opponents' races, even those In Decline; and Monsters)."
    Only region 0 is alone: 4 Drow regions + 1 In-Decline region + 1 bonus."""
    s = ug()
    _drow(s)
    begin(s)
    assert coins_for(s, "stop", "end") == 4 + 1 + 1


def test_drow_in_decline_score_no_bonus() -> None:
    """[SWU p.10] the benefits of a banner "no longer apply once the race is put In Decline":
    going into decline, the Drow score their 4 regions only, though 0 and 22 stand alone."""
    s = ug()
    put(s, 0, "Drow", NEUTRAL, {0: 1, 5: 1, 16: 1, 22: 1})
    put(s, 1, "Ogres", "Alchemist", {15: 1})
    begin(s)
    assert coins_for(s, "decline") == 4


# --- Gnomes (U-R4) ---------------------------------------------------------------------------


def _gnomes_next_to(s: GameState, attacker: str, power: str = NEUTRAL, **kw: bool) -> None:
    """``attacker`` (seat 0) on 16 with 3 tokens; seat 1: Gnomes on 15 (1 token) and, In
    Decline, Ratmen on 19 (Black Mountain, 1 token)."""
    put(s, 0, attacker, power, {16: 3})
    put(s, 1, "Gnomes", "Alchemist", {15: 1}, decline=kw.get("gnomes_decline", False))
    if not kw.get("gnomes_decline", False):
        put(s, 1, "Ratmen", "Merchant", {19: 1}, decline=True)


def test_gnomes_are_immune_to_the_attackers_discounts() -> None:
    """[SWU p.10, Gnomes] "During their turns, other players cannot use their racial & special
    powers ... to conquer Regions occupied by your Gnomes." The Ogres' -1 does not work on
    Gnome region 15 (2 + 1 = 3) but does on the Ratmen's 19 (2 + 1 + 1 - 1 = 3)."""
    s = ug()
    _gnomes_next_to(s, "Ogres")
    begin(s)
    assert cost(s, "Ogres", 15) == 3
    assert cost(s, "Ogres", 19) == 3


def test_gnomes_are_not_spared_penalties() -> None:
    """[SWU p.10, Gnomes] only powers used "to conquer" them are barred (ruling U-R4): the
    Mummies still pay "1 more Mummy token than usual" there (2 + 1 + 1 = 4)."""
    s = ug()
    _gnomes_next_to(s, "Mummies")
    begin(s)
    assert cost(s, "Mummies", 15) == 4


def test_gnomes_cannot_be_reached_through_a_power() -> None:
    """[SWU p.10, Gnomes] "This includes indirect effects: A player whose troops are not in a
    Region next to your Gnomes could not attack them". Spiderines on 27 reach 19 (it borders a
    Chasm) but not the Gnomes on 15, which border one too."""
    s = ug()
    put(s, 0, "Spiderines", NEUTRAL, {27: 6})
    put(s, 1, "Gnomes", "Alchemist", {15: 1})
    put(s, 1, "Ratmen", "Merchant", {19: 1}, decline=True)
    begin(s)
    assert "conquer 19" in texts(s)
    assert "conquer 15" not in texts(s) and "reinforce 15" not in texts(s)
    assert "no power, Relic or Place helps you reach them" in refused(s, "conquer 15")


def test_gnomes_do_not_stop_the_plain_die() -> None:
    """[SWU p.5] the final conquest attempt is a rule of the game, not a power (ruling U-R4):
    Ogres with 1 token may still roll for the Gnomes' 15, 2 short (2 + 1, no -1)."""
    s = ug()
    put(s, 0, "Ogres", NEUTRAL, {16: 2})
    put(s, 1, "Gnomes", "Alchemist", {15: 1})
    begin(s)
    assert s.races["Ogres"].hand == 1
    assert "reinforce 15" in texts(s)


def test_gnomes_are_not_enchanted_by_sorcerers() -> None:
    """[SWU p.10, Gnomes] no racial power works to conquer them during another player's turn:
    the Sorcerers may not replace a lone Gnome, as they would a lone Ratman."""
    s = ug()
    put(s, 0, "Sorcerers", NEUTRAL, {16: 4})
    put(s, 1, "Gnomes", "Alchemist", {15: 1})
    begin(s)
    assert "conquer 15" in texts(s)
    assert not any(t.startswith("enchant") for t in texts(s))
    s2 = ug()
    put(s2, 0, "Sorcerers", NEUTRAL, {16: 4})
    put(s2, 1, "Ratmen", "Alchemist", {15: 1})
    begin(s2)
    assert "enchant 15" in texts(s2)


def test_gnomes_are_not_vampirized() -> None:
    """[SWU p.10, Gnomes] substitution is a power too: "A single Gnome cannot be vampirized"
    (checklist U-R4)."""
    s = ug()
    put(s, 0, "Drow", "Vampire", {16: 4})
    put(s, 1, "Gnomes", "Alchemist", {15: 1})
    begin(s)
    assert "conquer 15" in texts(s)
    assert not any(t.startswith("vampire") for t in texts(s))
    s2 = ug()
    put(s2, 0, "Drow", "Vampire", {16: 4})
    put(s2, 1, "Ratmen", "Alchemist", {15: 1})
    begin(s2)
    assert "vampire 15" in texts(s2)


def test_gnomes_use_their_own_powers_in_their_own_turn() -> None:
    """[SWU p.10, Gnomes] "The Gnomes immunity to all these effects is only valid during other
    players' turns however. During their own turn, they can still use relics, places, etc, as
    usual." Commando Gnomes take the Ratmen's 15 for 2 + 1 - 1."""
    s = ug()
    put(s, 0, "Gnomes", "Commando", {16: 3})
    put(s, 1, "Ratmen", "Merchant", {15: 1})
    begin(s)
    assert cost(s, "Gnomes", 15) == 2


def test_gnomes_in_decline_lose_their_immunity() -> None:
    """[SWU p.10] benefits "no longer apply once the race is put In Decline" (ruling §6.2
    #14): the Ogres' -1 works on Gnomes In Decline (2 + 1 - 1 = 2)."""
    s = ug()
    _gnomes_next_to(s, "Ogres", gnomes_decline=True)
    begin(s)
    assert cost(s, "Ogres", 15) == 2


# --- Kraken (U-R6) ---------------------------------------------------------------------------


def test_kraken_stay_in_the_river_and_score_it_even_in_decline() -> None:
    """[SWU p.11, Kraken] "At the end of your turn, you do not have to empty any of the River
    regions your Kraken may be in. You can leave them in and score Victory coins for these
    River Regions - even once you are in Decline!\""""
    s = start(("Kraken", NEUTRAL), world="underground")
    play(s, "pick 1", "conquer 12", "conquer 13", "conquer 20", "stop")
    assert not any(e["kind"] == "river" for e in s.events)
    assert set(owned(s, "Kraken")) == {12, 13, 20}
    assert coins_for(s, "end") == 3
    s2 = ug()
    put(s2, 0, "Kraken", NEUTRAL, {12: 2, 13: 2, 20: 2})
    begin(s2)
    assert coins_for(s2, "decline") == 3
    assert owned(s2, "Kraken") == {12: 1, 13: 1, 20: 1}


def test_other_races_empty_the_river_and_pay_for_the_kraken_in_it() -> None:
    """[SWU p.11, Kraken] "any Race hoping to pass through a River Region occupied by Kraken
    must conquer it first" — at the usual 2 + tokens (checklist §6.2 #13) — and a race that is
    not Kraken empties the River at redeployment [SWU p.7]."""
    s = ug()
    put(s, 0, "Drow", NEUTRAL, {2: 8})
    put(s, 1, "Kraken", "Alchemist", {12: 2})
    begin(s)
    assert cost(s, "Drow", 12) == 4
    assert "conquer 15" not in texts(s)  # beyond the Kraken: take the River first
    play(s, "conquer 12", "conquer 15", "stop")
    assert set(owned(s, "Drow")) == {2, 15}
    assert [e["regions"] for e in s.events if e["kind"] == "river"] == [[12]]


# --- Liches (U-R7) ---------------------------------------------------------------------------


def _liches(s: GameState, *, decline: bool = True, coins: int = 3) -> None:
    put(s, 0, "Ogres", NEUTRAL, {16: 4})
    put(s, 1, "Liches", "Alchemist", {15: 1}, decline=decline)
    s.players[0].coins = coins
    s.players[1].coins = 5


def test_liches_in_decline_collect_a_coin_from_their_conqueror() -> None:
    """[SWU p.11, Liches] "Collect 1 bonus Victory coin from any opponent each time they
    successfully conquer one of your In-Decline Liches region." The payment is public, never
    a balance."""
    s = ug()
    _liches(s)
    begin(s)
    play(s, "conquer 15")
    assert s.players[0].coins == 2 and s.players[1].coins == 6
    paid = [e for e in s.events if e["kind"] == "pay"]
    assert paid == [{"kind": "pay", "seat": 0, "to": 1, "coins": 1, "why": "Liches", "region": 15}]


def test_a_player_with_no_coins_cannot_conquer_liches_in_decline() -> None:
    """[SWU p.11, Liches] "An opponent with no coins remaining cannot conquer a Region occupied
    by your Liches." The refusal tells only that the attacker has no coins."""
    s = ug()
    _liches(s, coins=0)
    begin(s)
    assert "conquer 15" not in texts(s) and "reinforce 15" not in texts(s)
    assert "a player with no coins cannot conquer it" in refused(s, "conquer 15")


def test_active_liches_have_no_power() -> None:
    """[SWU p.11, Liches] the coin comes from conquering "your In-Decline Liches", and the ban
    applies to them only (the French text, checklist §6.2 #26): active Liches are taken like
    any race, even by a player with no coins, and pay nothing."""
    s = ug()
    _liches(s, decline=False, coins=0)
    begin(s)
    play(s, "conquer 15")
    assert s.players[0].coins == 0 and s.players[1].coins == 5
    assert not any(e["kind"] == "pay" for e in s.events)


def test_liches_take_nothing_from_their_own_player() -> None:
    """[SWU p.11, Liches] the coin is taken "from any opponent": a player's own active race
    may take its In-Decline Liches' region with no coins, and pays nothing."""
    s = ug()
    put(s, 0, "Ogres", NEUTRAL, {16: 4})
    put(s, 0, "Liches", "Alchemist", {15: 1}, decline=True)
    s.players[0].coins = 0
    begin(s)
    play(s, "conquer 15")
    assert s.players[0].coins == 0 and "Liches" not in s.races


# --- Lizardmen (U-R8) ------------------------------------------------------------------------


def test_lizardmen_pass_through_the_river() -> None:
    """[SWU p.11, Lizardmen] "Your Lizardmen pass through any River Region, occupied or empty,
    without having to conquer it or leaving any token in it." From 2 they reach the lands
    along the River, even past the Kraken holding all of it."""
    s = ug()
    put(s, 0, "Lizardmen", NEUTRAL, {2: 6})
    put(s, 1, "Kraken", "Alchemist", {12: 1, 13: 1, 14: 1})
    begin(s)
    for rid in (4, 15, 17, 7, 20, 11, 25):
        assert f"conquer {rid}" in texts(s), rid
    assert "conquer 16" not in texts(s) and "conquer 27" not in texts(s)
    play(s, "conquer 25")
    assert owned(s, "Lizardmen") == {2: 1, 25: 3}
    assert owned(s, "Kraken") == {12: 1, 13: 1, 14: 1}


def test_lizardmen_pay_for_an_occupied_river_and_never_stay() -> None:
    """[SWU p.11, Lizardmen] "If the Lizardmen wish to conquer a River Region that is occupied
    (by Kraken for instance) they must have enough tokens to conquer it as normal however; but
    once all their conquests are done for the turn, they do not leave any tokens in the
    River\"."""
    s = ug()
    put(s, 0, "Lizardmen", NEUTRAL, {2: 6})
    put(s, 1, "Kraken", "Alchemist", {12: 2})
    begin(s)
    assert cost(s, "Lizardmen", 12) == 4
    play(s, "conquer 12", "stop")
    assert owned(s, "Lizardmen") == {2: 1} and s.races["Lizardmen"].hand == 5


def test_other_races_do_not_pass_through_the_river() -> None:
    """[SWU p.6] conquests "must be adjacent to a Region already occupied": without the
    Lizardmen's benefit, land across the River is out of reach; and Gnomes across it are out
    of the Lizardmen's reach too ([SWU p.10, Gnomes] "indirect effects")."""
    s = ug()
    put(s, 0, "Drow", NEUTRAL, {2: 6})
    begin(s)
    assert "conquer 15" not in texts(s)
    s2 = ug()
    put(s2, 0, "Lizardmen", NEUTRAL, {2: 6})
    put(s2, 1, "Gnomes", "Alchemist", {15: 1})
    begin(s2)
    assert "conquer 15" not in texts(s2) and "conquer 17" in texts(s2)


# --- Mudmen (U-R9) ---------------------------------------------------------------------------


def test_mudmen_take_a_token_per_mudpool_at_redeployment() -> None:
    """[SWU p.11, Mudmen] "During the Troop redeployment phase of your turn, take 1 new Mudman
    token from the tray for each Mudpool Region you occupy and deploy them in any Region(s)
    your Mudmen occupy.\""""
    s = ug()
    put(s, 0, "Mudmen", NEUTRAL, {4: 2, 16: 2, 0: 1})
    begin(s)
    assert tray(s, "Mudmen") == 12 - 5
    play(s, "stop")
    assert s.turn.phase == REDEPLOY and s.races["Mudmen"].hand == 2 + 2
    assert [e["tokens"] for e in s.events if e["kind"] == "grow"] == [2]
    assert tray(s, "Mudmen") == 12 - 7
    play(s, "deploy 0 4", "end")
    assert owned(s, "Mudmen") == {0: 5, 4: 1, 16: 1}


def test_mudmen_are_bounded_by_the_tray() -> None:
    """[SWU p.4] "a player with 12 Mudmen tokens underground won't be able to use his Mudmen
    power again until some of his tokens become available.\""""
    s = ug()
    put(s, 0, "Mudmen", NEUTRAL, {4: 6, 16: 5})
    begin(s)
    assert tray(s, "Mudmen") == 1
    play(s, "stop")
    assert s.races["Mudmen"].hand == 9 + 1 and tray(s, "Mudmen") == 0
    assert [e["tokens"] for e in s.events if e["kind"] == "grow"] == [1]


# --- Mummies and Ogres (U-R10, U-R11) --------------------------------------------------------


def test_mummies_pay_one_more_for_every_conquest_the_river_too() -> None:
    """[SWU p.11, Mummies] "All your conquests require 1 more Mummy token than usual." — the
    River too: 1 + 1 (checklist U-R10)."""
    s = ug()
    put(s, 0, "Mummies", NEUTRAL, {2: 3})
    put(s, 1, "Drow", "Alchemist", {1: 2})
    begin(s)
    assert cost(s, "Mummies", 12) == 2
    assert cost(s, "Mummies", 4) == 3
    assert cost(s, "Mummies", 1) == 5


def test_ogres_pay_one_less_but_at_least_one() -> None:
    """[SWU p.11, Ogres] "Your Ogres may conquer any Region with 1 less Ogre token than usual.
    A minimum of 1 Ogre token is still required." — the empty River stays at 1."""
    s = ug()
    put(s, 0, "Ogres", NEUTRAL, {2: 3})
    put(s, 1, "Drow", "Alchemist", {1: 2})
    begin(s)
    assert cost(s, "Ogres", 4) == 1
    assert cost(s, "Ogres", 1) == 3
    assert cost(s, "Ogres", 12) == 1


def test_other_races_pay_the_plain_cost() -> None:
    """[SWU p.5] "2 Race tokens ... + 1 additional Race token for each ... other player's Race
    token": neither penalty nor discount without the Mummies or Ogres."""
    s = ug()
    put(s, 0, "Drow", NEUTRAL, {2: 3})
    put(s, 1, "Shrooms", "Alchemist", {1: 2})
    begin(s)
    assert [cost(s, "Drow", rid) for rid in (12, 4, 1)] == [1, 2, 4]


# --- Shrooms (U-R13) -------------------------------------------------------------------------


def test_shrooms_score_a_coin_per_mushroom_forest() -> None:
    """[SWU p.12, Shrooms] "Each Mushroom Forest Region your Shrooms occupy is worth 1 bonus
    Victory coin, at turn's end.\""""
    s = ug()
    put(s, 0, "Shrooms", NEUTRAL, {1: 1, 9: 1, 0: 1})
    begin(s)
    assert coins_for(s, "stop", "end") == 3 + 2


def test_shrooms_in_decline_score_no_bonus() -> None:
    """[SWU p.10] the benefits "no longer apply once the race is put In Decline": going into
    decline, the Shrooms score their regions only."""
    s = ug()
    put(s, 0, "Shrooms", NEUTRAL, {1: 1, 9: 1, 0: 1})
    begin(s)
    assert coins_for(s, "decline") == 3


# --- Spiderines (U-R14) ----------------------------------------------------------------------


def test_spiderines_enter_through_any_region_bordering_a_chasm() -> None:
    """[SWU p.12, Spiderines] "For your first conquest, you may enter the board through any
    Region bordering a Chasm." — inner 4, 6 and 20 too, but not the inner River 13."""
    s = start(("Spiderines", NEUTRAL), world="underground")
    play(s, "pick 1")
    for rid in (4, 6, 20, 24, 9):
        assert f"conquer {rid}" in texts(s), rid
    assert "conquer 13" not in texts(s)
    assert "first conquest enters from the edge" in refused(s, "conquer 13")
    play(s, "conquer 20")
    assert owned(s, "Spiderines") == {20: 2}


def test_spiderines_treat_regions_bordering_a_chasm_as_adjacent() -> None:
    """[SWU p.12, Spiderines] "For conquest purposes, your Spiderines consider all Regions
    bordering a Chasm as adjacent to the Regions they already occupy." From 27 (no Chasm
    next to it) they reach every such region, but not 16 or 5."""
    s = ug()
    put(s, 0, "Spiderines", NEUTRAL, {27: 8})
    begin(s)
    for rid in (0, 1, 4, 6, 9, 11, 14, 15, 19, 20, 22, 24, 25):
        assert f"conquer {rid}" in texts(s), rid
    for rid in (2, 5, 16, 13):
        assert f"conquer {rid}" not in texts(s), rid
    assert "not next to your regions" in refused(s, "conquer 16")


def test_other_races_enter_by_the_edge_only() -> None:
    """[SWU p.5] "A player's race deploying on the map for the first time must enter it by a
    Region bordering the edge of the board\"."""
    s = start(("Drow", NEUTRAL), world="underground")
    play(s, "pick 1")
    assert s.turn.phase == CONQUER
    assert "conquer 20" not in texts(s) and "conquer 6" not in texts(s)


def test_a_staged_underground_position_round_trips() -> None:
    """Saved games load back exactly (``to_json``/``from_json``)."""
    s = ug()
    put(s, 0, "Kraken", NEUTRAL, {12: 2, 13: 1})
    put(s, 1, "Liches", "Alchemist", {15: 1}, decline=True)
    begin(s)
    assert from_json(to_json(s)) == s
