"""Seat and team balance of the 6-player team boards (issue 22, item 4).

    python bench/teams.py [--random 2000] [--ai 400] [--level easy] [--seed 1]
        [--maps sw-6p,swu-6p] [--duel N] [--deadline N] [--rounds]

For each board it plays ``--random`` random team games (``engine.simulate.random_game`` with
``options_for(6)``, seeds ``seed`` ..) and ``--ai`` games with the AI level ``--level`` in all
six seats (every action validated by ``apply``; seeds ``seed`` .., AI seeds
from the game's), and prints for each set of games:

- by team (A, B, C; parity 1/3): the share of games the team won (a shared win counts as a
  fraction) with its 95% Wilson interval, the distance from parity, and the mean team score
  (the lower partner's coins) [TEAMS "End of the Game"];
- by seat (A1 B1 C1 A2 B2 C2): the mean final coins, the share of games in which the seat had
  the table's highest purse (the base game's winner; parity 1/6, interval as above), and the
  share in which it was its team's lower scorer, the one who set the team's score.

A seat's own win share would only repeat its team's (partners win together), so the seat
table measures the seat order inside the teams: who plays first or last. A figure whose
interval leaves out parity is flagged ``OFF``.

``--rounds`` adds, for each set of games, every seat's mean coins gained in each round (from
its score history): where in the game a seat's lead or lag comes from.

``--duel N`` plays N more games a board in which one team is played by a *selfish* version of
``--level`` (the same player deciding as if the game had no teams: its own score only) and
the two others by the level itself, the seat list rotated over the games
(``ai.tournament.tournament``): how much weighing the team score is worth.

``--deadline N`` does the same with a team whose team decisions (Monsters, the team pieces,
the Sigil) are the engine's deadline defaults (``Deadline``): what ``ai.teamplay`` is worth.

Random players are a weak yardstick (random combos, targets and declines): they measure the
board and the seat order, not strategy; the AI games measure them under play that tries.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import Player, make_player, teamplay
from ai.tournament import MAX_ACTIONS, TeamTally, seat_seed, tournament, wilson
from engine import apply, new_game, to_act
from engine.core.actions import Action
from engine.core.content import components, load_map
from engine.core.copying import clone
from engine.core.legal import default_action
from engine.core.rulesets import options_for
from engine.core.state import GameState
from engine.rulesets.teams import OPTION, PLAYERS, TEAM_LETTERS, members, partner, seat_name
from engine.simulate import random_game

TEAMS = len(TEAM_LETTERS)
#: Coins each player starts with [SW p.2]: the first round's gain is counted from there.
STARTING: int = components()["starting_coins"]


@dataclass
class Balance:
    """What a set of team games on one board added up to."""

    games: int = 0
    actions: int = 0
    team_wins: list[float] = field(default_factory=lambda: [0.0] * TEAMS)
    team_scores: list[float] = field(default_factory=lambda: [0.0] * TEAMS)
    coins: list[float] = field(default_factory=lambda: [0.0] * PLAYERS)
    top: list[float] = field(default_factory=lambda: [0.0] * PLAYERS)
    lower: list[float] = field(default_factory=lambda: [0.0] * PLAYERS)
    #: By seat, the coins gained in each round (summed over the games; 0 for a round with
    #: no score on record).
    gains: list[list[float]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])

    def add(self, s: GameState) -> None:
        """Count one finished team game."""
        assert s.result is not None
        self.games += 1
        self.actions += s.version
        first = s.result["winning_teams"]
        for e in s.result["teams"]:
            t = TEAM_LETTERS.index(e["team"])
            self.team_scores[t] += e["score"]
            if e["team"] in first:
                self.team_wins[t] += 1 / len(first)
        coins = [p.coins for p in s.players]
        best = max(coins)
        leaders = [x for x in range(PLAYERS) if coins[x] == best]
        for x in range(PLAYERS):
            self.coins[x] += coins[x]
            history = s.players[x].score_history
            row = self.gains[x]
            row.extend([0.0] * (len(history) - len(row)))
            before = STARTING
            for k, after in enumerate(history):
                row[k] += after - before
                before = after
            if x in leaders:
                self.top[x] += 1 / len(leaders)
            mate = coins[partner(x)]
            if coins[x] < mate:
                self.lower[x] += 1
            elif coins[x] == mate:
                self.lower[x] += 0.5


def share(wins: float, n: int, parity: float) -> str:
    """``share [lo, hi] gap`` in percent, flagged when the interval leaves out parity."""
    p = wins / n
    lo, hi = wilson(wins, n)
    flag = "  OFF" if not lo <= parity <= hi else ""
    return f"{p * 100:5.1f}%  [{lo * 100:4.1f}, {hi * 100:4.1f}]  {(p - parity) * 100:+5.1f}{flag}"


def report(title: str, b: Balance, seconds: float) -> list[str]:
    """The printed block of one set of games."""
    n = b.games
    lines = [
        f"{title}: {n} games, {b.actions / n:.0f} actions/game, {seconds:.0f} s",
        "  team   won     95% interval  vs 1/3   mean team score",
    ]
    for t in range(TEAMS):
        lines.append(
            f"  {TEAM_LETTERS[t]}     {share(b.team_wins[t], n, 1 / TEAMS)}"
            f"   {b.team_scores[t] / n:5.1f}"
        )
    lines.append("  seat  mean coins  top purse  95% interval  vs 1/6   lower of the pair")
    for x in range(PLAYERS):
        lines.append(
            f"  {seat_name(x)}    {b.coins[x] / n:6.1f}     {share(b.top[x], n, 1 / PLAYERS)}"
            f"   {b.lower[x] / n * 100:5.1f}%"
        )
    for t in range(TEAMS):
        a, c = members(t)
        assert abs(b.lower[a] + b.lower[c] - n) < 1e-6  # one of the pair is the lower
    return lines


def rounds_report(b: Balance) -> list[str]:
    """By seat, the mean coins gained in each round (what a turn paid, bonuses included)."""
    n = b.games
    turns = max(len(row) for row in b.gains)
    lines = ["  coins gained by round " + " ".join(f"{k + 1:>5}" for k in range(turns))]
    for x in range(PLAYERS):
        row = b.gains[x] + [0.0] * (turns - len(b.gains[x]))
        lines.append(f"  {seat_name(x)}" + " " * 20 + " ".join(f"{v / n:5.1f}" for v in row))
    return lines


def tally(games: Iterable[GameState]) -> tuple[Balance, float]:
    """Count ``games`` as they are played; the seconds they took."""
    b = Balance()
    start = time.perf_counter()
    for s in games:
        b.add(s)
    return b, time.perf_counter() - start


def random_games(map_id: str, seeds: range) -> Iterable[GameState]:
    """Random team games on ``map_id``."""
    world = load_map(map_id).world
    for seed in seeds:
        yield random_game(
            PLAYERS, seed, world=world, map_id=map_id, options=options_for(PLAYERS)
        ).state


def ai_games(map_id: str, seeds: range, level: str) -> Iterable[GameState]:
    """Team games on ``map_id`` with ``level`` in every seat."""
    world = load_map(map_id).world
    for seed in seeds:
        seats = [make_player(level, seed=seed * 101 + k) for k in range(PLAYERS)]
        yield final_state(seats, seed, world, map_id)


def final_state(seats: Sequence[Player], seed: int, world: str, map_id: str) -> GameState:
    """One AI team game played to its end, every action validated by ``apply``."""
    s = new_game(
        [f"P{k + 1}" for k in range(PLAYERS)], seed, map_id, options_for(PLAYERS), world=world
    )
    for _ in range(MAX_ACTIONS):
        seat = to_act(s)
        if seat is None:
            return s
        apply(s, seat, seats[seat].choose(s, seat))
    raise RuntimeError(f"game {seed} did not end within {MAX_ACTIONS} actions")


class Selfish(Player):
    """A level deciding as if the game had no teams: on a copy without the team option."""

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.level = f"selfish {inner.level}"

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """The inner level's choice on a copy of ``state`` that has no teams."""
        alone = clone(state)
        alone.options = {k: v for k, v in state.options.items() if k != OPTION}
        return self.inner.decide(alone, seat, actions)


