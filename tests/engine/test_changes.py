"""Board marks: regions taken and lost in a turn, and what the seat to act could attack now.

Every position is played from a real start with legal actions (``helpers.start``/``play``),
on the 2-player map: Ratmen with Alchemist for seat 0, Orcs on the Hill for seat 1.
"""

from __future__ import annotations

import copy
import json

from engine import legal_actions
from engine.core.actions import Conquer, Reinforce
from engine.core.changes import attack_costs, turn_marks
from engine.core.conquest import conquest_cost
from engine.core.state import GameState

from .helpers import play, start, texts


def opening() -> GameState:
    """Seat 0 takes 4, 3 and 2; seat 1 takes 4 from them; seat 0 redeploys the survivors.

    The game is then at the start of seat 0's second turn, Ratmen readied to conquer.
    """
    s = start(("Ratmen", "Alchemist"), ("Orcs", "Hill"))
    play(s, "pick 1", "conquer 4", "conquer 3", "conquer 2", "stop", "end")
    play(s, "pick 1", "conquer 4", "stop", "end")
    play(s, "finish")  # seat 0 places the tokens driven out of 4
    assert s.turn.seat == 0 and s.turn.phase == "conquer"
    return s


def test_a_first_turn_marks_every_region_taken_by_the_player() -> None:
    s = start(("Ratmen", "Alchemist"), ("Orcs", "Hill"))
    play(s, "pick 1", "conquer 4", "conquer 3", "conquer 2", "stop", "end")
    marks = turn_marks(s, s.last_events)
    assert marks == {"taken": {4: 0, 3: 0, 2: 0}, "lost": []}


def test_a_region_taken_from_another_player_names_the_attacker() -> None:
    s = start(("Ratmen", "Alchemist"), ("Orcs", "Hill"))
    play(s, "pick 1", "conquer 4", "conquer 3", "conquer 2", "stop", "end")
    play(s, "pick 1", "conquer 4", "stop", "end")
    # Seat 0 must still place the tokens driven out: the turn's events are still current.
    assert turn_marks(s, s.events) == {"taken": {4: 1}, "lost": []}
    play(s, "finish")
    assert turn_marks(s, s.last_events) == {"taken": {4: 1}, "lost": []}


def test_an_abandoned_region_left_empty_is_lost() -> None:
    s = opening()
    at_start = copy.deepcopy(s)
    play(s, "abandon 2", "conquer 9", "stop", "end")
    assert s.regions[2].race is None
    marks = turn_marks(s, s.last_events)
    assert marks == {"taken": {9: 0}, "lost": [2]}
    # Given the state the turn began with, the answer is the same here.
    assert turn_marks(s, s.last_events, at_start) == marks


def test_a_region_abandoned_then_taken_again_is_taken_not_lost() -> None:
    s = opening()
    play(s, "abandon 2", "conquer 2", "stop", "end")
    assert turn_marks(s, s.last_events) == {"taken": {2: 0}, "lost": []}


def test_marks_are_plain_json() -> None:
    s = opening()
    play(s, "abandon 2", "conquer 9", "stop", "end")
    marks = turn_marks(s, s.last_events)
    marks["costs"] = attack_costs(s, 1)
    back = json.loads(json.dumps(marks))
    assert back["taken"] == {"9": 0} and back["lost"] == [2]


def test_a_taken_region_that_changed_hands_since_is_not_marked() -> None:
    s = start(("Ratmen", "Alchemist"), ("Orcs", "Hill"))
    play(s, "pick 1", "conquer 4", "conquer 3", "conquer 2", "stop", "end")
    first_turn = list(s.last_events)
    play(s, "pick 1", "conquer 4", "stop", "end", "finish")
    # Read against a later state, region 4 is no longer seat 0's: only 3 and 2 stay marked.
    assert turn_marks(s, first_turn) == {"taken": {3: 0, 2: 0}, "lost": []}


