"""Staging for the Small World special-power tests (``test_powers_*``), on the 2-player map.

``board`` is a fresh ``sw-2p`` game with the Lost Tribes removed, so costs are easy to read;
``refused`` checks that an action is neither listed nor accepted; ``market_top`` puts a combo
first in the market. The region facts of ``sw-2p`` these tests rely on are listed, and
checked against ``MAP``, in ``test_powers_scoring``.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.content import load_map
from engine.core.state import Combo, GameState

from .helpers import clear_board, fresh, play, texts

MAP = load_map("sw-2p")


def board(players: int = 2, *, tribes: bool = False) -> GameState:
    """A fresh game on the 2-player map; Lost Tribes removed unless ``tribes``."""
    s = fresh(players, map_id="sw-2p")
    return s if tribes else clear_board(s)


def refused(s: GameState, action: str) -> None:
    """The action is neither listed nor accepted."""
    assert action not in texts(s)
    with pytest.raises(IllegalAction):
        play(s, action)


def market_top(s: GameState, race: str, power: str) -> None:
    """Put ``race``/``power`` first in the combo column (taken out of the stacks)."""
    for stack, name in ((s.race_stack, race), (s.power_stack, power)):
        if name in stack:
            stack.remove(name)
    s.market = [c for c in s.market if c.race != race and c.power != power]
    s.market.insert(0, Combo(race, power))
