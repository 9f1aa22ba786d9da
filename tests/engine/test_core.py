"""Core rules of the base game: costs, first conquest, the die, losses, decline, scoring, end.

Positions are staged on the 2-player map (``data/maps/sw-2p.json``): region 1 Farmland on the
edge, 2 Forest (edge), 6 Hill (inland, Lost Tribe), 8 Mountain (inland), 9 Farmland (inland),
7 the Lake, 0 and 22 Seas.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, NotYourTurn, apply, legal_actions, parse, to_act, view
from engine.core.board import add_marker, tray
from engine.core.conquest import conquest_cost
from engine.core.content import powers, races
from engine.core.legal import default_action
from engine.core.state import CLOSING, CONQUER, OVER, PICK, REDEPLOY, GameState

from .helpers import board, clear_board, fresh, owned, pass_turns, play, put, start, texts, turn


def _staged(hand: int = 10):
    s = clear_board(fresh(2))
    put(s, 0, "Ratmen", "Hill", {1: 1}, hand=hand)
    turn(s, 0)
    return s


# [SW p.4] "2 Race tokens + 1 additional Race token for each Encampment, Fortress, Mountain,
# or Troll's Lair marker + 1 additional Race token for each Lost Tribe or other player's Race
# token already present in the Region."
@pytest.mark.parametrize(
    ("region", "tokens", "markers", "cost"),
    [
        (2, 0, {}, 2),
        (2, 0, {"lost_tribe": 1}, 3),
        (2, 3, {}, 5),
        (2, 1, {"lair": 1}, 4),
        (2, 1, {"fortress": 1}, 4),
        (2, 1, {"camp": 2}, 5),
        (8, 0, {}, 3),  # Mountain region: its Mountain marker adds one
        (8, 2, {"lair": 1}, 6),
    ],
)
def test_conquest_cost_formula(region: int, tokens: int, markers: dict, cost: int) -> None:
    s = _staged()
    if tokens:
        put(s, 1, "Orcs", "Swamp", {region: tokens})
        turn(s, 0)
    for k, n in markers.items():
        add_marker(s, region, k, n)
    assert conquest_cost(s, s.races["Ratmen"], region) == cost


def test_own_decline_tokens_count_in_cost_and_are_lost() -> None:
    # [SW p.4] "A player may choose to conquer a Region occupied by his own In Decline token
    # ... He will lose that token"; ruling: the token adds 1 to the cost like any other.
    s = _staged()
    put(s, 0, "Orcs", "Swamp", {2: 1}, decline=True)
    turn(s, 0)
    assert conquest_cost(s, s.races["Ratmen"], 2) == 3
    play(s, "conquer 2")
    assert s.regions[2].race == "Ratmen" and s.regions[2].tokens == 3
    assert "Orcs" not in owned(s, "Orcs")


def test_first_conquest_must_enter_from_the_border() -> None:
    # [SW p.4] "A player's race deploying on the map for the first time must enter it by
    # conquering one of its border Regions"
    s = clear_board(fresh(2))
    put(s, 0, "Ratmen", "Hill", {}, hand=8)
    turn(s, 0)
    targets = {a.region for a in legal_actions(s) if a.verb == "conquer"}
    assert {1, 2, 3, 21} <= targets  # edge regions, and 21 on the shore of an edge Sea
    assert 6 not in targets and 9 not in targets
    with pytest.raises(IllegalAction, match="border"):
        apply(s, 0, parse("conquer 9"))


def test_following_conquests_must_be_adjacent() -> None:
    # [SW p.4] "Each of the newly conquered Regions must be adjacent to ... a Region already
    # occupied by his active Race tokens"
    s = _staged()
    targets = {a.region for a in legal_actions(s) if a.verb == "conquer"}
    assert targets == {2, 5, 6}
    with pytest.raises(IllegalAction, match="not next to"):
        apply(s, 0, parse("conquer 10"))


def test_seas_and_lake_cannot_be_conquered() -> None:
    # [SW p.4] "Seas and Lakes cannot usually be conquered."
    s = _staged()
    with pytest.raises(IllegalAction, match="Seafaring"):
        apply(s, 0, parse("conquer 0"))


def test_conquest_needs_the_tokens() -> None:
    s = _staged(hand=2)
    add_marker(s, 2, "lost_tribe")
    with pytest.raises(IllegalAction, match="needs 3 tokens and you hold 2"):
        apply(s, 0, parse("conquer 2"))
    assert s.regions[2].race is None and s.races["Ratmen"].hand == 2


def test_wrong_seat_is_refused() -> None:
    s = _staged()
    with pytest.raises(NotYourTurn):
        apply(s, 1, parse("conquer 2"))


def _force_die(s, face: int) -> None:
    from engine.core.board import roll_die
    from engine.core.state import from_json, to_json

    for counter in range(s.rng_counter, s.rng_counter + 200):
        probe = from_json(to_json(s))
        probe.rng_counter = counter
        if roll_die(probe) == face:
            s.rng_counter = counter
            return
    raise AssertionError("no counter gives that face")


def test_final_conquest_with_the_die_succeeds() -> None:
    # [SW p.5] "the player may attempt one final conquest ... selecting a Region that he would
    # normally be 3 or less Race tokens short ... If the sum of the die rolled, combined with
    # the Race token(s) left in his possession, is high enough ... he deploys his remaining
    # Race token(s) there."
    s = _staged(hand=1)
    add_marker(s, 2, "lost_tribe")  # cost 3, 2 short
    assert "reinforce 2" in texts(s)
    _force_die(s, 2)
    play(s, "reinforce 2")
    assert s.regions[2].race == "Ratmen" and s.regions[2].tokens == 1
    assert s.turn.phase == REDEPLOY  # "his conquests for the turn end immediately"


def test_final_conquest_failure_keeps_tokens_for_redeployment() -> None:
    s = _staged(hand=1)
    add_marker(s, 2, "lost_tribe")
    _force_die(s, 0)
    play(s, "reinforce 2")
    assert s.regions[2].race is None
    assert s.turn.phase == REDEPLOY and s.races["Ratmen"].hand == 1
    play(s, "end")
    assert owned(s, "Ratmen") == {1: 2}


def test_final_conquest_only_up_to_three_short_and_with_a_token() -> None:
    # [SW p.5] "Provided he still has at least one unused Race token" / "3 or less ... short"
    s = _staged(hand=1)
    put(s, 1, "Orcs", "Swamp", {2: 4})  # cost 6: 5 short
    turn(s, 0)
    assert "reinforce 2" not in texts(s)
    s.races["Ratmen"].hand = 0
    assert not [a for a in texts(s) if a.startswith(("reinforce", "conquer"))]


def test_enemy_losses_one_discarded_rest_redeployed_at_turn_end() -> None:
    # [SW p.4] "Permanently discard one Race token back into the Storage tray; Keep the other
    # Race tokens in hand, and redeploy them ... as the final action of the current player's
    # turn."
    s = _staged()
    put(s, 1, "Orcs", "Swamp", {2: 3, 16: 1}, active=True)
    turn(s, 0)
    play(s, "conquer 2")
    assert s.races["Orcs"].hand == 2
    play(s, "stop", "end")
    assert s.turn.phase == CLOSING and s.turn.pending[0].seat == 1
    assert texts(s, 0) == []
    play(s, "deploy 16 2")
    assert owned(s, "Orcs") == {16: 3}
    play(s, "finish")
    assert s.turn.seat == 1 and s.turn.phase == CONQUER


def test_defender_default_spreads_tokens() -> None:
    s = _staged()
    put(s, 1, "Orcs", "Swamp", {2: 3, 16: 1, 17: 2}, decline=True)
    turn(s, 0)
    play(s, "conquer 2", "stop", "end")
    assert default_action(s).text == "finish"
    play(s, default_action(s))
    assert owned(s, "Orcs") == {16: 3, 17: 2}  # weakest first, ties to the lower id


def test_lone_defender_is_simply_lost() -> None:
    # [SW p.4] "When a Region defended by a single token is captured, the defending token is
    # discarded."
    s = _staged()
    put(s, 1, "Orcs", "Swamp", {2: 1, 16: 1})
    turn(s, 0)
    play(s, "conquer 2")
    assert s.races["Orcs"].hand == 0
    play(s, "stop", "end")
    assert s.turn.seat == 1  # nobody owed a redeployment


def test_redeploy_keeps_one_token_per_region() -> None:
    # [SW p.5] "provided that at least one Race token remains in each Region under his control"
    s = _staged(hand=4)
    play(s, "conquer 2", "stop")
    with pytest.raises(IllegalAction, match="can spare 1"):
        apply(s, 0, parse("move 2 1 2"))
    play(s, "move 2 1 1")
    assert owned(s, "Ratmen") == {1: 2, 2: 1}


def test_abandoning_all_regions_makes_the_next_conquest_a_first_conquest() -> None:
    # [SW p.6] "If the player chooses to abandon all the Regions he previously occupied, his
    # next conquest must follow the same rules as its First Conquest"
    s = clear_board(fresh(2))
    put(s, 0, "Ratmen", "Hill", {9: 4}, hand=0)
    turn(s, 0, do_ready=True)
    assert "conquer 8" in texts(s)
    play(s, "abandon 9")
    assert s.races["Ratmen"].hand == 4
    targets = {a.region for a in legal_actions(s) if a.verb == "conquer"}
    assert 8 not in targets and 1 in targets


def test_ready_troops_leaves_one_per_region() -> None:
    # [SW p.6] "Leaving in place one Race token in each Region they occupy, the player may take
    # all his other Active Race tokens from the map back in hand"
    s = clear_board(fresh(2))
    put(s, 0, "Ratmen", "Hill", {1: 4, 2: 3}, hand=0)
    turn(s, 0, do_ready=True)
    assert owned(s, "Ratmen") == {1: 1, 2: 1} and s.races["Ratmen"].hand == 5


def _ratmen_on_three_regions() -> GameState:
    """A real game: seat 0 picks Merchant Ratmen (10 tokens), takes Mountain 19 (3), 20 (2)
    and 21 (2), puts the 3 left on 20 and ends; seat 1 passes; seat 0's next turn has begun."""
    s = start(("Ratmen", "Merchant"))
    play(s, "pick 1", "conquer 19", "conquer 20", "conquer 21", "stop", "deploy 20 3", "end")
    assert owned(s, "Ratmen") == {19: 3, 20: 5, 21: 2}
    return s


