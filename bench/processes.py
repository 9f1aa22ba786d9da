"""Benchmark: bot processes on one database, each driving its own games at once (issue 24).

    python bench/processes.py --processes 2 --games 100 --database postgresql [--rounds 2]
    python bench/processes.py --processes 1 --games 100 --database sqlite [--pace 2]
    python bench/processes.py --processes 2 --games 50 --database postgresql --setup-burst

Each process is the real bot under simcord's in-memory Discord, on its own server (as a
shard would be), with ``--games`` 3-player games, played turn after turn (pick, conquer,
end) by slash commands in one of two ways:

- in bursts (the default): every game's command at the same instant, step after step, as
  ``bench/bot.py`` does; the worst case, where 50 games end their turns together;
- at a pace (``--pace S``): each game's members send their next command a random while
  after reading the answer to the last one (exponential, ``S`` seconds on average), so the
  games' commands interleave as they come. ``actions/s`` is then the load offered.

With ``postgresql`` the processes share one database on a throwaway server (``tests/pg.py``
starts it); with ``sqlite`` there is one process on a fresh file. Printed, over every
process:

- actions per second: the commands answered, over the time the rounds took;
- press → first answer (reply or defer), p50 / p99 / max, in the bot (Discord's network
  comes on top);
- ``/sw end`` → the turn's board posted (the message carrying ``board.png``), p50 / p99 / max;
- the event loop's longest stall and p99 lag in each process (``bot.health.LoopLag``);
- with ``--setup-burst``, the lobbies are opened, joined and started by every game's command
  at once: each lobby command's first answer (how many after Discord's 3 s, and unanswered),
  ``/sw start`` → the first turn posted, and how often anything said "went wrong".

The driver and the simulated Discord run in the bot's own process and share its cores, as a
load from outside would. Each process makes its server and channels at its own simulated
moment, so that their ids differ across processes, as Discord's do (the processes share one
database).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord

from bench.bot import burst, next_command, pct, play_round, server
from bot.client import SmallWorldBot
from bot.health import LoopLag
from bot.settings import Settings
from tests.bot.presses import emit_slash

ARRIVED: dict[int, tuple[float, int, str]] = {}
FIRST: dict[int, float] = {}
BOARDS: list[tuple[int, float]] = []
#: Every text the bot said (answers, follow-ups, channel posts), to find a false "went wrong".
SAID: list[str] = []
#: What a member must never read after their command was done and saved.
WRONG = "went wrong"
#: Discord's limit for a first answer to an interaction.
DISCORD_WINDOW = 3.0


def instrument(bot: SmallWorldBot) -> None:
    """Note when each interaction arrives and is first answered, and when boards are sent."""
    tree = bot.tree
    original = tree._from_interaction

    def arrive(interaction: discord.Interaction) -> None:
        data = interaction.data or {}
        options = data.get("options") or [{}]
        ARRIVED[interaction.id] = (
            time.perf_counter(),
            interaction.channel_id or 0,
            options[0].get("name", "?"),
        )
        original(interaction)

    tree._from_interaction = arrive  # type: ignore[method-assign]
    for method in ("send_message", "defer", "edit_message"):
        real = getattr(discord.InteractionResponse, method)

        def wrap(real: Any = real) -> Any:
            async def first(self: Any, *args: Any, **kwargs: Any) -> Any:
                FIRST.setdefault(self._parent.id, time.perf_counter())
                SAID.append(str(kwargs.get("content") or (args[0] if args else "")))
                return await real(self, *args, **kwargs)

            return first

        setattr(discord.InteractionResponse, method, wrap())
    send = discord.abc.Messageable.send

    async def sent(self: Any, *args: Any, **kwargs: Any) -> Any:
        SAID.append(str(kwargs.get("content") or (args[0] if args else "")))
        message = await send(self, *args, **kwargs)
        files = kwargs.get("files") or ([kwargs["file"]] if kwargs.get("file") else [])
        if any(getattr(f, "filename", "") == "board.png" for f in files):
            BOARDS.append((getattr(self, "id", 0), time.perf_counter()))
        return message

    discord.abc.Messageable.send = sent  # type: ignore[method-assign]
    followup = discord.Webhook.send

    async def followed(self: Any, *args: Any, **kwargs: Any) -> Any:
        SAID.append(str(kwargs.get("content") or (args[0] if args else "")))
        return await followup(self, *args, **kwargs)

    discord.Webhook.send = followed  # type: ignore[method-assign]


async def open_games_in_bursts(env: Any, members: list[Any], channels: list[Any]) -> None:
    """Every game's ``/sw new``, then each ``/sw join``, then ``/sw start``, sent to all the
    channels at the same instant (``bench.bot.burst``): the lobbies' worst case."""
    await burst(env, [(members[0], ch, "sw new", {"players": 3}) for ch in channels])
    for member in members[1:]:
        await burst(env, [(member, ch, "sw join", {}) for ch in channels])
    await burst(env, [(members[0], ch, "sw start", {}) for ch in channels])


