"""AI seats and the optional uses of Places (issue 20, item 1): they choose among the new
actions of ``legal_actions`` like any other."""

from __future__ import annotations

import pytest

from ai import make_player
from engine import legal_actions
from engine.worlds.underground.places import Forgo, TakeFountainToken
from tests.engine.test_treasures_optional import _fountain_turn
from tests.engine.test_treasures_stonehedge import discover


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_takes_the_fountain_token(level: str) -> None:
    """[SWU p.15] the Fountain's "1 bonus Race token" is free: every level takes it."""
    s = _fountain_turn()
    assert make_player(level, seed=1, iterations=3).choose(s, 0) == TakeFountainToken()


def test_no_level_forgoes_the_coins_of_a_place() -> None:
    """Forgoing a Place's coins only costs the player: the easy level never chooses it."""
    s = discover("Alchemist")
    assert Forgo(8) in legal_actions(s)
    assert make_player("easy", seed=1).choose(s, 0) != Forgo(8)
