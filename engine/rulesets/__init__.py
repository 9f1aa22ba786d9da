"""The table of rule sets: one package per rule set, each registering itself when imported.

A rule set spans worlds (team play is played on the surface and the Underground): it sits
beside ``engine.worlds``, imports only the core's public names, and fills the core's hooks
(``engine.core.rulesets``: player counts, turns, the result, what the view shows) when
imported. A game turns one on with its option (``{"teams": True}``); the core never asks
which. The ``engine`` package imports this table after the worlds.
"""

from __future__ import annotations

# Registration order decides which rule set lays the board out when two are on (team play
# first) and the order rule sets have their say (``rulesets_on``); append, never insert.
# isort: off
from . import teams
from . import surface_relics
from . import mix

# isort: on

__all__ = ["mix", "surface_relics", "teams"]
