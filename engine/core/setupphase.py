"""The setup phase: decisions players owe before the first turn (placing Monsters on the
surface in team play, or for Places and Relics on the surface).

The rule set laying the board out (``rulesets.layout``) gives one ``SetupStep`` at a time:
the seat that decides and its choices. While a step is owed the turn's phase is ``SETUP``
and its seat is the deciding one; ``legal_actions`` lists the choices (the first is the
deadline's default) and ``apply`` hands the chosen one to the step. Once no step is owed,
the first seat's first turn starts. A game whose rule sets owe nothing starts at once.
"""

from __future__ import annotations

from .actions import Action
from .rulesets import SetupStep, setup_step
from .state import SETUP, GameState, TurnState
from .turns import start_turn


def begin(s: GameState) -> None:
    """Ask for the next setup decision, or start the first turn when none is owed."""
    step = setup_step(s)
    if step is None:
        start_turn(s, 0)
        return
    s.turn = TurnState(seat=step.seat, phase=SETUP)


def choices(s: GameState) -> list[Action]:
    """The choices of the setup decision owed now (the first is the default)."""
    step = setup_step(s)
    return list(step.choices) if step is not None else []


def play(s: GameState, action: Action) -> None:
    """Carry out the seat's setup choice, then ask for the next one (or start the game)."""
    step: SetupStep | None = setup_step(s)
    assert step is not None
    step.perform(s, action)
    begin(s)