def test_attack_costs_list_every_conquest_and_die_roll_with_its_cost() -> None:
    s = opening()
    race = s.races["Ratmen"]
    costs = attack_costs(s, 0)
    legal = {a.region: type(a) for a in legal_actions(s, 0) if isinstance(a, (Conquer, Reinforce))}
    assert costs and set(costs) == set(legal)
    for rid, cost in costs.items():
        assert cost == conquest_cost(s, race, rid)
        # A conquest is within the hand; a final conquest with the die is not.
        assert (cost <= race.hand) == (legal[rid] is Conquer)
    # Region 4 (the Orcs' stronghold) is only in reach of the die: its full cost is shown.
    assert legal[4] is Reinforce and costs[4] > race.hand
    assert list(costs) == sorted(costs)


def test_attack_costs_follow_the_hand_as_the_turn_goes_on() -> None:
    s = opening()
    before = attack_costs(s, 0)
    play(s, "conquer 9")
    after = attack_costs(s, 0)
    assert 9 not in after  # held now
    assert 4 in before and 4 not in after  # the smaller hand is more than 3 short of it
    assert set(after) - set(before)  # regions next to 9 came in reach
    assert set(after) == {
        a.region for a in legal_actions(s, 0) if isinstance(a, (Conquer, Reinforce))
    }


def test_no_attack_costs_for_other_seats_or_phases() -> None:
    s = start(("Ratmen", "Alchemist"), ("Orcs", "Hill"))
    assert attack_costs(s, 0) == {}  # still picking a combo
    play(s, "pick 1")
    assert attack_costs(s, 0) and attack_costs(s, 1) == {}
    play(s, "conquer 4", "stop")
    assert "end" in texts(s)
    assert attack_costs(s, 0) == {}  # redeploying
    play(s, "end")
    assert attack_costs(s, 0) == {} and attack_costs(s, 1) == {}  # seat 1 picks first


def test_a_race_that_leaves_the_map_marks_its_regions_lost() -> None:
    """[SW "Entering In Decline"] a second decline removes the older race in decline from
    the map: its regions, empty now, are marked lost on that turn's board."""
    from engine.core.legal import end_actions

    from .helpers import pass_turns

    s = start(("Ratmen", "Hill"), ("Orcs", "Forest"), ("Elves", "Swamp"), players=2, seed=4)
    play(s, "pick 1")
    play(s, next(a for a in legal_actions(s, 0) if isinstance(a, Conquer)))
    play(s, *end_actions(s))
    pass_turns(s, 0)
    play(s, "decline")  # the Ratmen go into decline
    pass_turns(s, 0)
    play(s, "pick 1")
    empty = [
        a for a in legal_actions(s, 0) if isinstance(a, Conquer) and not s.regions[a.region].race
    ]
    play(s, empty[0])
    play(s, *end_actions(s))
    ratmen = [rid for rid, r in enumerate(s.regions) if r.race == "Ratmen"]
    assert ratmen
    pass_turns(s, 0)
    play(s, "decline")  # the second decline: the Ratmen leave the map
    marks = turn_marks(s, s.last_events)
    assert set(ratmen) <= set(marks["lost"])
    assert all(s.regions[rid].race is None for rid in ratmen)


def test_underground_conquests_and_the_balrog_are_marked() -> None:
    # The Vampire's bite, the Shiny Orb, the Sword, the Socks and the Doormat take a region
    # like a conquest; the Balrog empties one [SWU p.15]. The board marks each.
    import random

    from engine import apply, new_game, to_act
    from engine.simulate import choose

    kinds: set[str] = set()
    for seed in range(1, 81):
        s = new_game(["A", "B", "C"], seed, world="underground")
        rng = random.Random(seed)
        while (seat := to_act(s)) is not None:
            before = len(s.events)
            apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
            for e in s.events[before:]:
                rid = e.get("region")
                if e["kind"] in ("vampire", "orb", "sword", "socks", "doormat"):
                    assert turn_marks(s, [e])["taken"] == {rid: e["seat"]}, e
                    kinds.add(e["kind"])
                elif e["kind"] == "balrog" and e.get("defender"):
                    assert rid in turn_marks(s, [e])["lost"], e
                    kinds.add("balrog")
    assert len(kinds) >= 3, kinds
