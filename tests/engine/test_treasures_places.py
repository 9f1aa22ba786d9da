"""Rule tests for the nine Popular Places [SWU pp.14-15], checklist §3.6 (PP-U1..PP-U9).

Same staging as the Relic tests (``helpers_treasures``: its fixtures and map facts); also
used here:

     4 Mudpool (next to 2, 3, 7, 12)             7 Mystic Crystals, Monster (next to 4, 6, 10, 13)
    12, 13, 14 the River (14 next to 10, 11, 13, 23, 25)
    24 Mudpool (next to 21, 22, 23, 26)          the Mudpools: 4, 8, 16, 24
"""

from __future__ import annotations

from engine import default_action, legal_actions
from engine.core.board import tray
from engine.core.conquest import conquest_cost
from engine.core.state import CLOSING, REDEPLOY, GameState, from_json, to_json
from engine.core.turns import start_turn
from engine.worlds.underground.balrog import BALROG_DUE

from .helpers import hide, owned, pass_turns, play, put, reveal, texts, where_is
from .helpers_treasures import FOE, ME, end_turn_gain, found, game, refused


def declined_with(key: str, regions: dict[int, int], at: int) -> GameState:
    """P1 holds ``regions`` with its race In Decline, the Place ``key`` lying in ``at`` (as
    found on an earlier turn), and an active Mummies race on region 0; P1's turn begins."""
    s = game()
    put(s, 0, *ME, regions, decline=True)
    s.regions[at].markers.clear()
    reveal(s, at, key)
    put(s, 0, "Mummies", "Fisher", {0: 1}, hand=4)
    start_turn(s, 0)
    return s


# --- PP-U3 the Diamond Fields ---------------------------------------------------------------


def test_the_diamond_fields_pay_for_every_region_of_their_terrain() -> None:
    """[SWU p.15] "the player collects 1 bonus Victory coin for the Region his Diamond Fields
    are on and for any other Region his (same Race) troops occupy that is of same Terrain
    type." Region 8 is a Mudpool, and so is 16; 5 is not, nor is P2's Mudpool 24."""
    s = found("diamonds", at={5: 1, 16: 1}, foe={24: 2})
    assert end_turn_gain(s) == 3 + 2


def test_the_diamond_fields_work_in_decline() -> None:
    """[SWU p.15] "The Diamond Fields function even when the troops that occupy it are In
    Decline." """
    s = declined_with("diamonds", {8: 1, 16: 1, 5: 1}, at=8)
    assert end_turn_gain(s) == 1 + 3 + 2  # Mummies on 0, three declined regions, two Mudpools


def test_the_diamond_fields_pay_nothing_once_lost() -> None:
    """The Place's power benefits "the player whose Troops occupy that Region" [SWU p.14]:
    a player who no longer holds the Fields' region gets nothing for his Mudpools."""
    s = found("diamonds", at={5: 1, 16: 1})
    play(s, "stop", "end")
    s.players[1].active = None
    put(s, 1, *FOE, {9: 1}, hand=9)
    start_turn(s, 1)
    play(s, "conquer 8")
    assert end_turn_gain(s, 1) == 2 + 1  # 8, 9, and the Fields' Mudpool 8 for P2
    play(s, "finish")  # P1 redeploys what it kept of region 8
    assert end_turn_gain(s) == 2  # 5 and 16, no bonus


# --- PP-U6 the Keep on the Motherland -------------------------------------------------------


def test_the_keep_scores_one_and_defends_one() -> None:
    """[SWU p.15] "The Keep on the Motherland is worth 1 bonus Victory coin for the player
    whose troops occupy it at turn's end. The Keep also augments that Region's defense by 1."
    """
    s = found("keep", foe={11: 1})
    tokens = s.regions[8].tokens
    assert conquest_cost(s, s.races["Kraken"], 8) == 2 + tokens + 1
    assert end_turn_gain(s) == 2 + 1


def test_the_keep_keeps_working_in_decline() -> None:
    """[SWU p.15] "Both of these benefits persist even once the troops occupying the Keep are
    In Decline." The defence holds against an opponent (P2's Kraken); P1's own Mummies are
    spared it (``test_treasures_optional``)."""
    s = declined_with("keep", {8: 1}, at=8)
    put(s, 1, *FOE, {11: 1})
    assert conquest_cost(s, s.races["Kraken"], 8) == 2 + 1 + 1
    assert end_turn_gain(s) == 1 + 1 + 1


