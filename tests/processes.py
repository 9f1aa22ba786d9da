"""The processes a process started, read from ``/proc`` (Linux): what the tests and
``bench/orphans.py`` count when they stop a bot process and look for what it left behind.

A worker pool's processes are not all the parent's children: the forkserver forks the
workers, so they are its children. ``family`` follows the tree down from a pid.
"""

from __future__ import annotations

import time
from pathlib import Path

PROC = Path("/proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent pid, or None when it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    # "pid (command) S ppid ...": the command may hold spaces and parentheses.
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def living(pids: set[int]) -> set[int]:
    """The processes of ``pids`` still running (a zombie has ended: only its exit status
    waits to be read)."""
    found = set()
    for pid in pids:
        stat = _stat(pid)
        if stat is not None and stat[0] not in ("Z", "X"):
            found.add(pid)
    return found


def family(root: int) -> set[int]:
    """Every living process under ``root`` (its children, theirs, and so on), not ``root``."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None:
                children.setdefault(stat[1], []).append(int(entry.name))
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return living(found)


def command_line(pid: int) -> str:
    """A process's command line, words separated by spaces ("" when it is gone)."""
    try:
        raw = (PROC / str(pid) / "cmdline").read_bytes()
    except (FileNotFoundError, ProcessLookupError):
        return ""
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()


def wait_for_family(root: int, size: int, ceiling: float = 120.0) -> set[int]:
    """``family(root)`` once it has ``size`` processes or more (a pool starting up), polled
    until ``ceiling`` seconds have passed; whatever it has then."""
    end = time.monotonic() + ceiling
    while True:
        found = family(root)
        if len(found) >= size or time.monotonic() >= end:
            return found
        time.sleep(0.1)


def wait_until_gone(pids: set[int], ceiling: float = 60.0) -> tuple[set[int], float]:
    """Poll until none of ``pids`` runs or ``ceiling`` seconds have passed: the ones still
    running, and the seconds waited."""
    start = time.monotonic()
    while True:
        left = living(pids)
        waited = time.monotonic() - start
        if not left or waited >= ceiling:
            return left, waited
        time.sleep(0.1)
