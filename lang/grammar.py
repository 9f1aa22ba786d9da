"""Filling a translated message's ``{fields}``, and the spelling rules that depend on what is
filled in.

French elides a short word before a vowel: "de Alice" is written "d'Alice", "le Orbe"
"l'Orbe". A translator cannot write that into the catalog, since the word that follows is a
player's name or a race known only when the message is filled in; the language's rule here
does it. Only the catalog's own words change: a player's name is never altered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from string import Formatter
from typing import Any

#: The words French elides before a vowel sound, with their elided form.
_FRENCH_ELIDED = {
    "de": "d'", "De": "D'", "le": "l'", "Le": "L'", "la": "l'", "La": "L'",
    "que": "qu'", "Que": "Qu'", "ne": "n'", "se": "s'", "je": "j'", "me": "m'", "te": "t'",
    "ce": "c'", "jusque": "jusqu'", "lorsque": "lorsqu'", "puisque": "puisqu'",
}  # fmt: skip
_VOWELS = set("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")
#: Names of this game that begin with a silent h, so take the elided article.
_SILENT_H = ("Humain", "Homme", "Hobbit")
#: The literal's last word, and the Discord markdown that opens the value (``de **{who}**``).
_LAST_WORD = re.compile(r"(^|[\s(«\"])(\w+) ([*_~`]*)$")


def _vowel_sound(text: str) -> bool:
    return bool(text) and (text[0] in _VOWELS or text.startswith(_SILENT_H))


def _french(literal: str, following: str) -> str:
    """A literal of a French message, elided before the value that follows it."""
    found = _LAST_WORD.search(literal)
    if found and found.group(2) in _FRENCH_ELIDED and _vowel_sound(following):
        return literal[: found.start(2)] + _FRENCH_ELIDED[found.group(2)] + found.group(3)
    return literal


#: A language's rule for a literal part of a message before the value that follows it.
RULES: dict[str, Callable[[str, str], str]] = {"fr": _french}

_FORMATTER = Formatter()


def fill(code: str, template: str, fields: Mapping[str, Any]) -> str:
    """``template`` with its ``{fields}`` filled in, spelled by language ``code``'s rules.

    A message with no fields is returned as written, braces and all.
    """
    if not fields:
        return template
    rule = RULES.get(code)
    parts: list[str] = []
    pending = ""
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        pending += literal
        if name is None:
            continue
        value, _ = _FORMATTER.get_field(name, (), fields)
        text = format(_FORMATTER.convert_field(value, conversion), spec or "")
        parts.append(rule(pending, text) if rule else pending)
        parts.append(text)
        pending = ""
    parts.append(pending)
    return "".join(parts)
