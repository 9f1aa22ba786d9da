"""The normal level: flat Monte-Carlo over the choices that shape a whole turn.

It searches the decisions of ``ai.search.turn_choices``: which combo to pick, whether to
decline, the Stout's decline. In rounds it draws one determinization (``ai.hidden``) and
plays every option on its own copy of it followed by a quick-player playout of two of its
own turns (``ai.search.trial``); the option with the best mean reward is played. Every other
decision (which region to take, redeployments, defenders' placements) is the easy player's.

The budget is ``iterations`` playouts a decision when given (deterministic), else
``budget_s`` seconds (``DEFAULT_BUDGET_S`` by default); at least one round is always played.
"""

from __future__ import annotations

import random
import time

from engine import Action, GameState

from .hidden import determinize
from .search import own_turns_done, trial
from .searcher import TurnSearcher

DEFAULT_BUDGET_S = 0.25
#: Own turns a playout covers, counting the one under way.
HORIZON = 2


class Normal(TurnSearcher):
    """Flat Monte-Carlo player (see module doc)."""

    level = "normal"

    def search(
        self,
        state: GameState,
        seat: int,
        options: list[Action],
        first: GameState,
        rng: random.Random,
    ) -> Action:
        """The option with the best mean reward over the playouts the budget allows."""
        d = first
        totals = [0.0] * len(options)
        start_turns = own_turns_done(state, seat)
        budget = self.budget_s if self.budget_s is not None else DEFAULT_BUDGET_S
        deadline = time.perf_counter() + budget
        done = 0
        while True:
            for i, a in enumerate(options):
                totals[i] += trial(d, seat, a, start_turns, horizon=HORIZON)
                done += 1
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
            d = determinize(state, seat, rng)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]
