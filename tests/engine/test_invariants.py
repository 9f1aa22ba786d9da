"""Random-game invariants over 500 seeded games across the four maps.

Each game is played by the weighted random player of ``engine.simulate`` through
``legal_actions``/``apply``; the checks below must hold after every action.
"""

from __future__ import annotations

import random

import pytest

from engine import Game, GameConfig, apply, legal_actions, to_act
from engine.core.board import tray
from engine.core.content import races
from engine.core.setup import new_game
from engine.core.state import OVER, from_dict, from_json, to_dict, to_json
from engine.simulate import choose

GAMES_PER_MAP = 125


def _check_step(s) -> None:
    for name in s.races:
        left = tray(s, name)
        # [SW p.3] "you are still limited by the total number of tokens physically available"
        assert 0 <= left <= races()[name].tray, (name, left)
        assert s.races[name].hand >= 0
    for p in s.players:
        assert p.coins >= 0
    for r in s.regions:
        assert r.tokens >= 0
        assert (r.race is None) == (r.tokens == 0), "a region holds a race iff it holds tokens"
        assert r.markers.get("fortress", 0) <= 1
    assert sum(r.markers.get("fortress", 0) for r in s.regions) <= 6
    assert sum(r.markers.get("hero", 0) for r in s.regions) <= 2
    assert sum(r.markers.get("dragon", 0) for r in s.regions) <= 1
    assert len(s.market) <= 6


def _play(players: int, seed: int) -> None:
    s = new_game([f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    probe = random.Random(seed * 7919)
    steps = 0
    while (seat := to_act(s)) is not None:
        actions = legal_actions(s, seat)
        assert actions, "someone must act but has no legal action"
        if probe.random() < 0.03:
            # Every listed action applies (on a copy) without error.
            for a in actions:
                apply(from_dict(to_dict(s)), seat, a)
        action = choose(rng, s, actions)
        version = s.version
        apply(s, seat, action)
        assert s.version == version + 1
        log.append((seat, action.text))
        _check_step(s)
        steps += 1
        assert steps < 5000
    # [SW p.6] the game ends once the last turn has been played by all.
    assert s.turn.phase == OVER
    assert s.round == s.turns
    assert all(len(p.score_history) == s.turns for p in s.players)
    assert from_json(to_json(s)) == s
    replay = Game(GameConfig(tuple(p.name for p in s.players), seed), log).state
    assert to_dict(replay) == to_dict(s)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_invariants(players: int) -> None:
    for seed in range(1, GAMES_PER_MAP + 1):
        _play(players, seed)
