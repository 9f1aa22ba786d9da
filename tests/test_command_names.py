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

from cogs.game import GameCog
from cogs.league import LeagueCog
from cogs.maps import MapsCog
from cogs.translator import Translator
from lang import DEFAULT, LANGUAGES, language_of

#: Discord's rule for a command's or an option's name (``\w``: any script's letters).
NAME = re.compile(r"^[-_\w]{1,32}$")
COGS = (GameCog, LeagueCog, MapsCog)


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
    children: list[Translated] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)


async def _text(text: str, locale: discord.Locale, where: Where, data: Any) -> str:
    found = await Translator().translate(locale_str(text), locale, TranslationContext(where, data))
    return text if found is None else found  # None: Discord shows the English


async def translated(cog: type[Any], locale: discord.Locale) -> Translated:
    """A cog's group, its commands and their options in ``locale``."""
    group = cog(None).app_command
    assert isinstance(group, app_commands.Group)
    out = Translated(
        await _text(group.name, locale, Where.group_name, group),
        await _text(group.description, locale, Where.group_description, group),
    )
    for command in group.commands:
        assert isinstance(command, app_commands.Command)
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
            shown.children.append(option)
        out.children.append(shown)
    return out


def _name_problems(where: str, name: str) -> list[str]:
    if NAME.match(name) and name == name.lower():
        return []
    return [f"{where}: {name!r} is not a valid command name"]


def _text_problems(where: str, text: str) -> list[str]:
    return [] if 1 <= len(text) <= 100 else [f"{where}: {text!r} is {len(text)} characters"]


def _unique(where: str, names: list[str]) -> list[str]:
    twice = sorted({n for n in names if names.count(n) > 1})
    return [f"{where}: {n!r} names two of them" for n in twice]


def problems(groups: list[Translated]) -> list[str]:
    """Everything Discord would refuse in these groups."""
    out = _unique("groups", [g.name for g in groups])
    for g in groups:
        out += _name_problems(f"/{g.name}", g.name) + _text_problems(f"/{g.name}", g.description)
        out += _unique(f"/{g.name}", [c.name for c in g.children])
        for c in g.children:
            where = f"/{g.name} {c.name}"
            out += _name_problems(where, c.name) + _text_problems(where, c.description)
            out += _unique(where, [o.name for o in c.children])
            for o in c.children:
                at = f"{where} {o.name}:"
                out += _name_problems(at, o.name) + _text_problems(at, o.description)
                out += [p for choice in o.choices for p in _text_problems(at, choice)]
    return out


@pytest.mark.parametrize("code", list(LANGUAGES))
async def test_every_command_is_a_valid_discord_command_in_every_language(code: str) -> None:
    locale = locale_of(code)
    assert language_of(locale) == code
    groups = [await translated(cog, locale) for cog in COGS]
    assert problems(groups) == []
    assert all(g.children for g in groups)


async def test_a_french_client_sees_french_commands() -> None:
    sw, league, maps = [await translated(cog, discord.Locale.french) for cog in COGS]
    assert (sw.name, league.name, maps.name) == ("sw", "ligue", "cartes")
    by_name = {c.name: c for c in sw.children}
    assert {"nouvelle", "rejoindre", "jouer", "conquérir", "redéployer", "déclin"} <= set(by_name)
    new = by_name["nouvelle"]
    assert new.description == "Ouvrir une partie de Small World dans ce salon"
    # The renamed option (``board`` in the code) is ``map`` to Discord, ``carte`` in French.
    assert [o.name for o in new.children][:3] == ["joueurs", "délai_heures", "scores_visibles"]
    assert "carte" in [o.name for o in new.children]
    addai = by_name["ajouter-ia"]
    assert addai.children[0].choices == ["Facile", "Normal", "Difficile"]
    stats = {c.name: c for c in league.children}["stats"]
    assert stats.children[0].choices == ["combinaison", "peuple", "pouvoir", "carte"]


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
