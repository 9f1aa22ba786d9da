"""Rule tests for the Underground special powers that score or act on their own [SWU "Special
Powers"], checklist U-P1..U-P21 (Magic is with the Relics; Vampire, Royal, Shield, Reborn and
Tomb are in ``test_powers_underground_acts``).

Every test quotes the rulebook line it checks. Positions are staged with ``put`` on the
2-player Underground map (``swu-2p``) and each turn is begun with the real
``engine.core.turns.start_turn``. Neutral races (Ratmen, Elves, Humans: no bonus underground;
Wizards would score Mystic Crystals as Magic Sources, ruling 102) carry the powers, so only
the power under test changes the result. Region facts used below:

     0 Mine, edge (next to 1, 5)                 1 Mushroom Forest, edge (next to 0, 2)
     2 Black Mountain, edge, coastal (River 12)  4 Mudpool, coastal (River 12)
     5 Mystic Crystals, edge (next to 0, 6)      6 Black Mountain (next to 5)
    11 Mine, edge, coastal (River 14)           12, 13 River
    15 Mystic Crystals, edge, coastal            16 Mudpool, edge
    22 Mine, edge                                24 Mudpool, borders Chasms 21 and 23
    26 Mushroom Forest, Monsters (next to 27)    27 Mystic Crystals, edge (next to 22, 26)
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, from_json, to_json
from engine.core.board import tray
from engine.core.conquest import conquest_cost
from engine.core.legal import default_action, legal_actions
from engine.core.scoring import score
from engine.core.state import CLOSING, GameState
from engine.core.turns import start_turn

from .helpers import fresh, play, put, reveal, texts


def ug(players: int = 2) -> GameState:
    """A fresh 2-player Underground game, ready to be staged."""
    return fresh(players, world="underground")


def turn_gain(s: GameState, seat: int = 0, *actions: str) -> int:
    """Begin ``seat``'s turn for real, play ``actions`` (default: stop and end the turn) and
    return the coins the seat gained."""
    start_turn(s, seat)
    before = s.players[seat].coins
    play(s, *(actions or ("stop", "end")))
    return s.players[seat].coins - before


def kinds(s: GameState, kind: str) -> list[dict[str, object]]:
    """This turn's and last turn's events of one kind."""
    return [e for e in s.last_events + s.events if e["kind"] == kind]


# --- Adventurous (U-P1) -----------------------------------------------------------------------


def test_adventurous_scores_each_region_with_a_popular_place() -> None:
    """[SWU "Adventurous"] "Collect 1 bonus Victory coin for each Region containing a Popular
    Place that you occupy at turn's end." """
    s = ug()
    put(s, 0, "Ratmen", "Adventurous", {0: 1, 1: 1, 5: 1})
    reveal(s, 0, "pipe")  # the Great Brass Pipe, a Popular Place
    assert turn_gain(s) == 3 + 1


def test_adventurous_ignores_relics_and_places_held_by_others() -> None:
    """[SWU "Adventurous"] "each Region containing a Popular Place that you occupy": a Relic is
    no Place, and a Place in a region the race does not hold scores nothing."""
    s = ug()
    put(s, 0, "Ratmen", "Adventurous", {0: 1, 1: 1})
    reveal(s, 1, "doormat")  # the Flying Doormat, a Righteous Relic
    reveal(s, 2, "pipe")  # a Place, but in an empty region
    assert turn_gain(s) == 2


# --- Fisher (U-P2) ----------------------------------------------------------------------------


def test_fisher_scores_each_complete_pair_of_coastal_regions() -> None:
    """[SWU "Fisher"] "Collect 1 bonus Victory coin for each complete pair of Coastal Regions
    that you occupy at turn's end. Coastal Regions are all those sharing a border with the
    River" """
    s = ug()
    put(s, 0, "Ratmen", "Fisher", {2: 1, 4: 1, 11: 1, 15: 1, 0: 1})
    assert turn_gain(s) == 5 + 2


