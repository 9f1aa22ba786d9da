"""``python -m ai tournament`` and ``python -m ai check`` through their entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.__main__ import main
from tests.engine.helpers import ROOT, run_python


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
        for n in (2, 3, 4, 5, 6):
            assert rows[f"{world}-{n}p"] == ["games=1", "failures=0"]
    assert rows["level=easy"] == ["games=10", "failures=0"]


def test_check_counts_an_illegal_action() -> None:
    from ai.check import check
    from ai.player import Player
    from engine import Action, GameState
    from engine.core.actions import Conquer

    class Cheat(Player):
        """Tries to take a region that is not on any map."""

        def choose(self, state: GameState, seat: int) -> Action:
            return Conquer(999)

        def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
            return Conquer(999)

    lines: list[str] = []
    results = check(lambda k: Cheat(k), games=1, seed=1, report=lines.append)
    assert [r.failures for r in results] == [1] * 10
    assert sum(1 for line in lines if line.startswith("FAIL")) == 10
    assert any("IllegalAction" in line for line in lines)


def test_tournament_on_a_chosen_board(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--players", "2", "--games", "2", "--seats", "easy,random"]
    assert main([*args, "--map", "sw-4p", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("2 players, sw-4p, 2 games, seats rotated")


# --- bad input, as a person types it ----------------------------------------------------------

TOURNAMENT = ("tournament", "--seats", "easy,random", "--quiet")
ONE_GAME = (*TOURNAMENT, "--players", "2", "--games", "1")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ((*TOURNAMENT, "--players", "2", "--games", "1", "--map", "sw-9p"), "no map 'sw-9p'"),
        (
            ("tournament", "--players", "6", "--games", "1", "--seats", ",".join(["easy"] * 6)),
            "6 players play with --teams",
        ),
        ((*TOURNAMENT, "--players", "1", "--games", "1"), "played by 2 to 6 players, not 1"),
        ((*TOURNAMENT, "--players", "two", "--games", "1"), "'two' is not a whole number"),
        ((*TOURNAMENT, "--players", "2", "--games", "0"), "--games: must be at least 1, not 0"),
        ((*TOURNAMENT, "--players", "2", "--games", "-4"), "--games: must be at least 1, not -4"),
        (
            (*TOURNAMENT, "--players", "2", "--games", "1", "--budget", "-1"),
            "--budget: must be a number of seconds above 0, not -1",
        ),
        (
            (*TOURNAMENT, "--players", "2", "--games", "1", "--budget", "nan"),
            "--budget: must be a number of seconds above 0, not nan",
        ),
        (
            (*TOURNAMENT, "--players", "2", "--games", "1", "--budget", "soon"),
            "'soon' is not a number of seconds",
        ),
        (
            (*TOURNAMENT, "--players", "2", "--games", "1", "--iterations", "0"),
            "--iterations: must be at least 1, not 0",
        ),
        (
            (*TOURNAMENT, "--players", "2", "--games", "1", "--budget", "1", "--iterations", "5"),
            "not allowed with argument",
        ),
        (
            (
                *TOURNAMENT,
                "--players",
                "2",
                "--games",
                "1",
                "--map",
                "swu-2p",
                "--world",
                "surface",
            ),
            "map swu-2p belongs to the underground world, not surface",
        ),
        (
            (
                *TOURNAMENT,
                "--players",
                "2",
                "--games",
                "1",
                "--map",
                "sw-2p",
                "--world",
                "underground",
            ),
            "map sw-2p belongs to the surface world, not underground",
        ),
        ((*TOURNAMENT, "--players", "2", "--games", "1", "--world", "moon"), "invalid choice"),
        ((*TOURNAMENT, "--players", "2", "--games", "1", "--seed", "x"), "'x' is not a whole"),
        (
            ("tournament", "--players", "2", "--games", "1", "--seats", "easy,hard:0"),
            "seat 'hard:0': the playouts after ':' must be a whole number from 1",
        ),
        (
            ("tournament", "--players", "2", "--games", "1", "--seats", "easy,wizard"),
            "unknown seat 'wizard': the levels are random, easy, normal, hard",
        ),
        (
            ("tournament", "--players", "3", "--games", "1", "--seats", "easy,easy"),
            "--seats names 2 seats for 3 players",
        ),
        (("check", "--games", "0", "--level", "easy"), "--games: must be at least 1, not 0"),
        (("check", "--games", "1", "--level", "wizard"), "invalid choice: 'wizard'"),
        (("check", "--games", "1", "--level", "easy", "--budget", "-1"), "above 0, not -1"),
        (("check", "--games", "1", "--level", "easy", "--iterations", "0"), "at least 1, not 0"),
        (("check", "--games", "1"), "the following arguments are required: --level"),
        (("bogus",), "invalid choice: 'bogus'"),
    ],
)
def test_a_bad_argument_is_one_line_on_stderr(args: tuple[str, ...], says: str) -> None:
    """Exit status 2, one line naming the command and what is wrong, never a traceback."""
    done = run_python("-m", "ai", *args, timeout=60, check=False)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("python -m ai"), done.stderr
    assert says in lines[0], lines[0]


def test_a_map_file_that_is_not_utf8_is_refused_in_one_line(tmp_path: Path) -> None:
    board = tmp_path / "utf16.json"
    text = (ROOT / "data" / "maps" / "sw-2p.json").read_text(encoding="utf-8")
    board.write_bytes(text.encode("utf-16"))
    done = run_python(
        "-m", "ai", *TOURNAMENT, "--players", "2", "--games", "1", "--map", str(board), check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == (
        f"python -m ai tournament: {board}: not UTF-8 text (byte 0xff at offset 0): save the "
        "file as UTF-8 (see python -m ai tournament --help)\n"
    )


def test_a_map_names_its_own_world(capsys: pytest.CaptureFixture[str]) -> None:
    """``--map swu-2p`` without ``--world`` plays Underground (the board's own world)."""
    assert main([*TOURNAMENT, "--players", "2", "--games", "1", "--map", "swu-2p"]) == 0
    assert capsys.readouterr().out.startswith("2 players, swu-2p, 1 games")
