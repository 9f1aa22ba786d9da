"""Sweep of the partner weighting of team play (issue 22): ``ai.team.AHEAD_WEIGHT``.

    python bench/weights.py [--weights 0,0.25,0.75,1] [--base 0.5] [--games 300]
        [--level easy] [--seed 1] [--maps sw-6p,swu-6p]

A team's worth to the AI is ``lower + w x higher`` of the partners' worths (``ai.team``). For
each candidate ``w`` and board this plays ``--games`` team games in which one team decides
with ``w`` and the two others with ``--base``, the seat list rotated over the games
(``ai.tournament.tournament``: entries e and e+3 are partners), and prints the candidate
team's win share with its 95% Wilson interval (parity 1/3) and the two base teams'.

A player's weight is set around each of its decisions only (the games are played one action
at a time in one process), so the candidates share every other rule of the level.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai.team
from ai import Player, make_player
from ai.tournament import TeamTally, seat_seed, tournament, wilson
from engine import GameState
from engine.core.actions import Action
from engine.core.content import load_map
from engine.core.rulesets import options_for
from engine.rulesets.teams import PLAYERS


class Weighted(Player):
    """A level deciding with the partner weighting ``weight``."""

    def __init__(self, inner: Player, weight: float) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.weight = weight
        self.level = f"{inner.level} w={weight}"

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """The inner level's choice with ``ai.team.AHEAD_WEIGHT`` set to this weight."""
        before = ai.team.AHEAD_WEIGHT
        ai.team.AHEAD_WEIGHT = self.weight
        try:
            return self.inner.decide(state, seat, actions)
        finally:
            ai.team.AHEAD_WEIGHT = before


def run(map_id: str, weight: float, base: float, games: int, seed: int, level: str) -> str:
    """One line: the candidate team's share and the base teams' over ``games`` games."""
    weights = [weight, base, base] * 2

    def make(entry: int, game: int) -> Player:
        inner = make_player(level, seed=seat_seed(seed, game, entry))
        return Weighted(inner, weights[entry])

    labels = [f"w={w}" for w in weights]
    table = TeamTally(labels)
    start = time.perf_counter()
    world = load_map(map_id).world
    tournament(
        make,
        labels,
        games,
        seed,
        world=world,
        map_id=map_id,
        options=options_for(PLAYERS),
        teams=table,
    )
    parts = []
    for pair in table.pairs:
        lo, hi = wilson(pair.wins, pair.games)
        parts.append(
            f"{pair.level.split('+')[0]}: {pair.wins / pair.games * 100:5.1f}%"
            f" [{lo * 100:4.1f}, {hi * 100:4.1f}]"
        )
    took = time.perf_counter() - start
    return f"{map_id} w={weight} vs {base}, {games} games, {took:.0f} s: " + " | ".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and print one line per board and candidate weight."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weights", default="0,0.25,0.75,1")
    ap.add_argument("--base", type=float, default=ai.team.AHEAD_WEIGHT)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--maps", default="sw-6p,swu-6p")
    args = ap.parse_args(argv)
    for map_id in [x for x in args.maps.split(",") if x]:
        for w in [float(x) for x in args.weights.split(",") if x]:
            print(run(map_id, w, args.base, args.games, args.seed, args.level), flush=True)
    return 0


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/weights.py"))