def test_fisher_odd_coastal_region_and_river_regions_do_not_count() -> None:
    """[SWU "Fisher"] "each complete pair" and "excluding the River Regions themselves": three
    coastal regions make one pair; River regions (held here, as by Kraken) are no coast."""
    s = ug()
    put(s, 0, "Ratmen", "Fisher", {2: 1, 4: 1, 11: 1})
    assert turn_gain(s) == 3 + 1
    s = ug()
    put(s, 0, "Ratmen", "Fisher", {12: 1, 13: 1, 2: 1})
    before = s.players[0].coins
    score(s, 0)
    assert s.players[0].coins - before == 3  # one per region, no pair


# --- Flocking (U-P3) --------------------------------------------------------------------------


def test_flocking_scores_two_when_all_regions_form_one_set() -> None:
    """[SWU "Flocking"] "Collect 2 bonus Victory coins if all of your Regions form a single set
    of Regions on the map at turn's end." """
    s = ug()
    put(s, 0, "Ratmen", "Flocking", {0: 1, 1: 1, 2: 1})
    assert turn_gain(s) == 3 + 2


def test_flocking_split_regions_score_nothing() -> None:
    """[SWU "Flocking"] "if all of your Regions form a single set": 0 and 2 share no border."""
    s = ug()
    put(s, 0, "Ratmen", "Flocking", {0: 1, 2: 1})
    assert turn_gain(s) == 2


def test_flocking_counts_adjacency_a_power_gives() -> None:
    """[SWU "Flocking"] "Flocking Spiderines spread out along separate Chasm Regions will still
    be considered Flocking and score this Flocking bonus" (ruling §6.2 #28)."""
    s = ug()
    put(s, 0, "Spiderines", "Flocking", {0: 1, 24: 1})  # both border a Chasm, far apart
    assert turn_gain(s) == 2 + 2


# --- Frightened (U-P4) ------------------------------------------------------------------------


def test_frightened_scores_regions_with_three_tokens_or_more() -> None:
    """[SWU "Frightened"] "Collect 1 bonus Victory coin for each Region you occupy with at
    least 3 Race tokens at turn's end." Region 1, with 2 tokens, scores no bonus."""
    s = ug()
    put(s, 0, "Ratmen", "Frightened", {0: 3, 1: 2, 5: 4})
    assert turn_gain(s) == 3 + 2


def test_frightened_does_not_work_in_decline() -> None:
    """[SWU "The Races and Special Powers"] the benefits "no longer apply once the race is put
    In Decline": In-Decline Frightened with 3 tokens in a region score one coin for it."""
    s = ug()
    put(s, 0, "Ratmen", "Frightened", {0: 3}, decline=True)
    put(s, 0, "Elves", "Stone", {27: 1})
    assert turn_gain(s) == 2


# --- Immortal (U-P5) --------------------------------------------------------------------------


def _attack(victim_power: str, *, decline: bool = False) -> GameState:
    """Seat 1 holds region 1 (3 tokens) and 9; seat 0's Wizards take region 1 from 0."""
    s = ug()
    put(s, 1, "Ratmen", victim_power, {1: 3, 9: 1}, decline=decline)
    put(s, 0, "Elves", "Stone", {0: 1}, hand=8)
    start_turn(s, 0)
    play(s, "conquer 1")
    return s


def test_immortal_keep_every_token_when_conquered() -> None:
    """[SWU "Immortal"] "When the enemy conquers one of your Regions, keep all your Immortal
    tokens in hand for redeployment at the end of the current player's turn, rather than
    discarding 1 back in the storage tray" """
    s = _attack("Immortal")
    assert s.races["Ratmen"].hand == 3
    play(s, "stop", "end")
    assert s.turn.phase == CLOSING and s.turn.pending[0].seat == 1
    play(s, "deploy 9 3")
    assert s.regions[9].tokens == 4
    assert tray(s, "Ratmen") == 13 - 4


def test_immortal_in_decline_lose_a_token_as_usual() -> None:
    """[SWU "The Races and Special Powers"] benefits "no longer apply once the race is put In
    Decline": In-Decline Immortals discard one token like anyone."""
    s = _attack("Immortal", decline=True)
    assert s.races["Ratmen"].hand == 2


# --- Martyr (U-P7) ----------------------------------------------------------------------------


