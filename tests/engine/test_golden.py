"""Golden playthroughs: one seeded random game per map, diffed against tests/engine/golden/.

A failure means the engine now plays the same log differently (or shows a view differently).
If the change is intended, rewrite the files with ``UPDATE_GOLDEN=1 pytest
tests/engine/test_golden.py`` (or ``python -m engine.console.playthrough --update``) and review
the diff.
"""

from __future__ import annotations

import difflib
import os
import re

import pytest

from engine.console.playthrough import GOLDEN_SEED, golden_games, golden_path, write_playthrough

#: Lines of unified diff shown on a mismatch; the rest is summarized.
DIFF_LINES = 40


@pytest.mark.parametrize(("world", "players"), golden_games())
def test_playthrough_matches_golden(world: str, players: int) -> None:
    text = write_playthrough(players, GOLDEN_SEED, world)
    path = golden_path(players, world)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing: run with UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    if text == expected:
        return
    diff = list(
        difflib.unified_diff(
            expected.splitlines(), text.splitlines(), str(path), "regenerated", n=2, lineterm=""
        )
    )
    shown = "\n".join(diff[:DIFF_LINES])
    more = f"\n... {len(diff) - DIFF_LINES} more diff lines" if len(diff) > DIFF_LINES else ""
    pytest.fail(
        f"{path.name} differs from the regenerated playthrough "
        f"(UPDATE_GOLDEN=1 rewrites it):\n{shown}{more}",
        pytrace=False,
    )


def test_golden_views_show_only_own_coins() -> None:
    # Until the end, each seat's view shows its own total and the public line none at all.
    view_re = re.compile(r"(P\d) sees (P\d)=\d+(?: \(differs|$| ·)")
    for world, players in golden_games():
        text = golden_path(players, world).read_text(encoding="utf-8")
        game, _, _end = text.partition("\n# end")
        for line in game.splitlines():
            if line.startswith("public:"):
                assert "coins" not in line and "=" not in line, line
            if line.startswith("views:"):
                pairs = view_re.findall(line.removesuffix(" (rest = public)"))
                assert len(pairs) == players, line
                assert all(viewer == owner for viewer, owner in pairs), line


def test_golden_files_stay_small() -> None:
    for world, players in golden_games():
        assert golden_path(players, world).stat().st_size < 300_000
