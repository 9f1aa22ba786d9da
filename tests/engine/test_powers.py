"""Rule tests for the 20 Small World special powers [SW "Special Powers"], checklist B-P1..B-P20.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``); the region facts used below (terrain, features, adjacency) are:

     1 Farmland, coastal (next to Sea 0), edge     2 Forest, next to the Lake 7
     3 Swamp, Cavern, Lost Tribe                   4 Hill, edge
     5 Mountain (marker), Cavern, next to Sea 0    6 Hill, Lost Tribe, next to the Lake 7
     7 Lake                                        8 Mountain (marker), interior
     9 Farmland, interior (not an entry region)    14 Hill, Cavern, Lost Tribe
    16 Swamp, Lost Tribe                           17 Hill, Cavern (not next to 5)
    19 Mountain (marker)                           0, 22 Seas
"""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.board import marker_total
from engine.core.conquest import conquest_cost
from engine.core.content import components, load_map
from engine.core.rng import mix
from engine.core.state import CLOSING, CONQUER, REDEPLOY, Combo, GameState

from .helpers import clear_board, fresh, owned, play, put, texts, turn

MAP = load_map("sw-2p")


# --- fixture helpers ------------------------------------------------------------------------


def board(players: int = 2, *, tribes: bool = False) -> GameState:
    """A fresh game on the 2-player map; Lost Tribes removed unless ``tribes``."""
    s = fresh(players, map_id="sw-2p")
    return s if tribes else clear_board(s)


def force_die(s: GameState, face: int) -> None:
    """Set the RNG counter so that the next die roll shows ``face``."""
    faces = components()["die_faces"]
    c = s.rng_counter
    while faces[mix(s.seed, c + 1) % len(faces)] != face:
        c += 1
    s.rng_counter = c


def gain_at_end(s: GameState, seat: int, action: str = "end") -> int:
    """Stage ``seat``'s redeployment, end the turn, and return the coins it scored."""
    turn(s, seat, phase=REDEPLOY)
    before = s.players[seat].coins
    play(s, action)
    return s.players[seat].coins - before


def gain_on_decline(s: GameState, seat: int) -> int:
    """Stage ``seat``'s turn, put its active race in decline, return the coins it scored."""
    turn(s, seat)
    before = s.players[seat].coins
    play(s, "decline")
    return s.players[seat].coins - before


def refused(s: GameState, action: str) -> None:
    """The action is neither listed nor accepted."""
    assert action not in texts(s)
    with pytest.raises(IllegalAction):
        play(s, action)


def market_top(s: GameState, race: str, power: str) -> None:
    """Put ``race``/``power`` first in the combo column (taken out of the stacks)."""
    for stack, name in ((s.race_stack, race), (s.power_stack, power)):
        if name in stack:
            stack.remove(name)
    s.market = [c for c in s.market if c.race != race and c.power != power]
    s.market.insert(0, Combo(race, power))


def test_map_facts_used_by_these_tests() -> None:
    """The region facts listed in the module docstring hold for ``sw-2p``."""
    r = MAP.regions
    assert (r[1].terrain, r[1].coastal, r[1].entry) == ("Farmland", True, True)
    assert r[2].terrain == "Forest" and 7 in r[2].adjacent
    assert "Cavern" in r[3].features and r[3].terrain == "Swamp"
    assert r[4].terrain == "Hill" and r[6].terrain == "Hill"
    assert "Cavern" in r[5].features and r[5].terrain == "Mountain"
    assert r[7].terrain == "Lake" and {r[0].terrain, r[22].terrain} == {"Sea"}
    assert r[9].terrain == "Farmland" and not r[9].entry
    assert MAP.with_feature("Cavern") == {3, 5, 14, 17}
    assert 17 not in r[5].adjacent and 16 not in r[5].adjacent
    assert 19 not in r[1].adjacent


# --- scoring powers: Alchemist, Forest, Hill, Merchant, Swamp, Wealthy ------------------------