def test_martyr_collects_a_coin_when_a_region_is_conquered() -> None:
    """[SWU "Martyr"] "Collect 1 bonus Victory coin from the bank each time one of the Regions
    your Martyrs occupy is conquered by an opponent." """
    s = ug()
    before = s.players[1].coins
    s = _attack("Martyr")
    assert s.players[1].coins == before + 1
    (e,) = kinds(s, "martyr")
    assert e["seat"] == 1 and e["coins"] == 1 and not e.get("private")


def test_martyr_in_decline_collect_nothing() -> None:
    """[SWU "The Races and Special Powers"] benefits "no longer apply once the race is put In
    Decline" (Martyr says nothing of decline)."""
    s = ug()
    before = s.players[1].coins
    s = _attack("Martyr", decline=True)
    assert s.players[1].coins == before
    assert not kinds(s, "martyr")


# --- Mining, Muddy, Mystic, Stone (U-P8, U-P9, U-P10, U-P15) ----------------------------------


@pytest.mark.parametrize(
    ("power", "regions", "bonus"),
    [
        # [SWU "Mining"] "Collect 1 bonus Victory coin for each Mining Region you occupy"
        ("Mining", {0: 1, 11: 1, 5: 1}, 2),
        # [SWU "Muddy"] "for each Muddy Region you occupy at turn's end"
        ("Muddy", {4: 1, 16: 1, 0: 1}, 2),
        # [SWU "Mystic"] "for each Mystic Crystal Region you occupy at turn's end"
        ("Mystic", {5: 1, 15: 1, 27: 1, 0: 1}, 3),
        # [SWU "Stone"] "for each Black Mountain Region you occupy at turn's end"
        ("Stone", {2: 1, 6: 1, 5: 1}, 2),
    ],
)
def test_terrain_powers_score_their_terrain(
    power: str, regions: dict[int, int], bonus: int
) -> None:
    """[SWU "Mining", "Muddy", "Mystic", "Stone"] "Collect 1 bonus Victory coin for each ...
    Region you occupy at turn's end." Only regions of the power's terrain add a coin."""
    s = ug()
    put(s, 0, "Ratmen", power, regions)
    assert turn_gain(s) == len(regions) + bonus


@pytest.mark.parametrize(
    ("power", "regions"), [("Mining", [0, 11]), ("Mystic", [5, 15]), ("Stone", [2, 6])]
)
def test_terrain_powers_stop_in_decline(power: str, regions: list[int]) -> None:
    """[SWU "The Races and Special Powers"] the benefits "no longer apply once the race is put
    In Decline"; only Muddy says "even when In Decline"."""
    s = ug()
    put(s, 0, "Ratmen", power, dict.fromkeys(regions, 1), decline=True)
    put(s, 0, "Elves", "Fisher", {27: 1})
    assert turn_gain(s) == 3


def test_muddy_scores_even_in_decline_and_keeps_its_badge() -> None:
    """[SWU "Muddy"] "Collect 1 bonus Victory coin for each Muddy Region you occupy at turn's
    end, even when In Decline." [SWU p.8] the badge is discarded "unless dictated otherwise
    (e.g. Muddy, Reborn, Royal, etc...)" """
    s = ug()
    put(s, 0, "Ratmen", "Muddy", {4: 1, 16: 1, 0: 1})
    start_turn(s, 0)
    play(s, "decline")
    assert "Muddy" not in s.power_discard
    put(s, 0, "Elves", "Fisher", {27: 1})
    assert turn_gain(s) == 4 + 2


# --- Quarreling (U-P11) -----------------------------------------------------------------------


def test_quarreling_scores_each_separate_set() -> None:
    """[SWU "Quarreling"] "If all your Quarreling tokens form a single contiguous set of
    Regions on the map you score 1 bonus coin; If they are split across two separate sets, you
    score 2 bonus Coins; etc..." """
    s = ug()
    put(s, 0, "Ratmen", "Quarreling", {0: 1, 1: 1})
    assert turn_gain(s) == 2 + 1
    s = ug()
    put(s, 0, "Ratmen", "Quarreling", {0: 1, 24: 1, 16: 1})
    assert turn_gain(s) == 3 + 3


