"""Helpers for mixed-market games (option ``mix``): a real 2-player game on either world
whose market opens with the combos under test, and a turn's gain.

Region facts used by ``test_mix_*`` (``RegionDef.kinds`` shows what each counts as):

- ``swu-2p``: 0 Mine (edge); 1 Mushroom Forest (edge); 2 Black Mountain (edge, next to
  Mudpool 4 and River 12); 4 Mudpool (next to River 12, not an edge); 5 Mystic Crystals (edge,
  next to Mine 0); 12 River (edge); 16 Mudpool (edge).
- ``sw-2p``: Sea 0 (next to 1, 5), Lake 7 (next to 2, 6, 8, 12, 13); 1 Farmland with a Magic
  Source (edge, coastal); 2 Forest with a Mine (edge, coastal); 15 Mountain with a Mine
  (edge); 19 Mountain (edge, next to 20); 20 Swamp (edge); 21 Forest (edge).
"""

from __future__ import annotations

from engine import GameState, new_game

from .helpers import offer, play

#: The game option under test.
MIX = {"mix": True}


def mixed(world: str, *combos: tuple[str, str], players: int = 2, seed: int = 1) -> GameState:
    """A new mixed-market game on ``world`` (its first turn really started) whose market
    opens with ``combos`` in order: seat 0's ``pick 1`` takes the first for free."""
    s = new_game([f"P{i + 1}" for i in range(players)], seed, world=world, options=MIX)
    for race, power in reversed(combos):
        offer(s, race, power)
    return s


def gain(s: GameState, *actions: str) -> int:
    """Play ``actions`` for whoever must act, then seat 0's ``end``; the coins seat 0 won."""
    play(s, *actions)
    before = s.players[0].coins
    play(s, "end")
    return s.players[0].coins - before
