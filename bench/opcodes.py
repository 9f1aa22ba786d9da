"""Where an engine's random games spend their bytecodes: a count per function that does not
depend on the machine or on what else runs on it.

    python bench/opcodes.py --world underground --players 5 --games 10 [--top 40]
    python bench/opcodes.py --world underground --games 10 --root ../other-tree

Plays ``--games`` random games (``engine.simulate.random_game``, seeds 0 to N-1, after one
warm-up game) under a tracer that counts every bytecode the interpreter runs, and prints
``opcodes_per_game=N`` then the ``--top`` functions by the bytecodes run in their own body,
each as ``per-game share file:function``. ``--root`` measures another checkout of the
project (``git worktree add``) the same way, so two trees compare line by line.

A bytecode is not a unit of time (a dict lookup and a list append cost the same count), so
this finds where the work is and whether a change removed some; the clock
(``bench/engine.py --compare``) says whether it paid. Tracing makes the games some fifty
times slower: ten games of five players take a minute or two. It counts the pure Python
engine (``ENGINE_PURE=1``, set here): compiled modules run no bytecode.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

# Bytecodes are the pure engine's: the compiled one (python -m engine build) runs none.
os.environ["ENGINE_PURE"] = "1"


def count(world: str, players: int, games: int) -> tuple[Counter[tuple[str, str]], int]:
    """Bytecodes run per function (file, name) over ``games`` random games."""
    from engine.simulate import random_game

    random_game(players, 10_000, world=world)  # caches filled, as a running bot has them
    found: Counter[tuple[str, str]] = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            code = frame.f_code
            found[code.co_filename, code.co_name] += 1
        return trace

    sys.settrace(trace)
    try:
        for seed in range(games):
            random_game(players, seed, world=world)
    finally:
        sys.settrace(None)
    return found, games


def main() -> None:
    """Print the bytecodes per game and the functions that run the most of them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--world", default="surface", choices=("surface", "underground"))
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    args = parser.parse_args()
    root = str(Path(args.root).resolve())
    sys.path.insert(0, root)
    found, games = count(args.world, args.players, args.games)
    total = sum(found.values())
    print(
        f"world={args.world} players={args.players} games={games} "
        f"opcodes_per_game={total / games:.0f}"
    )
    for (path, name), n in found.most_common(args.top):
        where = path[len(root) + 1 :] if path.startswith(root) else path
        print(f"{n / games:10.0f} {100 * n / total:5.1f}% {where}:{name}")


if __name__ == "__main__":
    main()