# --- PP-U7 the Mine of the Lost Dwarf -------------------------------------------------------


def test_the_lost_mine_scores_two_even_in_decline() -> None:
    """[SWU p.15] "At the end of his turn, the player whose troops occupy the Mine of the Lost
    Dwarf's Region collects 2 bonus Victory coins. The Mine of the Lost Dwarf yields these
    bonus coins even if the Troops that occupy its Region are In Decline." """
    s = found("lost_mine")
    assert end_turn_gain(s) == 2 + 2
    d = declined_with("lost_mine", {8: 1}, at=8)
    assert end_turn_gain(d) == 1 + 1 + 2


def test_the_lost_mine_adds_no_defence() -> None:
    """[SWU p.14] "Righteous Relics and Popular Places never augment the defense of the Region
    they are in, Keep on the Motherland excepted." """
    s = found("lost_mine", foe={11: 1})
    assert conquest_cost(s, s.races["Kraken"], 8) == 2 + s.regions[8].tokens


# --- PP-U4 the Great Brass Pipe -------------------------------------------------------------


def test_the_pipe_makes_every_region_of_its_terrain_adjacent() -> None:
    """[SWU p.15] "All Regions of the same Terrain type as the one in which the Great Brass
    Pipe is discovered are considered adjacent, for the player's whose Troops occupy that
    Region." Region 8 is a Mudpool: 4, 16 and 24 come within reach."""
    s = found("pipe")
    assert {"conquer 4", "conquer 16", "conquer 24"} <= set(texts(s))
    assert "conquer 27" not in texts(s)
    play(s, "conquer 24")
    assert 24 in owned(s, "Shadow Mimes")


def test_the_pipe_does_not_reach_gnomes_on_another_players_turn() -> None:
    """[SWU p.10] "A player whose troops are not in a Region next to your Gnomes could not
    attack them, even if he controlled the Great Brass Pipe"."""
    s = found("pipe", foe={24: 1}, foe_race=("Gnomes", "Stone"))
    assert "conquer 16" in texts(s)
    refused(s, "conquer 24", "no power, Relic or Place helps you reach them")


def test_the_pipe_does_nothing_in_decline() -> None:
    """[SWU p.14] "Popular Places' powers cannot be used by Races that are In Decline": the
    player's active race gains no reach from his declined race's Pipe."""
    s = declined_with("pipe", {8: 1}, at=8)
    assert "conquer 16" not in texts(s) and "conquer 24" not in texts(s)


# --- PP-U5 the Fountain of Youth ------------------------------------------------------------


def test_the_fountain_gives_a_token_from_the_tray_at_the_start_of_the_turn() -> None:
    """[SWU p.15] "At the start of his turn, the player whose troops occupy the Fountain of
    Youth's Region receives 1 bonus Race token (provided there is at least one left in the
    tray)"; [SWU p.14] "Using a Popular Place's power is always optional": the token is the
    player's to take, once, at the start of the turn."""
    s = found("fountain")
    play(s, "stop", "end")
    left = tray(s, "Shadow Mimes")
    pass_turns(s, 0)
    assert tray(s, "Shadow Mimes") == left  # nothing handed out by itself
    hand = s.races["Shadow Mimes"].hand
    play(s, "fountain")
    assert tray(s, "Shadow Mimes") == left - 1
    assert s.races["Shadow Mimes"].hand == hand + 1
    told = [e for e in s.events if e["kind"] == "fountain"]
    assert told == [{"kind": "fountain", "seat": 0, "race": "Shadow Mimes", "tokens": 1}]
    refused(s, "fountain", "already taken the Fountain")


def test_the_fountain_gives_nothing_from_hand_when_the_tray_is_empty() -> None:
    """Ruling §6.2 #25: the Fountain's "(provided there is at least one left in the tray)"
    beats the general "else from hand" rule: with the tray empty nothing is offered."""
    s = found("fountain")
    play(s, "stop", "end")
    s.races["Shadow Mimes"].reserve = tray(s, "Shadow Mimes")  # the tray is empty
    on_board = sum(owned(s, "Shadow Mimes").values())
    pass_turns(s, 0)
    race = s.races["Shadow Mimes"]
    assert race.hand + sum(owned(s, "Shadow Mimes").values()) == on_board
    refused(s, "fountain", "tray holds no token")
    assert default_action(s) is not None and default_action(s).text == "stop"
    assert not [e for e in s.events if e["kind"] == "fountain"]


# --- PP-U1 the Altar of Souls ---------------------------------------------------------------


