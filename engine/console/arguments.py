"""Command lines that answer a bad argument in one line, never a usage block or a traceback.

Every ``python -m`` entry point of the project (engine, ai, renderer, bot) builds its parser
from ``Parser`` and checks numbers with the ``type=`` functions below, so a person who types
``--games 0`` or ``--budget -1`` reads one line saying what is wrong and how to see the options,
and the process exits with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
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
from lang import LANGUAGES, N_, language_of, ntr, tr

#: Player counts some game may have: the box's 2 to 5, and 6 in teams.
MIN_PLAYERS, MAX_PLAYERS = min(all_player_counts()), max(all_player_counts())


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its ``usage:`` in the language spoken."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, tr("usage: ") if prefix is None else prefix)


#: argparse's own messages that a person may meet, marked for the catalogs: argparse asks
#: gettext for each when it says it, and ``Parser`` answers from ours while it parses, so a
#: French line is French all through ("argument --world : choix invalide : …").
ARGPARSE_MESSAGES = (
    N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
)


@contextlib.contextmanager
def _argparse_speaking() -> Iterator[None]:
    """argparse's messages in the language spoken while the block runs (argparse reads its
    module's ``_`` each time it words one)."""
    saved = argparse._  # type: ignore[attr-defined]
    argparse._ = tr  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = saved  # type: ignore[attr-defined]


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line on stderr: ``PROG: MESSAGE (...)``.

    argparse's own usage block runs to several lines and hides the message at its end; the
    options stay one ``--help`` away, and the line says so. Sub-commands inherit the class.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        # argparse's own headings and --help line, in the language spoken.
        self._positionals.title = tr("positional arguments")
        self._optionals.title = tr("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = tr("show this help message and exit")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """argparse's parsing, its refusals worded in the language spoken."""
        with _argparse_speaking():
            return super().parse_known_args(args, namespace)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        """argparse's parsing, its refusals worded in the language spoken (``parse_args``
        words the arguments left over itself)."""
        with _argparse_speaking():
            return super().parse_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line on stderr and exit with status 2."""
        text = " ".join(message.split())
        self.exit(
            2, tr("{prog}: {problem} (see {prog} --help)", prog=self.prog, problem=text) + "\n"
        )


def subcommands(parser: argparse.ArgumentParser, dest: str = "command") -> Any:
    """The required sub-commands of ``parser`` (``play``, ``maps``…), named ``COMMAND`` in
    its usage and errors ("the following arguments are required: COMMAND"), not by the
    attribute that holds the choice (``command``, ``maps_command``)."""
    return parser.add_subparsers(dest=dest, metavar=tr("COMMAND"), required=True)


def fail(prog: str, message: str, err: TextIO | None = None) -> int:
    """Print the one line of a refused command (as ``Parser.error`` does) and return 2.

    For checks that need more than one argument (a ``--world`` that contradicts ``--map``).
    """
    stream = err if err is not None else sys.stderr
    stream.write(tr("{prog}: {problem}", prog=prog, problem=" ".join(message.split())) + "\n")
    stream.flush()
    return 2


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            tr("{typed} is not a whole number", typed=repr(text))
        ) from None


def at_least(low: int) -> Callable[[str], int]:
    """A ``type=`` for a whole number of at least ``low`` (``--games``, ``--iterations``)."""

    def parse(text: str) -> int:
        value = _whole(text)
        if value < low:
            raise argparse.ArgumentTypeError(
                tr("must be at least {low}, not {value}", low=low, value=value)
            )
        return value

    parse.__name__ = f"whole number of at least {low}"
    return parse


def seconds(text: str) -> float:
    """A ``type=`` for a time in seconds: a finite number above 0 (``--budget``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            tr("{typed} is not a number of seconds", typed=repr(text))
        ) from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            tr("must be a number of seconds above 0, not {typed}", typed=text)
        )
    return value


def players(text: str) -> int:
    """A ``type=`` for a player count some game may have: 2 to 6 (6 with ``--teams``)."""
    value = _whole(text)
    if value not in all_player_counts():
        raise argparse.ArgumentTypeError(_played_by(all_player_counts(), value))
    return value


def flag(name: str) -> str:
    """The command-line flag of a rule set's option: ``surface_relics`` → ``--surface-relics``."""
    return "--" + name.replace("_", "-")


def add_rule_sets(parser: argparse.ArgumentParser) -> None:
    """A flag for every registered rule set (``--teams``, ...): a new rule set needs no edit
    here."""
    for r in RULESETS.values():
        parser.add_argument(
            flag(r.name), dest=f"rule_{r.name}", action="store_true", help=tr(r.title)
        )


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
        # i18n: joins two command-line flags: "--teams and --mix".
        named = tr(" and ").join(flag(r.name) for r in on)
        return tr(
            "{flags}: played by {counts} players, not {n}",
            flags=named,
            counts=counts_text(player_counts(options)),
            n=count,
        )
    needs = [r for r in RULESETS.values() if count in r.players]
    if needs and count not in BASE_PLAYERS:
        return tr(
            "{n} players play with {flags}",
            # i18n: joins two command-line flags: "--teams or --mix".
            n=count,
            flags=tr(" or ").join(flag(r.name) for r in needs),
        )
    return _played_by(BASE_PLAYERS, count)


def _played_by(counts: tuple[int, ...], count: int) -> str:
    return tr(
        "Small World is played by {counts} players, not {n}", counts=counts_text(counts), n=count
    )


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
        also = (
            ntr(
                " (and {n} more: python -m engine maps check {map})",
                " (and {n} more: python -m engine maps check {map})",
                more,
                map=map_arg,
            )
            if more
            else ""
        )
        first = exc.problems[0]
        # The line names the map once: "map sw-3p is a board of…" needs no "sw-3p: " before it.
        named = first if map_arg in first else tr("{file}: {problem}", file=map_arg, problem=first)
        return world or DEFAULT_WORLD, map_arg, f"{named}{also}"
    return load_map(key).world, key, None


#: The environment variables that name the terminal's language, first found first
#: (``LC_ALL`` overrides ``LC_MESSAGES``, which overrides ``LANG``, as POSIX says).
LANGUAGE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang CODE`` (or ``--lang=CODE``) in ``argv``, else the
    locale of the environment (``LANG=fr_FR.UTF-8`` speaks French), else English.

    Read before the command line is parsed, so that its help and errors are in that
    language too; an unknown ``--lang`` is refused by the parser (``add_language``).
    """
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            return language_of(argv[i + 1])
        if word.startswith("--lang="):
            return language_of(word.removeprefix("--lang="))
    env = os.environ if environ is None else environ
    for name in LANGUAGE_VARIABLES:
        value = env.get(name, "")
        if value:
            # fr_FR.UTF-8, fr_FR@euro: the language is before the encoding and the modifier.
            return language_of(re.split(r"[.@]", value)[0])
    return language_of("")


def add_language(parser: argparse.ArgumentParser) -> None:
    """The ``--lang`` option (``language`` reads its value before parsing)."""
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=argparse.SUPPRESS,
        help=tr("the language to speak (default: from LANG, else en)"),
    )


def seed(text: str) -> int:
    """A ``type=`` for a game's seed: any whole number."""
    return _whole(text)


__all__ = [
    "ARGPARSE_MESSAGES",
    "LANGUAGE_VARIABLES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Parser",
    "add_language",
    "add_rule_sets",
    "at_least",
    "board",
    "counts_text",
    "fail",
    "flag",
    "language",
    "options_problem",
    "players",
    "rule_options",
    "seconds",
    "seed",
    "subcommands",
]
