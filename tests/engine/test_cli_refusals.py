"""Bad input to ``python -m engine`` as a person types it: one line on stderr, never a traceback.

Every argument of every sub-command gets bad values, run as a real process; and the terminal
game is left by ``quit``, end of input and Ctrl-C, each time saying how to come back, and that
way of coming back is checked to give the same game.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.console.cli import DRAWING_NOTE

from .helpers import ROOT, run_python


def refused(done: subprocess.CompletedProcess[str], code: int = 2) -> str:
    """The one line a refused command printed on stderr (checked: status, no traceback)."""
    assert done.returncode == code, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture(scope="module")
def not_utf8(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A map file saved in UTF-16, as some editors do: not UTF-8 text."""
    path = tmp_path_factory.mktemp("maps") / "utf16.json"
    text = (ROOT / "data" / "maps" / "sw-2p.json").read_text(encoding="utf-8")
    path.write_bytes(text.encode("utf-16"))
    return path


@pytest.mark.parametrize(
    ("args", "says"),
    [
        # The sub-command is named as the usage names it, not by its attribute.
        ((), "the following arguments are required: COMMAND"),
        (("bogus",), "invalid choice: 'bogus'"),
        (("play", "--players", "x"), "argument --players: 'x' is not a whole number"),
        (("play", "--players", "1"), "played by 2 to 6 players, not 1"),
        # Team play rules: "The players pair up in 3 teams of 2 players each".
        (("play", "--players", "6"), "6 players play with --teams"),
        (("play", "--players", "4", "--teams"), "--teams: played by 6 players, not 4"),
        (("play", "--players", "99"), "played by 2 to 6 players, not 99"),
        (("play", "--seed", "1.5"), "argument --seed: '1.5' is not a whole number"),
        (("play", "--world", "moon"), "argument --world: invalid choice: 'moon'"),
        (("play", "--map", "sw-9p"), "no map 'sw-9p'"),
        # A path is read as a map file, whatever it holds: one line says why it is none. The
        # file is one every clone has, so the test does not hang on where the clone sits.
        (("play", "--map", "./pyproject.toml"), "./pyproject.toml: not valid JSON"),
        (("play", "--map", "sw-4p"), "map sw-4p is made for 4 players, not 3"),
        (
            ("play", "--map", "sw-3p", "--world", "underground"),
            "map sw-3p belongs to the surface world, not underground",
        ),
        (
            ("play", "--players", "2", "--map", "swu-2p", "--world", "surface"),
            "map swu-2p belongs to the underground world, not surface",
        ),
        (("play", "--map", "nowhere.json"), "nowhere.json: cannot read the file"),
        (("play", "--bogus"), "unrecognized arguments: --bogus"),
        (("simulate", "--games", "0"), "argument --games: must be at least 1, not 0"),
        (("simulate", "--games", "-3"), "argument --games: must be at least 1, not -3"),
        (("simulate", "--players", "6"), "6 players play with --teams"),
        (("simulate", "--seed", "x"), "argument --seed: 'x' is not a whole number"),
        (("simulate", "--world", "moon"), "argument --world: invalid choice: 'moon'"),
        (("maps",), "the following arguments are required: COMMAND"),
        (("maps", "check"), "the following arguments are required: FILE"),
    ],
)
def test_a_bad_argument_is_one_line_on_stderr(args: tuple[str, ...], says: str) -> None:
    done = run_python("-m", "engine", *args, timeout=60, check=False)
    line = refused(done)
    assert line.startswith("python -m engine") and says in line, line
    assert done.stdout == ""


def test_the_playthrough_command_refuses_in_one_line_too() -> None:
    done = run_python("-m", "engine.console.playthrough", "--players", "7", timeout=60, check=False)
    assert "played by 2 to 6 players, not 7" in refused(done)


def test_a_map_file_that_is_not_utf8_is_one_line_wherever_it_is_read(not_utf8: Path) -> None:
    """``maps check`` reports it as the file's problem (status 1), ``play --map`` refuses it."""
    done = run_python("-m", "engine", "maps", "check", str(not_utf8), timeout=60, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert (
        done.stdout
        == f"{not_utf8}: not UTF-8 text (byte 0xff at offset 0): save the file as UTF-8\n"
    )
    done = run_python(
        "-m", "engine", "play", "--players", "2", "--map", str(not_utf8), timeout=60, check=False
    )
    assert refused(done) == (
        f"python -m engine play: {not_utf8}: not UTF-8 text (byte 0xff at offset 0): "
        "save the file as UTF-8"
    )


def test_maps_check_reads_a_byte_order_mark_and_refuses_deep_nesting(tmp_path: Path) -> None:
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + (ROOT / "data" / "maps" / "sw-2p.json").read_bytes())
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    done = run_python("-m", "engine", "maps", "check", str(bom), str(deep), timeout=60, check=False)
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines() == [
        f"{bom}: ok (23 regions, 20 land, entries 14)",
        f"{deep}: not a map: its JSON is nested far too deeply",
        DRAWING_NOTE,
    ]


