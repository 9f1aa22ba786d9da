"""A tutorial game's lessons, recorded with the move that brings them (``/sw tutorial``).

Every change to a game with the tutorial's AI seat asks ``lesson_notes`` for the lessons due
in the position reached, in the change's own transaction: the tracker
(``engine.tutorial.tracker``) reads the progress stored in ``tutorials``, the lessons due go
to the outbox as messages of the game's thread (each with its "Skip the next lesson" and
"Start again" buttons), and the progress reached is written back. A crash after the commit
loses nothing (the announcer posts the rows on start); a crash before it changes nothing,
and the move is played again. So a lesson is posted once, in order, after the turn message
it belongs to.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.core.state import GameState
from engine.core.view import label
from engine.tutorial.arrangement import LEARNER, arrangement
from engine.tutorial.coach import suggestion
from engine.tutorial.lessons import messages
from engine.tutorial.tracker import Progress, step
from lang import speaking

from ..messages import CHANNEL, Announcement
from ..storage import Transaction
from .loaded import LoadedGame

#: The AI level of a tutorial's opponent seat (``engine.tutorial.coach.opponent_action``).
TUTORIAL_AI = "tutorial"


def is_tutorial(lg: LoadedGame) -> bool:
    """Whether a game is a tutorial (it has the tutorial's opponent seat)."""
    return any(s.ai == TUTORIAL_AI for s in lg.seats)


def lesson_message(game_id: int, text: str, language: str) -> Announcement:
    """A lesson posted in the tutorial's thread, with its buttons."""
    item = Announcement(CHANNEL, text, buttons={"tutorial": game_id})
    item.language = language
    return item


async def lesson_notes(
    tx: Transaction,
    lg: LoadedGame,
    state: GameState,
    events: Sequence[dict[str, Any]],
    now: str | None = None,
) -> list[Announcement]:
    """The lessons due in ``state`` of a tutorial game, given the ``events`` of the change,
    with the progress reached written in ``tx``; nothing for any other game."""
    if not is_tutorial(lg):
        return []
    row = await tx.fetchone(
        "SELECT world, language, progress FROM tutorials WHERE game_id = ?", (lg.id,)
    )
    if row is None:
        return []
    plan = arrangement(row["world"])
    before = Progress.from_dict(json.loads(row["progress"]))
    with speaking(row["language"]):
        lessons, progress = step(plan, before, state, events, LEARNER)
        tap = suggestion(state, LEARNER, plan)
        texts = messages(lessons, label(state, tap) if tap is not None else None)
    if progress != before or state.over:
        await tx.execute(
            "UPDATE tutorials SET progress = ?, finished_at = COALESCE(finished_at, ?)"
            " WHERE game_id = ?",
            (json.dumps(progress.to_dict()), now if state.over else None, lg.id),
        )
    return [lesson_message(lg.id, text, row["language"]) for text in texts]


__all__ = ["TUTORIAL_AI", "is_tutorial", "lesson_message", "lesson_notes"]
