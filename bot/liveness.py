"""Which process holds a claim, and whether it can still be running.

A claim (``bot.claims``) names the process that holds it: its host, its pid, when the
kernel started it (a pid is reused; the pair is not), and, when it runs an explicit set of
shards, that set. Another process reads these to tell a dead holder from a live one
without waiting for the holder's lease to run out:

- on the same host, the holder's pid is asked: a pid that is gone, or that now belongs to
  a process started at another moment (a container's pid 1 after a restart), is a dead
  holder;
- on another host nothing can be asked, but a process that starts with the same explicit
  shards as a holder is that holder's successor: two live processes never run the same
  shards (Discord would send both every event), so the holder is dead.

Anything else (another host, other shards or none) waits for the lease.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path


def started(pid: int) -> str | None:
    """When the kernel started process ``pid`` (clock ticks since boot, Linux's
    ``/proc/PID/stat``), or None where that cannot be read (another system, no such pid)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces: count after it.
    fields = stat[stat.rfind(")") + 2 :].split()
    return fields[19] if len(fields) > 19 else None


def running(pid: int) -> bool:
    """Whether a process with this pid exists on this host."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, under another user
    return True


@dataclass(frozen=True)
class Holder:
    """A process as its claims name it."""

    host: str
    pid: int
    #: ``started(pid)`` when it began, if known.
    born: str | None
    #: Its explicit shards (``"0,1/4"``), or None when it was not given any.
    instance: str | None

    @classmethod
    def this_process(cls, instance: str | None = None) -> Holder:
        """The running process."""
        pid = os.getpid()
        return cls(socket.gethostname(), pid, started(pid), instance)

    def outlived(self, other: Holder, *, starting: bool = False) -> bool:
        """Whether ``other`` (a process holding a claim, not this one) is surely dead, as
        this process sees it; ``starting``: this process is starting now, and may be the
        successor of a process with the same shards on another host."""
        if other.host == self.host:
            if other.pid == self.pid:
                return True  # this very pid, so another (earlier) process with it
            if not running(other.pid):
                return True
            # The pid is in use: by the holder, or by a later process that got its pid.
            return other.born is not None and started(other.pid) not in (None, other.born)
        return starting and self.instance is not None and other.instance == self.instance


def instance_of(shard_ids: tuple[int, ...] | None, shard_count: int | None) -> str | None:
    """The explicit shards of a process as its claims name them (None without any)."""
    if not shard_ids or not shard_count:
        return None
    return f"{','.join(str(s) for s in sorted(shard_ids))}/{shard_count}"
