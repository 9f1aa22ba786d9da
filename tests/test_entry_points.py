"""Every command line a person runs ends quietly when stopped: Ctrl-C prints one line and
exits 130, a reader that closed the pipe (``| head``) ends it silently with 141; never a
traceback (``engine.console.exits``).

Run as real processes. A closed pipe is made before the process starts (a pipe whose reading
end is already closed), so its first write fails whatever the machine's speed; Ctrl-C is sent
once the process shows it is at work (its first picture written, its first progress line).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.console.exits import INTERRUPTED, PIPE_CLOSED

ROOT = Path(__file__).resolve().parents[1]
MAP = str(ROOT / "data" / "maps" / "sw-3p.json")


def _into_a_closed_pipe(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run ``python ARGS`` with its stdout a pipe nobody reads any more; its status and
    stderr."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, *args],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
            env={**os.environ, **(env or {})},
            check=False,
        )
    finally:
        os.close(write)
    return done.returncode, done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["-m", "engine", "maps", "list"],
        ["-m", "engine", "play", "--seed", "1"],
        ["-m", "engine", "play", "--teams", "--seed", "1"],
        ["-m", "engine", "simulate", "--games", "1"],
        ["-m", "engine", "--help"],
        ["-m", "renderer", "check", MAP],
        ["-m", "ai", "tournament", "--players", "2", "--games", "1", "--seats", "easy,easy"],
        ["-m", "bot", "--help"],
        ["bench/render.py"],
    ],
    ids=lambda a: " ".join(a[:3]),
)
def test_output_into_a_closed_pipe_ends_quietly(args: list[str]) -> None:
    code, err = _into_a_closed_pipe(args)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert code in (0, PIPE_CLOSED), (code, err)
    assert err == "", err


def test_a_bot_operation_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    code, err = _into_a_closed_pipe(
        ["-m", "bot", "migrate"], {"DATABASE_PATH": str(tmp_path / "games.sqlite3")}
    )
    assert (code, err) == (PIPE_CLOSED, "")


def _sigint_as_at_a_terminal() -> None:
    """In the child, before Python starts: SIGINT's default action. A suite started in the
    background (``cmd &`` in a script, ``nohup``) hands its children SIGINT ignored, and
    Python then never turns it into KeyboardInterrupt; a terminal's Ctrl-C finds it set."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupted_once(
    args: list[str], at_work: Callable[[subprocess.Popen[str]], None]
) -> subprocess.CompletedProcess[str]:
    """Start ``python ARGS``, wait until ``at_work(process)`` says it is busy, press Ctrl-C."""
    with subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_sigint_as_at_a_terminal,
    ) as process:
        try:
            at_work(process)
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=300)
        finally:
            if process.poll() is None:
                process.kill()
        return subprocess.CompletedProcess(args, process.returncode, out, err)


def test_ctrl_c_during_renderer_demo_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "demo"

    def first_picture(process: subprocess.Popen[str]) -> None:
        # The demo writes its pictures one by one: the first file shows it is drawing.
        while not (folder.exists() and any(folder.iterdir())):
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            time.sleep(0.05)

    done = _interrupted_once(["-m", "renderer", "demo", "--out", str(folder)], first_picture)
    assert done.returncode == INTERRUPTED, done.stderr
    assert done.stderr == "python -m renderer: interrupted\n"


def test_ctrl_c_during_a_tournament_is_one_line() -> None:
    def progress(process: subprocess.Popen[str]) -> None:
        assert process.stderr is not None
        # Its first progress line, after 10 games.
        assert process.stderr.readline().startswith("[10/")

    args = ["-m", "ai", "tournament", "--players", "2", "--games", "5000", "--seats", "easy,easy"]
    done = _interrupted_once(args, progress)
    assert done.returncode == INTERRUPTED
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == "python -m ai tournament: interrupted"
