"""The lesson tracker: given a tutorial's position and the events since it last looked, which
lessons apply now. Pure: it reads the game and returns the progress it reached.

Lessons come in their order (``lessons.LESSONS``). The next lesson not yet given **waits**
for its moment (``TRIGGERS``), and the later ones wait behind it. It is **skipped** when its
moment has passed: once the game is past the round it came in the arranged game
(``Arrangement.rounds``) and a later lesson's moment has come, or two rounds past it whatever
comes, or once the game is over (only the last lesson waits for that); or when the learner
asks to skip it. A learner who plays otherwise than suggested thus meets
each lesson when its situation comes, a round late at most, or never, and the tutorial goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core.actions import Action, PickCombo
from engine.core.board import mapdef
from engine.core.state import GameState
from engine.core.turn import to_act

from .arrangement import LEARNER, Arrangement
from .coach import suggestion
from .lessons import Lesson


@dataclass(frozen=True)
class Progress:
    """How far a learner is: the lessons given and those skipped, each by key."""

    given: tuple[str, ...] = ()
    skipped: tuple[str, ...] = ()

    @property
    def done(self) -> frozenset[str]:
        """Every lesson behind the learner, given or skipped."""
        return frozenset(self.given) | frozenset(self.skipped)

    def to_dict(self) -> dict[str, Any]:
        """As plain data, for storage."""
        return {"given": list(self.given), "skipped": list(self.skipped)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Progress:
        """From ``to_dict``'s form."""
        return cls(tuple(d.get("given", ())), tuple(d.get("skipped", ())))


@dataclass(frozen=True)
class Moment:
    """What a trigger looks at: the position, the events since the last look, the learner's
    seat and the action the coach suggests them now (None when it is not theirs to act)."""

    state: GameState
    events: Sequence[dict[str, Any]]
    seat: int
    tap: Action | None

    def mine(self, kind: str) -> list[dict[str, Any]]:
        """The learner's new events of that kind."""
        return [e for e in self.events if e.get("kind") == kind and e.get("seat") == self.seat]


def _first_pick(m: Moment, arg: str) -> bool:
    return isinstance(m.tap, PickCombo) and not m.state.players[m.seat].declined


def _new_pick(m: Moment, arg: str) -> bool:
    return isinstance(m.tap, PickCombo) and bool(m.state.players[m.seat].declined)


def _event(m: Moment, arg: str) -> bool:
    return bool(m.mine(arg))


def _event_field(m: Moment, arg: str) -> bool:
    kind, _, name = arg.partition(".")
    return any(e.get(name) for e in m.mine(kind))


def _conquered_kind(m: Moment, arg: str) -> bool:
    regions = mapdef(m.state).regions
    return any(arg in regions[e["region"]].kinds for e in m.mine("conquer"))


def _suggests(m: Moment, arg: str) -> bool:
    return m.tap is not None and m.tap.verb == arg


def _phase(m: Moment, arg: str) -> bool:
    return m.tap is not None and m.state.turn.phase == arg


def _last_round(m: Moment, arg: str) -> bool:
    return m.tap is not None and m.state.round == m.state.turns


def _over(m: Moment, arg: str) -> bool:
    return m.state.over


#: The moments lessons wait for, by the name a lesson gives (``Lesson.trigger``); each is
#: asked with the lesson's ``arg``.
TRIGGERS: dict[str, Callable[[Moment, str], bool]] = {
    "first_pick": _first_pick,
    "new_pick": _new_pick,
    "event": _event,
    "event_field": _event_field,
    "conquered_kind": _conquered_kind,
    "suggests": _suggests,
    "phase": _phase,
    "last_round": _last_round,
    "over": _over,
}


def applies(lesson: Lesson, moment: Moment) -> bool:
    """Whether ``lesson``'s moment is now."""
    return TRIGGERS[lesson.trigger](moment, lesson.arg)


def lapsed(lesson: Lesson, plan: Arrangement, moment: Moment) -> bool:
    """Whether ``lesson``'s moment has passed: the game is over; or it is past the round the
    lesson came in the arranged game and a later lesson applies now; or two rounds past it."""
    s = moment.state
    if s.over:
        return True
    came = plan.rounds.get(lesson.key)
    if came is None or s.round <= came:
        return False
    if s.round > came + 1:
        return True
    later = plan.lessons()
    return any(applies(x, moment) for x in later[later.index(lesson) + 1 :])


def waiting(plan: Arrangement, progress: Progress) -> Lesson | None:
    """The next lesson not yet given nor skipped, if any."""
    done = progress.done
    return next((x for x in plan.lessons() if x.key not in done), None)


def step(
    plan: Arrangement,
    progress: Progress,
    s: GameState,
    events: Sequence[dict[str, Any]],
    seat: int = LEARNER,
) -> tuple[list[Lesson], Progress]:
    """The lessons to give now, in order, and the progress after giving them.

    ``events`` are the game's events since the tracker last looked (the learner's own and the
    opponent's). Lessons whose moment passed are skipped on the way (``lapsed``).
    """
    moment = Moment(s, events, seat, suggestion(s, seat, plan) if to_act(s) == seat else None)
    given: list[Lesson] = []
    while (lesson := waiting(plan, progress)) is not None:
        if applies(lesson, moment):
            given.append(lesson)
            progress = replace(progress, given=(*progress.given, lesson.key))
        elif lapsed(lesson, plan, moment):
            progress = skip(progress, lesson.key)
        else:
            break
    return given, progress


def skip(progress: Progress, key: str) -> Progress:
    """The progress with lesson ``key`` skipped (the learner's "Skip lesson", or its moment
    passed)."""
    if key in progress.done:
        return progress
    return replace(progress, skipped=(*progress.skipped, key))


def finished(plan: Arrangement, progress: Progress) -> bool:
    """Whether every lesson is behind the learner."""
    return waiting(plan, progress) is None


__all__ = [
    "TRIGGERS",
    "Moment",
    "Progress",
    "applies",
    "finished",
    "lapsed",
    "skip",
    "step",
    "waiting",
]
