"""Command lines that answer a bad argument in one line, never a usage block or a traceback.

Every ``python -m`` entry point of the project (engine, ai, renderer, bot) builds its parser
from ``Parser`` and checks numbers with the ``type=`` functions below, so a person who types
``--games 0`` or ``--budget -1`` reads one line saying what is wrong and how to see the options,
and the process exits with status 2.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import NoReturn, TextIO

from engine.core.content import load_map
from engine.core.maps import MapError, resolve_map
from engine.core.worlds import DEFAULT_WORLD

#: Player counts of the box's rules; 6 is the team-play expansion, not supported yet.
MIN_PLAYERS, MAX_PLAYERS, TEAM_PLAYERS = 2, 5, 6


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line on stderr: ``PROG: MESSAGE (...)``.

    argparse's own usage block runs to several lines and hides the message at its end; the
    options stay one ``--help`` away, and the line says so. Sub-commands inherit the class.
    """

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line on stderr and exit with status 2."""
        text = " ".join(message.split())
        self.exit(2, f"{self.prog}: {text} (see {self.prog} --help)\n")


def fail(prog: str, message: str, err: TextIO | None = None) -> int:
    """Print the one line of a refused command (as ``Parser.error`` does) and return 2.

    For checks that need more than one argument (a ``--world`` that contradicts ``--map``).
    """
    stream = err if err is not None else sys.stderr
    stream.write(f"{prog}: {' '.join(message.split())}\n")
    stream.flush()
    return 2


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def at_least(low: int) -> Callable[[str], int]:
    """A ``type=`` for a whole number of at least ``low`` (``--games``, ``--iterations``)."""

    def parse(text: str) -> int:
        value = _whole(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value

    parse.__name__ = f"whole number of at least {low}"
    return parse


def seconds(text: str) -> float:
    """A ``type=`` for a time in seconds: a finite number above 0 (``--budget``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text}")
    return value


def players(text: str) -> int:
    """A ``type=`` for a player count: 2 to 5 (6 is team play, which is not supported yet)."""
    value = _whole(text)
    if value == TEAM_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"{TEAM_PLAYERS} players is team play, which is not supported yet; "
            f"Small World is played by {MIN_PLAYERS} to {MAX_PLAYERS} players"
        )
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"Small World is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {value}"
        )
    return value


def board(
    map_arg: str, players: int | None = None, world: str | None = None
) -> tuple[str, str, str | None]:
    """The world and game key of the board ``--map`` names, and why it cannot be played
    (None if it can).

    ``map_arg`` is a built-in id (``python -m engine maps list``) or a map file's path; a file
    is checked as ``maps check`` does, registered (``engine.core.maps.resolve_map``) and its first
    problem told. With ``players``, the map must be made for that many; with ``world``, it
    must be of that world.
    """
    try:
        key = resolve_map(map_arg, players, world)
    except MapError as exc:
        more = len(exc.problems) - 1
        also = f" (and {more} more: python -m engine maps check {map_arg})" if more else ""
        first = exc.problems[0]
        # The line names the map once: "map sw-3p is a board of…" needs no "sw-3p: " before it.
        named = first if map_arg in first else f"{map_arg}: {first}"
        return world or DEFAULT_WORLD, map_arg, f"{named}{also}"
    return load_map(key).world, key, None


def seed(text: str) -> int:
    """A ``type=`` for a game's seed: any whole number."""
    return _whole(text)


__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Parser",
    "at_least",
    "board",
    "fail",
    "players",
    "seconds",
    "seed",
]
