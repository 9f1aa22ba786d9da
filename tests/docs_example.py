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


#: The example docs/maps.md printed before it was mended: the rules accept it, but regions 4
#: and 0 follow each other along the edge without a border, with region 2 inland between.
RIM_GAP: dict[str, Any] = {
    "id": "gap-2p",
    "name": "Rim with a gap",
    "world": "surface",
    "players": [2],
    "turns": 10,
    "regions": [
        {"id": 0, "terrain": "Sea", "features": [], "edge": True, "entry": False,
         "adjacent": [1, 2]},
        {"id": 1, "terrain": "Farmland", "features": [], "edge": True, "entry": True,
         "adjacent": [0, 2, 3]},
        {"id": 2, "terrain": "Forest", "features": [], "edge": False, "entry": True,
         "adjacent": [0, 1, 3, 4]},
        {"id": 3, "terrain": "Hill", "features": [], "edge": False, "entry": False,
         "adjacent": [1, 2, 4]},
        {"id": 4, "terrain": "Mountain", "features": [], "edge": True, "entry": True,
         "adjacent": [2, 3]},
    ],
}  # fmt: skip