def test_a_turn_without_conquest_leaves_every_token_where_it_stood() -> None:
    """[SW p.6] "Leaving in place one Race token in each Region they occupy, the player may
    take all his other Active Race tokens from the map back in hand"; [SW p.5] "he may freely
    redeploy" — the engine readies for him, so tokens he does not use go back where they
    stood: no conquest and no redeployment leaves the board as it was."""
    s = _ratmen_on_three_regions()
    before = board(s)
    pass_turns(s, 0)
    assert owned(s, "Ratmen") == {19: 1, 20: 1, 21: 1}
    assert s.races["Ratmen"].hand == 2 + 4 + 1
    play(s, "stop", "end")
    assert board(s) == before
    assert s.races["Ratmen"].hand == 0


def test_leftover_tokens_go_back_where_they_were_readied_from() -> None:
    """[SW p.6] "the player may take all his other Active Race tokens from the map back in
    hand and use them to conquer new Regions" — the tokens he did not use were never moved:
    they go back first to the regions that gave them (region order), not to the weakest."""
    s = _ratmen_on_three_regions()
    pass_turns(s, 0)
    play(s, "conquer 14")  # Lost Tribe Hill next to 20 and 21: 3 tokens, 4 left in hand
    assert s.races["Ratmen"].hand == 4
    play(s, "stop", "end")
    # 19 gave 2 and 20 gave 4: the 4 go back to 19 (2) and then 20 (2); 21 gets none.
    assert owned(s, "Ratmen") == {14: 3, 19: 3, 20: 3, 21: 1}


