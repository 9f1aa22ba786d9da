"""Team games from the command line: ``python -m engine simulate --players 6 --teams`` and
``play --players 6 --teams`` (rules: team-play-6p.en.txt, "Playing in Teams": "The players
pair up in 3 teams of 2 players each")."""

from __future__ import annotations

import io
import re

import pytest

from engine.console.cli import main
from engine.console.terminal import replay_command


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_simulate_plays_six_player_team_games_on_each_world(world: str) -> None:
    out = io.StringIO()
    args = ["simulate", "--players", "6", "--teams", "--games", "2", "--world", world]
    assert main(args, stdout=out) == 0
    assert re.fullmatch(r"games=2 games_per_s=\d+\.\d actions_per_s=\d+\.\d\n", out.getvalue())


def test_six_players_without_teams_and_teams_without_six_are_refused_in_one_line() -> None:
    for args, says in (
        (["simulate", "--players", "6"], "6 players play with --teams"),
        (["play", "--players", "3", "--teams"], "--teams: played by 6 players, not 3"),
    ):
        err, out = io.StringIO(), io.StringIO()
        assert main(args, stdout=out, stderr=err) == 2
        assert err.getvalue().count("\n") == 1 and says in err.getvalue()
        assert out.getvalue() == ""


def test_a_hot_seat_team_game_starts_at_a1_and_says_how_to_replay_it() -> None:
    out = io.StringIO()
    code = main(
        ["play", "--players", "6", "--teams", "--seed", "4"],
        stdin=io.StringIO("quit\n"),
        stdout=out,
    )
    assert code == 0
    text = out.getvalue()
    assert "seed 4" in text
    assert "python -m engine play --players 6 --teams --seed 4" in text
    assert replay_command(6, 4, None, "underground", {"teams": True}) == (
        "python -m engine play --players 6 --world underground --teams --seed 4"
    )
