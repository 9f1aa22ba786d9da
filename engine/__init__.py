"""The rules of Small World: pure, deterministic, no I/O.

Public API: ``new_game`` builds a state, ``legal_actions`` lists what the seat to act may do,
``apply`` plays an action, ``view`` hides what a viewer may not see, and ``Game`` keeps the
action log for replay and undo.

The package is a façade over three floors: ``engine.core`` (the rules, knowing no world),
``engine.worlds`` (one package per world, registering its races, powers, Relics and Places
in the core's registries) and the presentation above them (``engine.console``, the terminal
game; ``engine.text``, glossary and narration). Importing any part of ``engine`` runs this
module first, which imports ``engine.worlds``: every world is registered before a game
starts.
"""

from . import (
    compiled,  # noqa: F401  (first: the compiled modules, or the source, for this process)
    rulesets,  # noqa: F401  (registers every rule set: team play)
    worlds,  # noqa: F401  (registers every world, its races, powers and treasures)
)
from .core.actions import Action, parse
from .core.errors import EngineError, IllegalAction, NotYourTurn, ParseError
from .core.game import Game, GameConfig
from .core.legal import default_action, legal_actions
from .core.rules import apply
from .core.setup import new_game
from .core.state import GameState, from_json, to_json
from .core.turn import to_act
from .core.validation import problem
from .core.view import label, view

__all__ = [
    "Action",
    "EngineError",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "NotYourTurn",
    "ParseError",
    "apply",
    "default_action",
    "from_json",
    "label",
    "legal_actions",
    "new_game",
    "parse",
    "problem",
    "to_act",
    "to_json",
    "view",
]
