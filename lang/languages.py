"""The languages the bot speaks, and how Discord's locales map onto them."""

from __future__ import annotations

#: The source language: messages are written in it, and it is spoken when nothing else is.
DEFAULT = "en"

#: Every language with a catalog, by code, with its name in itself (for menus).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
}


def language_of(locale: object) -> str:
    """The language for a Discord locale (``discord.Locale`` or its value: ``fr``,
    ``en-GB``, ``pt-BR``…): its own if we speak it, else English.

    A regional variant speaks its language's catalog (``fr-CA`` reads ``fr``).
    """
    value = str(getattr(locale, "value", locale) or "")
    if value in LANGUAGES:
        return value
    base = value.split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else DEFAULT