def test_quarreling_sets_follow_power_given_adjacency() -> None:
    """[SWU-FR "Querelleurs"] "Des régions considérées comme adjacentes ... forment un bloc
    même si elles ne partagent pas de frontière" (ruling §6.2 #28): Spiderines' Chasm borders
    join the three regions into one set."""
    s = ug()
    put(s, 0, "Spiderines", "Quarreling", {0: 1, 24: 1, 27: 1})
    assert turn_gain(s) == 3 + 1


# --- Thieving (U-P16) -------------------------------------------------------------------------


def test_thieving_takes_a_coin_from_each_bordering_active_player() -> None:
    """[SWU "Thieving"] "Collect 1 bonus Victory coin from each player with at least one active
    Race token bordering one of the Regions your Thieves occupy at turn's end." One coin per
    player, however many regions border."""
    s = ug()
    put(s, 0, "Ratmen", "Thieving", {0: 1})
    put(s, 1, "Elves", "Stone", {1: 1, 5: 1})
    victim = s.players[1].coins
    assert turn_gain(s) == 1 + 1
    assert s.players[1].coins == victim - 1
    (e,) = kinds(s, "steal")
    assert (e["seat"], e["victim"], e["coins"]) == (0, 1, 1) and not e.get("private")


def test_thieving_player_with_no_coin_pays_nothing() -> None:
    """Ruling §6.2 #27 "Thieving with 0 coins. No payment." The event tells only that nothing
    was paid."""
    s = ug()
    put(s, 0, "Ratmen", "Thieving", {0: 1})
    put(s, 1, "Elves", "Stone", {1: 1})
    s.players[1].coins = 0
    assert turn_gain(s) == 1
    assert s.players[1].coins == 0
    (e,) = kinds(s, "steal")
    assert e["coins"] == 0


def test_thieving_ignores_decline_tokens_and_distant_players() -> None:
    """[SWU "Thieving"] "with at least one active Race token bordering": In-Decline tokens next
    door and active tokens far away pay nothing."""
    s = ug()
    put(s, 0, "Ratmen", "Thieving", {0: 1})
    put(s, 1, "Humans", "Stone", {1: 1}, decline=True)
    put(s, 1, "Elves", "Fisher", {27: 1})
    victim = s.players[1].coins
    assert turn_gain(s) == 1
    assert s.players[1].coins == victim
    assert not kinds(s, "steal")


# --- Vanishing (U-P19) ------------------------------------------------------------------------


def test_vanishing_leave_the_map_and_score_two_per_region() -> None:
    """[SWU "Vanishing"] "When sending your Vanishing tokens In Decline, remove them all but
    collect 2 Victory coins per region they occupy, instead of 1." The older race In Decline
    is still removed (ruling §6.2 #18)."""
    s = ug()
    put(s, 0, "Ratmen", "Vanishing", {0: 2, 1: 1, 5: 1})
    put(s, 0, "Humans", "Stone", {27: 1}, decline=True)
    gained = turn_gain(s, 0, "decline")
    assert gained == 2 * 3
    assert "Ratmen" not in s.races and "Humans" not in s.races
    assert all(r.race is None for r in s.regions)
    assert s.players[0].declined == [] and s.players[0].active is None
    assert tray(s, "Ratmen") == 13
    (e,) = kinds(s, "vanishing")
    assert e["regions"] == [0, 1, 5] and e["coins"] == 6


def test_vanishing_changes_nothing_before_decline() -> None:
    """[SWU "Vanishing"] "When sending your Vanishing tokens In Decline": an ordinary turn
    scores one coin per region and leaves the tokens where they are."""
    s = ug()
    put(s, 0, "Ratmen", "Vanishing", {0: 2, 1: 1})
    assert turn_gain(s) == 2
    assert s.regions[0].tokens == 2 and s.regions[1].race == "Ratmen"


# --- Vengeful (U-P20) -------------------------------------------------------------------------


def _vengeance() -> GameState:
    """Seat 0: Vengeful Ratmen on 0 and 1, In-Decline Humans on 27. Seat 1: Elves on 5 and
    26 with tokens in hand; seat 1 plays next."""
    s = ug()
    put(s, 0, "Ratmen", "Vengeful", {0: 1, 1: 1})
    put(s, 0, "Humans", "Stone", {27: 1}, decline=True)
    put(s, 1, "Elves", "Fisher", {5: 3, 26: 1}, hand=6)
    s.regions[26].markers.pop("monster", None)
    return s


