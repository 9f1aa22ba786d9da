"""Games between AI seats, and the figures that measure them.

``play_game`` plays one game with one player object per seat, checking every action against
the engine (``apply`` validates), timing every decision. ``tournament`` rotates the seat list
over the games (game ``g`` shifts it by ``g`` places) so that no entry keeps the first-player
seat, and sums up each entry: win share (a tie splits the win), its 95% Wilson interval,
mean coins, and decision time percentiles.

A team game [TEAMS] (``options={"teams": True}``, six seats) is rated three more ways
(``TeamTally``): by seat (A1 B1 C1 A2 B2 C2), by team (A, B, C: the team's win share and its
score, the lower of the partners'), and by the pairs of entries that play together: the
rotation shifts the seat list by whole places, so entries ``e`` and ``e + 3`` always sit
opposite, as partners.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import GameState, apply, new_game, to_act
from engine.core.worlds import DEFAULT_WORLD
from engine.rulesets.teams import TEAM_LETTERS, members, seat_name

from .player import Player

#: No game of Small World needs this many actions; more means a player is looping.
MAX_ACTIONS = 4000


@dataclass
class GameRecord:
    """One finished game: final coins and win share by seat, and decision times by seat; in a
    team game, win share and score (the lower partner's coins) by team too."""

    coins: list[int]
    wins: list[float]
    times: list[list[float]]
    actions: int
    team_wins: list[float] = field(default_factory=list)
    team_scores: list[int] = field(default_factory=list)


def play_game(
    players: Sequence[Player],
    seed: int,
    *,
    world: str = DEFAULT_WORLD,
    map_id: str | None = None,
    options: dict[str, Any] | None = None,
) -> GameRecord:
    """Play a game to the end, seat ``i`` played by ``players[i]``; raise on an illegal action.
    ``options`` are the game's (``{"teams": True}`` for team play)."""
    names = [f"P{i + 1}" for i in range(len(players))]
    s: GameState = new_game(names, seed, map_id, options, world=world)
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
    rec = GameRecord([p.coins for p in s.players], wins, times, s.version)
    if "teams" in s.result:
        first = s.result["winning_teams"]
        rec.team_wins = [1.0 / len(first) if x in first else 0.0 for x in TEAM_LETTERS]
        by_letter = {e["team"]: e["score"] for e in s.result["teams"]}
        rec.team_scores = [by_letter[x] for x in TEAM_LETTERS]
    return rec


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

    def row(self, width: int = 12) -> str:
        """One line of the table, the label ``width`` characters wide."""
        lo, hi = wilson(self.wins, self.games)
        share = self.wins / self.games if self.games else 0.0
        mean = statistics.fmean(self.coins) if self.coins else 0.0
        p50 = percentile(self.times, 0.5) * 1000
        p99 = percentile(self.times, 0.99) * 1000
        return (
            f"{self.level:<{width}} {self.games:>6} {share:>7.1%}  [{lo:.1%}, {hi:.1%}]"
            f" {mean:>7.1f} {p50:>8.1f} {p99:>8.1f}"
        )


def header(label: str = "level", width: int = 12) -> str:
    """The table's heading line, the label column ``width`` characters wide."""
    return (
        f"{label:<{width}} {'games':>6} {'win':>7}  {'95% interval':<16}"
        f" {'coins':>6} {'p50 ms':>8} {'p99 ms':>8}"
    )


HEADER = header()


def seat_seed(seed: int, game: int, entry: int) -> int:
    """The seed of entry ``entry``'s player in game ``game`` of a tournament run with
    ``--seed seed``: every script that replays ``python -m ai tournament``'s games seeds its
    players so."""
    return seed * 1_000_003 + game * 101 + entry


def tournament(
    make: Callable[[int, int], Player],
    levels: Sequence[str],
    games: int,
    seed: int,
    *,
    world: str = DEFAULT_WORLD,
    map_id: str | None = None,
    progress: Callable[[int, list[EntryStats]], None] | None = None,
    options: dict[str, Any] | None = None,
    teams: TeamTally | None = None,
) -> list[EntryStats]:
    """Play ``games`` games of ``len(levels)`` seats, rotating the entries over the seats.

    ``make(entry, game)`` builds the player of entry ``entry`` for game ``game`` (so each
    game draws from its own seeds). ``map_id`` plays every game on that board instead of the
    world's board for the player count; ``options`` are the games' options. Returns one
    ``EntryStats`` per entry, in entry order; ``teams`` (for team games) is filled as well.
    """
    n = len(levels)
    stats = [EntryStats(level) for level in levels]
    for g in range(games):
        shift = g % n
        # Seat k is played by entry (k + shift) % n.
        order = [(k + shift) % n for k in range(n)]
        players = [make(entry, g) for entry in order]
        rec = play_game(players, seed + g, world=world, map_id=map_id, options=options)
        for seat, entry in enumerate(order):
            st = stats[entry]
            st.games += 1
            st.wins += rec.wins[seat]
            st.coins.append(rec.coins[seat])
            st.times.extend(rec.times[seat])
        if teams is not None:
            teams.add(rec, order)
        if progress is not None:
            progress(g + 1, stats)
    return stats


class TeamTally:
    """A team tournament's figures by seat, by team and by pair of entries (see module doc).

    ``levels`` are the entries' labels; entry ``e`` and entry ``e + 3`` are partners."""

    def __init__(self, levels: Sequence[str]) -> None:
        n = len(TEAM_LETTERS)
        self.seats = [EntryStats(seat_name(x)) for x in range(len(levels))]
        self.teams = [EntryStats(f"team {x}") for x in TEAM_LETTERS]
        self.pairs = [EntryStats(f"{levels[e]}+{levels[e + n]}") for e in range(n)]

    def add(self, rec: GameRecord, order: Sequence[int]) -> None:
        """Count one game; seat ``k`` was played by entry ``order[k]``."""
        n = len(TEAM_LETTERS)
        for seat, st in enumerate(self.seats):
            st.games += 1
            st.wins += rec.wins[seat]
            st.coins.append(rec.coins[seat])
            st.times.extend(rec.times[seat])
        for t, st in enumerate(self.teams):
            st.games += 1
            st.wins += rec.team_wins[t]
            st.coins.append(rec.team_scores[t])
            seats = members(t)
            pair = self.pairs[order[seats[0]] % n]
            pair.games += 1
            pair.wins += rec.team_wins[t]
            pair.coins.append(rec.team_scores[t])
            for x in seats:
                st.times.extend(rec.times[x])
                pair.times.extend(rec.times[x])

    def rows(self) -> list[str]:
        """The three tables: by seat, by team (coins: the team's score), by pair of entries."""
        out = ["by seat", header("seat"), *(st.row() for st in self.seats)]
        out += ["by team (coins: team score, the lower partner's)"]
        out += [header("team"), *(st.row() for st in self.teams)]
        out += ["by pair of entries playing as partners (entries e and e+3)"]
        width = max(12, *(len(st.level) for st in self.pairs))
        out += [header("pair", width), *(st.row(width) for st in self.pairs)]
        return out
