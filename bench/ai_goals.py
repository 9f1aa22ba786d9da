"""The AI's goals (issue 41, after issue 23), measured at the levels' default budgets,
resumably.

    python bench/ai_goals.py run [--games 400] [--jobs 2] [--seed 1] [--out FILE]
        [--only surface-4p,underground-2p] [--iterations K]
    python bench/ai_goals.py report [--out FILE]

Six tournaments, seats rotated game by game as ``python -m ai tournament`` rotates them and
with the same seeds (``--seed S`` here plays the games ``python -m ai tournament --seed S``
plays):

- ``surface-4p``, ``underground-4p``: hard against three easy; the goal is a win share of at
  least 60%;
- ``surface-2p``, ``underground-2p``: hard against normal; the goal is at least 75%;
- ``normal-surface-2p``, ``normal-underground-2p``: normal against easy, which must stay
  clearly ahead: its 95% Wilson interval's lower bound above 50%.

``run`` plays the games not yet in ``--out`` (a JSON line per finished game, written as it
ends, with the engine that played it: compiled or pure Python), ``--jobs`` at a time in worker
processes, so a run that is stopped loses at most the games under way and the next ``run``
goes on from there. ``report`` prints, per tournament, each entry's games, win share with its
interval, mean coins and decision time p50/p99 (ms), and whether the goal is met. The levels
play at their default time budgets unless ``--iterations`` fixes their playouts (for a quick
check: the figures then are not the goal's). A busy machine gives the timed levels fewer
playouts: run nothing else beside it. ``ENGINE_PURE=1`` plays on the pure-Python engine
(give it its own ``--out``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_player
from ai.tournament import EntryStats, header, play_game, seat_seed, wilson
from engine.compiled import STATUS


@dataclass(frozen=True)
class Goal:
    """One tournament: the world, the seats, and the goal of the first seat's level."""

    name: str
    world: str
    seats: tuple[str, ...]
    #: The hard seat's least win share, and the least lower bound of its interval (if any).
    share: float
    lower: float | None = None

    def met(self, first: EntryStats) -> bool:
        """Whether the first entry's figures meet the goal."""
        if not first.games:
            return False
        lo, _ = wilson(first.wins, first.games)
        share = first.wins / first.games
        return share >= self.share and (self.lower is None or lo > self.lower)


GOALS = {
    g.name: g
    for g in (
        Goal("surface-4p", "surface", ("hard", "easy", "easy", "easy"), 0.60),
        Goal("underground-4p", "underground", ("hard", "easy", "easy", "easy"), 0.60),
        Goal("surface-2p", "surface", ("hard", "normal"), 0.75),
        Goal("underground-2p", "underground", ("hard", "normal"), 0.75),
        Goal("normal-surface-2p", "surface", ("normal", "easy"), 0.50, 0.50),
        Goal("normal-underground-2p", "underground", ("normal", "easy"), 0.50, 0.50),
    )
}
DEFAULT_OUT = Path("bench/results/ai-goals.jsonl")
ROOT = Path(__file__).resolve().parent.parent


