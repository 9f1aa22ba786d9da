"""What every AI seat is: an object that answers ``choose(state, seat)`` with a legal action.

A player is pure given its seed: the same state and seed always give the same action (the
searching levels only when given an iteration budget rather than a time budget, since a
clock decides how far a timed search gets). It reads the state only through a
determinization (``ai.hidden``) and takes its action from ``engine.legal_actions``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from engine import Action, GameState, legal_actions
from engine.simulate import choose as weighted_random

from .hidden import decision_rng


class Player(ABC):
    """An AI seat. ``seed`` makes its choices reproducible; ``budget_s`` (seconds a decision)
    and ``iterations`` (playouts a decision, which wins when both are given) bound the
    searching levels and are ignored by the others."""

    level = "?"

    def __init__(
        self, seed: int = 0, *, budget_s: float | None = None, iterations: int | None = None
    ) -> None:
        self.seed = seed
        self.budget_s = budget_s
        self.iterations = iterations

    def choose(self, state: GameState, seat: int) -> Action:
        """The action ``seat`` takes now; ``seat`` must be the one to act (``to_act``)."""
        actions = legal_actions(state, seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(actions) == 1:
            return actions[0]
        return self.decide(state, seat, actions)

    @abstractmethod
    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """Choose among ``actions`` (two or more, all legal for ``seat`` now)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomPlayer(Player):
    """The benchmark's weighted random player (``engine.simulate``): the floor to beat."""

    level = "random"

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """A random legal action, weighted as the engine's random games are."""
        rng: random.Random = decision_rng(self.seed, state, seat)
        return weighted_random(rng, state, actions)
