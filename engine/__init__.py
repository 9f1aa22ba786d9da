"""The rules of Small World: pure, deterministic, no I/O.

Public API: ``new_game`` builds a state, ``legal_actions`` lists what the seat to act may do,
``apply`` plays an action, ``view`` hides what a viewer may not see, and ``Game`` keeps the
action log for replay and undo.
"""

from .actions import Action, parse
from .errors import EngineError, IllegalAction, NotYourTurn, ParseError
from .game import Game, GameConfig
from .rules import apply, default_action, legal_actions, problem, to_act
from .setup import new_game
from .state import GameState, from_json, to_json
from .view import label, view

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
