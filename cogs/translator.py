"""Slash commands in the member's language.

Discord shows each member the command names, descriptions, options and choices of their own
client language; ``Translator`` gives it ours from the catalogs (``cogs.game.setup`` sets
it on the command tree, and ``tree.sync`` sends every translation). A French name must still
be a valid command name (lower case, no spaces): ``tests/test_command_names.py`` checks them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from lang import language_of, translate_in
from lang.catalogs import Message

#: The catalog context of each place a command's text appears.
CONTEXTS: dict[Where, str] = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice",
}


class Translator(app_commands.Translator):
    """The catalogs' translation of a command's texts, or None to keep the English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = language_of(locale)
        where = CONTEXTS.get(context.location)
        if where is None or code != locale.value.split("-")[0]:
            return None
        return translate_in(code, where, string.message)


def command_messages(groups: Iterable[app_commands.Group]) -> Iterator[Message]:
    """Every text of these groups' slash commands, their subgroups' included, in its
    context (``cogs.command_set.command_groups``: all of the bot's)."""
    for group in groups:
        yield Message(group.name, CONTEXTS[Where.group_name])
        yield Message(group.description, CONTEXTS[Where.group_description])
        for command in group.commands:
            if isinstance(command, app_commands.Group):
                yield from command_messages([command])
                continue
            yield Message(command.name, CONTEXTS[Where.command_name])
            yield Message(command.description, CONTEXTS[Where.command_description])
            for option in command.parameters:
                # Discord knows an option by its display name (``board`` is renamed ``map``).
                yield Message(option.display_name, CONTEXTS[Where.parameter_name])
                yield Message(option.description, CONTEXTS[Where.parameter_description])
                for choice in option.choices:
                    yield Message(choice.name, CONTEXTS[Where.choice_name])
