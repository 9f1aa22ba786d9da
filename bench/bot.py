"""Benchmark: time from an interaction's arrival to the bot's first response.

    python bench/bot.py [--games 50] [--rounds 3]

Runs the real bot against simcord's in-memory Discord on a fresh SQLite file. For
``/sw conquer`` and ``/sw end`` (whose board is drawn and posted after the answer) it prints
the median and p99 of the time between the interaction reaching the bot and the bot's first response
(reply or defer), first with one game, then with ``--games`` games played at once: their
commands are sent concurrently, one per game, round after round.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord

from bot.client import SmallWorldBot
from bot.settings import Settings
from engine import legal_actions, to_act
from tests.bot.presses import emit_slash

ARRIVED: dict[int, float] = {}
FIRST: dict[int, float] = {}
NAME: dict[int, str] = {}


def instrument(bot: SmallWorldBot) -> None:
    """Record when each interaction arrives and when the bot first answers it."""
    tree = bot.tree
    original = tree._from_interaction

    def arrive(interaction: discord.Interaction) -> None:
        ARRIVED[interaction.id] = time.perf_counter()
        data = interaction.data or {}
        options = data.get("options") or [{}]
        NAME[interaction.id] = options[0].get("name", "?")
        original(interaction)

    tree._from_interaction = arrive  # type: ignore[method-assign]
    for method in ("send_message", "defer", "edit_message"):
        real = getattr(discord.InteractionResponse, method)

        def wrap(real=real):  # bind per method
            async def first(self, *args, **kwargs):
                FIRST.setdefault(self._parent.id, time.perf_counter())
                return await real(self, *args, **kwargs)

            return first

        setattr(discord.InteractionResponse, method, wrap())


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values, in milliseconds."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered)) - 1))
    return ordered[k] * 1000


async def burst(env, calls) -> None:
    """Send several slash commands at the same instant, then let the bot work them all off.

    simcord's actors run one operation at a time, so this emits them all (``emit_slash``) and
    settles once: the bot sees them arrive together, as it would when many games are played
    at once.
    """
    for actor, channel, name, options in calls:
        emit_slash(actor, channel, name, options)
    await env.settle()


def next_command(lg, members, step: str):
    """The command the member to act sends at ``step`` (pick when due, the first conquest
    in the list, end), as (member, name, options); None when the step does not apply."""
    state = lg.game.state
    seat = to_act(state)
    if seat is None:
        return None
    member = next(m for m in members if m.id == lg.user_at(seat))
    if step == "pick":
        return (member, "sw pick", {"slot": 1}) if state.turn.phase == "pick" else None
    if step == "conquer":
        targets = [a for a in legal_actions(state) if a.verb == "conquer"]
        return (member, "sw conquer", {"region": targets[0].region}) if targets else None
    return member, "sw end", {}


async def play_round(env, channels, members, service) -> None:
    """In every game at once: pick if needed, then one conquest, then end the turn."""
    for step in ("pick", "conquer", "end"):
        calls = []
        for channel in channels:
            command = next_command(await service.in_channel(channel.id), members, step)
            if command is not None:
                member, name, options = command
                calls.append((member, channel, name, options))
        if calls:
            await burst(env, calls)


async def server(env, bot, games: int, shard_id: int | None = None):
    """A server with three members and ``games`` channels, each with a started 3-player
    game; the members and the channels."""
    guild = env.create_guild() if shard_id is None else env.create_guild(shard_id=shard_id)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cyd")]
    await bot.tree.sync()
    channels = [guild.create_text_channel(f"game-{i}") for i in range(games)]
    await open_games(members, channels)
    return members, channels


async def open_games(members, channels) -> None:
    """A 3-player game in each channel: opened, joined and started by slash commands."""
    for ch in channels:
        await members[0].slash(ch, "sw new", players=3)
        await members[1].slash(ch, "sw join")
        await members[2].slash(ch, "sw join")
        await members[0].slash(ch, "sw start")


async def measure(games: int, rounds: int) -> dict[str, list[float]]:
    """Play ``rounds`` turns in each of ``games`` games; return latencies by command."""
    ARRIVED.clear()
    FIRST.clear()
    NAME.clear()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings("bench", str(Path(tmp) / "bench.sqlite3"), None, "WARNING")
        bot = SmallWorldBot(settings)
        instrument(bot)
        async with simcord.run(bot, settle_timeout=120, shard_count=1) as env:
            members, channels = await server(env, bot, games)
            ARRIVED.clear()
            FIRST.clear()
            for _ in range(rounds):
                await play_round(env, channels, members, bot.service)
            await bot.storage.close()
    out: dict[str, list[float]] = defaultdict(list)
    for iid, t0 in ARRIVED.items():
        if iid in FIRST:
            out[NAME[iid]].append(FIRST[iid] - t0)
    return out


def main() -> None:
    """Run both scenarios and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    for games in (1, args.games):
        rounds = args.rounds * (10 if games == 1 else 1)
        lat = asyncio.run(measure(games, rounds))
        for name in ("conquer", "end"):
            v = lat.get(name, [])
            if not v:
                continue
            print(
                f"games={games} command=/sw {name} samples={len(v)} "
                f"median_ms={statistics.median(v) * 1000:.1f} p99_ms={pct(v, 99):.1f} "
                f"max_ms={max(v) * 1000:.1f}"
            )


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/bot.py"))
