"""A game's last actions in words, for ``/sw status``: each as its player read it on the
button they chose (``engine.label``), in the language spoken, never the action log's
notation (``pick 2``, ``conquer 1``).

A label reads the position it was chosen in (the combo in slot 2 then, the cost then), so
the log is played again from the game's settings up to each action told: a label read from
today's position could name another combo. An undo row takes back the action before it, as
when the game was played (``bot.transfer.replay`` plays a log the same way). A log this
engine no longer plays through (a game begun under older rules) has its last actions left
untold, rather than told from a position they were not chosen in.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import EngineError, Game, GameConfig, label, parse
from lang import tr

from .store import UNDO


def told_actions(config: GameConfig, rows: Sequence[tuple[int, str]], last: int) -> list[str]:
    """The last ``last`` of a game's action rows ((seat, text), undo rows included, oldest
    first) in words, oldest first; none if the log does not play through."""
    try:
        return _told(config, rows, max(0, len(rows) - last))
    except EngineError:
        return []


def _told(config: GameConfig, rows: Sequence[tuple[int, str]], first: int) -> list[str]:
    game = Game(config)
    out: list[str] = []
    for i, (seat, text) in enumerate(rows):
        if text == UNDO:
            if i >= first:
                out.append(tr("Undo"))
            game.undo(seat)
            continue
        action = parse(text)
        if i >= first:
            out.append(label(game.state, action))
        game.play(seat, action)
    return out
