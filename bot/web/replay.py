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
from engine.core.game import GameConfig
from engine.core.state import OVER
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


def replay_steps(config: GameConfig, log: list[tuple[int, str]]) -> list[Step]:
    """The set-up, then the board after each turn of a game, the last one its end."""
    game = Game(config)
    state = game.state
    steps = [Step(view(state), state.round, None)]
    turn = (state.round, state.turn.seat)
    for seat, text in log:
        played = state.turn.seat
        game.play(seat, text)
        now = (state.round, state.turn.seat)
        if state.turn.phase == OVER:
            break
        if now != turn:
            # The turn passed: the one that ended is the last turn's events now.
            name = state.players[played].name
            steps.append(Step(view(state), turn[0], name, told_lines(state, state.last_events)))
            turn = now
    if state.turn.phase == OVER:
        # The game ended with the last turn: its events stay this turn's.
        name = state.players[state.turn.seat].name
        steps.append(Step(view(state), state.round, name, told_lines(state, state.events)))
    return steps


def told_steps(language: str, game: Game) -> list[Step]:
    """``replay_steps`` of a game, told in ``language``."""
    with speaking(language):
        return replay_steps(game.config, list(game.log))
