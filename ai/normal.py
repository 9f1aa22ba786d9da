"""The normal level: flat Monte-Carlo over the actions worth searching.

For a pick or a conquest decision it takes the candidates of ``ai.search.candidates``, and in
rounds draws one determinization (``ai.hidden``) and plays every candidate on its own copy of
it, each followed by a quick-player playout (``ai.search.playout``); the candidate with the
best mean reward wins. Drawing one determinization per round for all candidates compares them
under the same guesses (common random numbers), which needs fewer playouts to tell them
apart. Redeployments and defenders' placements are the easy player's.

The budget is ``iterations`` playouts a decision when given (deterministic), else
``budget_s`` seconds (``DEFAULT_BUDGET_S`` by default); at least one round is always played.
"""

from __future__ import annotations

import time

from engine import Action, GameState, apply
from engine.state import clone

from .easy import Easy
from .hidden import decision_rng, determinize
from .player import Player
from .search import candidates, own_turns_done, playout, reward, searched

DEFAULT_BUDGET_S = 0.5


class Normal(Player):
    """Flat Monte-Carlo player (see module doc)."""

    level = "normal"

    def __init__(
        self, seed: int = 0, *, budget_s: float | None = None, iterations: int | None = None
    ) -> None:
        super().__init__(seed, budget_s=budget_s, iterations=iterations)
        self.easy = Easy(seed)

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """Flat Monte-Carlo for picks and conquests, the easy player's rules otherwise."""
        if not searched(state):
            return self.easy.decide(state, seat, actions)
        rng = decision_rng(self.seed, state, seat)
        first = determinize(state, seat, rng)
        options = candidates(first, seat, actions)
        if len(options) == 1:
            return options[0]
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        start_turns = own_turns_done(state, seat)
        deadline = time.perf_counter() + (
            self.budget_s if self.budget_s is not None else DEFAULT_BUDGET_S
        )
        done = 0
        d = first
        while True:
            for i, a in enumerate(options):
                c = clone(d)
                try:
                    apply(c, seat, a, validate=False)
                except Exception:  # illegal in this guessed world: it scores nothing
                    counts[i] += 1
                    continue
                playout(c, seat, start_turns)
                totals[i] += reward(c, seat)
                counts[i] += 1
                done += 1
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
            d = determinize(state, seat, rng)
        best = max(range(len(options)), key=lambda i: (totals[i] / counts[i], -i))
        return options[best]
