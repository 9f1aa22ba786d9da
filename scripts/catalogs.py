"""Keep the translation catalogs in line with the code.

    python scripts/catalogs.py update   # extract every message, merge into each .po
    python scripts/catalogs.py check    # list messages without a translation (exit 1)
    python -m lang compile              # build the .mo files the bot reads

``update`` adds new messages untranslated to every language's ``.po`` files (English is
filled in as written); a translator fills in ``msgstr``; ``check`` and
``tests/test_catalogs.py`` say what is missing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.messages.catalog import Catalog

from cogs.command_set import command_groups
from cogs.translator import command_messages
from engine.text.glossary import glossary_messages
from engine.text.names import name_messages
from lang.catalogs import CODE_DOMAINS, Message, extract, generated, problems, update


def templates() -> dict[str, Catalog]:
    """Every domain's template: the code's messages and the generated ones."""
    out = {domain: extract(domain) for domain in CODE_DOMAINS}
    out["commands"] = generated("commands", command_messages(command_groups()))
    out["names"] = generated("names", (Message(n, c) for c, n in name_messages()))
    out["glossary"] = generated("glossary", (Message(n, c) for c, n in glossary_messages()))
    return out


def main(argv: list[str]) -> int:
    """Run ``update`` or ``check``."""
    if argv == ["update"]:
        for path in update(templates()):
            print(f"wrote {path}")
        return 0
    if argv == ["check"]:
        found = list(problems(templates()))
        print("\n".join(found) or "every message is translated")
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
