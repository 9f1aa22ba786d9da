"""``python -m ai check``: games of one level on every map of both worlds, counting failures.

Every seat is played by the level under test (each with its own seed) and every action goes
through ``engine.apply`` with validation, so an illegal action raises ``IllegalAction``.
Any exception (illegal action, a crash inside the AI, a game that never ends) is counted and
its first lines printed; the count must be 0. Six players play team games (the options
``engine.core.rulesets.options_for(6)`` turns on) on each world's 6-player board.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from engine.core.content import map_for_players
from engine.core.rulesets import options_for
from engine.core.worlds import WORLDS as REGISTERED

from .player import Player
from .tournament import play_game

#: Every registered world, in registration order.
WORLDS = tuple(REGISTERED)
PLAYER_COUNTS = (2, 3, 4, 5, 6)


@dataclass
class MapCheck:
    """What the games on one map gave."""

    map_id: str
    games: int = 0
    failures: int = 0
    actions: int = 0
    seconds: float = 0.0

    def row(self) -> str:
        """One line of the report."""
        return (
            f"{self.map_id:<8} games={self.games} failures={self.failures}"
            f" actions={self.actions} seconds={self.seconds:.1f}"
        )


def check(
    make: Callable[[int], Player],
    games: int,
    seed: int,
    *,
    report: Callable[[str], None] = print,
) -> list[MapCheck]:
    """Play ``games`` games on each map of both worlds; ``make(k)`` builds the k-th player."""
    out = []
    k = 0
    for world in WORLDS:
        for n in PLAYER_COUNTS:
            result = MapCheck(map_for_players(n, world))
            start = time.perf_counter()
            for g in range(games):
                players = []
                for _ in range(n):
                    players.append(make(k))
                    k += 1
                game_seed = seed + 7919 * g + n
                try:
                    rec = play_game(players, game_seed, world=world, options=options_for(n))
                    result.actions += rec.actions
                except Exception:
                    result.failures += 1
                    lines = traceback.format_exc().strip().splitlines()
                    report(f"FAIL {result.map_id} seed={game_seed}: " + " | ".join(lines[-3:]))
                result.games += 1
            result.seconds = time.perf_counter() - start
            report(result.row())
            out.append(result)
    return out
