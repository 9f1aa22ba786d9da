"""Game options a lobby may turn on: the engine's rule sets that change no player count
(mixed markets, Places and Relics on the surface), as ``/sw new`` and the lobby's toggles
offer them, checked against the engine before anything is stored.

Pure functions, no Discord and no database. The options themselves are the engine's
(``engine.core.rulesets``): a new rule set of that kind is offered without an edit here
(``/sw new`` names its own parameters, which Discord needs fixed).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from engine.core.rulesets import RULESETS, counts_text, player_counts
from engine.core.setup import idle_options
from engine.core.worlds import WORLDS
from lang import tr

from .errors import ServiceError


def offered() -> list[str]:
    """The options a host may choose: rule sets that keep the game's player count."""
    return [name for name, r in RULESETS.items() if not r.players]


def title(name: str) -> str:
    """How players name an option in a sentence: the engine's title (``mixed markets``)."""
    r = RULESETS[name]
    return tr(r.title) if r.title else name


def label(name: str) -> str:
    """An option's name on its own, as a toggle or a list shows it: the title with a
    capital (``Mixed markets``, as ``Places and Relics on the surface`` has one)."""
    named = title(name)
    return named[:1].upper() + named[1:]


@functools.lru_cache(maxsize=256)
def worth_offering(players: int, world: str, map_id: str, base: tuple[str, ...]) -> tuple[str, ...]:
    """The options a lobby of ``players`` on ``map_id`` (of ``world``), with the rule sets
    ``base`` on (team play), may turn on: each that the engine plays there and that changes
    something on that world (``check``): Places and Relics on the surface are not offered
    where every board has them already."""
    worth = []
    for name in offered():
        try:
            check(players, world, map_id, dict.fromkeys(base, True), {name: True})
        except ServiceError:
            continue
        worth.append(name)
    return tuple(worth)


def chosen(options: Mapping[str, Any]) -> list[str]:
    """The offered options that are on, in the engine's order."""
    return [name for name in offered() if options.get(name)]


def options_line(options: Mapping[str, Any]) -> str:
    """``Options: Mixed markets, Places and Relics on the surface``, or "" with none on."""
    on = chosen(options)
    return tr("Options: {options}", options=", ".join(label(n) for n in on)) if on else ""


def stored(text: str | None) -> dict[str, bool]:
    """The options of a lobby as ``games.options`` holds them (JSON; old rows: none)."""
    if not text:
        return {}
    data = json.loads(text)
    return {name: True for name in offered() if data.get(name)}


def dumped(options: Mapping[str, Any]) -> str:
    """The options as ``games.options`` stores them."""
    return json.dumps({name: True for name in chosen(options)}, sort_keys=True)


def check(
    players: int, world: str, map_id: str, base: Mapping[str, Any], options: Mapping[str, Any]
) -> None:
    """Refuse (``ServiceError``) a choice of options the engine would not play, or that
    changes nothing on this world: the player count must be one they take, a trial game of
    ``players`` on ``map_id`` with all of them must set up, and each option must add to the
    game (its market, its hidden stack or its setup: ``engine.core.setup.idle_options``, which
    the command lines ask too)."""
    every = {**base, **{n: True for n in chosen(options)}}
    counts = player_counts(every)
    if players not in counts:
        names = tr(" and ").join(title(n) for n in chosen(options))
        raise ServiceError(
            tr(
                "With {options}, the game is for {counts} players.",
                options=names,
                counts=counts_text(counts),
            )
        )
    try:
        idle = idle_options(players, map_id, dict.fromkeys(chosen(options), True), base)
    except (ValueError, KeyError) as exc:
        raise ServiceError(
            tr("The engine refuses these options here: {reason}", reason=exc)
        ) from exc
    if idle:
        raise ServiceError(
            tr(
                "{option}: {world} has them already, so the option changes nothing there.",
                option=label(idle[0]),
                world=WORLDS[world].display_name,
            )
        )
