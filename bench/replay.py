"""Benchmark: time and size of a game replay (animated board after every turn).

    python bench/replay.py

Plays seeded random games (3 players: 30 turns, 5 players: 40 turns), collects the public
view each time the turn passes and the final one, and prints frames, format, bytes, frame
size and the time ``render_replay`` takes.
"""

from __future__ import annotations

import io
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from engine import apply, legal_actions, new_game, to_act, view
from engine.simulate import choose
from renderer.replay import render_replay


def replay_views(players: int, seed: int) -> list[dict[str, Any]]:
    """Views of a seeded random game: one per turn (round, seat) and the final one."""
    s = new_game([f"Player {i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    views = [view(s)]
    last = (views[0]["round"], views[0]["turn_seat"])
    while (seat := to_act(s)) is not None:
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
        v = view(s)
        if v["phase"] == "over":
            views.append(v)
            break
        if (v["round"], v["turn_seat"]) != last:
            views.append(v)
            last = (v["round"], v["turn_seat"])
    return views


def main() -> None:
    for players, seed in ((3, 7), (5, 11)):
        views = replay_views(players, seed)
        turns = views[-1]["turns"] * players
        start = time.perf_counter()
        data, kind = render_replay(views)
        took = time.perf_counter() - start
        img = Image.open(io.BytesIO(data))
        print(
            f"{players} players, {turns} turns: {len(views)} frames, {kind}, "
            f"{len(data) / 1024:.0f} KB, {img.width}x{img.height}, {took:.2f} s"
        )


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/replay.py"))
