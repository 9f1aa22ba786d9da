"""The game a command line asks for: how many players, on which board, with which rule sets,
checked as the bot checks a lobby and refused in one line.

Every command that starts games reads them through here (``python -m engine play`` and
``simulate``, ``python -m ai tournament``, ``python -m engine.console.playthrough``), so the
flags mean the same everywhere:

- a rule set that is played by one player count sets it: ``--teams`` alone is a 6-player
  game, and ``--players 6 --teams`` says the same thing;
- ``--players 6`` alone names the flag it needs (``6 players play with --teams``), and
  ``--players 3 --teams`` says who plays with ``--teams``;
- an option that changes nothing on the board's world is refused as the bot's lobby refuses
  it (``engine.core.setup.idle_options``): ``--world underground --surface-relics``.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from engine.core.content import map_for_players
from engine.core.rulesets import BASE_PLAYERS, RULESETS, counts_text, player_counts, rulesets_on
from engine.core.setup import idle_options
from engine.core.worlds import DEFAULT_WORLD, WORLDS
from lang import tr

from . import arguments


class Refused(Exception):
    """A game a command line cannot play; its text is the one line that says why."""


@dataclass(frozen=True)
class GameChoice:
    """What a command line asked for, checked: players, world, board and options."""

    players: int
    world: str
    #: The board ``--map`` named (a built-in id or a registered file's key); None: the
    #: world's own board for the player count.
    map_key: str | None
    #: The rule sets turned on (``{"teams": True}``).
    options: dict[str, Any]

    @property
    def board(self) -> str:
        """The board the game is played on."""
        return self.map_key or map_for_players(self.players, self.world)


def players_help(default: int | None) -> str:
    """``--players``'s help: the counts of the base game, its default, and those a rule set
    plays (``2 to 5 (default 3); 6 with --teams (its default)``)."""
    base = counts_text(BASE_PLAYERS)
    parts = [base if default is None else tr("{counts} (default {n})", counts=base, n=default)]
    parts += [
        tr("{counts} with {flag} (its default)", counts=counts_text(r.players), flag=flag)
        for r in RULESETS.values()
        if r.players
        for flag in [arguments.flag(r.name)]
    ]
    # i18n: between two parts of a help line ("2 to 5 (default 3); 6 with --teams").
    return tr("; ").join(parts)


def add_game_arguments(
    parser: argparse.ArgumentParser, default_players: int | None, *, board: bool = True
) -> None:
    """``--players``, ``--world``, ``--map`` (unless not ``board``) and a flag for every rule
    set, each with its help; ``game_choice`` reads them."""
    parser.add_argument(
        "--players",
        type=arguments.players,
        default=None,
        metavar="N",
        help=players_help(default_players),
    )
    parser.add_argument(
        "--world",
        choices=sorted(WORLDS),
        default=None,
        help=tr("surface (default) or underground: the built-in map of that world"),
    )
    if board:
        parser.add_argument(
            "--map",
            dest="map_id",
            metavar="MAP",
            default=None,
            help=tr("a built-in map (sw-3p) or a map file's path (default: by players)"),
        )
    arguments.add_rule_sets(parser)


def game_choice(
    args: argparse.Namespace, default_players: int | None, *, any_size: bool = False
) -> GameChoice:
    """The game ``args`` (from ``add_game_arguments``) asks for, or ``Refused`` saying why it
    cannot be played. With ``any_size``, ``--map`` may name a board made for another player
    count (the AI tournaments play 2 players on ``sw-4p``)."""
    options = arguments.rule_options(args)
    count = _count(args.players, default_players, options)
    unplayable = arguments.options_problem(count, options)
    if unplayable is not None:
        raise Refused(unplayable)
    world, map_key = args.world or DEFAULT_WORLD, None
    if getattr(args, "map_id", None) is not None:
        world, map_key, problem = arguments.board(
            args.map_id, None if any_size else count, args.world
        )
        if problem is not None:
            raise Refused(problem)
    choice = GameChoice(count, world, map_key, options)
    if options:
        try:
            idle = idle_options(count, choice.board, options)
        except (ValueError, KeyError) as exc:
            raise Refused(str(exc)) from None
        if idle:
            raise Refused(
                tr(
                    "{option}: {world} has them already, so the option changes nothing there.",
                    option=arguments.flag(idle[0]),
                    world=WORLDS[world].display_name,
                )
            )
    return choice


def _count(players: int | None, default: int | None, options: dict[str, Any]) -> int:
    """The player count: ``--players``, else the default, else the one a rule set on plays."""
    if players is not None:
        return players
    counts = player_counts(options)
    if default is not None and default in counts:
        return default
    fixed = [r for r in rulesets_on(options) if r.players]
    if fixed:
        # Rule sets that agree on no count: any of them, and ``options_problem`` says why.
        return counts[0] if counts else fixed[0].players[0]
    if default is not None:
        return default
    flags = tr(" or ").join(arguments.flag(r.name) for r in RULESETS.values() if r.players)
    raise Refused(tr("say how many players: --players N (or {flags})", flags=flags))


__all__ = ["GameChoice", "Refused", "add_game_arguments", "game_choice", "players_help"]
