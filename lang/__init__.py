"""The bot's words in every language it speaks: gettext catalogs, and the language spoken now.

``tr``, ``ntr`` and ``ptr`` translate into the language of the current context, set with
``speaking``; ``N_`` marks a constant for the catalogs, translated where it is used. The
catalogs are in ``lang/locales``; ``python -m lang`` extracts, updates, checks and compiles
them (README, "Adding a language").
"""

from __future__ import annotations

from .languages import DEFAULT, LANGUAGES, language_of
from .numbers import decimal, number
from .speech import N_, current, ntr, option, ptr, slash, speak, speaking, tr, translate_in

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "current",
    "decimal",
    "language_of",
    "ntr",
    "number",
    "option",
    "ptr",
    "slash",
    "speak",
    "speaking",
    "tr",
    "translate_in",
]