def revision() -> str:
    """The commit the games are played with (``git rev-parse``), marked when the engine or
    the AI differ from it in the working tree; ``unknown`` outside a git checkout."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--", "engine", "ai"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if changed else "")


def play(goal: str, game: int, seed: int, iterations: int | None) -> dict[str, Any]:
    """Game ``game`` of tournament ``goal``: seat ``k`` is played by entry ``(k + game) % n``
    (``ai.tournament``'s rotation), each player seeded as ``python -m ai tournament`` seeds it.
    Returns the game's record by entry."""
    g = GOALS[goal]
    n = len(g.seats)
    order = [(k + game) % n for k in range(n)]
    players = [
        make_player(g.seats[e], seed=seat_seed(seed, game, e), iterations=iterations) for e in order
    ]
    start = time.perf_counter()
    rec = play_game(players, seed + game, world=g.world)
    by_entry: list[dict[str, Any]] = [{} for _ in range(n)]
    for seat, e in enumerate(order):
        by_entry[e] = {
            "win": rec.wins[seat],
            "coins": rec.coins[seat],
            "times_ms": [round(t * 1000, 2) for t in rec.times[seat]],
        }
    return {
        "goal": goal,
        "game": game,
        "rev": revision(),
        "seed": seed,
        "iterations": iterations,
        "engine": STATUS,
        "seconds": round(time.perf_counter() - start, 2),
        "entries": by_entry,
    }


def load(out: Path) -> list[dict[str, Any]]:
    """The records already in ``out`` (none if it does not exist yet). A last line cut short
    (the run was killed while writing it) is left out: its game is played again."""
    if not out.exists():
        return []
    records = []
    for line in out.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return records


def pending(
    records: list[dict[str, Any]], goals: list[str], games: int, seed: int, iterations: int | None
) -> Iterator[tuple[str, int]]:
    """The (tournament, game) pairs still to play, tournaments interleaved game by game."""
    done = {
        (r["goal"], r["game"])
        for r in records
        if r["seed"] == seed and r["iterations"] == iterations
    }
    for game in range(games):
        for goal in goals:
            if (goal, game) not in done:
                yield goal, game


def run(args: argparse.Namespace) -> int:
    """Play what is missing, ``--jobs`` games at a time, appending each finished game."""
    out: Path = args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    todo = list(pending(load(out), args.only, args.games, args.seed, args.iterations))
    print(f"{len(todo)} games to play into {out}", file=sys.stderr, flush=True)
    if out.exists() and not out.read_bytes().endswith(b"\n") and out.stat().st_size:
        with out.open("a") as f:
            f.write("\n")  # end a line cut short, so the next record starts on its own
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, out.open("a") as f:
        running: set[Future[dict[str, Any]]] = set()
        queue = iter(todo)
        for goal, game in queue:
            running.add(pool.submit(play, goal, game, args.seed, args.iterations))
            if len(running) >= args.jobs:
                break
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                rec = fut.result()
                f.write(json.dumps(rec, separators=(",", ":")) + "\n")
                f.flush()
                print(
                    f"{rec['goal']} game {rec['game']}: {rec['seconds']} s",
                    file=sys.stderr,
                    flush=True,
                )
                nxt = next(queue, None)
                if nxt is not None:
                    running.add(pool.submit(play, nxt[0], nxt[1], args.seed, args.iterations))
    return 0


def tally(records: list[dict[str, Any]], goal: str) -> list[EntryStats]:
    """Each entry's figures over the records of tournament ``goal``."""
    g = GOALS[goal]
    stats = [EntryStats(level) for level in g.seats]
    for r in records:
        if r["goal"] != goal:
            continue
        for st, e in zip(stats, r["entries"], strict=True):
            st.games += 1
            st.wins += e["win"]
            st.coins.append(e["coins"])
            st.times.extend(t / 1000 for t in e["times_ms"])
    return stats


def report(args: argparse.Namespace) -> int:
    """Print each tournament's table and whether its goal is met."""
    records = load(args.out)
    for goal in args.only:
        rows = [r for r in records if r["goal"] == goal]
        if not rows:
            print(f"{goal}: no game yet\n")
            continue
        stats = tally(rows, goal)
        budgets = {r["iterations"] for r in rows}
        how = "default budgets" if budgets == {None} else f"iterations {sorted(map(str, budgets))}"
        hours = sum(r["seconds"] for r in rows) / 3600
        revs = ", ".join(sorted({r.get("rev", "unknown") for r in rows}))
        engines = "; ".join(sorted({r.get("engine", "engine: unknown") for r in rows}))
        g = GOALS[goal]
        aim = f"{g.seats[0]} >= {g.share:.0%}" + (
            f", interval's lower bound > {g.lower:.0%}" if g.lower is not None else ""
        )
        verdict = "met" if g.met(stats[0]) else "not met"
        print(
            f"{goal}: {g.world}, {len(rows)} games, {how}, {hours:.2f} h of play, code {revs},"
            f" {engines}; {aim}: {verdict}"
        )
        print(header())
        for st in stats:
            print(st.row())
        print()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run ``run`` or ``report``."""
    ap = argparse.ArgumentParser(prog="bench/ai_goals.py", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    for name in ("run", "report"):
        p = sub.add_parser(name)
        p.add_argument("--out", type=Path, default=DEFAULT_OUT)
        p.add_argument("--only", default=",".join(GOALS), help="tournaments, comma-separated")
        if name == "run":
            p.add_argument("--games", type=int, default=400)
            p.add_argument("--jobs", type=int, default=2)
            p.add_argument("--seed", type=int, default=1)
            p.add_argument("--iterations", type=int, default=None)
    args = ap.parse_args(argv)
    args.only = [x.strip() for x in args.only.split(",") if x.strip()]
    unknown = [x for x in args.only if x not in GOALS]
    if unknown:
        ap.error(f"unknown tournament {unknown[0]!r}: {', '.join(GOALS)}")
    return run(args) if args.command == "run" else report(args)


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/ai_goals.py"))
