"""Mirror's Vale and the Seas: a race that swaps Seafaring away leaves the water (ruling 114).

[SW "Seafaring"] "You keep these Regions even once you go into Decline ... Only Seafaring
races may occupy the Seas and the Lake." [TEAMS "Mirror's Vale"] "At turn start, you may
exchange your Special Power with the Special Power of your ally."

Both positions are reached by real play: a 6-player team game on sw-6p played from
``new_game`` by the seeded random player of ``engine.simulate`` until the swap is on offer
with a Seafaring race in a Sea (seed 56: the holder's; seed 98: the ally's).
"""

from __future__ import annotations

import random

from engine import apply, legal_actions, parse, to_act
from engine.core.board import mapdef, regions_of
from engine.core.setup import new_game
from engine.core.state import GameState
from engine.rulesets.teams.mirror import ally_race
from engine.simulate import choose
from engine.text.narration import underground_sentence

NAMES = [f"P{i + 1}" for i in range(6)]


def played(seed: int, steps: int) -> GameState:
    """The team game of ``seed`` after ``steps`` actions of the seeded random player."""
    s = new_game(NAMES, seed, options={"teams": True})
    rng = random.Random(seed)
    for _ in range(steps):
        seat = to_act(s)
        assert seat is not None
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
    return s


def at_sea(s: GameState, race: str) -> dict[int, int]:
    defs = mapdef(s).regions
    return {rid: s.regions[rid].tokens for rid in regions_of(s, race) if defs[rid].water}


def test_the_holder_who_gives_seafaring_away_takes_his_sea_tokens_in_hand() -> None:
    s = played(56, 145)
    seat = to_act(s)
    me = s.races[s.turn.race]
    assert seat is not None and me.power == "Seafaring"
    seas = at_sea(s, me.name)
    assert seas, "the position has the holder's Seafaring race in a Sea"
    hand = me.hand
    apply(s, seat, parse("mirror"))
    assert me.power != "Seafaring"
    # Out of the water, the tokens in hand, ready to play this turn.
    assert at_sea(s, me.name) == {}
    assert all(s.regions[rid].race is None for rid in seas)
    assert me.hand == hand + sum(seas.values())
    told = [e for e in s.events if e["kind"] == "mirror"][-1]
    assert told["ashore"] == {me.name: sum(seas.values())}
    line = underground_sentence(told, NAMES)
    assert line is not None and "leave the water" in line
    # The ally's race took Seafaring: it may now enter the Seas.
    ally = ally_race(s, seat)
    assert ally is not None and ally.power == "Seafaring"


def test_the_ally_whose_seafaring_is_taken_leaves_the_sea_and_redeploys_at_turn_end() -> None:
    s = played(98, 51)
    seat = to_act(s)
    assert seat is not None
    ally = ally_race(s, seat)
    assert ally is not None and ally.power == "Seafaring"
    seas = at_sea(s, ally.name)
    assert seas, "the position has the ally's Seafaring race in a Sea"
    apply(s, seat, parse("mirror"))
    assert at_sea(s, ally.name) == {} and ally.hand == sum(seas.values())
    # As a defender's withdrawn tokens: the ally redeploys them when the turn closes.
    rng = random.Random(1)
    while to_act(s) == seat:
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
    assert regions_of(s, ally.name), "the ally keeps land regions to redeploy on"
    assert to_act(s) == ally.owner
    places = {a.region for a in legal_actions(s, ally.owner) if a.verb == "deploy"}
    assert places and places <= set(regions_of(s, ally.name))
    assert not any(mapdef(s).regions[rid].water for rid in places)