def test_race_in_decline_leaves_the_map_as_its_last_region_falls() -> None:
    """[SW "Entering into Decline"] "The Race banner of the now vanished race is placed at the
    bottom of the stack ... The same is also done when the last token of a race In Decline is
    wiped off the map as the result of their last Region being conquered." — at once, with
    the tokens it held in hand, not when the attacker's turn closes."""
    s = start(("Ghouls", "Merchant"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 21 3", "end")
    play(s, "pick 1", "conquer 19", "stop", "end")  # seat 1: Commando Ratmen on Mountain 19
    play(s, "decline")  # seat 0's Ghouls keep all their tokens: 20 (2) and 21 (5)
    assert owned(s, "Ghouls") == {20: 2, 21: 5} and s.turn.seat == 1
    play(s, "conquer 20")
    ghouls = s.races["Ghouls"]
    assert ghouls.hand == 1  # one lost, one in hand to redeploy on 21 later
    play(s, "conquer 21")
    # Gone now, while seat 1 is still conquering, with the 4 it would have redeployed.
    assert s.turn.phase == CONQUER and to_act(s) == 1
    assert "Ghouls" not in s.races and s.players[0].declined == []
    assert [e["kind"] for e in s.events[-2:]] == ["conquer", "vanish"]
    # The event names the defender's seat: the race it could be looked up by is gone.
    assert s.events[-2]["defender"] == "Ghouls" and s.events[-2]["defender_seat"] == 0
    assert s.race_stack[-1] == "Ghouls"
    assert tray(s, "Ghouls") == races()["Ghouls"].tray
    play(s, "stop", "end")
    # Nobody is owed a redeployment: seat 0's turn starts with a pick.
    assert s.turn.seat == 0 and s.turn.phase == PICK


def test_decline_flips_one_token_per_region_and_ends_the_turn() -> None:
    # [SW p.6] "He also flips a single Race token onto its In Decline side in each Region those
    # tokens occupied and removes all other tokens" / "his turn ends immediately after scoring"
    s = clear_board(fresh(2))
    put(s, 0, "Ratmen", "Hill", {1: 4, 2: 3}, hand=0)
    turn(s, 0, do_ready=True)
    coins = s.players[0].coins
    play(s, "decline")
    assert owned(s, "Ratmen") == {1: 1, 2: 1}
    assert s.races["Ratmen"].in_decline and s.players[0].active is None
    assert s.players[0].coins == coins + 2  # one per region, no Hill bonus in decline
    assert s.turn.seat == 1
    assert "Hill" in s.power_discard


def test_only_one_race_in_decline() -> None:
    # [SW p.6] "Each player can only have a single race In Decline on the map at any given time."
    s = clear_board(fresh(2))
    put(s, 0, "Orcs", "Swamp", {16: 1}, decline=True)
    put(s, 0, "Ratmen", "Hill", {1: 2}, hand=0)
    turn(s, 0, do_ready=True)
    play(s, "decline")
    assert s.players[0].declined == ["Ratmen"]
    assert "Orcs" not in s.races and s.regions[16].race is None
    assert s.race_stack[-1] == "Orcs"  # banner returns under the stack


def test_no_decline_after_conquering_or_on_the_pick_turn() -> None:
    s = _staged()
    assert "decline" in texts(s)
    play(s, "conquer 2")
    assert "decline" not in texts(s)
    with pytest.raises(IllegalAction, match="whole turn"):
        apply(s, 0, parse("decline"))
    s2 = fresh(2)
    play(s2, "pick 1")
    assert "decline" not in texts(s2)


def test_scoring_one_coin_per_region_of_every_race() -> None:
    # [SW p.5] "the player receives 1 coin ... for each Region his Race tokens occupy" and
    # "The Regions these In Decline tokens occupy also each contribute 1 Victory coin"
    s = clear_board(fresh(2))
    put(s, 0, "Orcs", "Swamp", {16: 1, 17: 1}, decline=True)
    put(s, 0, "Ratmen", "Merchant", {1: 2, 2: 1, 5: 1})
    turn(s, 0, phase=REDEPLOY)
    coins = s.players[0].coins
    play(s, "end")
    assert s.players[0].coins == coins + 5 + 3  # 5 regions + Merchant on 3


def test_combo_market_prices_and_coins() -> None:
    # [SW p.3] "That cost is paid by the player dropping one of his Victory coins on each of
    # the combos situated above" / "If the combo a player selects contains some Victory coins
    # ... the player pockets these coins"
    s = fresh(3)
    names = [(c.race, c.power) for c in s.market]
    play(s, "pick 3")
    assert s.players[0].coins == 3
    assert [c.coins for c in s.market[:2]] == [1, 1]
    assert [(c.race, c.power) for c in s.market[:5]] == names[:2] + names[3:]
    assert len(s.market) == 6
    r = s.races[names[2][0]]
    banner = races()[r.name]
    assert r.hand == banner.tokens + banner.conquest_only + powers()[r.power].tokens
    play(s, "stop", "end")
    assert s.turn.seat == 1
    play(s, "pick 1")
    assert s.players[1].coins == 6  # free combo, and the coin lying on it


def test_unaffordable_combo_is_not_offered() -> None:
    s = fresh(2)
    s.players[0].coins = 1
    assert texts(s) == ["pick 1", "pick 2"]
    with pytest.raises(IllegalAction, match="costs 3 coins"):
        apply(s, 0, parse("pick 4"))


def test_powers_reshuffle_when_the_stack_runs_out() -> None:
    # [SW p.6] "shuffle previously discarded Special Power badges into a new stack"
    s = fresh(2)
    s.power_discard = list(s.power_stack)
    s.power_stack = []
    play(s, "pick 1")
    assert len(s.market) == 6 and s.power_discard == []


def test_game_ends_after_last_turn_and_ties_go_to_tokens() -> None:
    # [SW p.6] "In the case of a tie, the player with the most Race tokens (Active + In
    # Decline) still on the board is the winner."
    s = clear_board(fresh(2))
    put(s, 0, "Ratmen", "Hill", {1: 2})
    put(s, 1, "Orcs", "Commando", {16: 5})
    s.round = s.turns
    s.players[0].coins = s.players[1].coins = 20
    turn(s, 1, phase=REDEPLOY)
    s.players[0].coins = 21  # P1 will not score this turn; P2 scores 1 and ties at 21
    play(s, "end")
    assert s.turn.phase == OVER
    assert s.result["tiebreak_used"] and s.result["winners"] == [1]


def test_public_view_hides_coins_until_the_end() -> None:
    # [SW p.5] "Players keep their Victory coins stacked together, their value hidden from
    # other players at all times; final scores are not revealed until the end of the game."
    s = fresh(3)
    play(s, "pick 2", "stop", "end")
    public = view(s)
    assert all("coins" not in p for p in public["players"])
    assert all(e["kind"] != "score" for e in public["events"])
    mine = view(s, 0)
    assert mine["players"][0]["coins"] == s.players[0].coins
    assert "coins" not in mine["players"][1]


def test_default_actions_for_deadlines() -> None:
    s = fresh(2)
    assert default_action(s).text == "pick 1"
    play(s, default_action(s))
    assert s.turn.phase == CONQUER and default_action(s).text == "stop"
    play(s, default_action(s))
    assert default_action(s).text == "end"
    play(s, default_action(s))
    assert s.turn.seat == 1 and s.turn.phase == PICK


def test_engine_imports_no_io_library() -> None:
    import ast
    from pathlib import Path

    banned = {"discord", "PIL", "sqlite3", "aiosqlite", "asyncio"}
    root = Path(__file__).resolve().parents[2] / "engine"
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in banned, f"{path.name} imports {name}"
