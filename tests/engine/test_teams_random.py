"""Random legal 6-player team games on both worlds run to the end of turn 8 and rank the
teams by the lower partner score (rules: ../shared/rules/team-play-6p.en.txt, "End of the
Game"). The full invariants over thousands of games wait for the project's 6-player boards
(issue 22 item 4); these few games check the 6th seat works everywhere the rules reach."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import apply, legal_actions, to_act
from engine.simulate import choose, random_game

from .helpers_teams import team_board, team_game


@pytest.mark.parametrize("world", ["surface", "underground"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_team_games_end_and_rank_teams(tmp_path: Path, world: str, seed: int) -> None:
    s = team_game(tmp_path, seed=seed, world=world)
    rng = random.Random(seed)
    seats_played: set[int] = set()
    for _ in range(8000):
        seat = to_act(s)
        if seat is None:
            break
        seats_played.add(seat)
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
    assert to_act(s) is None and s.round == 8
    assert seats_played == set(range(6))
    coins = [p.coins for p in s.players]
    teams = s.result["teams"]
    assert [t["score"] for t in teams] == sorted(
        (min(coins[t], coins[t + 3]) for t in range(3)), reverse=True
    )
    best = teams[0]["score"]
    assert all(min(coins[x], coins[(x + 3) % 6]) == best for x in s.result["winners"])


def test_the_random_player_plays_team_games(tmp_path: Path) -> None:
    # engine.simulate takes the option, so the AI's playouts and `simulate` can play teams.
    board = str(team_board(tmp_path, "underground"))
    done = random_game(6, 7, map_id=board, options={"teams": True}).state
    assert done.options == {"teams": True} and done.turns == 8
    assert {t["team"] for t in done.result["teams"]} == {"A", "B", "C"}