# (power, regions held, bonus coins, rulebook sentence)
BONUS_TABLE = [
    (
        "Alchemist",
        [1, 4],
        2,
        "[SW Alchemist] Collect 2 bonus Victory coins at the end of each turn your race "
        "hasn't yet gone into Decline.",
    ),
    (
        "Forest",
        [2, 21, 4],
        2,
        "[SW Forest] Collect 1 bonus Victory coin for each Forest Region you occupy at turn's end.",
    ),
    (
        "Hill",
        [4, 6, 17, 1],
        3,
        "[SW Hill] Collect 1 bonus Victory coin for each Hill Region you occupy at turn's end.",
    ),
    (
        "Swamp",
        [3, 16, 20, 1],
        3,
        "[SW Swamp] Collect 1 bonus Victory coin for each Swamp Region you occupy at turn's end.",
    ),
    (
        "Merchant",
        [1, 2, 4],
        3,
        "[SW Merchant] Collect 1 bonus Victory coin for any Region you occupy at turn's end.",
    ),
    (
        "Wealthy",
        [1, 2],
        7,
        "[SW Wealthy] Collect 7 bonus Victory coins, once only, at the end of your first turn.",
    ),
]


@pytest.mark.parametrize(
    ("power", "regions", "bonus", "rule"), BONUS_TABLE, ids=[row[0] for row in BONUS_TABLE]
)
def test_scoring_power_pays_its_bonus_while_active(
    power: str, regions: list[int], bonus: int, rule: str
) -> None:
    """1 coin per region plus the power's bonus at the end of an active turn (see ``rule``)."""
    s = board()
    put(s, 0, "Ratmen", power, dict.fromkeys(regions, 1))
    assert gain_at_end(s, 0) == len(regions) + bonus


@pytest.mark.parametrize(
    ("power", "regions", "bonus", "rule"), BONUS_TABLE, ids=[row[0] for row in BONUS_TABLE]
)
def test_scoring_power_pays_nothing_on_the_decline_turn(
    power: str, regions: list[int], bonus: int, rule: str
) -> None:
    """[SW Entering In Decline] "He gains 1 Victory coin for each Region his newly In Decline
    tokens occupy, but unless stated otherwise, he scores no Victory coins from his now In
    Decline Race banner power or discarded Special Power benefits."
    """
    s = board()
    put(s, 0, "Ratmen", power, dict.fromkeys(regions, 2))
    s.races["Ratmen"].turns = 3
    assert gain_on_decline(s, 0) == len(regions)


@pytest.mark.parametrize(
    ("power", "regions", "bonus", "rule"), BONUS_TABLE, ids=[row[0] for row in BONUS_TABLE]
)
def test_scoring_power_of_an_older_decline_race_pays_nothing(
    power: str, regions: list[int], bonus: int, rule: str
) -> None:
    """[SW Scoring] "The Regions these In Decline tokens occupy also each contribute 1 Victory
    coin to the player; Though the Race banner and Special Power benefits no longer contribute
    any bonus coins"."""
    s = board()
    put(s, 0, "Ratmen", power, dict.fromkeys(regions, 1), decline=True)
    put(s, 0, "Elves", "Commando", {11: 1})
    assert gain_at_end(s, 0) == len(regions) + 1


def test_alchemist_pays_every_active_turn() -> None:
    """[SW Alchemist] "Collect 2 bonus Victory coins at the end of each turn your race hasn't
    yet gone into Decline." — not only once: the second turn pays again."""
    s = board()
    put(s, 0, "Ratmen", "Alchemist", {1: 1})
    assert gain_at_end(s, 0) == 3
    assert gain_at_end(s, 0) == 3


