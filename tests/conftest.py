"""Settings shared by the whole test suite.

Hypothesis profiles: ``ci`` (the default) draws the same examples on every run and keeps no
example database, so the suite is repeatable and writes nothing into the checkout; ``dev``
draws new examples each run and remembers failing ones in ``.hypothesis/`` (ignored by git),
for a longer local hunt: ``HYPOTHESIS_PROFILE=dev pytest tests/engine/test_stateful.py``.
No profile has a deadline: the machine's speed must never decide a test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.machine import NEEDS, not_run_line

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# The terminal game speaks the language of its environment (LC_ALL, LC_MESSAGES, LANG): the
# commands the tests run as a person would must read English on any machine, whatever its
# locale. Tests of another language set their own (tests/engine/test_cli_french.py).
for _name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


def pytest_report_header() -> str:
    """Which engine the suite runs on (``engine.compiled``): compiled or pure Python."""
    from engine.compiled import engine_status

    return engine_status()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The run's last word on the tests skipped for want of PostgreSQL or Chromium
    (``tests.machine``): one line naming them and how to get what they need, written to the
    file ``SW_TEST_NOT_RUN`` names when set (``scripts/test`` prints it after everything)."""
    skipped: dict[str, list[str]] = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else ""
        for part, needs in NEEDS.items():
            if reason.removeprefix("Skipped: ").startswith(needs):
                skipped.setdefault(part, []).append(report.nodeid)
    line = not_run_line(skipped)
    target = os.environ.get("SW_TEST_NOT_RUN")
    if target:
        Path(target).write_text(f"{line}\n" if line else "", encoding="utf-8")
    elif line:
        terminalreporter.write_line(line, yellow=True, bold=True)
