"""Random-game invariants of Small World Underground, on every Underground map.

Each game is played by the weighted random player of ``engine.simulate`` through
``legal_actions``/``apply`` from a real ``new_game``; the checks below must hold after every
action. ``UNDERGROUND_GAMES`` (environment) sets the games per map; the suite plays 2,000.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from engine import Game, GameConfig, apply, legal_actions, to_act, view
from engine.core.board import mapdef, marker_limit, regions_of, tray
from engine.core.content import builtin_maps, load_map, races, treasures
from engine.core.overrides import flag
from engine.core.rulesets import options_for
from engine.core.setup import new_game
from engine.core.state import CONQUER, OVER, GameState, from_dict, from_json, to_dict, to_json
from engine.simulate import choose

GAMES_PER_MAP = int(os.environ.get("UNDERGROUND_GAMES", "2000"))
#: Team games on swu-6p: 300 in the suite (``TEAM_GAMES=2000`` for the issue's measured run).
TEAM_GAMES = int(os.environ.get("TEAM_GAMES", "300"))
MAPS = [m for m in builtin_maps() if load_map(m).world == "underground"]
#: Pieces bounded by their count in the box: marker key -> where else they may be held.
PIECES = ("armor", "ancient", "balrog", "ghost", "queen", "volcano", "bag", "hammer")


LIMITS = {key: marker_limit(key) for key in (*PIECES, "vengeance")}
TREASURE_KEYS = frozenset(treasures())


def _check_step(s: GameState, start: dict[str, int]) -> None:
    # The index of held regions (``GameState.held``, kept by the moves that change a region's
    # race) always says what a scan of the board says.
    for name in {r.race for r in s.regions if r.race is not None} | set(s.races):
        assert regions_of(s, name) == [i for i, r in enumerate(s.regions) if r.race == name]
    defs = mapdef(s).regions
    on_board: Counter[str] = Counter()
    tokens: Counter[str] = Counter()
    for rid, r in enumerate(s.regions):
        assert r.tokens >= 0
        assert (r.race is None) == (r.tokens == 0), "a region holds a race iff it holds tokens"
        if r.race is not None:
            tokens[r.race] += r.tokens
            # One owner per region: the region's owner is its race's owner.
            assert s.races[r.race].owner == r.owner
            d = defs[rid]
            # "The Abysmal Chasms are impassable Regions ... inaccessible to the players."
            assert not d.impassable, rid
            if d.river:
                # The River is emptied at redeployment unless a power lets a race stay.
                acting = s.turn.phase == CONQUER and s.turn.race == r.race
                assert acting or flag(s.races[r.race], "stays_in_river", s), (rid, r.race)
        if r.markers:
            on_board.update(r.markers)
    for name, race in s.races.items():
        left = tray(s, name)
        # [SWU p.4] "you are still limited by the total number of tokens physically available"
        assert 0 <= left <= races()[name].tray, (name, left)
        assert race.hand >= 0 and race.reserve >= 0
        assert tokens[name] <= races()[name].tray + race.pieces.get("hammer", 0) + 7
    for p in s.players:
        assert p.coins >= 0
        assert len(p.marks) <= LIMITS["vengeance"]
    # Monsters never come back: 2 per Monster region not yet taken, none elsewhere.
    assert on_board["monster"] <= start["monster"]
    assert on_board["monster"] % 2 == 0
    # Every Place or Relic is either still face down or on the map, once.
    shown = [k for k in TREASURE_KEYS if on_board[k]]
    assert all(on_board[k] == 1 for k in shown)
    assert len(shown) + len(s.treasures) == start["treasures"]
    assert not set(shown) & set(s.treasures)
    held: Counter[str] = Counter()
    for race in s.races.values():
        if race.pieces:
            held.update(race.pieces)
    for key in PIECES:
        assert on_board[key] + held[key] <= LIMITS[key], key
    assert len(s.market) <= 6


def _play(map_id: str, seed: int) -> None:
    players = min(load_map(map_id).players)
    s = new_game([f"P{i + 1}" for i in range(players)], seed, map_id, options=options_for(players))
    start = {
        "monster": sum(r.markers.get("monster", 0) for r in s.regions),
        "treasures": len(s.treasures),
    }
    rng = random.Random(seed)
    probe = random.Random(seed * 7919)
    log: list[tuple[int, str]] = []
    steps = 0
    while (seat := to_act(s)) is not None:
        actions = legal_actions(s, seat)
        assert actions, "someone must act but has no legal action"
        if probe.random() < 0.02:
            # Every listed action applies (on a copy) without error.
            for a in actions:
                apply(from_dict(to_dict(s)), seat, a)
            # Coins stay hidden through every transfer: the public view holds no total.
            public = view(s)
            assert not any("coins" in p for p in public["players"])
            assert not any(e.get("private") for e in public["events"])
        action = choose(rng, s, actions)
        version = s.version
        # The action comes from legal_actions, so validating it again would only repeat that
        # list; the probe above applies every listed action with validation.
        apply(s, seat, action, validate=False)
        assert s.version == version + 1
        log.append((seat, action.text))
        _check_step(s, start)
        steps += 1
        assert steps < 6000
    assert s.turn.phase == OVER
    assert s.round == s.turns
    assert all(len(p.score_history) == s.turns for p in s.players)
    assert from_json(to_json(s)) == s
    names = tuple(p.name for p in s.players)
    replay = Game(GameConfig(names, seed, map_id, options_for(players)), log).state
    assert to_dict(replay) == to_dict(s)


def test_every_underground_map_is_checked() -> None:
    assert "swu-2p" in MAPS


@pytest.mark.parametrize("map_id", MAPS)
def test_random_underground_games_keep_invariants(map_id: str) -> None:
    games = TEAM_GAMES if 6 in load_map(map_id).players else GAMES_PER_MAP
    for seed in range(1, games + 1):
        _play(map_id, seed)