def test_vengeful_marks_whoever_takes_a_region_of_any_of_its_races() -> None:
    """[SWU "Vengeful"] "Give 1 Vengeance marker to each player that attacks any of your races
    during his turn." Taking the In-Decline Humans gives a marker too, and a second conquest
    gives no second marker."""
    s = _vengeance()
    start_turn(s, 1)
    play(s, "conquer 27")
    assert s.players[0].marks == [1]
    play(s, "conquer 0")
    assert s.players[0].marks == [1]
    assert len(kinds(s, "vengeance")) == 1
    assert from_json(to_json(s)).players[0].marks == [1]


def test_vengeful_attack_a_marked_player_for_one_token_less_then_take_markers_back() -> None:
    """[SWU "Vengeful"] "During your next turn, you can attack any Region occupied by that
    player's tokens (active or In Decline) at a cost of 1 less token than normal. ... At the
    end of your turn, take any Vengeance markers you had given to your opponents earlier back
    in your hand." """
    s = _vengeance()
    start_turn(s, 1)
    play(s, "conquer 0", "stop", "end")
    if s.turn.phase == CLOSING:
        play(s, "finish")
    assert s.turn.seat == 0 and s.players[0].marks == [1]
    ratmen = s.races["Ratmen"]
    assert conquest_cost(s, ratmen, 5) == 2 + s.regions[5].tokens - 1
    play(s, "stop", "end")
    assert s.players[0].marks == []
    assert kinds(s, "vengeance_back")


def test_vengeful_gives_no_discount_against_unmarked_players() -> None:
    """[SWU "Vengeful"] "that player's tokens": a player who attacked nothing keeps the full
    cost, and no marker is given when nobody attacks."""
    s = _vengeance()
    start_turn(s, 0)
    assert s.players[0].marks == []
    assert conquest_cost(s, s.races["Ratmen"], 5) == 2 + 3


def test_vengeful_in_decline_gives_no_marker() -> None:
    """[SWU "The Races and Special Powers"] benefits "no longer apply once the race is put In
    Decline": attacking In-Decline Vengeful gives no marker."""
    s = ug()
    put(s, 0, "Ratmen", "Vengeful", {0: 1}, decline=True)
    put(s, 1, "Elves", "Fisher", {5: 1}, hand=6)
    start_turn(s, 1)
    play(s, "conquer 0")
    assert s.players[0].marks == []


# --- Wise (U-P21) -----------------------------------------------------------------------------


def test_wise_score_two_the_turn_they_decline_and_after() -> None:
    """[SWU "Wise"] "At the end of any turn your Wise tokens are In Decline (including the turn
    you send them In Decline), if they still occupy at least 1 Region on the board, score 2
    bonus Victory coins." """
    s = ug()
    put(s, 0, "Ratmen", "Wise", {0: 1, 1: 1})
    assert turn_gain(s, 0, "decline") == 2 + 2
    assert "Wise" not in s.power_discard
    put(s, 0, "Elves", "Fisher", {27: 1})
    assert turn_gain(s) == 3 + 2


def test_wise_score_nothing_while_active() -> None:
    """[SWU "Wise"] "At the end of any turn your Wise tokens are In Decline": active Wise earn
    only their regions."""
    s = ug()
    put(s, 0, "Ratmen", "Wise", {0: 1, 1: 1})
    assert turn_gain(s) == 2


# --- the deadline never uses a power ----------------------------------------------------------


def test_scoring_powers_offer_no_action() -> None:
    """[SWU "Special Powers"] these powers act at turn's end by themselves: the actions on
    offer are the plain ones, and the deadline's move is to stop."""
    s = ug()
    put(s, 0, "Ratmen", "Thieving", {0: 1})
    start_turn(s, 0)
    assert {a.verb for a in legal_actions(s)} <= {"decline", "abandon", "conquer", "stop"}
    assert default_action(s) is not None and default_action(s).verb == "stop"  # type: ignore[union-attr]
    with pytest.raises(IllegalAction):
        play(s, "vampire 1")
    assert "vampire 1" not in texts(s)
