"""The regression guard (``bench/compare.py``, issue 23 item 2): the working tree against a
commit, in interleaved rounds, prints a ratio and whether both engines played the same games.
Run on tiny games: the figures are not asserted (speed is never a timed test), the shape and
the sameness are."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)


@pytest.fixture(autouse=True)
def _needs_git() -> None:
    if _git("rev-parse", "HEAD").returncode != 0:
        pytest.skip("not a git checkout")


def test_compare_with_head_plays_the_same_games_and_cleans_up() -> None:
    before = _git("worktree", "list").stdout
    done = subprocess.run(
        [sys.executable, "bench/engine.py", "--compare", "HEAD", "--players", "2", "--games",
         "2", "--rounds", "2", "--world", "surface"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=300,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    # Two rounds, base first then head first: four measurements, interleaved.
    sides = [re.search(r"side=(\w+)", ln).group(1) for ln in lines if ln.startswith("round=")]  # type: ignore[union-attr]
    assert sides == ["base", "head", "head", "base"]
    summary = lines[-1]
    assert summary.startswith("compare rev=") and "players=2" in summary
    ratio = float(re.search(r" ratio=([\d.]+)", summary).group(1))  # type: ignore[union-attr]
    assert ratio > 0
    # The working tree's engine is HEAD's (the suite changes no engine file): same games.
    if not _git("status", "--porcelain", "engine").stdout.strip():
        assert "same_games=yes" in summary
    # The temporary worktree is gone.
    assert _git("worktree", "list").stdout == before


def test_a_revision_git_does_not_know_is_refused() -> None:
    done = subprocess.run(
        [sys.executable, "bench/compare.py", "no-such-revision", "--games", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode != 0
    assert "knows no commit 'no-such-revision'" in done.stderr
    assert "Traceback" not in done.stderr
