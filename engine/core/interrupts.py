"""Decisions other seats make in the middle of a turn, and the hooks that raise them.

The turn's closing step already queues decisions owed by other seats (``TurnState.pending``:
defenders redeploying). A piece may need another seat to decide *before the turn goes on*
(the team play's Sigil of Sacrifice: "whenever that race would normally lose a token, you
may sacrifice one of your own ... tokens instead"). It queues a ``Pending`` of its own kind
at the front of ``TurnState.pending`` once the action under way is over (an
``abilities.after_action`` hook: the rest of that action, a final conquest ending the
conquests say, must still see the turn's own actor); while that entry is first, the seat it
names acts
(``turn.to_act``) and its only legal actions are the ones the kind's handler lists, the
first being what a deadline applies (``legal.default_action``). The handler's ``perform``
carries the answer out and takes the entry off the queue; then the turn goes on where it
was.

- ``INTERRUPTS``: the handler (an ``Ability``) of each pending kind, by kind; its
  ``actions(s, race)`` lists the choices (default first), ``perform(s, race, action)``
  answers and ``owed_reason(s, race)`` is the question in a sentence (for a panel), ``race``
  being the race the entry names.
- ``LOSS_WATCHERS``: called as ``watch(s, defender, rid, lost, attacker)`` after a conquest
  (or the Balrog) made ``defender`` lose ``lost`` (> 0) tokens taking ``rid``
  (``taking.after_loss``).
- ``FREE_ACTIONS``: abilities asked for actions on every turn, whatever race acts (a rule
  set's standing orders), in a game with options (a rule set is on only by its option);
  each returns [] at once when it has nothing to offer.

The core names no kind and no piece: the rule sets fill these tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .abilities import Ability
    from .state import GameState, Pending, RaceState

#: The handler of each kind of mid-turn decision, by ``Pending.kind``.
INTERRUPTS: dict[str, Ability] = {}
LossWatcher = Callable[["GameState", "RaceState", int, int, "RaceState"], None]
#: Called after a conquest (or the Balrog) made a race lose tokens, in registration order.
LOSS_WATCHERS: list[LossWatcher] = []
#: Abilities whose ``actions`` are offered on every turn (``turn.ability_actions``).
FREE_ACTIONS: list[Ability] = []


def register_interrupt(kind: str, handler: Ability) -> Ability:
    """Make ``handler`` answer the pending decisions of ``kind``."""
    INTERRUPTS[kind] = handler
    return handler


def watch_losses(watch: LossWatcher) -> LossWatcher:
    """Decorator: call ``watch`` after every conquest loss (``LOSS_WATCHERS``)."""
    LOSS_WATCHERS.append(watch)
    return watch


def free_actions(ability: Ability) -> Ability:
    """Offer ``ability``'s actions on every turn (``FREE_ACTIONS``)."""
    if ability not in FREE_ACTIONS:
        FREE_ACTIONS.append(ability)
    return ability


def interrupt(s: GameState) -> tuple[Pending, Ability] | None:
    """The mid-turn decision to make now (first in the queue) and its handler, or None."""
    pending = s.turn.pending
    if not pending or not INTERRUPTS:
        return None
    first = pending[0]
    handler = INTERRUPTS.get(first.kind)
    return None if handler is None else (first, handler)
