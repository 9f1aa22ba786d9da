"""Team games from the command line: ``python -m engine simulate --players 6 --teams`` and
``play --players 6 --teams`` (rules: team-play-6p.en.txt, "Playing in Teams": "The players
pair up in 3 teams of 2 players each"); the terminal names each seat (A1 … C2), shows the
partners, and ends as the final score sheet does: the teams by their score, then the
players."""

from __future__ import annotations

import io
import re

import pytest

from engine import Game, GameConfig
from engine.console.cli import main
from engine.console.screen import render_rules
from engine.console.terminal import replay_command, run_play
from engine.rulesets.teams import seat_name
from engine.simulate import random_game
from lang import speaking


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


def _whole_team_game(seed: int) -> tuple[Game, str]:
    """A seeded random team game typed into the terminal, move by move, to its end."""
    options = {"teams": True}
    sim = random_game(6, seed, record=True, options=options)
    game = Game(
        GameConfig(players=tuple(f"P{i + 1}" for i in range(6)), seed=seed, options=options)
    )
    out = io.StringIO()
    assert run_play(game, io.StringIO("".join(f"{text}\n" for _, text in sim.log)), out) == 0
    return game, out.getvalue()


def test_a_terminal_team_game_names_seats_and_partners_and_ends_by_team() -> None:
    # [TEAMS "Playing in Teams"] seats A1 B1 C1 A2 B2 C2, partners opposite; [TEAMS "End of
    # the Game"] "each team's score is the lowest of the two player's scores! The team with
    # the highest score wins."
    game, text = _whole_team_game(5)
    labelled = {f"P{i + 1} ({seat_name(i)})" for i in range(6)}
    teams = (
        "Teams: Team A: P1 (A1) & P4 (A2) · Team B: P2 (B1) & P5 (B2) · Team C: P3 (C1) & P6 (C2)"
    )
    # Every board shown (one "Combos for sale:" each) lists the teams above the players.
    screens = text.count("\nCombos for sale:\n")
    assert screens > 100 and text.count(f"\n{teams}\nPlayers:\n") == screens
    # Every prompt, every "To act" line and every player line name the seat.
    prompts = set(re.findall(r"^(P\d[^>]*)> ", text, re.M))
    assert prompts == labelled
    assert set(re.findall(r"^To act: (P\d \([A-C][12]\))", text, re.M)) <= labelled
    assert not re.search(r"^  P\d: ", text, re.M)
    result = game.state.result
    assert result is not None
    end = text[text.index("Final ranking:") :].splitlines()
    by_seat = {row["seat"]: row for row in result["ranking"]}
    assert end[1] == "Teams (a team scores its lower partner's coins):"
    for line, team in zip(end[2:5], result["teams"], strict=True):
        low, high = sorted(by_seat[x]["coins"] for x in team["seats"])
        first, second = (f"P{x + 1} ({seat_name(x)})" for x in team["seats"])
        won = " (winners)" if team["team"] in result["winning_teams"] else ""
        assert line == (
            f"  {team['place']}. Team {team['team']} · {first} & {second}: {low} coins, "
            f"best partner {high} coins{won}"
        )
    players = end.index("Players:")
    assert len(end[players + 1 :]) == 6
    assert not any("(winner)" in line for line in end)
    winners = [t for t in result["teams"] if t["team"] in result["winning_teams"]]
    assert len(winners) == 1
    a, b = (f"P{x + 1} ({seat_name(x)})" for x in winners[0]["seats"])
    assert f"  · Game over: Team {winners[0]['team']} ({a} & {b}) wins\n" in text


def test_rules_teams_explains_team_play() -> None:
    out = io.StringIO()
    typed = "rules teams\nquit\n"
    assert main(["play", "--teams", "--seed", "1"], stdin=io.StringIO(typed), stdout=out) == 0
    told = next(line for line in out.getvalue().splitlines() if line.startswith("P2 (B1)> "))
    assert told.startswith("P2 (B1)> Teams: 6 players in 3 teams of 2, seated A1 B1 C1 A2 B2 C2")
    assert "A team scores its lower partner's coins" in told
    with speaking("fr"):
        assert render_rules("équipes")[0].startswith("Équipes : 6 joueurs en 3 équipes de 2")
