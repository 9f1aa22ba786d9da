"""Short explanations for ``/sw rules``: every race, power and rule term, in our own words.

The races, powers and rule terms live in ``engine.text.glossary`` (the terminal shows the same);
this module adds what only the bot has (deadlines, ``/sw coins``).

A member may type a name in any language the bot speaks: ``lookup`` and ``search`` match
the entries' names in all of them (``names``) and answer with the entry's English key, which
``title`` shows in the language spoken.
"""

from __future__ import annotations

import unicodedata

from engine.core.abilities import POWERS, RACES
from engine.core.content import treasures
from engine.text import glossary
from engine.text import names as game_names
from engine.text.glossary import RULE_TERMS
from lang import LANGUAGES, N_, slash, speaking, tr

#: Translated where shown (``entries``, and ``title`` for the names); ``{command}`` is a slash
#: command's name.
BOT_TERMS: dict[str, str] = {
    N_("Deadlines"): N_(
        "Each decision has a deadline. When it passes the bot plays the default: the free "
        "combo, stop conquering, end the turn (the Amazons' 4 come off the fullest regions), or "
        "spread a defender's tokens. The turn message says so."
    ),
    N_("Coins"): N_("Your coins are secret until the end: `{command}` shows yours to you alone."),
}

#: Every rule term the bot explains: the engine's, then the bot's own.
TERMS: dict[str, str] = {**RULE_TERMS, **BOT_TERMS}


def entries() -> dict[str, str]:
    """Every explainable name with its text: races, powers and rule terms."""
    out = glossary.keyed_entries()
    out.update({name: tr(text, command=slash("sw coins")) for name, text in BOT_TERMS.items()})
    return out


def folded(text: str) -> str:
    """``text`` as typed text is matched: lower case, single spaces, no accents
    (``Forêts`` and ``forets`` match)."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.lower().split())


def title(key: str) -> str:
    """An entry's name in the language spoken (``Mudmen`` → ``Golems`` in French): a race, a
    power or a Relic or Place by its game name, a rule term by its catalog entry."""
    if key in RACES:
        return game_names.race(key)
    if key in POWERS:
        return game_names.power(key)
    by_name = {t.name: k for k, t in treasures().items()}
    if key in by_name:
        return game_names.treasure(by_name[key])
    if key in RULE_TERMS:
        return glossary.term_title(key)
    return tr(key)


def names(key: str) -> list[str]:
    """An entry's name in every language, the English key first."""
    out = [key]
    for code in LANGUAGES:
        with speaking(code):
            name = title(key)
        if name not in out:
            out.append(name)
    return out


def lookup(name: str) -> tuple[str, str] | None:
    """The entry named ``name`` in any language (case, spacing and accents ignored), as its
    English key and its text; None if there is none."""
    table = entries()
    key = folded(name)
    for entry, text in table.items():
        if any(folded(n) == key for n in names(entry)):
            return entry, text
    return None


def search(typed: str, limit: int = 25) -> list[str]:
    """The keys of the entries whose name in some language contains ``typed`` (case and
    accents ignored), those whose name starts with it first, each part in the alphabetical
    order of the language spoken."""
    key = folded(typed)
    starts: list[str] = []
    contains: list[str] = []
    for entry in sorted(entries(), key=lambda e: (folded(title(e)), e)):
        found = [folded(n) for n in names(entry)]
        if any(n.startswith(key) for n in found):
            starts.append(entry)
        elif any(key in n for n in found):
            contains.append(entry)
    return (starts + contains)[:limit]
