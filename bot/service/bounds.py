"""How long one turn may grow in storage: a bound on the steps a turn keeps in the log.

A turn's free moves can be repeated at will: tokens moved back and forth while redeploying,
an Encampment placed and taken back, an action and its undo. Each is stored (its row in the
log, the saved state, what it announces), so a stuck client or a hostile member repeating
them would fill the disk. A turn that has taken ``MAX_TURN_STEPS`` steps
(``TurnState.steps``: every action and every undo of the turn, whoever took it) takes only
what leads to its end from then on: what End turn plays, a choice of the kind still owed
before it may end (the kind a deadline would apply), and the decisions whose number the
rules bound themselves (a pick, a set-up decision, a decision asked in the middle of a
turn). Anything else, an undo included, is refused in one line and changes nothing.

The bound is for the members' requests. A deadline's defaults and the AI seats always lead
to the turn's end; they are never refused for it.

``python bench/turn_steps.py --games 200 --ai-games 10 --seed 1`` plays games of both
worlds, every player count, team games and both options, and prints their longest turns:
65 steps for the benchmark's random player (it shuffles tokens now and then; 200 games of
each kind), 29 for the easy AI (it deploys its tokens one at a time; 10 of each), and 203
for a player who picks among the legal actions blindly, shuffling as readily as it ends.
The bound is six times the longest real turn and twice the blind player's.
"""

from __future__ import annotations

from engine import Action, GameState
from engine.core.interrupts import interrupt
from engine.core.legal import default_action, end_actions
from engine.core.state import PICK, SETUP
from lang import tr

from ..errors import ServiceError

#: The most steps one turn keeps before only the way to its end is open.
MAX_TURN_STEPS = 400


def leads_to_the_end(s: GameState, action: Action) -> bool:
    """Whether ``action`` is a step a turn at its bound still takes: one that ends it, what
    must be done before it may end, or a decision the rules count themselves."""
    if s.turn.phase in (PICK, SETUP) or interrupt(s) is not None:
        return True
    if action in end_actions(s):
        return True
    due = default_action(s)
    return due is not None and type(action) is type(due)


def check_length(s: GameState, action: Action | None) -> None:
    """Refuse (``ServiceError``) a member's ``action`` (None: an undo) when the turn has
    taken ``MAX_TURN_STEPS`` steps and the action does not lead to its end."""
    if s.turn.steps < MAX_TURN_STEPS:
        return
    if action is not None and leads_to_the_end(s, action):
        return
    raise ServiceError(
        tr(
            "This turn has taken {steps} steps, the most one turn may: only what ends it is "
            "taken now (End turn, once anything still owed is done).",
            steps=s.turn.steps,
        )
    )
