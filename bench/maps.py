"""Balance of the boards under random play: who wins by seat, final coins, dead regions.

    python bench/maps.py [--games 2000] [--seed 1] [--maps swu-3p,swu-4p] [--surface] [--jobs 2]

For each map it plays ``--games`` random games (``engine.simulate.random_game`` with the
map's world and id, seeds ``seed`` .. ``seed + games - 1``, as many players as the map is
made for) and prints, per seat, the share of games won (a shared victory counts as a
fraction for each winner) with its 95% interval and its distance from parity, the mean
final coins; then, per region, the share of games in which some race ever held it, lowest
first, so regions no one bothers to take (dead corners) stand out. Chasms are never held:
they are left out. By default it measures every Underground map; ``--surface`` adds the
base-game board of each player count measured the same way, since the seat order alone
(who plays first, who plays the last turn) favours some seats whatever the board.

Random players are a weak yardstick: they pick combos, targets and declines at random, so
the figures measure the board and the seat order, not strategy.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.simulate as simulate
from engine.core.content import builtin_maps, load_map
from engine.core.state import GameState

#: Share of games below which a region is flagged as rarely taken.
RARE = 0.5


@dataclass
class Tally:
    """What the games of one map added up to."""

    games: int = 0
    wins: list[float] = field(default_factory=list)
    coins: list[float] = field(default_factory=list)
    coins_sq: list[float] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    actions: int = 0

    def add(self, other: Tally) -> None:
        """Fold another tally of the same map into this one."""
        if not self.wins:
            self.wins = [0.0] * len(other.wins)
            self.coins = [0.0] * len(other.coins)
            self.coins_sq = [0.0] * len(other.coins_sq)
            self.held = [0] * len(other.held)
        self.games += other.games
        self.actions += other.actions
        for xs, ys in ((self.wins, other.wins), (self.coins, other.coins)):
            for i, y in enumerate(ys):
                xs[i] += y
        for i, y in enumerate(other.coins_sq):
            self.coins_sq[i] += y
        for i, n in enumerate(other.held):
            self.held[i] += n


def marking(seen: list[bool]) -> Callable[[GameState], None]:
    """A ``watch`` for ``random_game`` that marks in ``seen`` every region a race stands in
    after an action: the regions ever held in that game."""

    def mark(s: GameState) -> None:
        for i, r in enumerate(s.regions):
            if r.race is not None:
                seen[i] = True

    return mark


def play(map_id: str, seeds: range) -> Tally:
    """Random games on ``map_id`` for ``seeds``, tallied."""
    m = load_map(map_id)
    players = m.players[0]
    t = Tally(
        wins=[0.0] * players,
        coins=[0.0] * players,
        coins_sq=[0.0] * players,
        held=[0] * len(m.regions),
    )
    for seed in seeds:
        seen = [False] * len(m.regions)
        watch = marking(seen)
        s = simulate.random_game(players, seed, world=m.world, map_id=map_id, watch=watch).state
        if not any(seen):
            raise RuntimeError("no region was ever held: random_game no longer calls watch")
        assert s.result is not None
        winners = s.result["winners"]
        for w in winners:
            t.wins[w] += 1 / len(winners)
        for row in s.result["ranking"]:
            t.coins[row["seat"]] += row["coins"]
            t.coins_sq[row["seat"]] += row["coins"] ** 2
        for i, flag in enumerate(seen):
            t.held[i] += flag
        t.games += 1
        t.actions += s.version
    return t


def measure(map_id: str, games: int, seed: int, jobs: int) -> Tally:
    """``games`` random games on ``map_id`` from ``seed``, split over ``jobs`` processes."""
    if jobs <= 1:
        return play(map_id, range(seed, seed + games))
    step = math.ceil(games / jobs)
    parts = [range(a, min(a + step, seed + games)) for a in range(seed, seed + games, step)]
    total = Tally()
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(play, [map_id] * len(parts), parts):
            total.add(part)
    return total


def interval(p: float, n: int) -> tuple[float, float]:
    """The 95% normal-approximation interval of a share ``p`` measured over ``n`` games."""
    half = 1.96 * math.sqrt(max(p * (1 - p), 0.0) / n)
    return p - half, p + half


def report(map_id: str, t: Tally, seed: int) -> list[str]:
    """The printed block of one map."""
    m = load_map(map_id)
    players = len(t.wins)
    parity = 1 / players
    lines = [
        f"{m.id} · {m.name} · world {m.world} · {players} players · {m.turns} turns · "
        f"{t.games} games (seeds {seed}..{seed + t.games - 1}) · "
        f"{t.actions / t.games:.0f} actions/game",
        "  seat   wins     share   95% interval     vs parity   mean coins",
    ]
    worst = 0.0
    for seat in range(players):
        p = t.wins[seat] / t.games
        lo, hi = interval(p, t.games)
        mean = t.coins[seat] / t.games
        sd = math.sqrt(max(t.coins_sq[seat] / t.games - mean**2, 0.0))
        gap = (p - parity) * 100
        worst = max(worst, abs(gap))
        lines.append(
            f"  P{seat + 1:<4} {t.wins[seat]:>7.1f}   {p * 100:5.1f}%  "
            f"[{lo * 100:4.1f}, {hi * 100:4.1f}]     {gap:+5.1f}      "
            f"{mean:5.1f} ± {1.96 * sd / math.sqrt(t.games):.1f}"
        )
    lines.append(f"  parity {parity * 100:.1f}%; largest gap {worst:.1f} points")
    shares = [(t.held[r.id] / t.games, r.id, r.terrain) for r in m.regions if not r.impassable]
    shares.sort()
    rare = [f"{rid} {terrain} {share * 100:.0f}%" for share, rid, terrain in shares if share < RARE]
    lines.append(
        "  regions ever held (share of games), lowest first: "
        + ", ".join(f"{rid}:{share * 100:.0f}%" for share, rid, _ in shares)
    )
    lines.append("  rarely held (< 50%): " + ("; ".join(rare) if rare else "none"))
    return lines


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure every map asked for, print the blocks."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--maps", default="", help="comma-separated map ids (default: every swu map)")
    ap.add_argument("--surface", action="store_true", help="also the sw map of each player count")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    args = ap.parse_args(argv)
    ids = [x for x in args.maps.split(",") if x] or [
        m for m in builtin_maps() if load_map(m).world == "underground"
    ]
    if args.surface:
        counts = sorted({load_map(m).players[0] for m in ids})
        ids += [f"sw-{n}p" for n in counts if f"sw-{n}p" not in ids]
    for map_id in ids:
        t = measure(map_id, args.games, args.seed, args.jobs)
        print("\n".join(report(map_id, t, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/maps.py"))
