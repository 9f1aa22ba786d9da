"""Staging for the Underground treasure tests (``test_treasures_*``): Relics and Places found
for real on the 2-player Underground map.

Every position is staged on ``swu-2p`` with ``put`` and the turn begun with the real
``start_turn``; the Relic or Place is then discovered for real, by conquering a Monster region
whose hidden marker was set on top of the stack (``found``). Facts of ``swu-2p`` the treasure
tests use:

     0 Mine, edge (next to 1, 3, 5)              5 Mystic Crystals, edge (next to 0, 6, 8)
     6 Black Mountain (next to 3, 5, 7, 9)       8 Mudpool, Monster, edge (next to 5, 9, 11)
     9 Mushroom Forest (next to 6, 8, 10, 11)    11 Mine, edge (next to 8, 9, 10, 14)
    16 Mudpool, edge (next to 15, 19)            19 Black Mountain, edge (next to 16, 18, 22)
    27 Mystic Crystals, edge (next to 22, 26)    3, 10, 18, 21, 23 Abysmal Chasms

The acting race is Shadow Mimes with Immortal (``ME``): neither changes a cost, a reach or a
score once picked. The defenders are Kraken with Stone (``FOE``: no cost, reach or score change
away from the River and the Black Mountains), unless a test needs another.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import IllegalAction, new_game
from engine.core.state import CONQUER, GameState
from engine.core.turns import start_turn

from .helpers import hide, play, put, texts

ME = ("Shadow Mimes", "Immortal")
FOE = ("Kraken", "Stone")


def game() -> GameState:
    """A 2-player Underground game on ``swu-2p`` before anything is staged."""
    return new_game(["P1", "P2"], 1, world="underground")


def found(
    key: str,
    *,
    race: tuple[str, str] = ME,
    at: dict[int, int] | None = None,
    hand: int = 10,
    monster: int = 8,
    foe: dict[int, int] | None = None,
    foe_race: tuple[str, str] = FOE,
    stage: Callable[[GameState], None] | None = None,
) -> GameState:
    """P1's race holds ``at`` (default {5: 1}) with ``hand`` tokens in hand, P2's ``foe_race``
    holds ``foe``, ``stage`` changes anything else; P1's turn starts and the race conquers
    Monster region ``monster``, whose hidden marker is ``key``: the Relic or Place is now on
    the map, in P1's hands."""
    s = game()
    put(s, 0, *race, at if at is not None else {5: 1}, hand=hand)
    if foe:
        put(s, 1, *foe_race, foe)
    if stage is not None:
        stage(s)
    hide(s, key)
    start_turn(s, 0)
    play(s, f"conquer {monster}")
    assert s.regions[monster].markers.get(key) == 1
    return s


def refused(s: GameState, action: str, match: str) -> None:
    """The action is not listed, and applying it raises with a sentence matching ``match``."""
    assert action not in texts(s)
    with pytest.raises(IllegalAction, match=match):
        play(s, action)


def end_turn_gain(s: GameState, seat: int = 0) -> int:
    """Stop conquering if need be, end the turn, and return what ``seat`` scored."""
    if s.turn.phase == CONQUER:
        play(s, "stop")
    before = s.players[seat].coins
    play(s, "end")
    return s.players[seat].coins - before
