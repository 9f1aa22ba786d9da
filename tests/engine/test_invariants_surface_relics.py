"""Random-game invariants of the surface with Monsters placed at setup: Places and Relics on
the surface (``surface_relics``, 2 to 5 players) and team play (6 players, with and without
the option). Each game is played by the weighted random player of ``engine.simulate`` from a
real ``new_game`` through ``legal_actions``/``apply``, setup decisions included; the checks
hold after every action, and the log replays to the same game. ``SURFACE_RELICS_GAMES``
(environment) sets the games per case."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from engine import Game, GameConfig, apply, legal_actions, new_game, to_act
from engine.core.board import mapdef, tray
from engine.core.content import races, treasures
from engine.core.state import OVER, SETUP, GameState, from_json, to_dict, to_json
from engine.rulesets.monsters import LOST_TRIBE, MONSTER
from engine.simulate import choose

from .helpers_water import Afloat

GAMES = int(os.environ.get("SURFACE_RELICS_GAMES", "40"))
RELICS = {"surface_relics": True}
CASES: list[tuple[int, dict[str, Any]]] = [
    (2, RELICS),
    (3, RELICS),
    (4, RELICS),
    (5, RELICS),
    (6, {"teams": True}),
    (6, {"teams": True, **RELICS}),
]
TREASURE_KEYS = frozenset(treasures())


def _counts(s: GameState) -> Counter[str]:
    found: Counter[str] = Counter()
    for r in s.regions:
        found.update(r.markers)
    return found


def _lairs(s: GameState) -> dict[int, int]:
    """Monsters by region."""
    return {rid: r.markers[MONSTER] for rid, r in enumerate(s.regions) if r.markers.get(MONSTER)}


def _check_layout(s: GameState, players: int, options: dict[str, Any]) -> dict[int, int]:
    """The Monsters as setup left them; returns them by region.

    [SWU "Compatibility"] "place 2 Monster tokens in each Lost Tribes Region of your choice.
    Simply make sure that no two such Monster occupied Regions are adjacent to each other.
    Then complete your set-up by placing a single Lost Tribe token in any Lost Tribe Region
    not occupied by Monsters." With team play, B1 to C2 place 1 each and the Lost Tribe stays
    (rulings 91, 95)."""
    lairs = _lairs(s)
    defs = mapdef(s).regions
    for rid in lairs:
        assert "Lost Tribe" in defs[rid].features, rid
        assert not defs[rid].adjacent & set(lairs), rid
    if options.get("teams"):
        assert sorted(lairs.values()) == [1] * 5, lairs
        assert all(s.regions[rid].markers.get(LOST_TRIBE) for rid in lairs)
    else:
        assert sorted(lairs.values()) == [2] * (players + 1), lairs
        for rid, d in enumerate(defs):
            if "Lost Tribe" in d.features:
                assert s.regions[rid].markers.get(LOST_TRIBE, 0) == (rid not in lairs), rid
    return lairs


def _play(players: int, options: dict[str, Any], seed: int) -> None:
    names = tuple(f"P{i + 1}" for i in range(players))
    s = new_game(list(names), seed, options=options)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    start: Counter[str] | None = None
    stack = len(s.treasures)
    lairs: dict[int, int] = {}
    afloat = Afloat()
    while (seat := to_act(s)) is not None:
        actions = legal_actions(s, seat)
        assert actions, "someone must act but has no legal action"
        action = choose(rng, s, actions)
        before = (len(_lairs(s)), len(s.treasures))
        apply(s, seat, action, validate=False)
        log.append((seat, action.text))
        afloat.check(s)
        on_board = _counts(s)
        if s.turn.phase == SETUP:
            continue
        if start is None:
            # Setup done: the Monsters are laid out, and nothing is shown yet.
            start = on_board
            each = 1 if options.get("teams") else 2
            assert start["monster"] == each * stack or not stack
            if options.get("surface_relics") or options.get("teams"):
                lairs = _check_layout(s, players, options)
            continue
        # Monsters never move and never come back: a lair keeps its own until it is taken.
        now = _lairs(s)
        assert all(lairs.get(rid) == n for rid, n in now.items())
        assert on_board["monster"] <= start["monster"]
        # [SWU "Conquering a Monster occupied Region"] "he immediately draws a marker from
        # the top of the stack ... and places it into the Region just captured": one drawn
        # for each lair taken by this action, while the stack lasts.
        taken = before[0] - len(now)
        assert before[1] - len(s.treasures) == min(taken, before[1]), (taken, before)
        for name in s.races:
            assert 0 <= tray(s, name) <= races()[name].tray, name
        # Every Place or Relic is face down or on the map, once.
        shown = [k for k in TREASURE_KEYS if on_board[k]]
        assert all(on_board[k] == 1 for k in shown)
        assert len(shown) + len(s.treasures) == stack
        for r in s.regions:
            assert (r.race is None) == (r.tokens == 0)
        assert all(p.coins >= 0 for p in s.players)
    assert s.turn.phase == OVER and s.round == s.turns
    assert from_json(to_json(s)) == s
    replay = Game(GameConfig(names, seed, None, options), log).state
    assert to_dict(replay) == to_dict(s)


@pytest.mark.parametrize(("players", "options"), CASES)
def test_random_surface_games_with_placed_monsters_keep_invariants(
    players: int, options: dict[str, Any]
) -> None:
    for seed in range(1, GAMES + 1):
        _play(players, options, seed)
