"""The slash commands in every language the bot speaks: what ``cogs.translator.Translator``
gives discord.py must be a command Discord accepts.

Discord refuses a whole sync for one bad name: a command or option name is 1 to 32 lower
case letters, digits, ``-`` or ``_`` (accented letters allowed), a description or a choice
1 to 100 characters, and two commands of a group, or two options of a command, never share
a name. The translator is called as discord.py calls it (``translate`` with a
``TranslationContext``, for each ``discord.Locale``), on every command of every cog.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from cogs.command_set import command_groups
from cogs.translator import Translator
from lang import DEFAULT, LANGUAGES, language_of

#: Discord's rule for a command's or an option's name (``\w``: any script's letters).
NAME = re.compile(r"^[-_\w]{1,32}$")


def locale_of(code: str) -> discord.Locale:
    """A Discord locale that speaks language ``code``."""
    if code == DEFAULT:
        return discord.Locale.american_english
    return next(loc for loc in discord.Locale if loc.value == code)


@dataclass
class Translated:
    """A command, group or option as a client of one language shows it."""

    name: str
    description: str
    #: A group's commands and subgroups.
    children: list[Translated] = field(default_factory=list)
    #: A command's options.
    options: list[Translated] = field(default_factory=list)
    #: An option's choices.
    choices: list[str] = field(default_factory=list)


async def _text(text: str, locale: discord.Locale, where: Where, data: Any) -> str:
    found = await Translator().translate(locale_str(text), locale, TranslationContext(where, data))
    return text if found is None else found  # None: Discord shows the English


async def translated(group: app_commands.Group, locale: discord.Locale) -> Translated:
    """A group, its commands and subgroups, and their options in ``locale``."""
    out = Translated(
        await _text(group.name, locale, Where.group_name, group),
        await _text(group.description, locale, Where.group_description, group),
    )
    for command in group.commands:
        if isinstance(command, app_commands.Group):
            out.children.append(await translated(command, locale))
            continue
        shown = Translated(
            await _text(command.name, locale, Where.command_name, command),
            await _text(command.description, locale, Where.command_description, command),
        )
        for p in command.parameters:
            option = Translated(
                await _text(p.display_name, locale, Where.parameter_name, p),
                await _text(p.description, locale, Where.parameter_description, p),
            )
            option.choices = [await _text(c.name, locale, Where.choice_name, c) for c in p.choices]
            shown.options.append(option)
        out.children.append(shown)
    return out


async def every_group(locale: discord.Locale) -> list[Translated]:
    """The bot's groups (``cogs.command_set``) in ``locale``."""
    return [await translated(group, locale) for group in command_groups()]


def _name_problems(where: str, name: str) -> list[str]:
    if NAME.match(name) and name == name.lower():
        return []
    return [f"{where}: {name!r} is not a valid command name"]


def _text_problems(where: str, text: str) -> list[str]:
    return [] if 1 <= len(text) <= 100 else [f"{where}: {text!r} is {len(text)} characters"]


def _unique(where: str, names: list[str]) -> list[str]:
    twice = sorted({n for n in names if names.count(n) > 1})
    return [f"{where}: {n!r} names two of them" for n in twice]


def problems(groups: list[Translated], parent: str = "") -> list[str]:
    """Everything Discord would refuse in these groups (of ``parent``, if subgroups)."""
    out = _unique(parent or "groups", [g.name for g in groups])
    for g in groups:
        here = f"{parent}/{g.name}" if not parent else f"{parent} {g.name}"
        out += _name_problems(here, g.name) + _text_problems(here, g.description)
        out += _unique(here, [c.name for c in g.children])
        out += problems([c for c in g.children if c.children], here)  # subgroups
        for c in g.children:
            if c.children:
                continue
            where = f"{here} {c.name}"
            out += _name_problems(where, c.name) + _text_problems(where, c.description)
            out += _unique(where, [o.name for o in c.options])
            for o in c.options:
                at = f"{where} {o.name}:"
                out += _name_problems(at, o.name) + _text_problems(at, o.description)
                out += [p for choice in o.choices for p in _text_problems(at, choice)]
    return out


@pytest.mark.parametrize("code", list(LANGUAGES))
async def test_every_command_is_a_valid_discord_command_in_every_language(code: str) -> None:
    locale = locale_of(code)
    assert language_of(locale) == code
    groups = await every_group(locale)
    assert problems(groups) == []
    assert [len(g.children) for g in groups] == [len(g.commands) for g in command_groups()]


async def test_a_french_client_sees_french_commands() -> None:
    sw, league, maps, tutorial = await every_group(discord.Locale.french)
    assert (sw.name, league.name, maps.name) == ("sw", "ligue", "cartes")
    assert tutorial.name == "tutoriel"
    assert [c.name for c in tutorial.children] == ["lancer", "sauter", "recommencer"]
    by_name = {c.name: c for c in sw.children}
    assert {"nouvelle", "rejoindre", "jouer", "conquérir", "redéployer", "déclin"} <= set(by_name)
    new = by_name["nouvelle"]
    assert new.description == "Ouvrir une partie de Small World dans ce salon"
    # The renamed option (``board`` in the code) is ``map`` to Discord, ``carte`` in French.
    assert [o.name for o in new.options][:3] == ["joueurs", "délai_heures", "scores_visibles"]
    assert "carte" in [o.name for o in new.options]
    addai = by_name["ajouter-ia"]
    assert addai.options[0].choices == ["Facile", "Normal", "Difficile"]
    settings = by_name["réglages"]
    assert [c.name for c in settings.children] == ["prévenir", "langue"]
    stats = {c.name: c for c in league.children}["stats"]
    assert stats.options[0].choices == ["combinaison", "peuple", "pouvoir", "carte"]


@pytest.mark.parametrize(
    "locale",
    [discord.Locale.american_english, discord.Locale.british_english, discord.Locale.german],
)
async def test_other_clients_keep_the_english(locale: discord.Locale) -> None:
    """English has nothing to translate, and a language the bot does not speak gets None:
    Discord then shows the English, never the French."""
    translator = Translator()
    for text, where in [
        ("new", Where.command_name),
        ("Open a Small World game in this channel", Where.command_description),
        ("players", Where.parameter_name),
        ("Easy", Where.choice_name),
        ("league", Where.group_name),
    ]:
        context = TranslationContext(where, None)
        assert await translator.translate(locale_str(text), locale, context) is None


async def test_a_french_variant_reads_the_french_catalog() -> None:
    translator = Translator()
    context = TranslationContext(Where.command_name, None)
    french = discord.Locale.french
    assert await translator.translate(locale_str("new"), french, context) == "nouvelle"
    # A context the catalogs do not know (a context menu's name) is left alone.
    other = TranslationContext(Where.other, None)
    assert await translator.translate(locale_str("new"), french, other) is None