def setup_figures(arrived: dict[int, tuple[float, int, str]]) -> dict[str, Any]:
    """Per lobby command: its first answers' times, and for ``start`` the time until the
    game's first turn (its board) was posted in the channel."""
    out: dict[str, Any] = {}
    for name in ("new", "join", "start"):
        out[name] = [FIRST[i] - t for i, (t, _c, n) in arrived.items() if n == name and i in FIRST]
        out[name + "_unanswered"] = sum(
            1 for i, (_t, _c, n) in arrived.items() if n == name and i not in FIRST
        )
    turns = []
    for t, channel, name in arrived.values():
        if name == "start":
            after = [b for c, b in BOARDS if c == channel and b >= t]
            if after:
                turns.append(min(after) - t)
    out["first_turn"] = turns
    return out


async def paced_game(
    env: Any,
    channel: Any,
    members: list[Any],
    bot: SmallWorldBot,
    turns: int,
    gap: float,
    seed: int,
) -> None:
    """One game's members at a human pace: ``turns`` turns of pick (when due), one conquest
    and end, each command sent a random while (``gap`` seconds on average) after the last
    one was answered; the games' commands interleave as they come."""
    rng = random.Random(seed)
    for _ in range(turns):
        for step in ("pick", "conquer", "end"):
            command = next_command(await bot.service.in_channel(channel.id), members, step)
            if command is None:
                continue
            member, name, options = command
            await asyncio.sleep(rng.expovariate(1 / gap))
            record = emit_slash(member, channel, name, options)
            # The member reads the answer (not just "thinking…") before going on.
            while not record.responded or record.deferred:
                await asyncio.sleep(0.005)


async def drive(
    target: str,
    index: int,
    processes: int,
    games: int,
    rounds: int,
    workers: int,
    pace: float = 0.0,
    setup_burst: bool = False,
) -> dict[str, Any]:
    """One process: its server, its games, its rounds; the raw figures."""
    url = target if target.startswith("postgresql://") else None
    settings = Settings(
        "bench",
        target if url is None else "unused.sqlite3",
        None,
        "WARNING",
        database_url=url,
        # Process ``index`` runs shard ``index`` of ``processes``, and its server is there.
        shard_ids=(index,),
        shard_count=processes,
        workers=workers,
    )
    bot = SmallWorldBot(settings, tick_seconds=3600.0)
    bot.service.seed_source = lambda: 7 + index
    instrument(bot)
    lag = LoopLag(probe=0.01)
    # A settle that outlasts 30 s moves on (the bot keeps working); errors the bot logs are
    # not re-raised at the end, so one slow game does not void the figures of the others.
    async with simcord.run(bot, settle_timeout=30, check_errors=False) as env:
        # Snowflakes carry the simulated clock's time: each process makes its objects at
        # another moment, so their ids differ, as Discord's do.
        env.backend.clock.elapsed = max(env.backend.clock.elapsed, 3600.0 * (index + 1))
        if setup_burst:
            guild = env.create_guild(shard_id=index)
            members = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cyd")]
            await bot.tree.sync()
            channels = [guild.create_text_channel(f"game-{i}") for i in range(games)]
            await open_games_in_bursts(env, members, channels)
            await bot.announcer.deliver_due()
            setup = setup_figures(dict(ARRIVED))
        else:
            members, channels = await server(env, bot, games, shard_id=index)
            setup = {}
        ARRIVED.clear()
        FIRST.clear()
        BOARDS.clear()
        lag.start()
        started = time.perf_counter()
        if pace > 0:
            await asyncio.gather(
                *(
                    paced_game(env, ch, members, bot, rounds * 3, pace, 1000 * index + i)
                    for i, ch in enumerate(channels)
                )
            )
            await env.settle()
        else:
            for _ in range(rounds * 3):  # three players: a round is three turns
                await play_round(env, channels, members, bot.service)
        await bot.announcer.deliver_due()
        took = time.perf_counter() - started
        worst, p99 = lag.take()
        lag.stop()
    await bot.storage.close()
    first = [FIRST[i] - t for i, (t, _c, _n) in ARRIVED.items() if i in FIRST]
    boards = []
    for t, channel, name in ARRIVED.values():
        if name != "end":
            continue
        after = [b for c, b in BOARDS if c == channel and b >= t]
        if after:
            boards.append(min(after) - t)
    return {
        "setup": setup,
        "wrong": sum(WRONG in text for text in SAID),
        "answered": len(first),
        "seconds": took,
        "first": first,
        "boards": boards,
        "lag_max": worst,
        "lag_p99": p99,
    }


