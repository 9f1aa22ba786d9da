"""The README and docs/ cite only files that are in the repository.

Every path they name, in a link (``[text](docs/maps.md)``, ``![](docs/images/x.png)``) or in
the text (``tests/engine/test_cli.py``, ``bench/maps.py``, ``data/maps/``), must exist: links
relative to the page, other paths relative to the repository's root, and nothing outside it
(``../``). A path in the text is a name under one of the repository's top folders, or any
``folder/file.ext``; web addresses are left out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: The repository's top-level folders and files a page may name.
TOP = ("docs", "tests", "bench", "data", "engine", "ai", "renderer", "bot", "cogs", "scripts")
TOP_FILES = ("README.md", "pyproject.toml", ".env.example")
EXTENSIONS = "md|py|json|txt|png|webp|toml|sql|csv|ya?ml|cfg|ini|sh|example"
LINK = re.compile(r"\]\(([^)\s]+)\)")
URL = re.compile(r"[a-z]+://\S+")
PATH = re.compile(
    r"(?<![\w/.@-])("
    r"(?:\.\./)+[\w.@/-]+"  # anything outside the page's folder
    rf"|(?:{'|'.join(TOP)})/[\w.@/*{{}},…-]*"  # under a top folder, files or folders
    rf"|(?:[\w.-]+/)+[\w.*{{}},-]+\.(?:{EXTENSIONS})\b"  # any folder/file.ext
    r")"
)


def cited(text: str, folder: Path) -> list[tuple[str, Path]]:
    """(as written, where it points) for every repository path ``text`` names, the text being
    a page in ``folder`` (its links are relative to it)."""
    found: list[tuple[str, Path]] = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address or an anchor on the same page
        found.append((target, (folder / target.split("#")[0]).resolve()))
    for raw in PATH.findall(URL.sub(" ", LINK.sub("]", text))):
        path = raw.rstrip(".,;:")
        if any(c in path for c in "*{}…"):
            continue  # a pattern (``sw-{2,3,4,5}p.json``, ``tests/*.py``), not one file
        found.append((path, (ROOT / path).resolve()))
    for name in TOP_FILES:
        if re.search(rf"(?<![\w/.-]){re.escape(name)}", text):
            found.append((name, ROOT / name))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_path_is_in_the_repository(page: Path) -> None:
    paths = cited(page.read_text(encoding="utf-8"), page.parent)
    missing = [w for w, target in paths if not (target.is_relative_to(ROOT) and target.exists())]
    assert missing == []


def test_the_pages_cite_files_at_all() -> None:
    """The scan reads the pages: the README alone names dozens of files."""
    readme = cited((ROOT / "README.md").read_text(encoding="utf-8"), ROOT)
    assert len(readme) > 30
    assert ("docs/maps.md", ROOT / "docs" / "maps.md") in readme


def test_the_scan_finds_links_paths_and_strays() -> None:
    text = (
        "See [the maps](maps.md), ![board](images/nothing.png), `tests/engine/test_cli.py`,"
        " bench/none.py. and `../shared/rules/x.txt`; rules/swu.en.txt, `sw-{2,3}p.json`,"
        " https://example.com/a/b.md and /sw new stay out."
    )
    found = dict(cited(text, ROOT / "docs"))
    assert set(found) == {
        "maps.md",
        "images/nothing.png",
        "tests/engine/test_cli.py",
        "bench/none.py",
        "../shared/rules/x.txt",
        "rules/swu.en.txt",
    }
    assert found["maps.md"] == ROOT / "docs" / "maps.md"
    assert found["images/nothing.png"] == ROOT / "docs" / "images" / "nothing.png"
    assert not found["../shared/rules/x.txt"].is_relative_to(ROOT)
