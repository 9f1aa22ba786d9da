"""How a command line ends when its person stops it: Ctrl-C, or a reader that stopped reading.

Every entry point a person runs (``python -m engine``, ``-m ai``, ``-m renderer``, the bot's
operations, the scripts in ``bench/``) runs its ``main`` through ``run``:

- Ctrl-C prints one line, ``PROG: interrupted``, and ends with status 130, as shells report a
  process stopped by SIGINT (128 + 2);
- output piped into a reader that closed it early (``python -m engine maps list | head -1``)
  ends silently with status 141, as a process stopped by SIGPIPE (128 + 13).

Never a traceback. The default action of SIGPIPE (to die at once) is not restored instead:
the bot's own sockets would then kill its process when a peer goes away.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable

from lang import tr

#: The exit status after Ctrl-C.
INTERRUPTED = 130
#: The exit status when the reader of the output went away.
PIPE_CLOSED = 141


def run(main: Callable[[], int | None], prog: str) -> int:
    """Run ``main`` and return its exit status (None counts as 0), or that of Ctrl-C or a
    closed pipe; ``prog`` names the command in the line Ctrl-C prints."""
    try:
        code = main()
        # A closed pipe shows at the last flush as often as at a write: flush while the
        # error can still be caught (at the interpreter's exit it prints a traceback).
        sys.stdout.flush()
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(tr("{prog}: interrupted", prog=prog) + "\n")
            sys.stderr.flush()
        return INTERRUPTED
    except BrokenPipeError:
        mute_stdout()
        return PIPE_CLOSED
    return code or 0


def mute_stdout() -> None:
    """Point the process's stdout at the null device, so that the interpreter's last flush
    of what is still buffered does not fail again (Python's documentation, "Note on
    SIGPIPE")."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


__all__ = ["INTERRUPTED", "PIPE_CLOSED", "mute_stdout", "run"]