def test_wealthy_pays_only_at_the_end_of_the_races_first_turn() -> None:
    """[SW Wealthy] "Collect 7 bonus Victory coins, once only, at the end of your first turn."

    Played for real: the turn the combo is picked pays 7, the next one does not.
    """
    s = board()
    market_top(s, "Ratmen", "Wealthy")
    play(s, "pick 1", "conquer 1", "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 1 + 7
    # Seat 1 picks a race and passes; seat 0's second turn starts.
    play(s, "pick 1", "stop", "end")
    assert s.turn.seat == 0 and s.turn.phase == CONQUER
    play(s, "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 1


def test_wealthy_pays_nothing_after_the_first_turn() -> None:
    """[SW Wealthy] "Collect 7 bonus Victory coins, once only, at the end of your first turn." """
    s = board()
    put(s, 0, "Ratmen", "Wealthy", {1: 1, 2: 1}).turns = 1
    assert gain_at_end(s, 0) == 2


def test_forest_ignores_other_terrains() -> None:
    """[SW Forest] "Collect 1 bonus Victory coin for each Forest Region you occupy" — a Hill,
    Swamp or Farmland earns no Forest bonus."""
    s = board()
    put(s, 0, "Ratmen", "Forest", {1: 1, 3: 1, 4: 1})
    assert gain_at_end(s, 0) == 3


def test_hill_and_swamp_ignore_other_terrains() -> None:
    """[SW Hill] "for each Hill Region you occupy"; [SW Swamp] "for each Swamp Region you
    occupy" — a Hill race on Swamps and a Swamp race on Hills earn no bonus."""
    s = board()
    put(s, 0, "Ratmen", "Hill", {3: 1, 16: 1})
    put(s, 1, "Elves", "Swamp", {4: 1, 6: 1})
    assert gain_at_end(s, 0) == 2
    assert gain_at_end(s, 1) == 2


def test_merchant_counts_only_its_own_races_regions() -> None:
    """[SW Merchant] "Collect 1 bonus Victory coin for any Region you occupy at turn's end." —
    [SW Special Powers] "you" means the tokens of this race: "this usually excludes any token
    In Decline from your earlier race"."""
    s = board()
    put(s, 0, "Humans", "Commando", {11: 1, 16: 1, 18: 1}, decline=True)
    put(s, 0, "Ratmen", "Merchant", {1: 1, 2: 1})
    # 3 decline regions + 2 Ratmen regions + 2 Merchant coins.
    assert gain_at_end(s, 0) == 3 + 2 + 2


# --- Berserk ----------------------------------------------------------------------------------


def test_berserk_die_lowers_the_cost_of_the_next_conquest() -> None:
    """[SW Berserk] "Roll the die first; select the Region you wish to conquer; then place the
    required number of Race tokens (minus the die results) there."
    """
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=6)
    put(s, 1, "Orcs", "Commando", {2: 3})  # cost 2 + 3 = 5
    turn(s, 0)
    assert "roll" in texts(s)
    force_die(s, 3)
    play(s, "roll", "conquer 2")
    assert owned(s, "Ratmen")[2] == 2
    assert s.races["Ratmen"].hand == 4


def test_berserk_die_never_brings_the_cost_under_one() -> None:
    """[SW Berserk] "As usual, a minimum of 1 token is still required to attempt the
    conquest." — a 3 on an empty region (cost 2) still needs 1 token."""
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=6)
    turn(s, 0)
    force_die(s, 3)
    play(s, "roll", "conquer 2")
    assert owned(s, "Ratmen")[2] == 1
    assert s.races["Ratmen"].hand == 5


def test_berserk_die_counts_for_one_conquest_only() -> None:
    """[SW Berserk] "You may use the Reinforcement die before each of your conquests" — a roll
    serves the conquest that follows it; the next one costs full price unless rolled again."""
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=6)
    turn(s, 0)
    force_die(s, 3)
    play(s, "roll")
    assert "roll" not in texts(s)  # one roll per conquest
    play(s, "conquer 2")
    assert "roll" in texts(s)  # rolled again before the next conquest
    play(s, "conquer 3")  # no roll: full cost 2
    assert owned(s, "Ratmen")[3] == 2


def test_berserk_short_after_the_roll_cannot_conquer() -> None:
    """[SW Berserk] "If you do not have enough tokens left, this is your final conquest attempt
    for the turn." — tokens plus die below the cost: the region is not taken."""
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=1)
    put(s, 1, "Orcs", "Commando", {2: 2})  # cost 4; 1 token + die 1 is not enough
    turn(s, 0)
    force_die(s, 1)
    play(s, "roll")
    refused(s, "conquer 2")
    assert s.regions[2].race == "Orcs"


def test_berserk_may_roll_again_after_a_zero() -> None:
    """[SW Berserk] "You may use the Reinforcement die before each of your conquests, rather
    than just the last one of your turn." — after a roll of 0 and a conquest, the next
    conquest may be preceded by a new roll."""
    s = board()
    put(s, 0, "Ratmen", "Berserk", {1: 1}, hand=8)
    turn(s, 0)
    force_die(s, 0)
    play(s, "roll", "conquer 2")
    assert owned(s, "Ratmen")[2] == 2
    assert "roll" in texts(s)


