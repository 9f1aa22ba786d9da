"""Golden playthroughs of mixed-market games (option ``mix``), one per world, diffed against
tests/engine/golden/mix-<map>.txt.

A failure means the engine now plays the same log differently. If the change is intended,
rewrite the files with ``UPDATE_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import difflib
import os

import pytest

from engine.console.playthrough import GOLDEN_DIR, GOLDEN_SEED, write_playthrough
from engine.core.content import map_for_players

#: Players of the mixed-market goldens.
PLAYERS = 3


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_mixed_playthrough_matches_golden(world: str) -> None:
    text = write_playthrough(PLAYERS, GOLDEN_SEED, world, options={"mix": True})
    path = GOLDEN_DIR / f"mix-{map_for_players(PLAYERS, world)}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing: run with UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    diff = difflib.unified_diff(
        expected.splitlines(), text.splitlines(), str(path), "regenerated", n=2, lineterm=""
    )
    assert text == expected, "\n".join(list(diff)[:40])
