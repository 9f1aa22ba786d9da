"""Autocomplete choices made from the legal actions of a member's seat, and the fixed
choice of a world that several commands offer.

Choices are shown in the member's language (the command tree speaks it for the whole
interaction, ``bot.speech``), and what the member types is matched against every language's
text: a French member who types "golem" and an English one who types "mudmen" find the same
move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.errors import ServiceError
from bot.glossary import folded
from bot.service import GameService
from bot.service.lobby import WORLD_NAMES
from engine import Action, label, legal_actions
from engine.core.actions import Decline, Deploy, EndConquests, EndTurn, Finish, Move
from engine.core.state import GameState
from engine.text.sums import conquest_sum
from lang import LANGUAGES, current, ntr, speaking

#: Actions that end a conquest, a redeployment or a turn: never cut from autocomplete.
ENDING = (EndConquests, EndTurn, Finish, Decline)
#: The worlds a lobby, a queue or a season may play, as a command's fixed choices.
WORLD_CHOICES = [app_commands.Choice(name=title, value=name) for name, title in WORLD_NAMES.items()]
#: Discord shows at most this many autocomplete choices.
AUTOCOMPLETE_LIMIT = 25
#: Discord's limit on a choice's name, in characters.
CHOICE_NAME = 100


def in_every_language(text: Callable[[], str]) -> str:
    """``text()`` in the language spoken, then in every other one, folded for matching
    (``folded``): what a member types may be in any of them."""
    spoken = current()
    out = [text()]
    for code in LANGUAGES:
        if code != spoken:
            with speaking(code):
                out.append(text())
    return folded(" ".join(out))


def action_choices(
    state: GameState,
    seat: int,
    typed: str,
    kinds: tuple[type, ...] | None,
    value_of: Callable[[Any], Any],
    dedupe: bool = False,
) -> list[app_commands.Choice[Any]]:
    """Legal actions of ``seat`` as autocomplete choices (Discord shows 25).

    Every word typed (``typed``) must appear in the label, in any language, or the value;
    the label is shown in the language spoken. When more than 25 match, the steps that end a
    conquest, a redeployment or a turn move to the front, so they never fall off the list.
    """
    words = folded(typed).split()
    found: list[tuple[bool, app_commands.Choice[Any]]] = []
    seen = set()
    for a in legal_actions(state, seat):
        if kinds is not None and not isinstance(a, kinds):
            continue
        value = value_of(a)
        if value is None or (dedupe and value in seen):
            continue
        seen.add(value)
        if dedupe and isinstance(a, (Deploy, Move)):
            n = state.regions[value].tokens
            text = ntr("{region} · {n} token there", "{region} · {n} tokens there", n, region=value)
            haystack = folded(f"{text} {value}")
        else:
            text = choice_name(state, a)
            words_of = in_every_language(functools.partial(label, state, a))
            haystack = f"{words_of} {folded(str(value))}"
        if not all(w in haystack for w in words):
            continue
        ending = isinstance(a, ENDING)
        found.append((ending, app_commands.Choice(name=text[:CHOICE_NAME], value=value)))
    if len(found) > AUTOCOMPLETE_LIMIT:
        found.sort(key=lambda f: not f[0])  # stable: the ending steps move to the front
    return [choice for _ending, choice in found[:AUTOCOMPLETE_LIMIT]]


def choice_name(state: GameState, a: Action) -> str:
    """An action's choice: its label, and for a conquest its cost as the rules add it up
    (``5 = 2 + 2 tokens + 1 Mountain``) in what room Discord leaves, said shorter if need be,
    or left out (``engine.text.sums``)."""
    text = label(state, a)
    room = CHOICE_NAME - len(text) - len(SEPARATOR)
    cost = conquest_sum(state, a, room, bare=False) if room > 0 else None
    return f"{text}{SEPARATOR}{cost}" if cost else text


#: Between a choice's label and the sum of its cost.
SEPARATOR = " · "


async def member_choices(
    service: GameService,
    interaction: discord.Interaction[Any],
    typed: str,
    kinds: tuple[type, ...] | None,
    value_of: Callable[[Any], Any],
    dedupe: bool = False,
) -> list[app_commands.Choice[Any]]:
    """Legal actions of the member's seat in the channel's game as autocomplete choices
    (``action_choices``); none for a member who is not playing here."""
    try:
        lg = await service.in_channel(interaction.channel_id)
    except ServiceError:
        return []
    seat = lg.seat_of(interaction.user.id)
    if lg.game is None or seat is None:
        return []
    return action_choices(lg.game.state, seat, typed, kinds, value_of, dedupe)
