"""Benchmark: the bot killed with SIGKILL at random moments near turn ends (issue 37).

    python bench/kills.py [--kills 20] [--pairs 10] [--window 0.4] [--seed 1]
                          [--other-host]

Each bot process is the real bot under a simulated Discord whose channel outlives it
(``tests/bot/killable.py``, driven by ``tests/bot/crashes.py``); members play one
three-player game by slash commands, turn after turn.

1. **One process on SQLite**, ``--kills`` times: a member ends their turn, the process is
   killed a random while later (uniform in ``--window`` seconds, by default 1.5 times what
   a turn's end takes from the command to the ping, measured first: before the save,
   between the save and the turn message, after it), and restarted at once. Per kill: whether the
   turn end was saved, whether its ping was already out, the time from the restart (the
   new process being spawned) to the next player's ping, whether every announcement the
   game owes was posted once (none lost, none twice) and the state equals its replay.
2. **Two processes on PostgreSQL** (a throwaway server, ``tests/pg.py``), both serving the
   server, ``--pairs`` kills: the process that handled the turn's end is killed the same
   way; the time from the kill until the survivor has taken over every claim the dead
   process left and posted what it owed, then the dead one is restarted. With
   ``--other-host`` the dead process's claims are made to name another host, as if it ran
   on another machine: the survivor cannot see it is gone and waits for its lease.

Goals (issue 37): every restart pings within 10 s, 0 lost, 0 doubled, state == replay;
a survivor takes over within 30 s.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import to_act
from tests.bot.crashes import (
    Bot,
    Channel,
    execute,
    game,
    open_game,
    pings,
    play_to_turn_end,
    replays,
    rows,
)

#: How long the bench waits for what it measures before calling it lost, in seconds.
GIVE_UP = 120.0


async def turn_end_seconds(bot: Bot, target: str) -> float:
    """How long a turn's end takes, from the command to the next player's ping."""
    who, end = await play_to_turn_end(bot, target)
    since = len(bot.channel.created)
    sent = time.time()
    await bot.ask(op="slash", member=who, name="sw do", options={"action": end})
    lg = await game(target)
    ping = await bot.channel.wait_for(pings(lg.user_at(to_act(lg.game.state))), since)
    return float(ping["clock"]) - sent


async def turn_end_killed(bot: Bot, target: str, rng: random.Random, window: float) -> dict:
    """Play to a turn's end, end it and kill the process ``window``·U(0, 1) seconds later
    (a game that is over makes way for a new one first)."""
    if (await game(target)).status != "active":
        await open_game(bot)
    who, end = await play_to_turn_end(bot, target)
    before = await game(target)
    since = len(bot.channel.created)
    await bot.send(op="slash", member=who, name="sw do", options={"action": end})
    await asyncio.sleep(rng.uniform(0, window))
    killed = time.time()
    await bot.kill()
    after = await game(target)
    saved = len(after.game.log) > len(before.game.log)
    # A ping is owed when the decision passed to another member (a Ghoul's "end" leaves
    # it with its player, who was told at the start of the turn).
    nxt = after.user_at(to_act(after.game.state))
    if not saved or nxt == before.user_at(to_act(before.game.state)):
        nxt = None
    out = any(pings(nxt)(e) for e in bot.channel.created[since:]) if nxt else False
    claims = await rows(target, "SELECT kind, owner FROM claims WHERE pid = ?", (bot.pid,))
    return {"saved": saved, "next": nxt, "pinged": out, "claims": claims, "killed": killed}


async def explain(target: str, channel: Channel, since: int, kill: dict[str, Any]) -> None:
    """What the database and the channel hold when an awaited ping did not come."""
    print(f"  no ping for {kill['next']} after the restart; the game and its open rows:")
    lg = await game(target)
    print(f"    {lg.status} round {lg.game.state.round} phase {lg.game.state.turn.phase}")
    for r in await rows(
        target, "SELECT id, status, attempts, payload FROM outbox WHERE status != 'sent'"
    ):
        print(f"    outbox {r['id']} {r['status']} attempts={r['attempts']} {r['payload'][:160]}")
    print(f"    claims: {await rows(target, 'SELECT * FROM claims')}")
    for e in channel.created[since - 3 :]:
        print(f"    {e['event']} by {e['author']}: {e['content'][-160:]!r}")


def doubled(channel: Channel) -> int:
    """How many of the bot's channel messages repeat an earlier one's text."""
    texts = [e["content"] for e in channel.created if e["author"] == "bot" and not e["dm"]]
    return len(texts) - len(set(texts))


async def owed(target: str) -> int:
    """Announcements not posted yet."""
    return len(await rows(target, "SELECT id FROM outbox WHERE status = 'pending'"))


async def one_process(kills: int, window: float, rng: random.Random) -> list[dict[str, Any]]:
    target = str(Path(tempfile.mkdtemp()) / "kills.sqlite3")
    channel = Channel()
    t0 = time.time()
    bot = await Bot.start(target, t0, channel)
    await open_game(bot)
    window = window or 1.5 * await turn_end_seconds(bot, target)
    print(f"killing within {window:.2f} s of each turn's end")
    results = []
    for _ in range(kills):
        k = await turn_end_killed(bot, target, rng, window)
        since = len(channel.created)
        restarted = time.time()
        bot = await Bot.start(target, t0, channel)
        to_ping = None
        if k["next"] and not k["pinged"]:
            try:
                to_ping = (await channel.wait_for(pings(k["next"]), since))["clock"] - restarted
            except TimeoutError:
                to_ping = float("inf")
                await explain(target, channel, since, k)
        await bot.ask(op="idle")
        results.append(
            {
                **k,
                "to_ping": to_ping,
                "lost": await owed(target),
                "replays": replays(await game(target)),
            }
        )
    await bot.stop()
    results[-1]["doubled"] = doubled(channel)
    return results


async def survivor_takes_over(
    target: str, dead: Bot, killed: float, other_host: bool
) -> float | None:
    """Seconds from the kill until the dead process's claims are gone and nothing is owed
    (None: it left no claim; inf: not within ``GIVE_UP``)."""
    if other_host:
        await execute(target, "UPDATE claims SET host = 'elsewhere' WHERE pid = ?", (dead.pid,))
    if not await rows(target, "SELECT kind FROM claims WHERE pid = ?", (dead.pid,)):
        return None
    while await rows(target, "SELECT kind FROM claims WHERE pid = ?", (dead.pid,)) or await owed(
        target
    ):
        if time.time() - killed > GIVE_UP:
            return float("inf")
        await asyncio.sleep(0.1)
    return time.time() - killed


async def two_processes(
    pairs: int, window: float, rng: random.Random, other_host: bool
) -> list[dict[str, Any]]:
    from tests.pg import fresh_database

    target = await fresh_database()
    channel = Channel()
    t0 = time.time()
    bots = [await Bot.start(target, t0, channel), await Bot.start(target, t0, channel)]
    await open_game(bots[0])
    window = window or 1.5 * await turn_end_seconds(bots[0], target)
    print(f"killing within {window:.2f} s of each turn's end")
    results = []
    for i in range(pairs):
        victim = bots[i % 2]
        k = await turn_end_killed(victim, target, rng, window)
        took = await survivor_takes_over(target, victim, k["killed"], other_host)
        channel.bots.remove(victim)
        bots[i % 2] = await Bot.start(target, t0, channel)
        await bots[i % 2].ask(op="idle")
        results.append(
            {
                **k,
                "takeover": took,
                "lost": await owed(target),
                "replays": replays(await game(target)),
            }
        )
    for b in bots:
        await b.stop()
    results[-1]["doubled"] = doubled(channel)
    return results


def seconds(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f} s"


def report_one(results: list[dict[str, Any]]) -> None:
    print("one process, SQLite: kill, saved?, ping out before the kill?, restart → ping")
    for i, r in enumerate(results, 1):
        print(
            f"  {i:2d}  saved={'yes' if r['saved'] else 'no '}"
            f"  pinged before={'yes' if r['pinged'] else 'no '}"
            f"  claims left={len(r['claims'])}  restart→ping={seconds(r['to_ping'])}"
            f"  owed after={r['lost']}  state==replay={'yes' if r['replays'] else 'NO'}"
        )
    times = [r["to_ping"] for r in results if r["to_ping"] is not None]
    print(
        f"  killed before the save: {sum(not r['saved'] for r in results)}; between the save "
        f"and the ping: {len(times)}; after the ping: {sum(r['pinged'] for r in results)}"
    )
    print(
        f"  restarts that had to ping: {len(times)}; within 10 s: "
        f"{sum(t <= 10 for t in times)}; max {seconds(max(times, default=None))}; "
        f"lost: {sum(r['lost'] for r in results)}; doubled: {results[-1]['doubled']}; "
        f"state==replay: {sum(r['replays'] for r in results)}/{len(results)}"
    )


def report_two(results: list[dict[str, Any]], other_host: bool) -> None:
    where = "claims naming another host" if other_host else "same host"
    print(f"two processes, PostgreSQL ({where}): kill, claims left, kill → survivor done")
    for i, r in enumerate(results, 1):
        print(
            f"  {i:2d}  saved={'yes' if r['saved'] else 'no '}"
            f"  claims left={len(r['claims'])}  takeover={seconds(r['takeover'])}"
            f"  owed after={r['lost']}  state==replay={'yes' if r['replays'] else 'NO'}"
        )
    times = [r["takeover"] for r in results if r["takeover"] is not None]
    print(
        f"  kills that left a claim: {len(times)}; taken over within 30 s: "
        f"{sum(t <= 30 for t in times)}; max {seconds(max(times, default=None))}; "
        f"lost: {sum(r['lost'] for r in results)}; doubled: {results[-1]['doubled']}; "
        f"state==replay: {sum(r['replays'] for r in results)}/{len(results)}"
    )


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    if args.kills:
        report_one(await one_process(args.kills, args.window, rng))
    if args.pairs:
        report_two(
            await two_processes(args.pairs, args.window, rng, args.other_host), args.other_host
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=20, help="kills of one process on SQLite")
    ap.add_argument("--pairs", type=int, default=10, help="kills of one of two processes")
    ap.add_argument(
        "--window",
        type=float,
        default=0.0,
        help="kill within this many seconds (0: 1.5 times an unkilled turn end's, measured first)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--other-host", action="store_true", help="dead claims name another host")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
