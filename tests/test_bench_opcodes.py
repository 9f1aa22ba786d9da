"""The bytecode counter (``bench/opcodes.py``, issue 23): the same games count the same
bytecodes every time, whatever the machine does, and the hot path leads the list."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run() -> list[str]:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "opcodes.py"),
            "--players",
            "2",
            "--games",
            "1",
            "--top",
            "5",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout.splitlines()


def test_counts_are_deterministic_and_name_the_hot_path() -> None:
    first, second = _run(), _run()
    assert first == second  # a count, not a time: the same games give the same figures
    assert first[0].startswith("world=surface players=2 games=1 opcodes_per_game=")
    assert int(first[0].rsplit("=", 1)[1]) > 10_000
    listed = [line.split()[-1] for line in first[1:]]
    assert len(listed) == 5
    assert "engine/core/legal.py:legal_actions" in listed
