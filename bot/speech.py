"""Each interaction is answered in its member's language.

Discord tells every interaction the language of the member's client (``interaction.locale``).
The bot speaks it for the whole handling of the interaction — replies, refusals, the panel —
from the first check discord.py makes: the command tree's for slash commands and
autocomplete, each button's and menu's own for presses. What a change records for the
channel is written in the game's language instead (``Games.write``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from lang import language_of, speak, speaking

log = logging.getLogger(__name__)

T = TypeVar("T")


async def speak_to(interaction: discord.Interaction[Any]) -> str:
    """Speak the member's language for the rest of this interaction's handling, and keep it
    for the DMs the bot sends them (``Languages.note_member``)."""
    code = speak(language_of(interaction.locale))
    service = getattr(interaction.client, "service", None)
    if service is not None:
        try:
            await service.languages.note_member(interaction.user.id, code)
        except Exception:
            # A DM in the game's language is better than a refused interaction.
            log.exception("could not keep the language of member %s", interaction.user.id)
    return code


class SpeakingTree(app_commands.CommandTree[Any]):
    """The command tree: slash commands and autocomplete speak the member's language."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        await speak_to(interaction)
        return True


class Spoken:
    """Mixed into a button or menu (before ``DynamicItem``): its press speaks the member's
    language."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        await speak_to(interaction)
        return True


def in_games_language(write: Callable[..., T]) -> Callable[..., T]:
    """For a function that writes a game's public message from the game (its first
    argument, a ``LoadedGame``): it speaks the game's language, whoever's command called it."""

    @functools.wraps(write)
    def spoken(lg: Any, *args: Any, **kwargs: Any) -> T:
        with speaking(lg.language):
            return write(lg, *args, **kwargs)

    return spoken
