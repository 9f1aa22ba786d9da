"""The hard level: determinized Monte-Carlo tree search over the seat's own turn.

Each iteration draws a fresh determinization (``ai.hidden``: opponents' coins estimated,
stacks and Places/Relics reshuffled, future die rolls re-seeded) and walks a tree whose nodes
are the seat's successive decisions of the turn (its pick and its conquests, the actions of
``ai.search.candidates``): an action not tried yet at a node is tried first, else the one
with the best upper confidence bound (UCB1, counting a child's chances from the iterations in
which it was legal, as information-set MCTS does). When the walk leaves the seat's picks and
conquests (its redeployment, or another seat to act) a quick-player playout finishes the
horizon (``ai.search.playout``) and its reward is added along the path. The most visited
action at the root is played. Redeployments and defenders' placements are the easy player's.

The budget is ``iterations`` iterations a decision when given (deterministic), else
``budget_s`` seconds (``DEFAULT_BUDGET_S`` by default, within the 2 s a decision allowed on
one core).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from engine import Action, GameState, apply, legal_actions, to_act

from .easy import Easy
from .hidden import decision_rng, determinize
from .player import Player
from .search import candidates, own_turns_done, playout, reward, searched

DEFAULT_BUDGET_S = 1.0
#: Exploration constant of UCB1. Rewards of different actions differ by a few hundredths
#: (a coin of lead moves the logistic reward by about 0.04), so exploration is kept low.
EXPLORATION = 0.3
#: The tree never goes deeper than this many of the seat's decisions.
MAX_DEPTH = 12


@dataclass
class Node:
    """Statistics of one sequence of the seat's actions from the root."""

    visits: int = 0
    total: float = 0.0
    #: Iterations in which this node's action was legal when its parent was reached.
    available: int = 0
    children: dict[Action, Node] = field(default_factory=dict)

    def mean(self) -> float:
        """Mean reward of the iterations through this node."""
        return self.total / self.visits if self.visits else 0.0


def select(node: Node, options: list[Action]) -> Action:
    """The first untried option, else the one with the best UCB1 score."""
    for a in options:
        child = node.children.get(a)
        if child is None or child.visits == 0:
            return a
    best, best_score = options[0], float("-inf")
    for a in options:
        child = node.children[a]
        bonus = EXPLORATION * math.sqrt(math.log(max(child.available, 1)) / child.visits)
        score = child.mean() + bonus
        if score > best_score:
            best, best_score = a, score
    return best


class Hard(Player):
    """Determinized MCTS player (see module doc)."""

    level = "hard"

    def __init__(
        self, seed: int = 0, *, budget_s: float | None = None, iterations: int | None = None
    ) -> None:
        super().__init__(seed, budget_s=budget_s, iterations=iterations)
        self.easy = Easy(seed)

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """MCTS for picks and conquests, the easy player's rules otherwise."""
        if not searched(state):
            return self.easy.decide(state, seat, actions)
        rng = decision_rng(self.seed, state, seat)
        first = determinize(state, seat, rng)
        root_options = candidates(first, seat, actions)
        if len(root_options) == 1:
            return root_options[0]
        root = Node()
        start_turns = own_turns_done(state, seat)
        deadline = time.perf_counter() + (
            self.budget_s if self.budget_s is not None else DEFAULT_BUDGET_S
        )
        done = 0
        d = first
        while True:
            self.iterate(root, root_options, d, seat, start_turns)
            done += 1
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
            d = determinize(state, seat, rng)
        return max(root_options, key=lambda a: _rank(root.children.get(a)))

    def iterate(
        self, root: Node, root_options: list[Action], d: GameState, seat: int, start_turns: int
    ) -> None:
        """One iteration on the determinization ``d`` (consumed)."""
        path = [root]
        node = root
        options = root_options
        failed = False
        for _ in range(MAX_DEPTH):
            for a in options:
                node.children.setdefault(a, Node()).available += 1
            a = select(node, options)
            node = node.children[a]
            path.append(node)
            try:
                apply(d, seat, a, validate=False)
            except Exception:  # illegal in this guessed world: a poor outcome
                failed = True
                break
            if node.visits == 0 or to_act(d) != seat or not searched(d) or d.turn.seat != seat:
                break
            options = candidates(d, seat, legal_actions(d, seat))
        if failed:
            value = 0.0
        else:
            playout(d, seat, start_turns)
            value = reward(d, seat)
        for n in path:
            n.visits += 1
            n.total += value


def _rank(node: Node | None) -> tuple[int, float]:
    if node is None:
        return (0, 0.0)
    return (node.visits, node.mean())