def test_only_active_berserk_races_roll_before_conquering() -> None:
    """[SW Berserk] "You may use the Reinforcement die before each of your conquests, rather
    than just the last one of your turn." — other races, and a Berserk race In Decline
    (Ghouls), get no such roll."""
    s = board()
    put(s, 0, "Ratmen", "Commando", {1: 1}, hand=5)
    turn(s, 0)
    assert "roll" not in texts(s)
    s = board()
    put(s, 1, "Ghouls", "Berserk", {4: 4}, decline=True)
    turn(s, 1, "Ghouls", do_ready=True)
    assert "conquer 3" in texts(s)
    assert "roll" not in texts(s)


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


# --- Commando -------------------------------------------------------------------------------


def test_commando_conquers_with_one_token_less() -> None:
    """[SW Commando] "You may conquer any Region with 1 less Race token than normal." """
    s = board()
    rs = put(s, 0, "Ratmen", "Commando", {1: 1}, hand=6)
    put(s, 1, "Orcs", "Forest", {2: 2})
    assert conquest_cost(s, rs, 2) == 2 + 2 - 1
    assert conquest_cost(s, rs, 5) == 2 + 1 - 1  # Mountain
    turn(s, 0)
    play(s, "conquer 2")
    assert owned(s, "Ratmen")[2] == 3


@pytest.mark.parametrize(("race", "expected"), [("Ratmen", 1), ("Tritons", 1)])
def test_commando_never_goes_under_one(race: str, expected: int) -> None:
    """[SW Commando] "A minimum of 1 token is still required." — an empty region costs
    2 - 1 = 1, and Tritons' own -1 on a coastal region cannot bring it to 0."""
    s = board()
    rs = put(s, 0, race, "Commando", {2: 1}, hand=4)
    assert conquest_cost(s, rs, 1) == expected
    turn(s, 0)
    play(s, "conquer 1")
    assert owned(s, race)[1] == 1
    assert rs.hand == 3


def test_commando_discount_is_lost_in_decline() -> None:
    """[SW Races and Special Powers] "the benefits granted by an Active Race banner and its
    associated Special Power badge ... no longer apply once the race is put In Decline." —
    In-Decline Ghouls with Commando pay the full cost."""
    s = board()
    rs = put(s, 1, "Ghouls", "Commando", {4: 4}, decline=True)
    assert conquest_cost(s, rs, 3) == 2
    turn(s, 1, "Ghouls", do_ready=True)
    play(s, "conquer 3")
    assert owned(s, "Ghouls")[3] == 2


# --- Diplomat ---------------------------------------------------------------------------------


def test_diplomat_cannot_ally_with_an_opponent_it_attacked() -> None:
    """[SW Diplomat] "At the end of your turn, you may select one opponent whose Active race
    you did not attack this turn as your ally." """
    s = board(3)
    put(s, 0, "Ratmen", "Diplomat", {1: 1}, hand=6)
    put(s, 1, "Orcs", "Forest", {2: 1})
    put(s, 2, "Humans", "Swamp", {16: 1})
    turn(s, 0)
    assert not any(t.startswith("peace") for t in texts(s))  # only at the end of the turn
    play(s, "conquer 2", "stop")
    assert "peace 2" in texts(s)
    refused(s, "peace 1")
    play(s, "peace 2")
    assert s.players[0].peace_with == 2


def test_diplomat_may_ally_with_an_opponent_whose_decline_race_it_attacked() -> None:
    """[SW Diplomat] "select one opponent whose Active race you did not attack this turn" —
    attacking only his In Decline race does not bar him."""
    s = board()
    put(s, 0, "Ratmen", "Diplomat", {1: 1}, hand=6)
    put(s, 1, "Orcs", "Forest", {2: 1}, decline=True)
    put(s, 1, "Humans", "Swamp", {16: 1})
    turn(s, 0)
    play(s, "conquer 2", "stop", "peace 1")
    assert s.players[0].peace_with == 1


