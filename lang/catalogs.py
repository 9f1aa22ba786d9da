"""Building the catalogs: extract the messages from the code, merge them into each language's
``.po`` files, check the translations, compile them for the runtime.

One ``.po`` file per domain and language (``locales/fr/LC_MESSAGES/bot.po``), so that two
people translating two parts of the bot never edit the same file; ``compile`` merges a
language's domains into the one ``messages.mo`` that ``speech`` reads. Messages that are not
in the code as ``tr("...")`` calls (command names, race names from ``data/``) come in as
``Message`` lists from the layer that knows them (``cogs.translator.generated``).
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from .compiled import COMPILED, LOCALES, compile_folder, translated
from .languages import DEFAULT, LANGUAGES

ROOT = LOCALES.parent.parent

#: The domains whose messages are ``tr``/``ntr``/``ptr``/``N_`` calls, by the files they are
#: extracted from: path prefixes from the project's root, a file in its first domain.
CODE_DOMAINS: dict[str, tuple[str, ...]] = {
    "terminal": ("engine/console/",),
    "narration": ("engine/text/",),
    "tutorial": ("engine/tutorial/",),
    "rules": ("engine/", "ai/"),
    "renderer": ("renderer/",),
    "bot-admin": (
        "bot/league", "bot/lobby_desk.py", "bot/stats.py", "bot/ai_seats.py",
        "bot/club_maps.py", "bot/options.py", "bot/teams.py", "bot/service/",
        "bot/transfer/", "bot/ratings.py", "bot/startup.py", "bot/health.py",
        "bot/seasons/",
    ),
    "bot-play": ("bot/",),
    "cogs": ("cogs/",),
}  # fmt: skip

#: Babel's keyword specs for our translation functions.
KEYWORDS = {"tr": None, "ntr": (1, 2), "ptr": ((1, "c"), 2), "N_": None}

_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


@dataclass(frozen=True)
class Message:
    """A message not written as a call in the code: its id, plural and context."""

    id: str
    context: str | None = None
    plural: str | None = None
    comment: str | None = None


def domain_of(path: Path) -> str | None:
    """The code domain a source file's messages belong to."""
    relative = path.relative_to(ROOT).as_posix()
    for domain, prefixes in CODE_DOMAINS.items():
        if relative.startswith(prefixes):
            return domain
    return None


def sources(domain: str) -> list[Path]:
    """The source files of a code domain."""
    found = {
        p for prefix in CODE_DOMAINS[domain] for p in ROOT.glob(prefix.split("/")[0] + "/**/*.py")
    }
    return sorted(p for p in found if domain_of(p) == domain)


def extract(domain: str) -> Catalog:
    """The template of a code domain: every message its files' code marks."""
    template = Catalog(domain=domain)
    for path in sources(domain):
        where = path.relative_to(ROOT).as_posix()
        found = extract_from_file(
            "python", path, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True
        )
        for lineno, message, comments, context in found:
            template.add(
                message, locations=[(where, lineno)], auto_comments=comments, context=context
            )
    return template


def generated(domain: str, messages: Iterable[Message]) -> Catalog:
    """The template of a generated domain."""
    template = Catalog(domain=domain)
    for m in messages:
        text = (m.id, m.plural) if m.plural else m.id
        template.add(text, context=m.context, auto_comments=[m.comment] if m.comment else [])
    return template


def po_path(code: str, domain: str) -> Path:
    """Where language ``code`` keeps domain ``domain``."""
    return LOCALES / code / "LC_MESSAGES" / f"{domain}.po"


def read(code: str, domain: str) -> Catalog:
    """A language's catalog for a domain (empty if it has none yet)."""
    path = po_path(code, domain)
    if not path.exists():
        return Catalog(locale=code, domain=domain, project="smallworld-discord")
    with path.open("rb") as fp:
        return read_po(fp, locale=code, domain=domain)


def update(templates: Mapping[str, Catalog]) -> list[Path]:
    """Bring every language's ``.po`` files in line with the templates: new messages added
    untranslated, gone ones dropped. English, the source language, is filled in as written.
    """
    written = []
    for code in LANGUAGES:
        for domain, template in templates.items():
            found = read(code, domain)
            # update() shares the template's new messages: each language gets its own.
            found.update(
                copy.deepcopy(template), no_fuzzy_matching=True, update_creation_date=False
            )
            found.obsolete.clear()
            if code == DEFAULT:
                for message in found:
                    if message.id and not translated(message.string):
                        message.string = message.id
            path = po_path(code, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            out = io.BytesIO()
            write_po(out, found, width=100, sort_output=True, include_lineno=False)
            # Written only when it changed, so that a branch touches only its own domains.
            if not path.exists() or path.read_bytes() != out.getvalue():
                path.write_bytes(out.getvalue())
                written.append(path)
    return written


def compile_all() -> list[Path]:
    """Compile each language's domains into its ``messages.mo`` (``lang.compiled``)."""
    written = []
    for code in LANGUAGES:
        folder = LOCALES / code / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        written.append(compile_folder(folder))
    return written


def stale() -> list[str]:
    """Languages whose compiled catalog is missing or older than one of its ``.po`` files."""
    out = []
    for code in LANGUAGES:
        folder = LOCALES / code / "LC_MESSAGES"
        mo = folder / COMPILED
        newest = max((p.stat().st_mtime for p in folder.glob("*.po")), default=0.0)
        if not mo.exists() or mo.stat().st_mtime < newest:
            out.append(code)
    return out


def problems(templates: Mapping[str, Catalog]) -> Iterator[str]:
    """What is wrong with the translations: a message missing or untranslated in a
    language, fuzzy, with other ``{fields}`` than its English, or translated two ways in two
    domains (the compiled catalog holds one translation per message)."""
    for code in LANGUAGES:
        seen: dict[tuple[str | None, object], tuple[str, object]] = {}
        for domain, template in templates.items():
            found = read(code, domain)
            for message in template:
                if not message.id:
                    continue
                where = f"{code}/{domain}: {message.id!r}"
                have = found.get(message.id, context=message.context)
                if have is None or not translated(have.string):
                    yield f"{where} has no translation"
                    continue
                if have.fuzzy:
                    yield f"{where} is marked fuzzy"
                yield from _field_problems(where, message.id, have.string)
                key = (message.context, _key(message.id))
                other = seen.setdefault(key, (domain, have.string))
                if other[1] != have.string:
                    yield f"{where} is {have.string!r}, but {other[1]!r} in {other[0]}"


def _key(msgid: object) -> object:
    return tuple(msgid) if isinstance(msgid, list) else msgid


def _field_problems(where: str, msgid: object, msgstr: object) -> Iterator[str]:
    ids = list(msgid) if isinstance(msgid, tuple | list) else [msgid]
    strs = list(msgstr) if isinstance(msgstr, tuple | list) else [msgstr]
    wanted = set().union(*(_fields(str(i)) for i in ids))
    for form in strs:
        have = _fields(str(form))
        # A singular form may say "one" in words instead of {n}.
        missing = wanted - have - ({"n"} if len(strs) > 1 else set())
        if missing or have - wanted:
            yield f"{where}: fields {sorted(have)} in {form!r}, not {sorted(wanted)}"


def _fields(text: str) -> set[str]:
    return set(_FIELD.findall(text))
