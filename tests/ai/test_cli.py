"""``python -m ai tournament`` and ``python -m ai check`` through their entry point."""

from __future__ import annotations

import pytest

from ai.__main__ import main


def test_tournament_prints_a_row_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "tournament",
                "--players",
                "3",
                "--games",
                "3",
                "--seats",
                "easy,random,normal:2",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("3 players, sw-3p, 3 games, seats rotated")
    assert out[1].split()[:3] == ["level", "games", "win"]
    rows = out[2:]
    assert [r.split()[0] for r in rows] == ["easy", "random", "normal:2"]
    shares = [float(r.split()[2].rstrip("%")) for r in rows]
    # Every game has its win shared out among the seats: the shares add up to 100%.
    assert sum(shares) == pytest.approx(100.0, abs=0.2)
    assert all(r.split()[1] == "3" for r in rows)


def test_tournament_refuses_a_seat_list_of_the_wrong_size() -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--players", "4", "--games", "1", "--seats", "easy,easy"])


def test_check_plays_every_map_of_both_worlds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--games", "1", "--level", "easy"]) == 0
    rows = {line.split()[0]: line.split()[1:3] for line in capsys.readouterr().out.splitlines()}
    for world in ("sw", "swu"):
        for n in (2, 3, 4, 5):
            assert rows[f"{world}-{n}p"] == ["games=1", "failures=0"]
    assert rows["level=easy"] == ["games=8", "failures=0"]


def test_check_counts_an_illegal_action() -> None:
    from ai.check import check
    from ai.player import Player
    from engine import Action, GameState
    from engine.actions import Conquer

    class Cheat(Player):
        """Tries to take a region that is not on any map."""

        def choose(self, state: GameState, seat: int) -> Action:
            return Conquer(999)

        def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
            return Conquer(999)

    lines: list[str] = []
    results = check(lambda k: Cheat(k), games=1, seed=1, report=lines.append)
    assert [r.failures for r in results] == [1] * 8
    assert sum(1 for line in lines if line.startswith("FAIL")) == 8
    assert any("IllegalAction" in line for line in lines)


def test_tournament_on_a_chosen_board(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--players", "2", "--games", "2", "--seats", "easy,random"]
    assert main([*args, "--map", "sw-4p", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("2 players, sw-4p, 2 games, seats rotated")
