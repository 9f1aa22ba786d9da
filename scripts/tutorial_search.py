"""Find the arranged tutorial games and pin them in ``data/tutorial/arrangements.json``.

    python scripts/tutorial_search.py                  # print what it would pin, per world
    python scripts/tutorial_search.py --write          # and pin it
    python scripts/tutorial_search.py --world underground --seeds 400

For each world with a tutorial board it tries seeds (which order the combo market) with the
learner's first pick a few rows down the market (so the market lesson's price is paid) and a
second pick, the decline round fixed, plays each tutorial through with the coach's taps
(``engine.tutorial.walk.observe``) and keeps the first in which every lesson of the board
comes, the reinforcement die in the first race's turns, the market's lesson first, and the
learner who follows the coach wins (a first game that ends well). It pins
the order and rounds the lessons came in, then checks that the tracker, holding to that order,
gives every lesson and skips none (``walk``).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.tutorial.arrangement import ARRANGEMENTS, LEARNER, Arrangement, arrangements
from engine.tutorial.walk import observe, walk

#: The learner's first picks tried, in order of preference (a combo below the free one, so
#: that the market lesson's price is paid), and the second picks.
FIRST_PICKS, SECOND_PICKS = (2, 3, 1), (1, 2)
#: The round the learner is told to go into decline.
DECLINE_ROUND = 3


def good(plan: Arrangement) -> Arrangement | None:
    """``plan`` with its lessons' order and rounds pinned, if every lesson comes in a
    tutorial worth giving; else None."""
    seen = observe(plan)
    keys = [k for k, _ in seen]
    rounds = dict(seen)
    if set(keys) != {x.key for x in plan.lessons()} or keys[0] != "market":
        return None
    if keys[-1] != "winner" or rounds.get("die", 99) >= DECLINE_ROUND:
        return None
    pinned = replace(plan, order=tuple(keys), rounds=rounds)
    done = walk(pinned)
    result = done.game.state.result or {}
    if LEARNER not in result.get("winners", ()):
        return None
    return pinned if done.order == keys and not done.skipped else None


def search(base: Arrangement, seeds: int) -> Arrangement | None:
    """The first good arrangement on ``base``'s board."""
    for first, seed, second in product(FIRST_PICKS, range(1, seeds + 1), SECOND_PICKS):
        tried = replace(
            base, seed=seed, picks=(first, second), decline_round=DECLINE_ROUND, order=(), rounds={}
        )
        found = good(tried)
        if found is not None:
            return found
    return None


def main(argv: list[str]) -> int:
    """Search every world (or ``--world``) and print, or ``--write``, the arrangements."""
    parser = argparse.ArgumentParser(prog="scripts/tutorial_search.py")
    parser.add_argument("--world", default=None)
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    pinned = dict(arrangements())
    for world, base in pinned.items():
        if args.world not in (None, world):
            continue
        found = search(base, args.seeds)
        if found is None:
            print(f"{world}: nothing found in {args.seeds} seeds")
            return 1
        pinned[world] = found
        print(f"{world}: {json.dumps(found.to_dict())} taps={walk(found).taps}")
    if args.write:
        raw = {world: plan.to_dict() for world, plan in pinned.items()}
        ARRANGEMENTS.write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")
        print(f"written {ARRANGEMENTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
