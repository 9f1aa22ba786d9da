"""Relics and Places never work for a race In Decline in a team game (rules:
../shared/rules/team-play-6p.en.txt, "Righteous Relics and Popular Places": "Relics & Places
can never be used by Races that are In Decline, even Ghouls."; ruling 94), while the
Underground's own rules let some Places work in decline ([SWU "Popular Places"]: the Altar,
the Diamond Fields, the Keep and the Mine of the Lost Dwarf "even when ... In Decline").

Positions are reached by seeded random play through ``legal_actions``/``apply``: the first
position where a race In Decline holds a Place that works in decline by the Underground's
rules.
"""

from __future__ import annotations

import random
from typing import Any

from engine import apply, legal_actions, new_game, to_act
from engine.core.abilities import TREASURES, forgo_key, in_force
from engine.core.state import GameState, RaceState
from engine.simulate import choose


def _declined_holder(
    players: int, options: dict[str, Any]
) -> tuple[GameState, RaceState, str] | None:
    for seed in range(1, 40):
        s = new_game(
            [f"P{i + 1}" for i in range(players)], seed, world="underground", options=options
        )
        rng = random.Random(seed)
        while (seat := to_act(s)) is not None:
            apply(s, seat, choose(rng, s, legal_actions(s, seat)))
            for r in s.regions:
                if r.race is None or not s.races[r.race].in_decline:
                    continue
                race = s.races[r.race]
                for key in r.markers:
                    t = TREASURES.get(key)
                    if t is not None and t.in_decline and forgo_key(key) not in s.turn.used:
                        return s, race, key
    return None


def test_a_place_works_in_decline_by_the_underground_rules() -> None:
    found = _declined_holder(3, {})
    assert found is not None
    s, race, key = found
    assert TREASURES[key] in in_force(s, race)


def test_no_place_works_in_decline_in_a_team_game() -> None:
    found = _declined_holder(6, {"teams": True})
    assert found is not None
    s, race, key = found
    assert TREASURES[key] not in in_force(s, race)
    assert in_force(s, race) == tuple(a for a in in_force(s, race) if a not in TREASURES.values())
