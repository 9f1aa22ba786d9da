"""Random games with Places and Relics on the surface (option ``surface_relics``) keep the
rules' invariants, from the Monster setup to the last turn.

Each game is played by the weighted random player of ``engine.simulate`` through
``legal_actions``/``apply`` from a real ``new_game``: 2 to 5 players by seed, every 10th game
6 players in teams. ``SURFACE_RELICS_GAMES`` (environment) sets the games; the suite plays
150, the issue's measured run 2,000 ("random-game invariants over ≥ 2,000 games ... per
mixed option").

[SWU "Compatibility"] "take a number of Monster tokens equal to (2 x the number of players)
+ 2; then place 2 Monster tokens in each Lost Tribes Region of your choice. Simply make sure
that no two such Monster occupied Regions are adjacent to each other."
"""

from __future__ import annotations

import os
import random
from collections import Counter

from engine import Game, GameConfig, apply, legal_actions, to_act
from engine.core.board import mapdef, tray
from engine.core.content import races, treasures
from engine.core.setup import new_game
from engine.core.state import OVER, SETUP, GameState, from_json, to_json
from engine.rulesets.monsters import LOST_TRIBE, MONSTER
from engine.simulate import choose

from .helpers_water import Afloat

GAMES = int(os.environ.get("SURFACE_RELICS_GAMES", "150"))
TREASURE_KEYS = frozenset(treasures())


def _options(seed: int) -> tuple[int, dict[str, bool]]:
    """The player count and options of game ``seed``."""
    if seed % 10 == 0:
        return 6, {"surface_relics": True, "teams": True}
    return 2 + seed % 4, {"surface_relics": True}


def _lairs(s: GameState) -> dict[int, int]:
    """Monsters by region."""
    return {rid: r.markers[MONSTER] for rid, r in enumerate(s.regions) if r.markers.get(MONSTER)}


def _check_setup_done(s: GameState, players: int) -> dict[int, int]:
    lairs = _lairs(s)
    defs = mapdef(s).regions
    if players == 6:
        # With team play the team setup lays the board out (ruling 95): [TEAMS "Setup"] B1
        # to C2 each place 1 Monster.
        assert sorted(lairs.values()) == [1] * 5, lairs
        # ... and the Lost Tribe stays under the Monster (ruling 91).
        assert all(s.regions[rid].markers.get(LOST_TRIBE) for rid in lairs)
    else:
        # "2 Monster tokens in each Lost Tribes Region of your choice": players + 1 regions.
        assert sorted(lairs.values()) == [2] * (players + 1), lairs
        # "Then complete your set-up by placing a single Lost Tribe token in any Lost Tribe
        # Region not occupied by Monsters": none under the Monsters, one on every other.
        for rid, d in enumerate(defs):
            if "Lost Tribe" in d.features:
                assert s.regions[rid].markers.get(LOST_TRIBE, 0) == (rid not in lairs), rid
    for rid in lairs:
        # The lairs are Lost Tribe regions, "no two such ... Regions are adjacent".
        assert "Lost Tribe" in defs[rid].features, rid
        assert not defs[rid].adjacent & set(lairs), rid
    return lairs


def _check_step(s: GameState, lairs: dict[int, int], start: int, before: tuple[int, int]) -> None:
    """``before``: the Monster regions left and the face-down stack before this action."""
    now = _lairs(s)
    on_board: Counter[str] = Counter()
    for r in s.regions:
        assert r.tokens >= 0
        assert (r.race is None) == (r.tokens == 0), "a region holds a race iff it holds tokens"
        if r.markers:
            on_board.update(r.markers)
    # Monsters never move and never come back: a lair keeps its two until it is taken.
    assert set(now) <= set(lairs) and all(now[rid] == lairs[rid] for rid in now)
    # [SWU "Conquering a Monster occupied Region"] "he immediately draws a marker from the
    # top of the stack ... and places it into the Region just captured": one drawn for each
    # Monster region taken by this action, while the stack lasts.
    taken = before[0] - len(now)
    assert before[1] - len(s.treasures) == min(taken, before[1]), (taken, before)
    shown = [k for k in TREASURE_KEYS if on_board[k]]
    # Every Place or Relic is either still face down or on the map, once; one is drawn for
    # each Monster region taken (the stack runs out first only if it is shorter).
    assert all(on_board[k] == 1 for k in shown), shown
    assert len(shown) + len(s.treasures) == start
    assert len(shown) <= len(set(lairs) - set(now))
    for name in s.races:
        assert 0 <= tray(s, name) <= races()[name].tray, name
        assert s.races[name].hand >= 0
    for p in s.players:
        assert p.coins >= 0
    assert len(s.market) <= 6


def _play(seed: int) -> None:
    players, options = _options(seed)
    names = [f"P{i + 1}" for i in range(players)]
    s = new_game(names, seed, options=options)
    assert s.turn.phase == SETUP
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    lairs: dict[int, int] | None = None
    start = len(s.treasures)
    steps = 0
    afloat = Afloat()
    while (seat := to_act(s)) is not None:
        actions = legal_actions(s, seat)
        assert actions, "someone must act but has no legal action"
        before = (len(_lairs(s)), len(s.treasures))
        action = choose(rng, s, actions)
        apply(s, seat, action, validate=False)
        log.append((seat, action.text))
        if lairs is None and s.turn.phase != SETUP:
            lairs = _check_setup_done(s, players)
        elif lairs is not None:
            _check_step(s, lairs, start, before)
        afloat.check(s)
        steps += 1
        assert steps < 6000
    assert s.turn.phase == OVER
    assert s.round == s.turns
    assert from_json(to_json(s)) == s
    replay = Game(GameConfig(tuple(names), seed, s.map_id, options), log).state
    assert to_json(replay) == to_json(s)


def test_random_surface_relics_games_keep_invariants() -> None:
    for seed in range(1, GAMES + 1):
        _play(seed)