def main() -> None:
    """Start the processes together and print the figures over all of them."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--games", type=int, default=50, help="games per process")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    ap.add_argument("--workers", type=int, default=0, help="worker processes per bot")
    ap.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="mean seconds a member takes before each command (0: every game's command"
        " sent at the same instant, step after step)",
    )
    ap.add_argument(
        "--setup-burst",
        action="store_true",
        help="open, join and start every game's lobby by commands sent to all channels at once,"
        " and report those commands' answers (late: after Discord's 3 s) and the first turn",
    )
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--target", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        # One bot process: drive its games, then write its raw figures for the parent.
        figures = asyncio.run(
            drive(
                args.target,
                args.child,
                args.processes,
                args.games,
                args.rounds,
                args.workers,
                args.pace,
                args.setup_burst,
            )
        )
        Path(args.out).write_text(json.dumps(figures))
        return
    with tempfile.TemporaryDirectory() as tmp:
        if args.database == "postgresql":
            from tests.pg import fresh_database

            target = asyncio.run(fresh_database())
        else:
            target = str(Path(tmp) / "bench.sqlite3")
        outs = [str(Path(tmp) / f"out{i}.json") for i in range(args.processes)]
        # Each bot process is a fresh interpreter running this script (``--child``), started
        # as an operator would start the bot: its worker processes start as in production.
        procs = [
            subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    str(i),
                    "--target",
                    target,
                    "--out",
                    outs[i],
                    *sys.argv[1:],
                ]
            )
            for i in range(args.processes)
        ]
        for p in procs:
            if p.wait() != 0:
                raise SystemExit(f"a bot process failed (exit {p.returncode})")
        results = [json.loads(Path(o).read_text()) for o in outs]
    first = [x for r in results for x in r["first"]]
    boards = [x for r in results for x in r["boards"]]
    rate = sum(r["answered"] / r["seconds"] for r in results)
    print(
        f"{args.processes} process(es) × {args.games} games on {args.database},"
        f" {args.rounds} rounds, workers={args.workers},"
        + (f" a command every {args.pace} s on average per game" if args.pace else " in bursts")
    )
    print(f"actions/s {rate:.1f} ({sum(r['answered'] for r in results)} answered)")
    print(
        f"press → first answer: p50 {pct(first, 50):.0f} ms, p99 {pct(first, 99):.0f} ms,"
        f" max {max(first) * 1000:.0f} ms"
    )
    if boards:
        print(
            f"/sw end → board posted: p50 {pct(boards, 50):.0f} ms, p99 {pct(boards, 99):.0f} ms,"
            f" max {max(boards) * 1000:.0f} ms ({len(boards)} boards)"
        )
    if args.setup_burst:
        for name in ("new", "join", "start", "first_turn"):
            times = [x for r in results for x in r["setup"][name]]
            late = sum(x > DISCORD_WINDOW for x in times)
            what = f"/sw {name} → first answer"
            if name == "first_turn":
                what = "start → first turn posted"
            unanswered = sum(r["setup"].get(name + "_unanswered", 0) for r in results)
            print(
                f"{what}: p50 {pct(times, 50):.0f} ms, p99 {pct(times, 99):.0f} ms,"
                f" max {max(times) * 1000:.0f} ms, after 3 s {late} of {len(times)}"
                + (f", unanswered {unanswered}" if name != "first_turn" else "")
            )
    print(f'said "{WRONG}": {sum(r["wrong"] for r in results)} times')
    for i, r in enumerate(results):
        print(
            f"process {i}: loop lag max {r['lag_max'] * 1000:.0f} ms,"
            f" p99 {r['lag_p99'] * 1000:.0f} ms"
        )


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/processes.py"))