def test_the_altar_trades_one_in_decline_token_for_three_coins() -> None:
    """[SWU p.14] "At the end of each of his turn, the player whose troops occupy the Region
    containing the Altar of Souls may discard a single of his In Decline tokens in the Region
    of his choice to collect 3 bonus Victory coins at turn's end." """
    s = game()
    put(s, 0, "Mummies", "Fisher", {16: 2, 19: 1}, decline=True)
    put(s, 0, *ME, {5: 1}, hand=10)
    hide(s, "altar")
    start_turn(s, 0)
    play(s, "conquer 8")
    assert not any(t.startswith("altar") for t in texts(s))  # at the end of the turn only
    play(s, "stop")
    assert {"altar 16", "altar 19"} <= set(texts(s))
    coins = s.players[0].coins
    play(s, "altar 19")
    assert s.players[0].coins == coins + 3
    assert owned(s, "Mummies") == {16: 2}
    assert s.regions[19].race is None
    refused(s, "altar 16", "already used the Altar")


def test_the_altar_works_for_a_race_in_decline() -> None:
    """[SWU p.14] "The Altar functions even when the troops that occupy it are In Decline." """
    s = declined_with("altar", {8: 2, 16: 1}, at=8)
    play(s, "stop")
    assert "altar 8" in texts(s) and "altar 16" in texts(s)
    coins = s.players[0].coins
    play(s, "altar 16")
    assert s.players[0].coins == coins + 3


def test_the_altar_needs_an_in_decline_token_and_is_never_used_by_default() -> None:
    """ "may discard a single of his In Decline tokens": no such token, no Altar; and the
    choice is optional, so a deadline ends the turn without it."""
    s = found("altar")
    play(s, "stop")
    assert not any(t.startswith("altar") for t in texts(s))
    refused(s, "altar 5", "none of your In-Decline tokens")
    assert default_action(s) is not None and default_action(s).text == "end"


# --- PP-U2 the Crypt of the Tomb-raider -----------------------------------------------------


def test_the_crypts_ghost_makes_a_region_immune_to_everyone() -> None:
    """[SWU p.14] "At the end of his turn, the player's whose troops occupy the Region
    containing the Crypt of the Tomb-raider places its Ghost in any Region, except the one
    containing the Crypt, to make it immune." Ruling §6.2 #21: nobody may conquer it."""
    s = found("crypt", foe={11: 2})
    play(s, "stop")
    assert "ghost 0" in texts(s) and "ghost 11" in texts(s)
    assert "ghost 8" not in texts(s) and "ghost 3" not in texts(s)
    play(s, "ghost 11")
    assert where_is(s, "ghost") == [11]
    refused(s, "ghost 0", "already placed the Ghost")
    play(s, "end")
    pass_turns(s, 0)
    refused(s, "conquer 11", "immune")  # not even the Crypt's occupant
    play(s, "stop", "ghost 9")
    assert where_is(s, "ghost") == [9]


def test_the_crypt_cannot_place_the_ghost_on_its_own_region() -> None:
    """ "except the one containing the Crypt"."""
    s = found("crypt")
    play(s, "stop")
    refused(s, "ghost 8", "anywhere but the Crypt's own region")


def test_an_in_decline_crypt_cannot_move_the_ghost_but_it_still_protects() -> None:
    """[SWU p.14] "A player whose troops are In Decline in the Tomb-raider's Crypt can no
    longer move the Ghost, but the Region containing the Ghost remains immune." """
    s = declined_with("crypt", {8: 1}, at=8)
    s.regions[1].markers["ghost"] = 1
    refused(s, "conquer 1", "immune")
    play(s, "stop")
    assert not any(t.startswith("ghost") for t in texts(s))
    refused(s, "ghost 5", "In Decline in the Crypt can no longer move the Ghost")


def test_conquering_the_crypt_frees_the_ghost() -> None:
    """[SWU p.14] "When a player conquers the Crypt, the Ghost immediately leaves the Region
    it was protecting, and falls under the control of the conquering player." """
    s = found("crypt", hand=4)
    play(s, "stop", "ghost 5", "end")
    s.players[1].active = None
    put(s, 1, *FOE, {9: 1}, hand=9)
    start_turn(s, 1)
    play(s, "conquer 8")
    assert where_is(s, "ghost") == []
    play(s, "stop", "ghost 5")
    assert where_is(s, "ghost") == [5]


# --- PP-U8 the Stonehedge -------------------------------------------------------------------


