"""A finished game turn by turn, for its replay pages: the public board after every turn and
what the channel was told of that turn.

The steps are rebuilt from the game's settings and action log (the engine is deterministic,
so the replay is the game); the pages make them off the event loop and keep the last few
(``kept``): a member stepping through a replay asks for each step's page and board in turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import Game, view
from engine.core.game import GameConfig, turn_ends
from engine.core.state import OVER, SETUP
from lang import speaking

from ..narrate import told_lines


@dataclass
class Step:
    """The board at one moment of a replay, and how it came to be."""

    #: The public view of the board (``engine.view``), as the renderer draws it.
    view: dict[str, Any]
    round: int
    #: The player whose turn just ended (None at the set-up).
    player: str | None
    #: The told lines of that turn.
    lines: list[str] = field(default_factory=list)
    #: Whether it was a decision before the first turn (Monsters placed), not a turn.
    setting_up: bool = False


def replay_steps(config: GameConfig, log: list[tuple[int, str]]) -> list[Step]:
    """The set-up, then the board after each turn of a game, the last one its end."""
    steps: list[Step] = []
    # The round of the turn being played: the state's once the previous turn passed on.
    playing = 0
    # How many events of the list being played earlier steps told: the decisions before the
    # first turn all add to one list, which passes on with the last of them.
    told = 0
    # Whether the decision owed was one before the first turn (each is a step of its own).
    setting_up = False
    for state, seat in turn_ends(config, log):
        if seat is None:
            steps.append(Step(view(state), state.round, None))
        else:
            if state.turn.phase in (SETUP, OVER):
                # Before the first turn, and in the game's last turn, the list goes on.
                events, told = state.events[told:], len(state.events)
            else:
                # A turn that passed on is the last turn's events now.
                events, told = state.last_events[told:], 0
            lines = told_lines(state, events)
            name = state.players[seat].name
            steps.append(Step(view(state), playing, name, lines, setting_up))
        playing, setting_up = state.round, state.turn.phase == SETUP
    return steps


def told_steps(language: str, game: Game) -> list[Step]:
    """``replay_steps`` of a game, told in ``language``."""
    with speaking(language):
        return replay_steps(game.config, list(game.log))
