"""Board images with Pillow, drawn from the engine's public view of a game.

``render_board``, ``render_combos`` and ``render_final`` take ``engine.core.view(state)`` (a dict)
and return PNG bytes. They never read coins from a view unless the game is over.
``render_replay`` turns a list of such views into an animated WebP (or GIF).
``render_standings``, ``render_points`` and ``render_card`` draw league pictures from plain
dicts.
"""

from .board import render_board
from .combos import render_combos
from .league import render_standings
from .player_card import render_card
from .points import render_points
from .replay import render_replay
from .sheet import render_final

__all__ = [
    "render_board",
    "render_card",
    "render_combos",
    "render_final",
    "render_points",
    "render_replay",
    "render_standings",
]
