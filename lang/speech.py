"""The language being spoken now, and the catalogs that translate into it.

Every piece of text the bot, the renderer and the engine's words produce goes through
``tr`` (one message), ``ntr`` (a message with a count) or ``ptr`` (a message in a context,
such as a race's name). They read the language of the current context, set by ``speaking``:
the bot sets the member's language for a private reply and the server's for a public post,
and the same code writes both. English is the source language: a message with no catalog
entry is printed as written.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from .compiled import COMPILED, LOCALES, from_sources
from .grammar import fill
from .languages import DEFAULT, LANGUAGES

log = logging.getLogger(__name__)

_speaking: ContextVar[str] = ContextVar("speaking", default=DEFAULT)


def current() -> str:
    """The code of the language spoken in this context (``en``, ``fr``)."""
    return _speaking.get()


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (an unknown or empty code speaks English)."""
    chosen = code if code in LANGUAGES else DEFAULT
    token = _speaking.set(chosen)
    try:
        yield chosen
    finally:
        _speaking.reset(token)


@cache
def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of a language (``lang.compiled``); English translates nothing.

    Where no ``messages.mo`` was written (a copy of the sources, an install that skipped the
    build), the same catalog is made from the ``.po`` files; only a language with neither
    speaks English, and that is logged as an error."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    path = LOCALES / code / "LC_MESSAGES" / COMPILED
    try:
        with path.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    except FileNotFoundError:
        log.info("no %s for %r: reading its .po files (`python -m lang compile`)", path, code)
    try:
        return from_sources(code)
    except OSError:
        log.error("no catalog for %r in %s: it will be spoken as English", code, path.parent)
        return gettext.NullTranslations()


def N_(message: str) -> str:
    """Mark a message for the catalogs without translating it (a constant translated where
    it is used, with ``tr(CONSTANT)``)."""
    return message


def tr(message: str, /, **fields: Any) -> str:
    """``message`` in the current language, with ``{fields}`` filled in."""
    code = current()
    return fill(code, catalog(code).gettext(message), fields)


def ntr(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The singular or plural form for ``n`` in the current language; ``{n}`` is filled in
    with the others."""
    code = current()
    return fill(code, catalog(code).ngettext(singular, plural, n), {"n": n, **fields})


def ptr(context: str, message: str, /, **fields: Any) -> str:
    """``message`` in ``context`` (``race``, ``power``, ``command``…): the same English
    word may translate differently in two contexts."""
    code = current()
    return fill(code, catalog(code).pgettext(context, message), fields)


def translate_in(code: str, context: str | None, message: str) -> str | None:
    """``message`` in language ``code``, or None when the catalog lacks it (Discord's
    command translator wants None to keep the default)."""
    found = catalog(code)
    text = found.pgettext(context, message) if context else found.gettext(message)
    return None if code == DEFAULT or text == message else text


def option(name: str) -> str:
    """A slash command's option as the member's client names it, for a message that names
    it (``rated`` in English)."""
    return ptr("option name", name)


def slash(path: str) -> str:
    """A slash command as the member's client shows it, for a message that names it:
    ``slash("sw play")`` is ``/sw play`` in English and the French names in French."""
    return "/" + " ".join(ptr("command name", word) for word in path.split())


def speak(code: str | None) -> str:
    """Speak ``code`` from now on in this task (an interaction's handling: discord.py runs
    each in a task of its own, so the language ends with it)."""
    chosen = code if code in LANGUAGES else DEFAULT
    _speaking.set(chosen)
    return chosen