def test_ally_cannot_attack_the_diplomats_active_race_until_its_next_turn() -> None:
    """[SW Diplomat] "You are now at peace with him and he cannot attack your active race
    until your next turn." """
    s = board()
    put(s, 0, "Ratmen", "Diplomat", {1: 1, 2: 1})
    put(s, 1, "Orcs", "Forest", {6: 9})  # readied at the start of seat 1's turn
    turn(s, 0, phase=REDEPLOY)
    play(s, "peace 1", "end")
    assert s.turn.seat == 1 and s.turn.phase == CONQUER
    assert "conquer 11" in texts(s)  # other regions are open
    refused(s, "conquer 1")
    refused(s, "conquer 2")
    refused(s, "reinforce 2")
    play(s, "stop", "end")
    # The Diplomat's next turn ends the peace (no new ally this time).
    assert s.turn.seat == 0
    play(s, "stop", "end")
    assert s.turn.seat == 1
    assert "conquer 2" in texts(s)


def test_peace_does_not_protect_the_diplomats_decline_race() -> None:
    """[SW Diplomat] "he cannot attack your active race" — the Diplomat's In Decline race
    stays open to the ally."""
    s = board()
    put(s, 0, "Humans", "Forest", {11: 1}, decline=True)
    put(s, 0, "Ratmen", "Diplomat", {1: 1})
    put(s, 1, "Orcs", "Forest", {6: 1}, hand=8)
    s.players[0].peace_with = 1
    turn(s, 1)
    assert "conquer 11" in texts(s)
    assert "conquer 1" not in texts(s)


def test_decline_ghouls_of_the_ally_may_still_attack_the_diplomat() -> None:
    """[SW Diplomat] "Tokens In Decline are not impacted (so Ghouls In Decline are immune to
    this power and may still attack you)." """
    s = board()
    put(s, 0, "Ratmen", "Diplomat", {1: 1})
    put(s, 1, "Ghouls", "Forest", {6: 5}, decline=True)
    put(s, 1, "Orcs", "Swamp", {12: 1})
    turn(s, 0, phase=REDEPLOY)
    play(s, "peace 1", "end")
    # Seat 1's turn opens with the In-Decline Ghouls' conquests.
    assert s.turn.seat == 1 and s.turn.race == "Ghouls"
    play(s, "conquer 1")
    assert s.regions[1].race == "Ghouls"


def test_peace_also_bars_the_allys_racial_and_special_powers() -> None:
    """[SW Diplomat] "he cannot attack your active race until your next turn" — neither by
    Sorcerer substitution nor by a Dragon attack."""
    s = board()
    put(s, 0, "Ratmen", "Diplomat", {1: 1})
    put(s, 1, "Sorcerers", "Dragon Master", {2: 1}, hand=5)
    turn(s, 1)
    assert {"enchant 1", "dragon 1"} <= set(texts(s))
    s.players[0].peace_with = 1
    refused(s, "enchant 1")
    refused(s, "dragon 1")


def test_peace_binds_only_the_ally() -> None:
    """[SW Diplomat] "select one opponent ... as your ally ... he cannot attack your active
    race" — a third player is not bound."""
    s = board(3)
    put(s, 0, "Ratmen", "Diplomat", {1: 1})
    put(s, 1, "Orcs", "Forest", {6: 1}, hand=8)
    put(s, 2, "Humans", "Swamp", {5: 1}, hand=8)
    s.players[0].peace_with = 1
    turn(s, 2)
    assert "conquer 1" in texts(s)
    turn(s, 1)
    assert "conquer 1" not in texts(s)


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


# --- Flying -----------------------------------------------------------------------------------


def test_flying_conquers_regions_that_are_not_adjacent() -> None:
    """[SW Flying] "You may conquer any Region of the map except Seas and Lakes. These Regions
    do not need to be adjacent or contiguous to ones you already occupy." """
    s = board()
    put(s, 0, "Ratmen", "Flying", {1: 1}, hand=5)
    turn(s, 0)
    assert {"conquer 19", "conquer 21", "conquer 9"} <= set(texts(s))
    play(s, "conquer 21")
    assert owned(s, "Ratmen") == {1: 1, 21: 2}


def test_without_flying_far_regions_are_out_of_reach() -> None:
    """[SW Conquering Regions] following conquests must be adjacent to the race's regions;
    only Flying waives this: "These Regions do not need to be adjacent"."""
    s = board()
    put(s, 0, "Ratmen", "Commando", {1: 1}, hand=5)
    turn(s, 0)
    refused(s, "conquer 21")


