"""Why a seat of a 6-player team board lags or leads (issue 22, balance): AI team games counted
action by action.

    python bench/teams_why.py [--map swu-6p] [--games 400] [--level easy] [--seed 1]

Prints, over ``--games`` games with ``--level`` in every seat (seeds and AI seeds as
``bench/teams.py``'s AI games, so the same games): the regions each seat takes from each other
seat a game (attacker rows, defender columns) with each seat's total taken and lost; the
regions each seat holds after round 1; each seat's most frequent first conquest (edge or
inland), the market slots it picks and the rounds it declines in; and the Places and Relics
each seat discovers.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_player
from engine import apply, new_game, to_act
from engine.core.actions import Decline, PickCombo
from engine.core.content import load_map
from engine.core.rulesets import options_for
from engine.rulesets.teams import PLAYERS, seat_name


class Counts:
    """What the games added up to (see module doc)."""

    def __init__(self) -> None:
        self.games = 0
        self.took = [[0] * PLAYERS for _ in range(PLAYERS)]
        self.first: list[Counter[int]] = [Counter() for _ in range(PLAYERS)]
        self.found: list[Counter[str]] = [Counter() for _ in range(PLAYERS)]
        self.held = [0] * PLAYERS
        self.declines: list[Counter[int]] = [Counter() for _ in range(PLAYERS)]
        self.slots: list[Counter[int]] = [Counter() for _ in range(PLAYERS)]


def play(c: Counts, map_id: str, seed: int, level: str) -> None:
    """Play one game and count it."""
    world = load_map(map_id).world
    seats = [make_player(level, seed=seed * 101 + k) for k in range(PLAYERS)]
    s = new_game(
        [f"P{k + 1}" for k in range(PLAYERS)], seed, map_id, options_for(PLAYERS), world=world
    )
    told = 0
    first: list[int | None] = [None] * PLAYERS
    c.games += 1
    while (x := to_act(s)) is not None:
        key = (s.round, s.turn.seat)
        a = seats[x].choose(s, x)
        if isinstance(a, PickCombo):
            c.slots[x][a.slot] += 1
        if isinstance(a, Decline):
            c.declines[x][s.round] += 1
        apply(s, x, a)
        turned = (s.round, s.turn.seat) != key
        new = s.last_events[told:] + s.events if turned else s.events[told:]
        told = len(s.events)
        for e in new:
            if e["kind"] == "conquer":
                d = e.get("defender_seat")
                if d is not None and d != e["seat"]:
                    c.took[e["seat"]][d] += 1
                if first[e["seat"]] is None:
                    first[e["seat"]] = e["region"]
                    c.first[e["seat"]][e["region"]] += 1
            elif e["kind"] == "discover":
                c.found[e["seat"]][str(e.get("treasure"))] += 1
        if turned and key == (1, PLAYERS - 1):
            for r in s.regions:
                if r.owner is not None and r.race is not None:
                    c.held[r.owner] += 1


def report(c: Counts, map_id: str) -> list[str]:
    """The printed tables."""
    n = c.games
    m = load_map(map_id)
    names = [seat_name(x) for x in range(PLAYERS)]
    out = [f"{map_id}: {n} games", "regions taken a game (attacker rows, defender columns)"]
    out.append("      " + " ".join(f"{x:>5}" for x in names) + "   taken   lost")
    for a in range(PLAYERS):
        lost = sum(c.took[o][a] for o in range(PLAYERS))
        row = " ".join(f"{c.took[a][d] / n:5.1f}" for d in range(PLAYERS))
        out.append(f"  {names[a]}  {row}   {sum(c.took[a]) / n:5.1f}   {lost / n:5.1f}")
    out.append(
        "held after round 1: " + " ".join(f"{names[x]} {c.held[x] / n:.1f}" for x in range(PLAYERS))
    )
    for x in range(PLAYERS):
        top = ", ".join(
            f"{r} ({'edge' if m.regions[r].edge else 'inland'}) {k / n:.0%}"
            for r, k in c.first[x].most_common(4)
        )
        out.append(
            f"  {names[x]} first conquest: {top} | slots {dict(sorted(c.slots[x].items()))}"
            f" | declines by round {dict(sorted(c.declines[x].items()))}"
        )
    for x in range(PLAYERS):
        found = sum(c.found[x].values()) / n
        out.append(
            f"  {names[x]} pieces found a game: {found:.2f} {dict(c.found[x].most_common(5))}"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play, print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="swu-6p")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    c = Counts()
    for seed in range(args.seed, args.seed + args.games):
        play(c, args.map, seed, args.level)
    print("\n".join(report(c, args.map)))
    return 0


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/teams_why.py"))
