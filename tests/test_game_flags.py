"""``--players``, ``--teams`` and the other rule set flags mean the same in every command that
starts games (``engine.console.choices``): ``python -m engine play`` and ``simulate``,
``python -m ai tournament`` and the playthrough.

Team play rules (team-play-6p.en.txt, "Playing in Teams"): "The players pair up in 3 teams
of 2 players each", so ``--teams`` is a 6-player game, with or without ``--players 6``.
Ruling 96: Places and Relics on the surface change nothing on the Underground, which the
bot's lobby refuses (``tests/bot/test_game_options.py``); so does every command line, in the
same words.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest

from ai.__main__ import main as ai_main
from bot.errors import ServiceError
from bot.options import check as lobby_check
from engine.console.cli import main as engine_main
from engine.console.playthrough import main as playthrough_main

Run = Callable[[list[str], pytest.CaptureFixture[str]], tuple[int, str, str]]


def _engine(command: str, *more: str) -> Run:
    def run(args: list[str], _: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        code = engine_main(
            [command, *args, *more, "--seed", "2"],
            stdin=io.StringIO("quit\n"),
            stdout=out,
            stderr=err,
        )
        return code, out.getvalue(), err.getvalue()

    return run


def _captured(main: Callable[[list[str]], int], *more: str) -> Run:
    """A ``main`` that writes to the process's streams (and may exit through argparse)."""

    def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
        capsys.readouterr()
        try:
            code = main([*more, *args])
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run


COMMANDS: dict[str, Run] = {
    "engine play": _engine("play"),
    "engine simulate": _engine("simulate", "--games", "1"),
    "ai tournament": _captured(ai_main, "tournament", "--games", "1", "--quiet"),
    "playthrough": _captured(playthrough_main),
}


def _one_line(done: tuple[int, str, str]) -> str:
    code, out, err = done
    assert code == 2 and out == "", done
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("command", COMMANDS)
def test_teams_is_six_players_with_or_without_players_6(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run = COMMANDS[command]
    for args in (["--teams"], ["--players", "6", "--teams"]):
        code, out, err = run(args, capsys)
        assert (code, err) == (0, ""), (args, err)
        if command == "engine play":
            # A team game starts with B1's Monster placement (team rules, "Setup": "all
            # players except the first one should place 1 Monster token").
            assert "== Round 1/8 · P2 (B1)'s turn · setup ==" in out
        elif command == "ai tournament":
            assert out.startswith("6 players, teams, sw-6p, 1 games")
        elif command == "playthrough":
            assert out.startswith("# Small World playthrough · map sw-6p · 6 players · seed 1")
        else:
            assert out.startswith("games=1 ")


@pytest.mark.parametrize("command", COMMANDS)
def test_six_players_without_teams_and_teams_with_three_are_refused_alike(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run = COMMANDS[command]
    assert "6 players play with --teams" in _one_line(run(["--players", "6"], capsys))
    assert "--teams: played by 6 players, not 3" in _one_line(
        run(["--players", "3", "--teams"], capsys)
    )


def test_surface_relics_on_the_underground_is_refused_as_the_lobby_refuses_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(ServiceError) as lobby:
        lobby_check(3, "underground", "swu-3p", {}, {"surface_relics": True})
    said = str(lobby.value).replace("Places and Relics on the surface", "--surface-relics")
    assert said == (
        "--surface-relics: Small World Underground has them already, so the option changes "
        "nothing there."
    )
    for command, run in COMMANDS.items():
        for board in (
            ["--players", "3", "--world", "underground"],
            ["--world", "underground", "--teams"],
        ):
            line = _one_line(run([*board, "--surface-relics"], capsys))
            assert f": {said}" in line, (command, line)
    # On the surface the option adds the Places and Relics: accepted.
    code, out, _ = COMMANDS["engine simulate"](["--surface-relics"], capsys)
    assert code == 0 and out.startswith("games=1 ")
