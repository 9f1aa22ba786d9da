"""The arranged tutorial games, pinned in ``data/tutorial/arrangements.json``.

A tutorial is an ordinary engine game: two seats (the learner first, then a computer
opponent) on a small board of the world with a short turn track (``data/tutorial/*.json``,
ordinary map files), a seed that orders the combo market, the combo the learner is told to
pick each time and the round they are told to go into decline. ``scripts/tutorial_search.py``
found the seeds and picks by playing the tutorial through with the coach's taps, keeping the
first arrangement in which every lesson of the board comes; ``order`` is the order they came
in, and ``rounds`` the round each came in, which the tracker gives a lesson one more round to
come before it is skipped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.content import DATA_DIR, MapDef, load_map
from engine.core.game import Game, GameConfig
from engine.core.maps import register_board

from .lessons import Lesson, lessons_for

TUTORIAL_DIR = DATA_DIR / "tutorial"
ARRANGEMENTS = TUTORIAL_DIR / "arrangements.json"
#: The seats of a tutorial: the learner plays first.
LEARNER, OPPONENT = 0, 1


@dataclass(frozen=True)
class Arrangement:
    """One world's tutorial game: board, seed, the learner's picks and decline round."""

    world: str
    board: str
    seed: int
    picks: tuple[int, ...]
    decline_round: int
    #: The built-in board whose regions the tutorial's board copies, whose drawing pictures
    #: it (the renderer's geometry of that board).
    drawing: str = ""
    #: The lessons' keys in the order they came in the arranged game (the board's lessons,
    #: each once); empty: the order of ``lessons.LESSONS``.
    order: tuple[str, ...] = ()
    #: The round each lesson came in the arranged game, by lesson key.
    rounds: dict[str, int] = field(default_factory=dict, compare=False)

    @property
    def board_path(self) -> Path:
        """The board's map file."""
        return TUTORIAL_DIR / self.board

    def map_key(self) -> str:
        """The game key of the board, registered with the engine at each use: registering
        is idempotent and cheap, and the engine's registry can be cleared
        (``content.clear_maps``) under a running process, as tests of servers' own maps do."""
        return register_board(self.board_path)

    def mapdef(self) -> MapDef:
        """The board."""
        return load_map(self.map_key())

    def lessons(self) -> tuple[Lesson, ...]:
        """The lessons this tutorial gives, in order."""
        found = lessons_for(self.mapdef())
        if not self.order:
            return found
        by_key = {x.key: x for x in found}
        return tuple(by_key[k] for k in self.order if k in by_key)

    def config(self, learner: str = "you", opponent: str = "AI") -> GameConfig:
        """The game's settings, the learner in the first seat."""
        return GameConfig(players=(learner, opponent), seed=self.seed, map_id=self.map_key())

    def new_game(self, learner: str = "you", opponent: str = "AI") -> Game:
        """A fresh tutorial game."""
        return Game(self.config(learner, opponent))

    def to_dict(self) -> dict[str, Any]:
        """The arrangement as its JSON entry."""
        return {
            "board": self.board,
            "seed": self.seed,
            "picks": list(self.picks),
            "decline_round": self.decline_round,
            "drawing": self.drawing,
            "order": list(self.order),
            "rounds": dict(self.rounds),
        }


def from_dict(world: str, d: dict[str, Any]) -> Arrangement:
    """An arrangement from its JSON entry."""
    return Arrangement(
        world=world,
        board=d["board"],
        seed=int(d["seed"]),
        picks=tuple(int(p) for p in d["picks"]),
        decline_round=int(d["decline_round"]),
        drawing=str(d.get("drawing", "")),
        order=tuple(str(k) for k in d.get("order", ())),
        rounds={str(k): int(v) for k, v in d.get("rounds", {}).items()},
    )


@cache
def arrangements() -> dict[str, Arrangement]:
    """Every pinned arrangement, by world name."""
    raw = json.loads(ARRANGEMENTS.read_text(encoding="utf-8"))
    return {world: from_dict(world, d) for world, d in raw.items()}


def arrangement(world: str) -> Arrangement:
    """The pinned tutorial of ``world`` (``KeyError`` if it has none)."""
    return arrangements()[world]


def tutorial_worlds() -> list[str]:
    """The worlds that have a tutorial."""
    return list(arrangements())


__all__ = [
    "ARRANGEMENTS",
    "LEARNER",
    "OPPONENT",
    "TUTORIAL_DIR",
    "Arrangement",
    "arrangement",
    "arrangements",
    "from_dict",
    "tutorial_worlds",
]
