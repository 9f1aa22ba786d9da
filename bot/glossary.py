"""Short explanations for ``/sw rules``: every race, power and rule term, in our own words.

The races, powers and rule terms live in ``engine.text.glossary`` (the terminal shows the same);
this module adds what only the bot has (deadlines, ``/sw coins``).
"""

from __future__ import annotations

from engine.text import glossary
from engine.text.glossary import RULE_TERMS
from lang import N_, slash, tr

#: Translated where shown (``entries``); ``{command}`` is a slash command's name.
BOT_TERMS: dict[str, str] = {
    "Deadlines": N_(
        "Each decision has a deadline. When it passes the bot plays the default: the free "
        "combo, stop conquering, end the turn (the Amazons' 4 come off the fullest regions), or "
        "spread a defender's tokens. The turn message says so."
    ),
    "Coins": N_("Your coins are secret until the end: `{command}` shows yours to you alone."),
}

#: Every rule term the bot explains: the engine's, then the bot's own.
TERMS: dict[str, str] = {**RULE_TERMS, **BOT_TERMS}


def entries() -> dict[str, str]:
    """Every explainable name with its text: races, powers and rule terms."""
    out = glossary.entries()
    out.update({name: tr(text, command=slash("sw coins")) for name, text in BOT_TERMS.items()})
    return out


def lookup(name: str) -> tuple[str, str] | None:
    """The entry matching a name, ignoring case."""
    return glossary.lookup(name, entries())


def search(prefix: str, limit: int = 25) -> list[str]:
    """Names containing ``prefix`` (case-insensitive), those starting with it first."""
    return glossary.search(prefix, limit, entries())
