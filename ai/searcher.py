"""What the searching levels share: search the choices that shape a turn, play the rest as
the easy player does.

``normal`` and ``hard`` differ only in how they spend their budget on the options of
``ai.search.turn_choices`` (the pick, the decline, the Stout's decline); both start from the
same private determinization (``ai.hidden``) and hand every other decision to ``Easy``.
"""

from __future__ import annotations

import random
from abc import abstractmethod

from engine import Action, GameState

from .easy import Easy
from .hidden import decision_rng, determinize
from .player import Player
from .search import turn_choices


class TurnSearcher(Player):
    """A level that searches the turn-shaping choices; subclasses say how (``search``)."""

    #: First moves of a conquest phase compared by playouts (``ai.search.turn_choices``).
    first_moves = 1

    def __init__(
        self, seed: int = 0, *, budget_s: float | None = None, iterations: int | None = None
    ) -> None:
        super().__init__(seed, budget_s=budget_s, iterations=iterations)
        self.easy = Easy(seed)

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """Searched turn-shaping choices, the easy player's rules otherwise."""
        rng = decision_rng(self.seed, state, seat)
        d = determinize(state, seat, rng)
        options = turn_choices(d, seat, actions, self.easy, self.first_moves)
        if options is None:
            return self.easy.act(d, seat, actions)
        if len(options) == 1:
            return options[0]
        return self.search(state, seat, options, d, rng)

    @abstractmethod
    def search(
        self,
        state: GameState,
        seat: int,
        options: list[Action],
        first: GameState,
        rng: random.Random,
    ) -> Action:
        """The best of ``options`` (two or more). ``first`` is the determinization the
        options were found on; ``rng`` draws the next ones (``determinize(state, seat, rng)``)."""
