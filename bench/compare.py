"""The regression guard: the engine of the working tree against the engine of a commit, in
interleaved rounds on this machine, as a ratio.

    python bench/compare.py REV [--players 4] [--world surface] [--teams] [--games 100]
        [--rounds 6] [--seed 1]
    python bench/engine.py --compare REV ...        # the same

``REV`` is any commit git knows (``main``, ``HEAD~3``, a hash). Its tree is checked out in a
temporary git worktree (removed at the end); each measurement is a fresh process that imports
one tree's engine, plays one game to warm up, then times ``--games`` random games of the same
seeds. The two trees take turns (base, head, then head, base, ...) so that a machine growing
busier or quieter weighs on both alike. Speed is only ever compared within one run: machines
here differ by up to 2x, so a figure from another day proves nothing.

Prints one line per measurement, then::

    compare rev=abc1234 world=surface players=4 games=100 rounds=6 base_best=X head_best=Y
        ratio=Y/X cpu_ratio=... same_games=yes

``ratio`` is the head's best games per second over the base's best (the best of the rounds is
the least disturbed), ``cpu_ratio`` the same in CPU time. ``same_games`` says whether both
engines played the same number of actions over the same seeds: a change meant to be faster
only must print ``yes`` (the goldens check the rest).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run in a fresh interpreter with a tree's root first on the path: one warm-up game, then
#: ``games`` timed games; prints a JSON line. It asks only what every revision's
#: ``random_game`` takes (a world and options only when they are not the defaults).
_WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from engine.simulate import random_game
players, games, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
world, options = sys.argv[5], json.loads(sys.argv[6])
kw = {}
if world != "surface":
    kw["world"] = world
if options:
    kw["options"] = options
random_game(players, seed, **kw)
actions = 0
wall, cpu = time.perf_counter(), time.process_time()
for i in range(games):
    actions += random_game(players, seed + i, **kw).state.version
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps({"games_per_s": games / wall, "cpu_games_per_s": games / cpu,
                  "actions": actions}))
"""


def run_tree(tree: Path, players: int, games: int, seed: int, world: str, options: dict) -> dict:
    """One measurement of the engine in ``tree`` (a fresh process)."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            _WORKER,
            str(tree),
            str(players),
            str(games),
            str(seed),
            world,
            json.dumps(options),
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def checkout(rev: str, where: Path) -> str:
    """Check ``rev`` out in a detached worktree at ``where``; return its short hash."""
    ask = ["rev-parse", "--verify", "--quiet", "--short", f"{rev}^{{commit}}"]
    found = subprocess.run(
        ["git", "-C", str(ROOT), *ask],
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        sys.exit(f"bench/compare.py: git knows no commit {rev!r}")
    sha = found.stdout.strip()
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(where), sha],
        check=True,
        capture_output=True,
    )
    return sha


def compare(
    rev: str, players: int, world: str, games: int, rounds: int, seed: int, teams: bool
) -> dict:
    """Measure the working tree against ``rev`` in ``rounds`` interleaved rounds; print each
    measurement and the summary line, and return the summary's figures."""
    options = {"teams": True} if teams else {}
    if teams:
        players = 6
    with tempfile.TemporaryDirectory(prefix="sw-compare-") as tmp:
        base_tree = Path(tmp) / "base"
        sha = checkout(rev, base_tree)
        try:
            runs: dict[str, list[dict]] = {"base": [], "head": []}
            trees = {"base": base_tree, "head": ROOT}
            for r in range(rounds):
                # Base first in even rounds, head first in odd ones.
                for side in ("base", "head") if r % 2 == 0 else ("head", "base"):
                    got = run_tree(trees[side], players, games, seed, world, options)
                    runs[side].append(got)
                    print(
                        f"round={r + 1} side={side} games_per_s={got['games_per_s']:.1f} "
                        f"cpu_games_per_s={got['cpu_games_per_s']:.1f}",
                        flush=True,
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_tree)],
                check=False,
                capture_output=True,
            )
    best = {side: max(g["games_per_s"] for g in runs[side]) for side in runs}
    cpu = {side: max(g["cpu_games_per_s"] for g in runs[side]) for side in runs}
    same = runs["base"][0]["actions"] == runs["head"][0]["actions"]
    summary = {
        "rev": sha,
        "base_best": best["base"],
        "head_best": best["head"],
        "ratio": best["head"] / best["base"],
        "cpu_ratio": cpu["head"] / cpu["base"],
        "same_games": same,
    }
    named = " options=teams" if teams else ""
    print(
        f"compare rev={sha} world={world} players={players}{named} games={games} "
        f"rounds={rounds} base_best={best['base']:.1f} head_best={best['head']:.1f} "
        f"ratio={summary['ratio']:.2f} cpu_ratio={summary['cpu_ratio']:.2f} "
        f"same_games={'yes' if same else 'no'}"
    )
    return summary


def parser() -> argparse.ArgumentParser:
    """The command line (``bench/engine.py --compare`` hands its arguments here)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rev", help="the commit to measure the working tree against")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--world", choices=("surface", "underground"), default="surface")
    ap.add_argument("--teams", action="store_true", help="6-player team games")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    return ap


def main(argv: list[str] | None = None) -> None:
    """Run the comparison the command line asks for."""
    a = parser().parse_args(argv)
    compare(a.rev, a.players, a.world, a.games, a.rounds, a.seed, a.teams)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from engine.console import exits

    sys.exit(exits.run(main, "bench/compare.py"))
