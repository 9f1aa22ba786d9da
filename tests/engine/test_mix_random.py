"""Random mixed-market games (option ``mix``) on both worlds keep the rules' invariants.

Each game is played by the weighted random player of ``engine.simulate`` through
``legal_actions``/``apply`` from a real ``new_game``, with 2 to 5 players by seed, and some
6-player team games; the checks below hold after every action. ``MIX_GAMES`` (environment)
sets the games per world; the suite plays 200 (docs/notes/mixed-markets.md records a run of 2,000
per world).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from engine import Game, GameConfig, apply, legal_actions, to_act
from engine.core.board import mapdef, tray
from engine.core.content import races, treasures
from engine.core.overrides import flag
from engine.core.setup import new_game
from engine.core.state import CONQUER, OVER, GameState, from_json, to_dict, to_json
from engine.rulesets.mix import removed
from engine.simulate import choose

from .helpers_water import Afloat

GAMES_PER_WORLD = int(os.environ.get("MIX_GAMES", "200"))
TREASURE_KEYS = frozenset(treasures())


def _options(seed: int) -> tuple[int, dict[str, bool]]:
    """The player count and options of game ``seed``: 2 to 5 players, every 10th game 6
    players in teams."""
    if seed % 10 == 0:
        return 6, {"mix": True, "teams": True}
    return 2 + seed % 4, {"mix": True}


def _check_step(s: GameState, out: frozenset[str], start: int, stayers: set[str]) -> None:
    defs = mapdef(s).regions
    on_board: Counter[str] = Counter()
    for rid, r in enumerate(s.regions):
        assert r.tokens >= 0
        assert (r.race is None) == (r.tokens == 0), "a region holds a race iff it holds tokens"
        if r.race is not None:
            race = s.races[r.race]
            assert race.owner == r.owner
            d = defs[rid]
            assert not d.impassable, rid
            if d.river:
                acting = s.turn.phase == CONQUER and s.turn.race == r.race
                # The River is emptied at redeployment unless a power lets the race stay
                # (Kraken; Seafaring, ruling 104, also lent by the Stonehedge); a race that
                # stayed keeps its River regions until its next redeployment, in decline too.
                if flag(race, "stays_in_river", s):
                    stayers.add(race.name)
                assert acting or race.name in stayers, (rid, r.race)
        if r.markers:
            on_board.update(r.markers)
    for name, race in s.races.items():
        # Nothing taken out before the start is ever played.
        assert name not in out and race.power not in out, (name, race.power)
        assert 0 <= tray(s, name) <= races()[name].tray, name
        assert race.hand >= 0 and race.reserve >= 0
    for p in s.players:
        assert p.coins >= 0
    # Every Place or Relic is either still face down or on the map, once.
    shown = [k for k in TREASURE_KEYS if on_board[k]]
    assert all(on_board[k] == 1 for k in shown)
    assert len(shown) + len(s.treasures) == start
    assert len(s.market) <= 6
    assert not out & {c.race for c in s.market} and not out & {c.power for c in s.market}


def _play(world: str, seed: int) -> None:
    players, options = _options(seed)
    names = [f"P{i + 1}" for i in range(players)]
    s = new_game(names, seed, world=world, options=options)
    out = frozenset(removed(s))
    start = len(s.treasures)
    stayers: set[str] = set()
    # Seas and the Lake: entered only by races that may (Seafaring; Kraken, ruling 104), kept
    # in decline or once the power is gone (ruling 114).
    afloat = Afloat()
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    steps = 0
    while (seat := to_act(s)) is not None:
        actions = legal_actions(s, seat)
        assert actions, "someone must act but has no legal action"
        action = choose(rng, s, actions)
        apply(s, seat, action, validate=False)
        log.append((seat, action.text))
        _check_step(s, out, start, stayers)
        afloat.check(s)
        steps += 1
        assert steps < 6000
    assert s.turn.phase == OVER
    assert s.round == s.turns
    assert from_json(to_json(s)) == s
    replay = Game(GameConfig(tuple(names), seed, s.map_id, options), log).state
    assert to_dict(replay) == to_dict(s)


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_random_mixed_games_keep_invariants(world: str) -> None:
    for seed in range(1, GAMES_PER_WORLD + 1):
        _play(world, seed)