def _play(args: list[str], typed: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "play", *args],
        cwd=ROOT,
        input="".join(f"{line}\n" for line in typed),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )


def test_hostile_lines_in_the_game_are_refused_one_by_one() -> None:
    """Digits ``int`` refuses ("²", 5000 of them), NUL, huge region numbers: each is one
    error line, the game goes on and nothing is played."""
    typed = ["²", "region ²", "9" * 5000, "region " + "9" * 5000, "conquer " + "9" * 5000]
    typed += ["\x00", "adj -1", "undo", "move 1 2 -3", "rules " + "x" * 3000, "quit"]
    done = _play(["--players", "2", "--seed", "3"], typed)
    assert done.stderr == ""
    answers = [line for line in done.stdout.splitlines() if line.startswith("P1> ")]
    assert len(answers) == len(typed)
    assert all(a.startswith(("P1> error: ", "P1> Nothing called")) for a in answers[:-1])
    assert answers[2] == "P1> error: There is no action 999999999999999999999999…; pick 1 to 6."
    assert answers[3] == "P1> error: There is no region 999999999999999999999999…."
    assert answers[-1] == "P1> Bye."
    assert "To play this game again: python -m engine play --players 2 --seed 3" in done.stdout


# --- the terminal game: seeds, leaving and coming back ----------------------------------------

SEED_LINE = re.compile(r"seed (\d+) — replay with --seed \1")


def test_a_game_without_seed_gets_a_fresh_one_and_prints_it() -> None:
    seeds = set()
    for _ in range(3):
        first = _play(["--players", "2"], []).stdout.splitlines()[0]
        found = SEED_LINE.fullmatch(first)
        assert found, first
        seeds.add(found.group(1))
    # Three draws from a million: the same seed three times means no fresh seed at all.
    assert len(seeds) > 1
    first = _play(["--players", "2", "--seed", "42"], []).stdout.splitlines()[0]
    assert first == "seed 42 — replay with --seed 42"


def _last_board(output: str) -> str:
    """The last board the game printed (from its last "== Round" header to "Actions:")."""
    start = output.rindex("== Round")
    return output[start : output.index("Actions:", start)]


def test_quit_tells_a_command_and_moves_that_bring_the_same_game_back() -> None:
    moves = ["2", "default", "default", "default"]  # P1 picks, stops, ends; P2 picks
    first = _play(["--players", "2", "--world", "underground"], [*moves, "quit"])
    assert first.stderr == ""
    out = first.stdout
    said = out[out.index("Bye.\n") :].splitlines()
    command = said[1].removeprefix("To pick this game up again, run: ")
    assert command != said[1] and command.startswith("python -m engine play ")
    assert said[2] == "then type (or paste) these moves at its first prompt, one a line (4 moves):"
    again = [line.strip() for line in said[3:]]
    assert len(again) == 4 and again[0] == "pick 2"
    args = command.removeprefix("python -m engine play ").split()
    second = _play(args, [*again, "quit"])
    assert _last_board(second.stdout) == _last_board(out)
    assert "error: " not in second.stdout


def test_end_of_input_says_how_to_come_back_too() -> None:
    done = _play(["--players", "3", "--seed", "5"], ["1"])
    tail = done.stdout[done.stdout.index("End of input: leaving the game.") :].splitlines()
    assert tail == [
        "End of input: leaving the game.",
        "To pick this game up again, run: python -m engine play --players 3 --seed 5",
        "then type (or paste) these moves at its first prompt, one a line (1 move):",
        "  pick 1",
    ]


def _read_until(fd: int, token: bytes, seen: bytearray, wait: float = 60) -> bytes:
    """Read the terminal until ``token`` appears; return what came up to and with it."""
    while token not in seen:
        ready, _, _ = select.select([fd], [], [], wait)
        assert ready, f"no {token!r} on the terminal: {bytes(seen[-300:])!r}"
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # Linux: the terminal closed with the process
            chunk = b""
        assert chunk, f"the game ended before {token!r}: {bytes(seen[-300:])!r}"
        seen.extend(chunk)
    end = seen.index(token) + len(token)
    got = bytes(seen[:end])
    del seen[:end]
    return got