class Deadline(Player):
    """A level whose team decisions (``ai.teamplay``) are the engine's deadline defaults: the
    Monsters, the Soapbar, Bony, the Sigil's mode and answers as a deadline takes them, and
    never a Tavern gift, a Mirror swap or a new standing order."""

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.level = f"deadline {inner.level}"

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """The deadline's choice for a team decision, else the inner level's without the
        optional team actions."""
        if any(isinstance(a, teamplay.SETTLED) for a in actions):
            due = default_action(state)
            if due is not None and due in actions:
                return due
        rest = teamplay.plain(actions)
        return rest[0] if len(rest) == 1 else self.inner.decide(state, seat, rest)


#: The handicapped versions ``duel`` can field: (label, wrapper, what it lacks).
VARIANTS: dict[str, tuple[Callable[[Player], Player], str]] = {
    "selfish": (Selfish, "its own score only"),
    "deadline": (Deadline, "team decisions by the deadline defaults"),
}


def duel(map_id: str, games: int, seed: int, level: str, variant: str = "selfish") -> list[str]:
    """``games`` games of two teams of ``level`` against one of its ``variant`` version."""
    wrap, lacks = VARIANTS[variant]
    entries = [level, variant, level] * 2

    def make(entry: int, game: int) -> Player:
        inner = make_player(level, seed=seat_seed(seed, game, entry))
        return wrap(inner) if entries[entry] == variant else inner

    table = TeamTally(entries)
    start = time.perf_counter()
    world = load_map(map_id).world
    options = options_for(PLAYERS)
    tournament(make, entries, games, seed, world=world, map_id=map_id, options=options, teams=table)
    lines = [
        f"duel: one team of {variant} {level} ({lacks}), {games} games,"
        f" seats rotated, {time.perf_counter() - start:.0f} s"
    ]
    return lines + ["  " + row for row in table.rows()[-5:]]


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure every board asked for, print the blocks."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=2000, help="random games a board")
    ap.add_argument("--ai", type=int, default=400, help="AI games a board")
    ap.add_argument("--level", default="easy", help="the AI level in every seat")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--maps", default="sw-6p,swu-6p")
    ap.add_argument("--duel", type=int, default=0, help="games against a selfish team")
    ap.add_argument(
        "--deadline", type=int, default=0, help="games against a team deciding by the deadline"
    )
    ap.add_argument("--rounds", action="store_true", help="also each seat's gains by round")
    args = ap.parse_args(argv)
    for map_id in [x for x in args.maps.split(",") if x]:
        m = load_map(map_id)
        print(f"{m.id} · {m.name} · world {m.world} · {m.turns} turns", flush=True)
        # Generators: each set is played only when ``tally`` counts it (and times it).
        runs: list[tuple[str, Iterable[GameState]]] = []
        if args.random:
            seeds = range(args.seed, args.seed + args.random)
            title = f"random play (seeds {seeds.start}..{seeds.stop - 1})"
            runs.append((title, random_games(map_id, seeds)))
        if args.ai:
            seeds = range(args.seed, args.seed + args.ai)
            title = f"AI {args.level} in every seat (seeds {seeds.start}..{seeds.stop - 1})"
            runs.append((title, ai_games(map_id, seeds, args.level)))
        for title, games in runs:
            b, seconds = tally(games)
            lines = report(title, b, seconds) + (rounds_report(b) if args.rounds else [])
            print("\n".join(lines), flush=True)
        if args.duel:
            print("\n".join(duel(map_id, args.duel, args.seed, args.level)), flush=True)
        if args.deadline:
            lines = duel(map_id, args.deadline, args.seed, args.level, "deadline")
            print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/teams.py"))
