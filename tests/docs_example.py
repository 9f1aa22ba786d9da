"""The example map of ``docs/maps.md``, read from the page itself, so that a test of it
fails when the page shows a map that does not play or does not draw."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[1] / "docs" / "maps.md"


def docs_example_text() -> str:
    """The JSON block under "## A complete example" in ``docs/maps.md``, as printed."""
    page = DOCS.read_text(encoding="utf-8")
    section = page.split("## A complete example", 1)[1]
    found = re.search(r"```json\n(.*?)\n```", section, flags=re.S)
    assert found, "docs/maps.md has no JSON block under 'A complete example'"
    return found.group(1) + "\n"


def docs_example() -> dict[str, Any]:
    """The docs' example map as parsed JSON."""
    data: dict[str, Any] = json.loads(docs_example_text())
    return data


def write_docs_example(folder: Path) -> Path:
    """The docs' example saved as ``<id>.json`` in ``folder``, as a reader would save it."""
    path = folder / f"{docs_example()['id']}.json"
    path.write_text(docs_example_text(), encoding="utf-8")
    return path
