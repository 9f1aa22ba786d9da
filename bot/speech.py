"""Each interaction is answered in its member's language.

Discord tells every interaction the language of the member's client (``interaction.locale``).
The bot speaks it for the whole handling of the interaction — replies, refusals, the panel —
from the first check discord.py makes: the command tree's for slash commands and
autocomplete, each button's and menu's own for presses. What a change records for the
channel is written in the game's language instead (``Games.write``).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from lang import language_of, speak

log = logging.getLogger(__name__)


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
