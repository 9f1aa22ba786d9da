"""Team play's setup: the ``teams`` option, six seats A1 B1 C1 A2 B2 C2, play from A1,
8 turns, on either world (rules: ../shared/rules/team-play-6p.en.txt, "Playing in Teams"
and "End of the Game"; checklist §3.7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Game, GameConfig, default_action, legal_actions, new_game, to_act, view
from engine.core.content import map_for_players
from engine.core.maps import validate
from engine.rulesets.teams import members, partner, seat_name, seating, team_of

from .helpers_teams import SIX, team_board, team_game


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_six_players_seated_in_three_teams_play_from_a1(tmp_path: Path, world: str) -> None:
    # "Players sit around the table, opposite from their team partner (i.e. A1, B1, C1, A2,
    # B2, C2), and play proceeds clockwise, starting with the first player of Team A, A1."
    s = team_game(tmp_path, world=world)
    assert [p.name for p in s.players] == SIX
    assert to_act(s) == 0 and s.turn.seat == 0
    assert any(a.text.startswith("pick") for a in legal_actions(s, 0))
    assert [seat_name(x) for x in range(6)] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    assert [members(t) for t in range(3)] == [[0, 3], [1, 4], [2, 5]]
    assert [partner(x) for x in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [team_of(x) for x in range(6)] == [0, 1, 2, 0, 1, 2]
    shown = view(s)["rulesets"]["teams"]
    assert shown["seat_names"] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    assert shown["teams"][1] == {"team": "B", "seats": [1, 4]}


def test_seating_puts_partners_opposite() -> None:
    # "(i.e. A1, B1, C1, A2, B2, C2)": pairs chosen in a lobby become this seat order.
    assert seating([["Ann", "Ada"], ["Bob", "Ben"], ["Cid", "Cy"]]) == SIX
    with pytest.raises(ValueError, match="3 teams of 2"):
        seating([["Ann", "Ada"], ["Bob", "Ben"]])


def test_a_team_game_lasts_eight_turns(tmp_path: Path) -> None:
    # "With 6 players, the game ends after 8 turns." The rule set fixes it, whatever the
    # board says.
    path = team_board(tmp_path)
    data = json.loads(path.read_text())
    data["turns"] = 5
    path.write_text(json.dumps(data))
    s = new_game(SIX, 1, board=path, options={"teams": True})
    assert s.turns == 8
    assert view(s)["turns"] == 8


def test_six_players_only_with_teams_and_teams_only_with_six(tmp_path: Path) -> None:
    # "The players pair up in 3 teams of 2 players each": team play is for 6 players, and
    # 6 players are played only in teams (the base games are for 2 to 5).
    path = team_board(tmp_path)
    with pytest.raises(ValueError, match="played by 2 to 5 players"):
        new_game(SIX, 1, board=path)
    with pytest.raises(ValueError, match="played by 6 players with team play"):
        new_game(SIX[:5], 1, board=path, options={"teams": True})
    with pytest.raises(ValueError, match="played by 6 players with team play"):
        new_game(SIX[:4], 1, options={"teams": True})
    # An option turned off is no option.
    assert new_game(SIX[:3], 1, options={"teams": False}).turns == 10


def test_a_map_may_be_drawn_for_six_players(tmp_path: Path) -> None:
    # Team boards are 6-player boards: the map checker takes 6, and still no more.
    data = json.loads(team_board(tmp_path).read_text())
    assert validate(data) == []
    data["players"] = [6, 7]
    assert validate(data) == ["'players' must be between 2 and 6, not 7"]


def test_a_team_game_replays_from_its_config(tmp_path: Path) -> None:
    # GameConfig.options carries the option, so a saved team game replays as one.
    path = team_board(tmp_path)
    game = Game(GameConfig(tuple(SIX), 4, str(path), {"teams": True}))
    # [TEAMS "Setup"] On the surface the seats but the first place a Monster first.
    while (seat := to_act(game.state)) != 0:
        assert seat is not None
        action = default_action(game.state)
        assert action is not None
        game.play(seat, action)
    game.play(0, "pick 1")
    again = Game(game.config, list(game.log))
    assert again.state.turns == 8 and again.state.options == {"teams": True}
    assert again.snapshot() == game.snapshot()


@pytest.mark.parametrize(("world", "board"), [("surface", "sw-6p"), ("underground", "swu-6p")])
def test_a_team_game_without_a_board_plays_its_worlds_team_board(world: str, board: str) -> None:
    # The printed team boards are not public; each world has the project's own 6-player
    # board (issue 22 item 4), which a team game takes when no board is given.
    assert map_for_players(6, world) == board
    s = new_game(SIX, 1, world=world, options={"teams": True})
    assert s.map_id == board and s.turns == 8
    with pytest.raises(ValueError, match="played by 2 to 6 players"):
        map_for_players(7)
