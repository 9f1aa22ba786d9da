"""Benchmark: how late the bot's event loop runs while an AI seat thinks.

    python bench/ai_loop.py --level hard --decisions 5 [--players 4] [--seed 1]

The bot asks an AI seat for its move in a worker thread (``bot.ai_seats``). While it thinks,
a task on the loop wakes every 10 ms and records how late each wake-up is: what a member's
button press would wait. Prints the AI's decision time and the loop's lateness (median, 99th
percentile, worst), for positions taken from a seeded random game.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_player
from engine import apply, legal_actions, new_game, to_act
from engine.core.copying import clone
from engine.core.state import GameState
from engine.simulate import choose

TICK = 0.010


def positions(players: int, seed: int, count: int) -> list[GameState]:
    """``count`` positions with a real choice from the middle rounds of a random game."""
    rng = random.Random(seed)
    s = new_game([f"P{i + 1}" for i in range(players)], seed)
    out = []
    while (seat := to_act(s)) is not None and len(out) < count:
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
        nxt = to_act(s)
        # Only real decisions: a position with one legal move is answered without thinking.
        real = nxt is not None and len(legal_actions(s, nxt)) > 3
        if s.round >= 3 and real and rng.random() < 0.2:
            out.append(clone(s))
    return out


async def measure(level: str, states: list[GameState], budget: float | None) -> None:
    """Think about each position in a worker thread while a loop task measures lateness."""
    late: list[float] = []
    thinking: list[float] = []
    stop = asyncio.Event()

    async def ticker() -> None:
        while not stop.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            late.append(time.perf_counter() - start - TICK)

    task = asyncio.create_task(ticker())
    for i, s in enumerate(states):
        seat = to_act(s)
        assert seat is not None
        player = make_player(level, i, budget_s=budget)
        start = time.perf_counter()
        await asyncio.to_thread(player.choose, s, seat)
        thinking.append(time.perf_counter() - start)
    stop.set()
    await task
    late_ms = sorted(x * 1000 for x in late)
    p99 = late_ms[min(len(late_ms) - 1, int(len(late_ms) * 0.99))]
    print(
        f"level={level} decisions={len(states)} think_s_median={statistics.median(thinking):.2f} "
        f"loop_late_ms_median={statistics.median(late_ms):.1f} loop_late_ms_p99={p99:.1f} "
        f"loop_late_ms_max={late_ms[-1]:.1f}"
    )


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard")
    ap.add_argument("--decisions", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=None, help="seconds a decision")
    args = ap.parse_args()
    states = positions(args.players, args.seed, args.decisions)
    asyncio.run(measure(args.level, states, args.budget))


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/ai_loop.py"))
