"""One bot process for the two-process tests: the real bot, on a shared database, under its
own simulated Discord, driven by JSON lines on stdin (``Proc`` starts and drives one).

    python -m tests.bot.twoproc DATABASE_URL

Both processes build the same server (simcord numbers its objects alike in each), so a
slash command typed "at once" in both reaches two bots that share only the database, as two
shards of one bot would. Each request is answered by one JSON line on stdout:

- ``{"op": "world"}``: the server, its #smallworld channel, members ann, bob, cyd, and
  org, who has the Manage Server permission (member 3: an organiser; with
  ``"organiser": true``, ann has it too, to run a league);
- ``{"op": "slash", "member": 0, "name": "sw do", "options": {...}, "at": 60}``: a slash
  command through the real interaction path, made ``at`` seconds after the server (so that
  both processes' Discords date it alike); the answer's ``content`` and ``ephemeral``;
- ``{"op": "clock", "iso": "..."}``: move the bot's clock (deadlines);
- ``{"op": "tick"}``: one pass of the deadline loop (announcements, deadlines, reminders);
- ``{"op": "league"}``: the league's part of the deadline pass: tables opened, queues
  formed;
- ``{"op": "messages"}``: the channel's messages, oldest first;
- ``{"op": "rounds"}``: one pass of the rounds seasons' work (``RoundDesk.tick``: rounds
  formed, ended, closed; tables opened; posts); ``{"op": "form", "season": 1}``: form the
  season's next round directly, past the claim (the answer's ``round``: its id, or None);
- ``{"op": "threads"}``: the channel's threads, each with its name and messages;
- ``{"op": "slow_commit", "seconds": 5}``: the next write holds its transaction open that
  long before committing (the test kills the process meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.client import SmallWorldBot
from tests.bot.conftest import make_bot

GUILD_ID = 1234567890123456789
NAMES = ("ann", "bob", "cyd")
#: The simulated Discord's clock when the server is made (seconds after its epoch).
WORLD_AT = 3600.0
#: What the organiser (member 3) may do: open a season.
ORGANISER = discord.Permissions(manage_guild=True)
ROOT = Path(__file__).resolve().parents[2]


class Clock:
    """The bot's clock: it runs as time passes, from where the driver last set it.

    It reads ``time.perf_counter``, which the simulated Discord leaves alone (it freezes
    ``time.monotonic``): an answer then comes some milliseconds after its request, as it
    does in life, and a copy made in the other process before that answer is a copy.
    """

    def __init__(self) -> None:
        self.set(datetime(2026, 3, 1, 12, tzinfo=UTC))

    def set(self, moment: datetime) -> None:
        """Make it ``moment`` now."""
        self._base, self._since = moment, time.perf_counter()

    def __call__(self) -> datetime:
        return self._base + timedelta(seconds=time.perf_counter() - self._since)


def slow_writes(bot: SmallWorldBot, seconds: float) -> None:
    """Make the storage's next transaction wait ``seconds`` before it commits."""
    storage = bot.storage
    real = storage.transaction

    @contextlib.asynccontextmanager
    async def slow() -> AsyncIterator[Any]:
        storage.transaction = real  # type: ignore[method-assign]
        async with real() as tx:
            yield tx
            sys.stderr.write("holding the transaction open\n")
            sys.stderr.flush()
            await asyncio.sleep(seconds)

    storage.transaction = slow  # type: ignore[method-assign]


async def serve(url: str) -> None:
    """Answer requests until stdin closes."""
    clock = Clock()
    # No worker processes: a killed bot's pool would keep its output pipe open. Deadlines
    # run only when the driver asks (``tick``).
    bot = make_bot(url, seed=5, workers=0, clock=clock, tick_seconds=3600.0)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    members: list[Any] = []
    channel: Any = None
    # The machine may be busy (CI runs tests side by side): let the bot take its time.
    async with simcord.run(bot, check_errors=False, settle_timeout=60.0) as env:
        print(json.dumps({"ready": True}), flush=True)
        while line := await reader.readline():
            req = json.loads(line)
            op = req["op"]
            out: dict[str, Any] = {"op": op}
            if op == "world":
                # Snowflakes carry the simulated clock's time: both processes number their
                # objects alike from the same moment.
                clock_now = env.backend.clock
                clock_now.elapsed = max(clock_now.elapsed, WORLD_AT)
                guild = env.create_guild(id=GUILD_ID)
                channel = guild.create_text_channel("smallworld")
                role = guild.create_role("organisers", permissions=ORGANISER)
                members = [
                    guild.add_member(
                        env.create_user(n), roles=[role] if req.get("organiser") and i == 0 else []
                    )
                    for i, n in enumerate(NAMES)
                ]
                members.append(guild.add_member(env.create_user("org"), roles=[role]))
                await bot.tree.sync()
                out["members"] = [m.id for m in members[: len(NAMES)]]
                out["organiser"] = members[-1].id
                out["channel"] = channel.id
            elif op == "slash":
                if "at" in req:
                    # One Discord gives requests made at once the same moment: the driver
                    # sets both simulated clocks alike (seconds after the server was made).
                    sim = env.backend.clock
                    sim.elapsed = max(sim.elapsed, WORLD_AT + float(req["at"]))
                result = await members[req["member"]].slash(
                    channel, req["name"], **req.get("options", {})
                )
                out["ephemeral"] = bool(result.ephemeral)
                out["content"] = result.response.content if result.response else ""
            elif op == "clock":
                clock.set(datetime.fromisoformat(req["iso"]))
            elif op == "tick":
                await bot.desk.tick()
            elif op == "league":
                await bot.table_desk.open_due()
                await bot.queue_desk.tick()
            elif op == "messages":
                out["messages"] = [m.content for m in channel.history()]
            elif op == "rounds":
                await bot.round_desk.tick()
            elif op == "form":
                out["round"] = await bot.rounds.form(int(req["season"]), "en")
            elif op == "threads":
                out["threads"] = [
                    {"name": t.name, "messages": [m.content for m in t.history()]}
                    for t in channel.threads
                ]
            elif op == "slow_commit":
                slow_writes(bot, float(req["seconds"]))
            print(json.dumps(out), flush=True)
    await bot.storage.close()


class Proc:
    """A bot process and its pipes."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(cls, url: str) -> Proc:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.twoproc",
            url,
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        me = cls(proc)
        assert (await me.read())["ready"]
        return me

    async def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), 60)
        assert line, "the bot process ended"
        return json.loads(line)

    async def send(self, **req: Any) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(req) + "\n").encode())
        await self.proc.stdin.drain()

    async def ask(self, **req: Any) -> dict[str, Any]:
        await self.send(**req)
        return await self.read()

    async def stop(self) -> None:
        if self.proc.returncode is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1]))
