"""A tutorial played through without a person: the search for arrangements, the tests and
the benchmark of taps use it. The learner follows the coach, or any other policy given."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.core.game import Game, events_since
from engine.core.state import GameState
from engine.core.turn import to_act

from .arrangement import LEARNER, Arrangement
from .coach import opponent_action, suggestion
from .tracker import Moment, Progress, applies, step

#: A learner's policy: the action they play in a position, given the coach's suggestion.
Learner = Callable[[GameState, Action], Action]


def follows(s: GameState, tap: Action) -> Action:
    """The learner who taps what the coach suggests."""
    return tap


@dataclass
class Walk:
    """A tutorial played through: the lessons as they came (key and round), the skipped
    ones, the learner's taps and the final game."""

    game: Game
    given: list[tuple[str, int]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    taps: int = 0

    @property
    def order(self) -> list[str]:
        """The keys of the lessons given, in order."""
        return [k for k, _ in self.given]


def walk(plan: Arrangement, learner: Learner = follows, limit: int = 2000) -> Walk:
    """Play ``plan``'s tutorial to its end, the opponent by ``coach.opponent_action``."""
    game = plan.new_game()
    done = Walk(game)
    progress = Progress()
    events: list[dict[str, Any]] = []
    for _ in range(limit):
        s = game.state
        lessons, progress = step(plan, progress, s, events)
        done.given += [(x.key, s.round) for x in lessons]
        seat = to_act(s)
        if seat is None:
            break
        if seat == LEARNER:
            tap = suggestion(s, seat, plan)
            assert tap is not None
            action = learner(s, tap)
            done.taps += 1
        else:
            action = opponent_action(s, seat)
        before, count = s.events, len(s.events)
        game.play(seat, action)
        events = events_since(game.state, before, count)
    else:
        raise RuntimeError(f"the tutorial did not end within {limit} actions")
    done.skipped = list(progress.skipped)
    return done


def observe(plan: Arrangement, limit: int = 2000) -> list[tuple[str, int]]:
    """The moments of the board's lessons as they first come when the learner follows the
    coach, each lesson looked for at every step whatever the order (key and round): what the
    search pins as an arrangement's ``order`` and ``rounds``."""
    game = plan.new_game()
    seen: list[tuple[str, int]] = []
    lessons = plan.lessons()
    events: list[dict[str, Any]] = []
    for _ in range(limit):
        s = game.state
        seat = to_act(s)
        tap = suggestion(s, LEARNER, plan) if seat == LEARNER else None
        moment = Moment(s, events, LEARNER, tap)
        got = {k for k, _ in seen}
        seen += [(x.key, s.round) for x in lessons if x.key not in got and applies(x, moment)]
        if seat is None:
            return seen
        action = tap if tap is not None else opponent_action(s, seat)
        before, count = s.events, len(s.events)
        game.play(seat, action)
        events = events_since(game.state, before, count)
    raise RuntimeError(f"the tutorial did not end within {limit} actions")


__all__ = ["Learner", "Walk", "follows", "observe", "walk"]
