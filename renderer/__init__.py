"""Board images with Pillow, drawn from the engine's public view of a game.

``render_board``, ``render_combos`` and ``render_final`` take ``engine.view(state)`` (a dict)
and return PNG bytes. They never read coins from a view unless the game is over.
"""

from .board import render_board
from .combos import render_combos
from .sheet import render_final

__all__ = ["render_board", "render_combos", "render_final"]
