"""What a request did, as the service hands it back: the actions applied (``Applied``),
what changed for the reply and the channel (``Outcome``), and everything the answer to a
press or a command needs (``PanelReply``), so that the desk asks the service once per press.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import Action, EngineError
from engine.core.state import OVER

from ..errors import ServiceError
from .loaded import LoadedGame

#: One action to apply: the seat, the action, the member who asked for it (None when the
#: machine plays: an AI seat or a deadline), and whether a deadline played it.
Move = tuple[int, Action, int | None, bool]
#: One row of the action log: the same, with the action in its text form.
LogRow = tuple[int, str, int | None, bool]


@dataclass
class Applied:
    """One action that was applied: who, its text form, its label, and whether a deadline did it."""

    seat: int
    text: str
    label: str
    auto: bool = False


@dataclass
class Outcome:
    """What an accepted request did, for the reply and the channel messages."""

    game: LoadedGame
    applied: list[Applied] = field(default_factory=list)
    new_events: list[dict[str, Any]] = field(default_factory=list)
    turn_ended: bool = False
    actor_changed: bool = False
    finished_turn_events: list[dict[str, Any]] = field(default_factory=list)
    #: The seat whose turn it was when the request came.
    turn_seat: int | None = None
    #: Outbox rows recorded with this change, for the announcer to post.
    announced: list[int] = field(default_factory=list)
    #: Every event this change added, private ones included (a tutorial's lessons read
    #: them: ``bot.service.lessons``).
    added_events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events to tell about this request: the whole turn if it ended, else the new
        ones (private ones included: callers filter them for their reader)."""
        return self.finished_turn_events if self.turn_ended else self.new_events

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        g = self.game.game
        return g is not None and g.state.turn.phase == OVER


@dataclass
class PanelReply:
    """The answer to a member's press (on their panel, or a public game message's button) or
    slash command, all of it read by the service (``bot.service.presses``).

    ``error`` when the press cannot be answered with a panel (the game is gone, is not
    this channel's running game, or a button waits for another member); else ``game`` as
    it is now with the member's ``seat``, and, for a press that plays, either ``refusal``
    (nothing was played) or ``outcome`` (what was played and committed, with the
    ``events`` to tell the member). A refusal answered by the refusal alone (a command's,
    a game message button's) comes without the game.
    """

    game: LoadedGame | None = None
    #: The member's seat in ``game`` (None if they do not play in it).
    seat: int | None = None
    outcome: Outcome | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    refusal: ServiceError | EngineError | None = None
    error: str | None = None
