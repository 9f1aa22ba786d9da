"""Stopping the bot and ``python -m bot web`` from outside, as operators and crashes do.

SIGKILL (a crash, the out-of-memory killer, ``kill -9``) gives the process no say: its
worker pool (the forkserver, multiprocessing's resource tracker and every worker) must end
by itself. SIGTERM (systemd, docker, ``kill``) must stop it as cleanly as Ctrl-C: exit 0, no
process left, the SQLite database closed (its ``-wal`` and ``-shm`` files gone).

Each test runs the real process (``tests/bot/running_bot.py``) with two worker processes and
waits for events (the process ready, its pool up, its end), each under a generous ceiling.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import command_line, living, wait_for_family, wait_until_gone

from .running_bot import launch

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the processes are read from /proc"
)

WORKERS = 2
#: The forkserver, the resource tracker and the workers.
POOL = WORKERS + 2
#: How long the tests wait for a process to end: a few seconds on a loaded machine, and the
#: assertions hold however long it takes up to this.
CEILING = 60.0


def started(target: str, tmp_path: Path) -> tuple[subprocess.Popen[bytes], set[int], Path]:
    """``target`` running with its pool up: the process, its pool's pids, its database."""
    database = tmp_path / "smallworld.sqlite3"
    proc = launch(target, database, WORKERS)
    pool = wait_for_family(proc.pid, POOL)
    assert len(pool) == POOL, [command_line(pid) for pid in pool]
    commands = " ".join(command_line(pid) for pid in pool)
    assert "forkserver" in commands and "resource_tracker" in commands, commands
    return proc, pool, database


@pytest.mark.parametrize("target", ["bot", "web"])
def test_a_killed_process_leaves_none_of_its_workers_running(target: str, tmp_path: Path) -> None:
    proc, pool, _database = started(target, tmp_path)
    try:
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=CEILING) == -signal.SIGKILL
        left, _waited = wait_until_gone(pool, CEILING)
        assert not left, [command_line(pid) for pid in left]
    finally:
        for pid in living(pool):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("target", ["bot", "web"])
def test_sigterm_stops_the_process_as_cleanly_as_ctrl_c(target: str, tmp_path: Path) -> None:
    proc, pool, database = started(target, tmp_path)
    try:
        os.kill(proc.pid, signal.SIGTERM)
        assert proc.wait(timeout=CEILING) == 0
        left, _waited = wait_until_gone(pool, CEILING)
        assert not left, [command_line(pid) for pid in left]
        assert proc.stderr is not None
        err = proc.stderr.read().decode()
        assert "Traceback" not in err, err
        # The database was closed: SQLite folds its write-ahead log back and removes it.
        assert database.exists()
        assert sorted(p.name for p in tmp_path.iterdir()) == [database.name]
    finally:
        for pid in living(pool | {proc.pid}):
            os.kill(pid, signal.SIGKILL)
