"""The compiled catalogs: one ``messages.mo`` per language, merged from its domains' ``.po``.

A language's translated, non-fuzzy messages of every domain go into the one catalog that
``speech`` reads. It is written to disk by ``python -m lang compile`` and by the package's
build (``setup.py``: an installed wheel carries it); where none was written (a copy of the
sources, an install that skipped the build step) ``speech`` makes the same catalog in memory
from the ``.po`` files, so a language is never silently English.

This module imports nothing of the package (``setup.py`` loads it on its own, before the
package's dependencies are there): only the standard library and Babel.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: Where the catalogs live: ``LOCALES/<code>/LC_MESSAGES/<domain>.po``, and the compiled one.
LOCALES = Path(__file__).parent / "locales"
COMPILED = "messages.mo"


def translated(text: object) -> bool:
    """Whether a message's translation is there (every form of a plural)."""
    if isinstance(text, tuple | list):
        return all(bool(t) for t in text)
    return bool(text)


def merged(folder: Path, code: str) -> Catalog:
    """The catalog of language ``code`` whose ``.po`` files are in ``folder``: every
    translated, non-fuzzy message of every domain."""
    out = Catalog(locale=code, domain="messages")
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as fp:
            for message in read_po(fp, locale=code, domain=path.stem):
                if message.id and translated(message.string) and not message.fuzzy:
                    out[message.id] = message
    return out


def compile_folder(folder: Path) -> Path:
    """Write ``folder/messages.mo`` from the ``.po`` files in ``folder`` (one language's
    ``LC_MESSAGES``); its path."""
    target = folder / COMPILED
    with target.open("wb") as fp:
        write_mo(fp, merged(folder, folder.parent.name))
    return target


def compile_tree(locales: Path = LOCALES) -> list[Path]:
    """Compile every language under ``locales`` (``<code>/LC_MESSAGES/*.po``)."""
    return [compile_folder(f) for f in sorted(locales.glob("*/LC_MESSAGES")) if f.is_dir()]


def from_sources(code: str, locales: Path = LOCALES) -> gettext.GNUTranslations:
    """Language ``code``'s catalog made in memory from its ``.po`` files, as
    ``compile_folder`` would write it."""
    out = io.BytesIO()
    write_mo(out, merged(locales / code / "LC_MESSAGES", code))
    out.seek(0)
    return gettext.GNUTranslations(out)
