"""Benchmark: how long a refused turn post keeps the next player waiting.

    python bench/retry.py [--status 500] [--times 5] [--step 0.5]

Runs the real bot against simcord's in-memory Discord (its clock is virtual: no second of
real time is waited). A member ends their turn while Discord answers the bot's next
``--times`` channel posts with HTTP ``--status``; discord.py retries a 500 itself (4
pauses, 16 s) before the announcer sees the failure. The clock then moves on in steps of
``--step`` seconds until the next player's turn message is in the channel, and the script
prints the time from the end of the turn to that ping, and from the refused post's failure
(when discord.py gave up and the announcer logged it) to the ping.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord

from bot.client import SmallWorldBot
from bot.settings import Settings
from engine import to_act
from tests.bot.retries import with_retries


async def measure(status: int, times: int, step: float) -> tuple[float, float | None]:
    """Seconds from the end of the turn to the next player's ping, and from the failure
    the announcer saw (None if it saw none) to the ping."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings("bench", str(Path(tmp) / "bench.sqlite3"), None, "WARNING")
        bot = SmallWorldBot(settings)
        bot.service.seed_source = lambda: 5
        failures: list[float] = []
        async with simcord.run(bot, shard_count=1) as env:
            with_retries(env)
            start = env.now()
            # Posting logs each failure it sees ("... trying again later"): note when.
            watcher = logging.Handler()
            watcher.emit = lambda record: (  # type: ignore[method-assign]
                failures.append((env.now() - start).total_seconds())
                if "trying again later" in record.getMessage()
                else None
            )
            logging.getLogger("bot.posting").addHandler(watcher)
            guild = env.create_guild()
            channel = guild.create_text_channel("smallworld")
            members = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cyd")]
            await bot.tree.sync()
            await members[0].slash(channel, "sw new", players=3)
            await members[1].slash(channel, "sw join")
            await members[2].slash(channel, "sw join")
            await members[0].slash(channel, "sw start")
            lg = await bot.service.in_channel(channel.id)
            who = next(m for m in members if m.id == lg.user_at(to_act(lg.game.state)))
            await who.slash(channel, "sw pick", slot=1)
            env.inject_error("POST", f"/channels/{channel.id}/messages", status=status, times=times)
            ended = (env.now() - start).total_seconds()
            await who.slash(channel, "sw end")
            lg = await bot.service.in_channel(channel.id)
            nxt = lg.user_at(to_act(lg.game.state))
            ping = f"<@{nxt}>, it's your turn"
            waited = 0.0
            while not any(ping in m.content for m in channel.history()):
                await env.advance_time(step)
                waited += step
                if waited > 3600:
                    raise SystemExit("no ping within an hour")
            message = next(m for m in channel.history() if ping in m.content)
            pinged = (message.created_at - start).total_seconds()
            await bot.storage.close()
    last_failure = failures[-1] if failures else None
    return pinged - ended, None if last_failure is None else pinged - last_failure


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--status", type=int, default=500)
    ap.add_argument("--times", type=int, default=5)
    ap.add_argument("--step", type=float, default=0.5)
    args = ap.parse_args()
    after_end, after_failure = asyncio.run(measure(args.status, args.times, args.step))
    since = f"{after_failure:.1f}" if after_failure is not None else "n/a"
    print(
        f"refused posts: {args.times} x HTTP {args.status} · end of turn -> next player's ping: "
        f"{after_end:.1f} s · announcer's failure -> ping: {since} s"
    )


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/retry.py"))