@pytest.mark.parametrize("water", [0, 7, 22])
def test_flying_cannot_take_seas_or_the_lake(water: int) -> None:
    """[SW Flying] "You may conquer any Region of the map except Seas and Lakes." """
    s = board()
    put(s, 0, "Ratmen", "Flying", {1: 1}, hand=8)
    turn(s, 0)
    refused(s, f"conquer {water}")
    refused(s, f"reinforce {water}")


def test_flying_first_conquest_may_land_anywhere() -> None:
    """[SW Flying] "You may conquer any Region of the map" — checklist §6.2 #4 RECOMMEND:
    "Flying first conquest. Allowed anywhere". A non-Flying race must enter at the edge."""
    s = board()
    put(s, 0, "Ratmen", "Flying", {}, hand=8)
    turn(s, 0)
    play(s, "conquer 9")
    assert owned(s, "Ratmen") == {9: 2}
    s = board()
    put(s, 0, "Ratmen", "Commando", {}, hand=8)
    turn(s, 0)
    refused(s, "conquer 9")


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


# --- Mounted ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("region", "terrain", "cost"),
    [(1, "Farmland", 1), (6, "Hill", 1), (3, "Swamp", 2), (8, "Mountain", 3), (7, "Lake", None)],
)
def test_mounted_discount_only_on_hill_and_farmland(
    region: int, terrain: str, cost: int | None
) -> None:
    """[SW Mounted] "You may conquer any Hill or Farmland Region with 1 less Race token than
    normal." — Swamps and Mountains (marker +1) cost the usual."""
    s = board()
    rs = put(s, 0, "Ratmen", "Mounted", {2: 1}, hand=5)
    assert MAP.regions[region].terrain == terrain
    turn(s, 0)
    if cost is None:
        refused(s, f"conquer {region}")
        return
    assert conquest_cost(s, rs, region) == cost
    play(s, f"conquer {region}")
    assert owned(s, "Ratmen")[region] == cost


def test_mounted_never_goes_under_one() -> None:
    """[SW Mounted] "A minimum of 1 token is still required." — Tritons' -1 on coastal
    Farmland plus Mounted's -1 still costs 1."""
    s = board()
    rs = put(s, 0, "Tritons", "Mounted", {2: 1}, hand=5)
    assert conquest_cost(s, rs, 1) == 1
    turn(s, 0)
    play(s, "conquer 1")
    assert owned(s, "Tritons")[1] == 1


# --- Pillaging --------------------------------------------------------------------------------