def test_the_stonehedge_draws_a_power_that_works_besides_the_own_one() -> None:
    """[SWU p.15] "The Player who discovers the Stonehedge immediately draws a Special Power
    at random from the stack of Special Powers. This becomes the power associated with the
    Stonehedge for the rest of the game"; FR "en plus de son Pouvoir normal". The visible
    top badge (Stone here) is never drawn (§6.2 #23). Alchemist: +2 coins."""
    s = game()
    put(s, 0, *ME, {5: 1}, hand=10)
    s.power_stack = ["Stone", "Alchemist"]
    hide(s, "stonehedge")
    start_turn(s, 0)
    play(s, "conquer 8")
    assert s.stonehedge == "Alchemist" and s.power_stack == ["Stone"]
    told = [e for e in s.events if e["kind"] == "stonehedge"]
    assert told == [{"kind": "stonehedge", "seat": 0, "region": 8, "power": "Alchemist"}]
    assert end_turn_gain(s) == 2 + 2
    assert from_json(to_json(s)).stonehedge == "Alchemist"


def test_the_stonehedge_reshuffles_the_discards_when_the_stack_is_spent() -> None:
    """§6.2 #23 RECOMMEND: "reshuffle discards if needed"."""
    s = game()
    put(s, 0, *ME, {5: 1}, hand=10)
    s.power_stack = ["Stone"]
    s.power_discard = ["Alchemist"]
    hide(s, "stonehedge")
    start_turn(s, 0)
    play(s, "conquer 8")
    assert s.stonehedge == "Alchemist" and s.power_stack == ["Stone"]


def test_a_stonehedge_decline_power_works_only_in_decline() -> None:
    """[SWU p.15] "if the Special Power associated with the Stonehedge is a Power that has an
    effect on In Decline Troops (Reborn, Wise), the player only gets to use the Stonehedge's
    power once his Troops are In Decline." And an active power stops in decline."""
    s = found("stonehedge")
    s.stonehedge = "Wise"
    assert end_turn_gain(s) == 2  # active: no Wise coins
    d = declined_with("stonehedge", {8: 1}, at=8)
    d.stonehedge = "Wise"
    assert end_turn_gain(d) == 1 + 1 + 2
    a = declined_with("stonehedge", {8: 1}, at=8)
    a.stonehedge = "Alchemist"
    assert end_turn_gain(a) == 1 + 1


# --- PP-U9 the Wickedest Pentacle -----------------------------------------------------------


def test_the_pentacle_must_send_the_balrog_at_once() -> None:
    """[SWU p.15] "The player who discovers the Wickedest Pentacle immediately sends the
    Balrog invoked by it into the neighboring (i.e. sharing a common border) Region of his
    choice." FR "doit" (§6.1 #12): it is the only choice until made, and a deadline sends it
    to the first region offered."""
    s = found("pentacle", at={5: 1, 6: 1}, foe={9: 3, 11: 1})
    assert BALROG_DUE in s.turn.used
    assert texts(s) == ["balrog 9", "balrog 11"]  # 5 and 6 are P1's own; 8 the Pentacle's
    refused(s, "conquer 0", "First: balrog")
    assert default_action(s) == legal_actions(s)[0]


def test_the_balrog_conquers_an_occupied_region_for_two_tokens() -> None:
    """[SWU p.15] "If that Region is occupied, it is immediately conquered by the Balrog and
    that Region's prior occupant loses not 1, but 2 tokens (if any) into the tray as a result
    of the Balrog's conquest. The Region now containing the Balrog is immune to all players,
    and does not score Victory coins for anyone". The survivors redeploy at the end of the
    turn (§6.2 #24), and the conquest is P1's for Martyr."""
    s = found("pentacle", foe={9: 3, 11: 1}, foe_race=("Kraken", "Martyr"))
    coins = s.players[1].coins
    play(s, "balrog 9")
    assert where_is(s, "balrog") == [9]
    assert s.regions[9].race is None
    assert s.races["Kraken"].hand == 1
    assert s.players[1].coins == coins + 1  # Martyr: "conquered by an opponent"
    assert 1 in s.turn.attacked
    refused(s, "conquer 9", "immune")
    refused(s, "balrog 11", "already moved")
    assert end_turn_gain(s) == 2  # 5 and 8; nothing for 9
    assert s.turn.phase == CLOSING and s.turn.pending[0].race == "Kraken"


