"""Random legal team games on ``swu-6p`` with the team pieces drawn early: every action
validated, the pieces' invariants checked after each, their events told in sentences and the
coins they move kept out of the public view.

Each game puts one team piece on top of the hidden stack before the first turn (``hide``), so
the first Monster region taken reveals it; the rest is random play (``simulate.choose``).
"""

from __future__ import annotations

import random

import pytest

from engine import apply, legal_actions, to_act, view
from engine.core.abilities import treasure_spots
from engine.core.state import GameState, from_dict, to_dict
from engine.simulate import choose
from engine.text.narration import underground_sentence

from .helpers import hide
from .helpers_team_pieces import team_game
from .helpers_teams import SIX

KINDS = {"soapbar", "bonus", "tavern_give", "tavern_gift", "bony", "bony_leaves", "mirror"}
VERBS = ("soapbar", "tavern", "bony", "mirror")


def check(s: GameState) -> None:
    """Bony sits only on a banner In Decline on the board while active troops hold his
    Boneyard [TEAMS "Bony's Boneyard"]; coins never go below zero; no coin in the public
    view, nor any Tavern gift."""
    if s.bony is not None:
        assert s.races[s.bony].in_decline
        rid = treasure_spots(s).get("boneyard")
        assert rid is not None
        keeper = s.regions[rid].race
        assert keeper is not None and not s.races[keeper].in_decline
    assert all(p.coins >= 0 for p in s.players)
    public = view(s)
    if public["phase"] == "over":
        return  # every coin is shown at the end
    assert not any("coins" in p for p in public["players"])
    assert not any(e["kind"] in ("tavern_give", "tavern_gift", "bonus") for e in public["events"])


@pytest.mark.parametrize("key", ["soapbar", "tavern", "boneyard", "mirror"])
def test_random_team_games_with_a_team_piece_found_early(key: str) -> None:
    used: set[str] = set()
    told: set[str] = set()
    for seed in range(1, 7):
        s = team_game(seed)
        hide(s, key)
        rng = random.Random(seed)
        while (seat := to_act(s)) is not None:
            action = choose(rng, s, legal_actions(s, seat))
            apply(s, seat, action)
            used.add(action.text.split()[0])
            check(s)
            for e in s.events:
                if e["kind"] in KINDS:
                    assert underground_sentence(e, SIX) is not None, e
                    assert underground_sentence(e, SIX, past=True) is not None, e
                    told.add(e["kind"])
        assert from_dict(to_dict(s)) == s
    assert {v for v in VERBS if v in used}, used
    expected = {"soapbar": "soapbar", "tavern": "tavern", "boneyard": "bony", "mirror": "mirror"}
    assert expected[key] in used