def _on_a_terminal(errors: Path) -> tuple[int, int]:
    """``python -m engine play --players 2 --seed 7`` on a new pseudo-terminal, its stderr
    kept apart in ``errors``: (process id, the terminal's file descriptor)."""
    pty = pytest.importorskip("pty")
    pytest.importorskip("readline")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game on the terminal
        # Ctrl-C as a person's terminal delivers it: a test run started in the background
        # (a benchmark under nohup, a job of a script) ignores SIGINT, and an ignored signal
        # stays ignored across exec, so the game would never hear it.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.chdir(ROOT)
        os.dup2(os.open(errors, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
        os.environ["TERM"] = "dumb"
        args = ["-m", "engine", "play", "--players", "2", "--seed", "7"]
        os.execv(sys.executable, [sys.executable, *args])
    return pid, fd


def _waits_for_a_key(pid: int) -> bool:
    """Whether process ``pid`` sleeps in a wait for input (``/proc``: its state, and where the
    kernel shows it, the wait it sleeps in)."""
    proc = Path(f"/proc/{pid}")
    state = (proc / "stat").read_text().rpartition(")")[2].split()[0]
    wchan = (proc / "wchan").read_text() if (proc / "wchan").exists() else ""
    return state == "S" and (wchan in ("", "0") or "poll" in wchan or "select" in wchan)


def _readline_is_reading(pid: int, fd: int, seen: bytearray) -> bool:
    """Wait for the prompt, then until readline has the terminal (no line mode) and the game
    sleeps in its wait for a key; False where the system cannot tell (no ``/proc``).

    A Ctrl-C that comes before that may be missed (CPython's readline checks for it only
    while it waits); a person is never that fast, a test is. No time limit decides it: a
    loaded machine only makes the wait longer (two minutes at most, then the test fails).
    """
    import termios

    _read_until(fd, b"P1> ", seen)
    if not Path(f"/proc/{pid}/stat").exists():
        return False
    give_up = time.monotonic() + 120
    while not (_waits_for_a_key(pid) and not termios.tcgetattr(fd)[3] & termios.ICANON):
        assert time.monotonic() < give_up, f"readline never waited: {bytes(seen[-300:])!r}"
        select.select([], [], [], 0.01)
    return True


def test_on_a_terminal_lines_are_edited_recalled_and_ctrl_c_leaves_in_words(
    tmp_path: Path,
) -> None:
    """On a real terminal (a pseudo-terminal here): Ctrl-P recalls the last line (readline's
    history), Ctrl-C leaves with status 130, the way back, and nothing on stderr."""
    errors = tmp_path / "stderr.txt"
    pid, fd = _on_a_terminal(errors)
    seen = bytearray()
    # Each step waits for what only its own answer prints, then for the next prompt.
    _read_until(fd, b"P1> ", seen)
    os.write(fd, b"rules orcs\r")
    _read_until(fd, b"Orcs: Race", seen)
    _read_until(fd, b"P1> ", seen)
    os.write(fd, b"\x10\r")  # Ctrl-P, Enter: the line before, played again
    _read_until(fd, b"Orcs: Race", seen)
    _read_until(fd, b"P1> ", seen)
    os.write(fd, b"pick 1\r")
    _read_until(fd, b"P1: Pick ", seen)
    if _readline_is_reading(pid, fd, seen):
        # Ctrl-C, once: readline waits for a key, so the signal interrupts that wait. (A
        # second press while the game says goodbye would interrupt the goodbye.)
        os.write(fd, b"\x03")
        _read_until(fd, b"Interrupted: leaving the game.", seen)
    else:
        # No /proc to tell when readline waits: it may miss a Ctrl-C that comes just as it
        # starts to (no person is that fast); like a person, press again when no answer came.
        for _ in range(5):
            os.write(fd, b"\x03")
            with contextlib.suppress(AssertionError):
                _read_until(fd, b"Interrupted: leaving the game.", seen, wait=5)
                break
    tail = _read_until(fd, b"  pick 1", seen)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 130
    assert b"python -m engine play --players 2 --seed 7" in tail
    assert errors.read_text() == ""


def test_on_a_terminal_ctrl_d_leaves_in_words(tmp_path: Path) -> None:
    errors = tmp_path / "stderr.txt"
    pid, fd = _on_a_terminal(errors)
    seen = bytearray()
    _readline_is_reading(pid, fd, seen)
    os.write(fd, b"\x04")  # Ctrl-D on an empty line: end of input
    tail = _read_until(fd, b"--seed 7", seen)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"End of input: leaving the game." in tail
    assert errors.read_text() == ""