def test_pillaging_pays_for_non_empty_conquests_only() -> None:
    """[SW Pillaging] "Each non-empty Region you conquer this turn is worth 1 bonus Victory
    coin at turn's end." — [SW] "A Region that contains a Mountain marker but no Lost Tribe or
    enemy Race token is considered empty." """
    s = board(tribes=True)
    put(s, 0, "Ratmen", "Pillaging", {2: 1}, hand=12)
    put(s, 1, "Orcs", "Forest", {1: 1})
    turn(s, 0)
    # 6: Lost Tribe (non-empty); 1: Orcs (non-empty); 8: Mountain only (empty).
    play(s, "conquer 6", "conquer 1", "conquer 8", "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 4 + 2


def test_pillaging_pays_nothing_without_conquests_this_turn() -> None:
    """[SW Pillaging] "Each non-empty Region you conquer this turn" — regions taken on earlier
    turns, or by the player's In-Decline Ghouls before the active race plays, do not count."""
    s = board(tribes=True)
    put(s, 0, "Ghouls", "Forest", {4: 4}, decline=True)
    put(s, 0, "Ratmen", "Pillaging", {1: 1, 6: 1})
    turn(s, 0, "Ghouls", do_ready=True)
    play(s, "conquer 3", "stop", "finish")  # Ghouls take a Lost Tribe region
    assert s.turn.race == "Ratmen"
    play(s, "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 2 + 2  # 2 Ratmen + 2 Ghoul regions, no bonus


def test_pillaging_is_lost_in_decline() -> None:
    """[SW Races and Special Powers] the Special Power benefits "no longer apply once the race
    is put In Decline" — In-Decline Ghouls with Pillaging earn no bonus for their conquests."""
    s = board(tribes=True)
    put(s, 0, "Ghouls", "Pillaging", {4: 4}, decline=True)
    put(s, 0, "Ratmen", "Forest", {19: 1})
    turn(s, 0, "Ghouls", do_ready=True)
    play(s, "conquer 3", "stop", "finish", "stop")
    before = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins - before == 3


# --- Seafaring --------------------------------------------------------------------------------


def test_seafaring_conquers_the_lake_as_an_empty_region() -> None:
    """[SW Seafaring] "As long as your Seafaring race is active, you may conquer the Seas and
    the Lake, considering them as 3 empty Regions." """
    s = board()
    rs = put(s, 0, "Ratmen", "Seafaring", {2: 1}, hand=5)
    assert conquest_cost(s, rs, 7) == 2
    turn(s, 0)
    play(s, "conquer 7")
    assert owned(s, "Ratmen") == {2: 1, 7: 2}


def test_seafaring_may_enter_the_map_by_sea() -> None:
    """[SW Seafaring] "you may conquer the Seas and the Lake" — a Sea on the edge of the board
    is a valid first conquest."""
    s = board()
    put(s, 0, "Ratmen", "Seafaring", {}, hand=5)
    turn(s, 0)
    play(s, "conquer 22")
    assert owned(s, "Ratmen") == {22: 2}


def test_seafaring_keeps_and_scores_water_in_decline() -> None:
    """[SW Seafaring] "You keep these Regions even once you go into Decline, and continue
    scoring for them for as long as you have tokens there." """
    s = board()
    put(s, 0, "Ratmen", "Seafaring", {2: 2, 7: 3})
    assert gain_on_decline(s, 0) == 2
    assert owned(s, "Ratmen") == {2: 1, 7: 1}
    put(s, 0, "Humans", "Forest", {16: 1})
    assert gain_at_end(s, 0) == 2 + 1


def test_only_active_seafaring_races_enter_water() -> None:
    """[SW Seafaring] "Only Seafaring races may occupy the Seas and the Lake." and "As long as
    your Seafaring race is active" — other races, and Seafaring Ghouls In Decline, cannot."""
    s = board()
    put(s, 0, "Ratmen", "Commando", {2: 1}, hand=8)
    turn(s, 0)
    refused(s, "conquer 7")
    s = board()
    put(s, 1, "Ghouls", "Seafaring", {2: 4}, decline=True)
    turn(s, 1, "Ghouls", do_ready=True)
    assert "conquer 6" in texts(s)
    refused(s, "conquer 7")


# --- Spirit -----------------------------------------------------------------------------------


def test_spirit_decline_keeps_the_older_decline_race() -> None:
    """[SW Spirit] "You may thus end up with two different races In Decline on the map at the
    same time and score for them both." """
    s = board()
    put(s, 0, "Ratmen", "Forest", {4: 1}, decline=True)
    put(s, 0, "Humans", "Spirit", {1: 2, 2: 1})
    assert gain_on_decline(s, 0) == 1 + 2
    assert s.players[0].declined == ["Ratmen", "Humans"]
    assert owned(s, "Ratmen") == {4: 1}
    assert owned(s, "Humans") == {1: 1, 2: 1}
    assert "Spirit" not in s.power_discard  # the badge stays with its race


def test_third_decline_removes_the_non_spirit_race() -> None:
    """[SW Spirit] "If a third race you control goes into Decline, your Spirits remain on the
    board, although the other race already In Decline disappears, as normal." """
    s = board()
    put(s, 0, "Ratmen", "Forest", {4: 1}, decline=True)
    put(s, 0, "Humans", "Spirit", {1: 1}, decline=True)
    put(s, 0, "Orcs", "Commando", {9: 2})
    assert gain_on_decline(s, 0) == 1 + 1
    assert sorted(s.players[0].declined) == ["Humans", "Orcs"]
    assert "Ratmen" not in s.races
    assert s.regions[4].race is None
    assert owned(s, "Humans") == {1: 1}


def test_without_spirit_only_one_race_stays_in_decline() -> None:
    """[SW Entering In Decline] "Each player can only have a single race In Decline on the map
    at any given time." — Spirit's exemption belongs to the Spirit race alone."""
    s = board()
    put(s, 0, "Ratmen", "Forest", {4: 1}, decline=True)
    put(s, 0, "Humans", "Commando", {1: 2})
    gain_on_decline(s, 0)
    assert s.players[0].declined == ["Humans"]
    assert s.regions[4].race is None


# --- Stout ------------------------------------------------------------------------------------


def test_stout_declines_right_after_scoring() -> None:
    """[SW Stout] "You may go In Decline at the end of a regular turn of conquests, after
    scoring, instead of spending an entire turn going into Decline." """
    s = board()
    put(s, 0, "Ratmen", "Forest", {4: 1}, decline=True)
    rs = put(s, 0, "Humans", "Stout", {2: 1}, hand=6)
    rs.turns = 2
    turn(s, 0)
    play(s, "conquer 1", "conquer 6", "stop")
    assert "end decline" in texts(s)
    before = s.players[0].coins
    play(s, "end decline")
    # Scored once, as an active race (Farmland 1 for Humans), plus the old decline race.
    assert s.players[0].coins - before == 3 + 1 + 1
    assert rs.in_decline and s.players[0].active is None
    assert s.players[0].declined == ["Humans"]  # the older decline race is gone
    assert all(n == 1 for n in owned(s, "Humans").values())


def test_only_stout_declines_at_the_end_of_a_conquest_turn() -> None:
    """[SW Entering In Decline] "The player can make no conquests during the turn his race
    goes into decline" — only Stout may decline after conquering."""
    s = board()
    put(s, 0, "Humans", "Forest", {2: 1}, hand=6).turns = 2
    turn(s, 0)
    play(s, "conquer 1", "stop")
    refused(s, "end decline")
    s = board()
    put(s, 0, "Humans", "Stout", {2: 1}, hand=6).turns = 2
    turn(s, 0)
    play(s, "conquer 1")
    refused(s, "decline")  # the whole-turn decline is gone once conquering started


# --- Underworld -------------------------------------------------------------------------------


@pytest.mark.parametrize(("region", "cost"), [(3, 1), (5, 2), (1, 2), (6, 2)])
def test_underworld_discount_only_on_caverns(region: int, cost: int) -> None:
    """[SW Underworld] "You may conquer any Region with a Cavern with 1 less Race token than
    normal." — 3 (Cavern) 2-1; 5 (Cavern, Mountain) 3-1; 1 and 6 (no Cavern) 2."""
    s = board()
    rs = put(s, 0, "Ratmen", "Underworld", {2: 1})
    assert conquest_cost(s, rs, region) == cost


def test_underworld_caverns_are_adjacent_to_each_other() -> None:
    """[SW Underworld] "All Regions with a Cavern are also considered adjacent to each other
    for your conquest purposes." """
    s = board()
    put(s, 0, "Ratmen", "Underworld", {5: 1}, hand=5)
    turn(s, 0)
    assert {"conquer 3", "conquer 14", "conquer 17"} <= set(texts(s))
    play(s, "conquer 17")
    assert owned(s, "Ratmen") == {5: 1, 17: 1}


def test_underworld_adjacency_is_only_between_caverns_and_only_for_that_race() -> None:
    """[SW Underworld] "All Regions with a Cavern are also considered adjacent to each other
    for your conquest purposes." — not for another race in the same Cavern, not from a region
    without a Cavern, and not to a region without one."""
    s = board()
    put(s, 0, "Ratmen", "Commando", {5: 1}, hand=5)
    turn(s, 0)
    refused(s, "conquer 17")
    s = board()
    put(s, 0, "Ratmen", "Underworld", {1: 1}, hand=5)
    turn(s, 0)
    refused(s, "conquer 17")
    s = board()
    put(s, 0, "Ratmen", "Underworld", {5: 1}, hand=5)
    turn(s, 0)
    refused(s, "conquer 16")  # next to Cavern 17, but not a Cavern itself


def test_underworld_is_lost_in_decline() -> None:
    """[SW Races and Special Powers] the Special Power benefits "no longer apply once the race
    is put In Decline" — In-Decline Ghouls with Underworld neither jump between Caverns nor
    pay less for them."""
    s = board()
    rs = put(s, 1, "Ghouls", "Underworld", {5: 4}, decline=True)
    assert conquest_cost(s, rs, 3) == 2
    turn(s, 1, "Ghouls", do_ready=True)
    refused(s, "conquer 17")
