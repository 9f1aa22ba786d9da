"""The tutorial in a terminal: ``python -m engine tutorial [--world W] [--lang L]``.

The hot-seat loop (``engine.console.terminal``) with a guide: the learner plays the first
seat, the computer opponent the second (``engine.tutorial.coach.opponent_action``, its moves
told as they come), and each lesson is printed at the moment the tracker gives it
(``engine.tutorial.tracker``), with what to tap next. The learner types a number, a label or
a text form as in ``play``; ``skip`` skips the next lesson. A refused move prints the engine's
own reason, which names the rule it broke.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from engine.core.actions import Action
from engine.core.state import GameState
from engine.core.view import label
from engine.tutorial.arrangement import LEARNER, Arrangement, arrangement
from engine.tutorial.coach import opponent_action, suggestion
from engine.tutorial.lessons import messages
from engine.tutorial.tracker import Progress, skip, step, waiting
from lang import N_, ptr, tr

from .terminal import run_play

#: What the tutorial says first.
WELCOME = N_(
    "Small World tutorial: a short real game against the computer, with a lesson at each "
    "new moment. Type the number of the action the lesson suggests (or any other), skip to "
    "skip the next lesson, help for the commands."
)


class TutorialGuide:
    """The guide of a terminal tutorial: the opponent's moves and the lessons."""

    def __init__(self, plan: Arrangement, game_state: GameState) -> None:
        self.plan = plan
        self.progress = Progress()
        self.state = game_state

    def plays(self, seat: int) -> Action | None:
        """The opponent's move on its seat."""
        return None if seat == LEARNER else opponent_action(self.state, seat)

    def lines(self, s: GameState, events: Sequence[dict[str, Any]]) -> list[str]:
        """The lessons due now, each with what to tap next."""
        self.state = s
        lessons, self.progress = step(self.plan, self.progress, s, events)
        if not lessons:
            return []
        tap = suggestion(s, LEARNER, self.plan)
        shown = label(s, tap) if tap is not None else None
        return ["", *(f"» {text}".replace("\n", "\n  ") for text in messages(lessons, shown))]

    def command(self, word: str) -> list[str] | None:
        """``skip``: the next lesson is skipped."""
        if word not in ("skip", ptr("typed command", "skip")):
            return None
        nxt = waiting(self.plan, self.progress)
        if nxt is None:
            return [tr("There is no lesson left to skip.")]
        self.progress = skip(self.progress, nxt.key)
        return [tr("The next lesson is skipped.")]


def tutorial(world: str, *, inp: TextIO, out: TextIO) -> int:
    """Play ``world``'s tutorial on the streams; 0, or ``INTERRUPTED`` after Ctrl-C."""
    plan = arrangement(world)
    # i18n: the learner's name on the screen, in "Player's turn" and "Your coins (Player)".
    game = plan.new_game(tr("Player"), tr("Computer"))
    out.write(tr(WELCOME) + "\n")
    again = f"python -m engine tutorial --world {world}"
    return run_play(game, inp, out, again=again, guide=TutorialGuide(plan, game.state))


__all__ = ["WELCOME", "TutorialGuide", "tutorial"]
