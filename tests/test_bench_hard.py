"""The hard level's measuring scripts (issue 41 §2): ``bench/hard_playouts.py`` counts the
playouts of every searched decision and tells the cap from the clock by mirroring the
search's schedule; ``bench/ab_pair.py`` pairs two ``bench/hard_ab.py --log`` runs game by
game. Tiny games at fixed playouts: the figures of strength and speed are not asserted, the
counting and the pairing are."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, check=True,
        timeout=600,
    )  # fmt: skip
    return done.stdout.splitlines()


def test_playouts_match_the_search_schedule_at_fixed_iterations() -> None:
    # At fixed iterations every round plays its full share, so each decision's counted
    # playouts must equal the schedule the script mirrors: "capped" 100% on every row.
    lines = _run("bench/hard_playouts.py", "--games", "1", "--seats", "hard,easy",
                 "--iterations", "14", "--set", "rollout_easy=True")  # fmt: skip
    assert "set=['rollout_easy=True']" in lines[1]
    rows = [ln.split() for ln in lines if re.match(r"\s*(\d+|all)\s+\d+\s+\d+", ln)]
    assert rows and rows[-1][0] == "all"
    assert int(rows[-1][1]) > 0  # some decisions were searched
    for row in rows:
        assert row[5] == "100%", row
        # 14 playouts split over the rounds and options: never more than 14 a decision
        assert 0 < int(row[3]) <= int(row[4]) <= 14, row


def test_pairing_two_runs_of_one_seed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for log, moves in ((a, "1"), (b, "3")):
        _run("bench/hard_ab.py", "--games", "2", "--seats", "hard,easy", "--iterations", "6",
             "--set", f"first_moves={moves}", "--log", str(log))  # fmt: skip
    games = [json.loads(ln) for ln in a.read_text().splitlines()]
    assert [g["game"] for g in games] == [0, 1]
    lines = _run("bench/ab_pair.py", str(a), str(b), str(a))
    assert lines[0] == "2 games common to all runs, entry 0"
    share = sum(g["wins"][0] for g in games) / 2
    assert f"{share:.1%}" in lines[2]  # the first run's row: its hard seat's win share
    # The first run against itself differs in no game.
    assert lines[-1].startswith("a.jsonl - a.jsonl: win +0.0%")
    assert lines[-1].endswith("games better 0, worse 0; games alike (every seat's coins) 2")


def test_spread_of_playouts_per_option() -> None:
    lines = _run("bench/hard_spread.py", "--games", "1", "--players", "2", "--playouts", "3",
                 "--early", "1")  # fmt: skip
    decisions = [ln for ln in lines if ln.startswith("game 0 ")]
    summary = re.match(r"(\d+) searched decisions, 3 playouts an option: .* in (\d+)/(\d+)$",
                       lines[-1])  # fmt: skip
    assert summary is not None, lines[-1]
    assert int(summary.group(1)) == len(decisions) == int(summary.group(3)) > 0
    for ln in decisions:
        # Each option: mean ± spread (distinct rewards among its 3 playouts), two or more.
        counts = [int(c) for c in re.findall(r"±\d\.\d{3}\((\d+)\)", ln)]
        assert len(counts) >= 2 and all(1 <= c <= 3 for c in counts), ln
