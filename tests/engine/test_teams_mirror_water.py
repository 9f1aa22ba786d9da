"""Mirror's Vale and the Seas: a race that swaps Seafaring away keeps the Seas it holds but
enters no other (ruling 114).

[SW "Seafaring"] "You keep these Regions even once you go into Decline ... Only Seafaring
races may occupy the Seas and the Lake." [TEAMS "Mirror's Vale"] "At turn start, you may
exchange your Special Power with the Special Power of your ally."

Both positions are reached by real play: a 6-player team game on sw-6p played from
``new_game`` by the seeded random player of ``engine.simulate`` until the swap is on offer
with a Seafaring race in a Sea (seed 70: the holder's; seed 98: the ally's).
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


def water_conquests(s: GameState, seat: int) -> list[int]:
    defs = mapdef(s).regions
    return [
        a.region for a in legal_actions(s, seat) if a.verb == "conquer" and defs[a.region].water
    ]


def test_the_holder_who_gives_seafaring_away_keeps_his_seas_but_enters_no_other() -> None:
    s = played(70, 123)
    seat = to_act(s)
    me = s.races[s.turn.race]
    assert seat is not None and me.power == "Seafaring"
    seas = at_sea(s, me.name)
    assert seas, "the position has the holder's Seafaring race in a Sea"
    assert water_conquests(s, seat), "before the swap another Sea is within reach"
    apply(s, seat, parse("mirror"))
    assert me.power != "Seafaring"
    # Kept, as a Seafaring race in decline keeps them ...
    assert at_sea(s, me.name) == seas
    # ... but no other Sea or Lake may be conquered: "Only Seafaring races may occupy".
    assert water_conquests(s, seat) == []
    told = [e for e in s.events if e["kind"] == "mirror"][-1]
    line = underground_sentence(told, NAMES)
    assert line is not None and "Seafaring" in line
    # The ally's race took Seafaring: the Seas are open to it on its turn.
    ally = ally_race(s, seat)
    assert ally is not None and ally.power == "Seafaring"


def test_the_ally_whose_seafaring_is_taken_keeps_its_seas_and_its_partner_may_sail() -> None:
    s = played(98, 51)
    seat = to_act(s)
    assert seat is not None
    ally = ally_race(s, seat)
    assert ally is not None and ally.power == "Seafaring"
    seas = at_sea(s, ally.name)
    assert seas, "the position has the ally's Seafaring race in a Sea"
    before = water_conquests(s, seat)
    apply(s, seat, parse("mirror"))
    assert ally.power != "Seafaring" and at_sea(s, ally.name) == seas
    # The holder's race now sails: a Sea it could not take before is on offer (ruling 24).
    assert s.races[s.turn.race].power == "Seafaring"
    assert set(water_conquests(s, seat)) - set(before)