def test_an_immortal_victim_loses_nothing_to_the_balrog() -> None:
    """§6.2 #24: "An Immortal victim loses 0" ([SWU p.13] "keep all your Immortal tokens in
    hand")."""
    s = found("pentacle", foe={9: 3, 11: 1}, foe_race=("Kraken", "Immortal"))
    play(s, "balrog 9")
    assert s.races["Kraken"].hand == 3


def test_the_balrog_then_moves_once_a_turn_to_a_region_bordering_its_own() -> None:
    """[SWU p.15] "In subsequent turns, the player whose troops occupy the Pentacle's Region
    may move the Balrog to the neighboring Region of his choice, once at any point during his
    turn"; FR: "vers une région partageant une frontière avec celle où ce dernier se trouve"
    (§6.1 #13). "The Balrog can conquer and occupy River Regions." """
    s = found("pentacle", foe={11: 1})
    play(s, "balrog 11", "stop", "end")
    pass_turns(s, 0)
    offered = sorted(t for t in texts(s) if t.startswith("balrog"))
    assert offered == ["balrog 14", "balrog 9"]  # 8 is the Pentacle's, 10 a Chasm
    assert default_action(s) is not None and default_action(s).text == "stop"
    # Typed by hand, a region that does not border the Balrog's is refused, whatever else
    # it is (24, an empty Mudpool, is open to everyone else).
    refused(s, "balrog 24", "only to a region bordering region 11")
    play(s, "balrog 14")
    assert where_is(s, "balrog") == [14]
    assert s.regions[11].race is None
    refused(s, "balrog 13", "already moved")


def test_the_balrog_spares_gnomes_monsters_and_immune_regions() -> None:
    """[SWU p.10] "the Balrog can't conquer a Region occupied by Gnomes"; §6.2 #24: "No entry
    into Monster or immune regions"."""

    def queen(s: GameState) -> None:
        s.regions[11].markers["queen"] = 1

    s = found("pentacle", at={5: 1, 6: 1}, foe={9: 2}, foe_race=("Gnomes", "Stone"), stage=queen)
    assert not any(t.startswith("balrog") for t in texts(s))
    assert BALROG_DUE not in s.turn.used  # nowhere to go: it stays off the map
    assert [e for e in s.events if e["kind"] == "balrog_stays"]
    p = found("pentacle", monster=26, at={27: 1})
    assert texts(p) == ["balrog 24", "balrog 25"]  # 26's neighbours, 27 is P1's


def test_an_in_decline_pentacle_holder_cannot_move_the_balrog() -> None:
    """[SWU p.14] "Popular Places' powers cannot be used by Races that are In Decline"
    (§6.2 #24: "If the Pentacle's occupant is In Decline, the Balrog stays put")."""
    s = declined_with("pentacle", {8: 1}, at=8)
    s.regions[9].markers["balrog"] = 1
    assert not any(t.startswith("balrog") for t in texts(s))
    play(s, "stop")
    assert s.turn.phase == REDEPLOY
    refused(s, "balrog 6", "not possible")


def liches_and_vengeful(s: GameState) -> None:
    """P2 holds region 9 with Liches In Decline and region 11 with active Vengeful Kraken."""
    put(s, 1, "Liches", "Stone", {9: 2}, decline=True)
    put(s, 1, "Kraken", "Vengeful", {11: 1})


def test_a_balrog_conquest_is_the_pentacle_holders_for_liches_and_vengeful() -> None:
    """§6.2 #24: the Balrog's conquest "triggers Martyr, Vengeful and Liches as if made by the
    Pentacle holder": [SWU p.11] Liches "Collect 1 bonus Victory coin from any opponent each
    time they successfully conquer one of your In-Decline Liches region"; Vengeful "Give 1
    Vengeance marker to each player that attacks any of your races"."""
    s = found("pentacle", stage=liches_and_vengeful)
    coins = s.players[0].coins
    play(s, "balrog 9")
    assert s.players[0].coins == coins - 1
    assert s.players[1].marks == [0]
    assert "Liches" not in s.races  # their last region: the race In Decline leaves the map


def test_the_balrog_cannot_take_liches_for_a_player_with_no_coins() -> None:
    """[SWU p.11] "An opponent with no coins remaining cannot conquer a Region occupied by
    your Liches": nor can his Balrog."""

    def broke(s: GameState) -> None:
        liches_and_vengeful(s)
        s.players[0].coins = 0

    s = found("pentacle", at={5: 1, 6: 1}, stage=broke)
    assert texts(s) == ["balrog 11"]
    refused(s, "balrog 9", "First: balrog 11")
