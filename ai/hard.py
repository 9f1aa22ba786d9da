"""The hard level: determinized Monte-Carlo search with sequential halving.

It searches the turn-shaping decisions of ``ai.search.turn_choices`` (the pick, the
decline, the Stout's decline) and, unlike the normal level, the first move of every
conquest phase: the easy player's ``FIRST_MOVES`` best-rated first moves (``Easy.candidates``,
its own choice first), next to declining when that is allowed. It spends its playouts better
than the normal level and judges them better:

- each playout is played by the easy player in every seat (``ai.search.trial``), as the
  turn under way will really be played and as the easy and normal levels really play
  (``rollout_easy``; the cheaper quick player instead measured weaker), over four of the
  seat's own turns at a table of two, three at three, two at four or five, where an own turn
  is twice as many moves away (``horizon``);
- the budget is split over ``ceil(log2(options))`` rounds of sequential halving: in each round
  every surviving option is played on the same fresh determinizations (``ai.hidden``), and
  the worse half is dropped, so the close contenders get most of the playouts.

Later conquests, redeployments and defenders' placements are the easy player's. A first
version that searched every conquest with a tree over the seat's turn (UCB1 on
determinizations), its playouts finishing the turn with the quick player, measured weaker
than the easy player's evaluation; comparing only the easy player's best first moves, each
turn finished by the easy player, measured stronger (docs/notes/hard-ai.md).

The budget is about ``iterations`` playouts a decision when given (deterministic), else
``budget_s`` seconds (``DEFAULT_BUDGET_S`` by default, within the 2 s allowed on one core),
shared evenly between the rounds, and at most ``MAX_PLAYOUTS`` playouts. More playouts of the
same kind did not play better (100 to 1200 quick playouts a decision: 55.5–57% of 200 games
against three easy players); dearer playouts, the easy player's, and five first moves rather
than three did: 71% at 100 (issue 41, docs/notes/hard-ai.md). With the compiled engine the
cap, not the clock, ends nearly every decision, so a timed game is as reproducible as one at
fixed playouts.
"""

from __future__ import annotations

import math
import random
import time

from engine import Action, GameState

from .hidden import determinize
from .search import own_turns_done, trial
from .searcher import TurnSearcher

DEFAULT_BUDGET_S = 1.5
#: A timed search stops early after about this many playouts a decision.
MAX_PLAYOUTS = 100
#: First moves of a conquest phase it compares (the easy player's best-rated, its own first).
FIRST_MOVES = 5


def horizon(players: int) -> int:
    """Own turns a playout covers, counting the one under way: four at two seats (against
    the normal level, with the easy player's playouts, four rather than three took hard from
    74.0% to 79.0% of 100 paired games on the surface; five were no better), three at three,
    two at four or five (measured against the easy level): eight to ten turns of play."""
    if players == 2:
        return 4
    return 3 if players == 3 else 2


def halving_rounds(options: int) -> int:
    """Rounds of sequential halving over ``options`` options: ``ceil(log2(options))``."""
    return max(1, math.ceil(math.log2(options)))


def round_share(playouts: int, rounds: int, alive: int) -> int:
    """Playouts of each of ``alive`` surviving options in one of ``rounds`` rounds, when the
    decision may make about ``playouts`` in all (at least one)."""
    return max(1, playouts // (rounds * alive))


def survivors(alive: int) -> int:
    """Options kept after a round: the better half, rounded up."""
    return max(1, (alive + 1) // 2)


class Hard(TurnSearcher):
    """Sequential-halving Monte-Carlo player (see module doc)."""

    level = "hard"
    first_moves = FIRST_MOVES
    #: Whether a playout finishes the seat's turn under way with the easy player (else the
    #: quick player, as the first tree search over conquests did: see the module doc).
    finish_with_easy = True
    #: Whether every other move of a playout (the opponents', the seat's later turns) is the
    #: easy player's too, rather than the quick player's: dearer playouts that play as the
    #: easy and normal levels really do (issue 41: measured in docs/notes/hard-ai.md).
    rollout_easy = True
    #: Own turns a playout covers, when set; else ``horizon`` of the table's size.
    reach: int | None = None

    def search(
        self,
        state: GameState,
        seat: int,
        options: list[Action],
        first: GameState,
        rng: random.Random,
    ) -> Action:
        """The survivor of sequential halving: the worse half dropped after each round."""
        d = first
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        alive = list(range(len(options)))
        rounds = halving_rounds(len(options))
        start_turns = own_turns_done(state, seat)
        reach = self.reach or horizon(len(state.players))
        budget = self.budget_s if self.budget_s is not None else DEFAULT_BUDGET_S
        own = self.easy.act if self.finish_with_easy else None
        others = self.easy.act if self.rollout_easy else None
        for r in range(rounds):
            deadline = time.perf_counter() + budget / rounds
            # Playouts of each surviving option this round: the iterations' share, or in a
            # timed search at most MAX_PLAYOUTS' share, which keeps a tournament's cost down.
            playouts = self.iterations if self.iterations is not None else MAX_PLAYOUTS
            share = round_share(playouts, rounds, len(alive))
            played = 0
            while True:
                for i in alive:
                    totals[i] += trial(
                        d, seat, options[i], start_turns, own=own, others=others, horizon=reach
                    )
                    counts[i] += 1
                played += 1
                d = determinize(state, seat, rng)
                if played >= share:
                    break
                if self.iterations is None and time.perf_counter() >= deadline:
                    break
            if r < rounds - 1:
                alive.sort(key=lambda i: (-totals[i] / counts[i], i))
                alive = alive[: survivors(len(alive))]
        best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
        return options[best]
