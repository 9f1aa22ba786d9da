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
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TextIO

from engine.core.content import load_map
from engine.core.maps import MapError, resolve_map
from engine.core.rulesets import (
    BASE_PLAYERS,
    RULESETS,
    all_player_counts,
    counts_text,
    player_counts,
    rulesets_on,
)
from engine.core.worlds import DEFAULT_WORLD

#: Player counts some game may have: the box's 2 to 5, and 6 in teams.
MIN_PLAYERS, MAX_PLAYERS = min(all_player_counts()), max(all_player_counts())


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
    """A ``type=`` for a player count some game may have: 2 to 6 (6 with ``--teams``)."""
    value = _whole(text)
    if value not in all_player_counts():
        raise argparse.ArgumentTypeError(
            f"Small World is played by {counts_text(all_player_counts())} players, not {value}"
        )
    return value


def flag(name: str) -> str:
    """The command-line flag of a rule set's option: ``surface_relics`` → ``--surface-relics``."""
    return "--" + name.replace("_", "-")


def add_rule_sets(parser: argparse.ArgumentParser) -> None:
    """A flag for every registered rule set (``--teams``, ...): a new rule set needs no edit
    here."""
    for r in RULESETS.values():
        parser.add_argument(flag(r.name), dest=f"rule_{r.name}", action="store_true", help=r.title)


def rule_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options the rule set flags of ``args`` turn on (``{"teams": True}``)."""
    return {name: True for name in RULESETS if getattr(args, f"rule_{name}", False)}


def options_problem(count: int, options: Mapping[str, Any]) -> str | None:
    """Why ``count`` players cannot play with ``options`` (None if they can), naming the flag
    that would help: ``6 players play in teams: add --teams``."""
    if count in player_counts(options):
        return None
    on = rulesets_on(options)
    if on:
        named = " and ".join(flag(r.name) for r in on)
        return f"{named}: played by {counts_text(player_counts(options))} players, not {count}"
    needs = [r for r in RULESETS.values() if count in r.players]
    if needs and count not in BASE_PLAYERS:
        return f"{count} players play with {' or '.join(flag(r.name) for r in needs)}"
    return f"Small World is played by {counts_text(BASE_PLAYERS)} players, not {count}"


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
    "add_rule_sets",
    "at_least",
    "board",
    "fail",
    "flag",
    "options_problem",
    "players",
    "rule_options",
    "seconds",
    "seed",
]
