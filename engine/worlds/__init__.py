"""The table of worlds: one package per world, each registering itself when imported.

A world package registers its ``World`` entry (``engine.core.worlds.register_world``) and
its races, powers, Relics, Places and actions in the core's registries
(``engine.core.abilities``, ``engine.core.actions``). The core never imports a world; the
``engine`` package imports this table, so every world is in play whatever part of the
engine a program imports first. A new world is a new package and one more line here.

The order below is the registration order, which is the iteration order of every registry
(and so of ``legal_actions``): the surface first, then the Underground.
"""

from __future__ import annotations

from . import surface, underground

__all__ = ["surface", "underground"]
