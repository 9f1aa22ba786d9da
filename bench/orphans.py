"""Measure what a stopped bot process leaves behind: its worker pool's processes and the
SQLite ``-wal``/``-shm`` files.

    python bench/orphans.py --target bot --signal KILL [--workers 2] [--runs 3]
    python bench/orphans.py --target web --signal TERM

``--target bot`` is the bot as ``python -m bot`` runs it, under a simulated Discord
(``tests/bot/running_bot.py``), once a game with an AI seat is under way; ``--target web``
is ``python -m bot web``. Each run starts the target with ``--workers`` worker processes,
waits until its pool is up (the forkserver, the resource tracker and every worker), sends
the signal to the parent process alone (``kill -KILL PID``, ``kill PID``; ``--group`` sends
it to the whole process group, as Ctrl-C in a terminal does), and prints per run:

- the processes under the parent before the signal;
- how many of them still run once the parent has ended, 5 s later, and at ``--ceiling``;
- the seconds until the last was gone;
- the parent's exit code, the database's ``-wal``/``-shm`` files left, tracebacks on stderr.

Whatever still runs at the end is killed by its pid.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.bot.running_bot import launch
from tests.processes import family, living, wait_for_family, wait_until_gone


def one_run(target: str, signum: int, workers: int, group: bool, ceiling: float) -> None:
    """Start, signal, count; print one line."""
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "smallworld.sqlite3"
        proc = launch(target, database, workers)
        pool = wait_for_family(proc.pid, workers + 2)
        if group:
            os.killpg(proc.pid, signum)
        else:
            os.kill(proc.pid, signum)
        try:
            code = proc.wait(timeout=ceiling)
        except subprocess.TimeoutExpired:
            code = None
        ended = time.monotonic()
        at_end = len(living(pool))
        left_5s, _ = wait_until_gone(pool, max(0.0, 5.0 - (time.monotonic() - ended)))
        left, _ = wait_until_gone(pool, max(0.0, ceiling - (time.monotonic() - ended)))
        gone = "never" if left else f"{time.monotonic() - ended:.1f} s"
        for pid in living(left | family(proc.pid) | {proc.pid}):
            os.kill(pid, signal.SIGKILL)
        proc.wait()
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        files = sorted(p.name.removeprefix(database.name) for p in Path(tmp).glob("*-*"))
        print(
            f"{target} {signal.Signals(signum).name}{' (group)' if group else ''}: "
            f"{len(pool)} pool processes; left when the parent ended {at_end}, "
            f"after 5 s {len(left_5s)}, after {ceiling:.0f} s {len(left)}; "
            f"last gone after {gone}; "
            f"exit {code}; files left {files or 'none'}; "
            f"tracebacks {err.count('Traceback')}",
            flush=True,
        )
        if err.count("Traceback"):
            print(err[-2000:], file=sys.stderr)


def main() -> None:
    """Parse the command line and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", choices=("bot", "web"), default="bot")
    parser.add_argument("--signal", choices=("KILL", "TERM", "INT"), default="KILL")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--group", action="store_true", help="signal the whole process group")
    parser.add_argument("--ceiling", type=float, default=30.0)
    args = parser.parse_args()
    signum = getattr(signal, f"SIG{args.signal}")
    for _ in range(args.runs):
        one_run(args.target, signum, args.workers, args.group, args.ceiling)


if __name__ == "__main__":
    main()
