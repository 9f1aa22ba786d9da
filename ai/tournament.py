"""Games between AI seats, and the figures that measure them.

``play_game`` plays one game with one player object per seat, checking every action against
the engine (``apply`` validates), timing every decision. ``tournament`` rotates the seat list
over the games (game ``g`` shifts it by ``g`` places) so that no entry keeps the first-player
seat, and sums up each entry: win share (a tie splits the win), its 95% Wilson interval,
mean coins, and decision time percentiles.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine import GameState, apply, new_game, to_act
from engine.core.worlds import DEFAULT_WORLD

from .player import Player

#: No game of Small World needs this many actions; more means a player is looping.
MAX_ACTIONS = 4000


@dataclass
class GameRecord:
    """One finished game: final coins and win share by seat, and decision times by seat."""

    coins: list[int]
    wins: list[float]
    times: list[list[float]]
    actions: int


def play_game(
    players: Sequence[Player],
    seed: int,
    *,
    world: str = DEFAULT_WORLD,
    map_id: str | None = None,
) -> GameRecord:
    """Play a game to the end, seat ``i`` played by ``players[i]``; raise on an illegal action."""
    s: GameState = new_game([f"P{i + 1}" for i in range(len(players))], seed, map_id, world=world)
    times: list[list[float]] = [[] for _ in players]
    for _ in range(MAX_ACTIONS):
        seat = to_act(s)
        if seat is None:
            break
        t0 = time.perf_counter()
        action = players[seat].choose(s, seat)
        times[seat].append(time.perf_counter() - t0)
        apply(s, seat, action)  # validates: an illegal action raises IllegalAction
    else:
        raise RuntimeError(f"game {seed} did not end within {MAX_ACTIONS} actions")
    assert s.result is not None
    winners = s.result["winners"]
    wins = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(players))]
    return GameRecord([p.coins for p in s.players], wins, times, s.version)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by nearest rank, 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


@dataclass
class EntryStats:
    """What one entry of the seat list did over a tournament."""

    level: str
    games: int = 0
    wins: float = 0.0
    coins: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def row(self) -> str:
        """One line of the table."""
        lo, hi = wilson(self.wins, self.games)
        share = self.wins / self.games if self.games else 0.0
        mean = statistics.fmean(self.coins) if self.coins else 0.0
        p50 = percentile(self.times, 0.5) * 1000
        p99 = percentile(self.times, 0.99) * 1000
        return (
            f"{self.level:<12} {self.games:>6} {share:>7.1%}  [{lo:.1%}, {hi:.1%}]"
            f" {mean:>7.1f} {p50:>8.1f} {p99:>8.1f}"
        )


HEADER = (
    f"{'level':<12} {'games':>6} {'win':>7}  {'95% interval':<16}"
    f" {'coins':>6} {'p50 ms':>8} {'p99 ms':>8}"
)


def tournament(
    make: Callable[[int, int], Player],
    levels: Sequence[str],
    games: int,
    seed: int,
    *,
    world: str = DEFAULT_WORLD,
    map_id: str | None = None,
    progress: Callable[[int, list[EntryStats]], None] | None = None,
) -> list[EntryStats]:
    """Play ``games`` games of ``len(levels)`` seats, rotating the entries over the seats.

    ``make(entry, game)`` builds the player of entry ``entry`` for game ``game`` (so each
    game draws from its own seeds). ``map_id`` plays every game on that board instead of the
    world's board for the player count. Returns one ``EntryStats`` per entry, in entry order.
    """
    n = len(levels)
    stats = [EntryStats(level) for level in levels]
    for g in range(games):
        shift = g % n
        # Seat k is played by entry (k + shift) % n.
        order = [(k + shift) % n for k in range(n)]
        players = [make(entry, g) for entry in order]
        rec = play_game(players, seed + g, world=world, map_id=map_id)
        for seat, entry in enumerate(order):
            st = stats[entry]
            st.games += 1
            st.wins += rec.wins[seat]
            st.coins.append(rec.coins[seat])
            st.times.extend(rec.times[seat])
        if progress is not None:
            progress(g + 1, stats)
    return stats
