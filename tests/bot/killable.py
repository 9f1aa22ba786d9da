"""A bot process to kill: the real bot on a database, under a simulated Discord whose
channel outlives the process.

    python -m tests.bot.killable DATABASE T0

``tests/bot/crashes.py`` drives it (the crash tests, ``bench/kills.py``). Besides the
answers to its requests, one JSON line each on stdout, the process writes the journal of
its Discord there: ``{"event": "create" | "edit" | "delete", ...}`` for every message of
the server's channel, its threads and every DM (``"thread"`` for a thread the bot opens),
written when Discord takes the request, before the bot hears back. Whatever moment the
process dies at, the driver knows the channel as Discord would, and the next process's
Discord starts from it (``setup``): the restarted bot finds what its predecessor posted,
and the threads it opened, as it would on Discord.

Its clock is simcord's, moved on to follow the wall clock from ``T0`` (shared by every
process of a run, so that they and their successors agree on the time), plus the jumps
the driver makes (``skip``). Requests, one JSON line each on stdin:

- ``{"op": "setup", "skip": S, "messages": [...], "spam": N, "threads": T}``: the first
  line. The server (its channel and members ann, bob, cyd, with the same ids in every
  process, then org, who has the Manage Server permission: an organiser, member 3; with
  ``"organiser": true`` ann has it too, to run a league; ``"ai_iterations": N``: the AI
  seats think N playouts a move, to be quick), the channel's messages so far (the
  journal's), then N messages from bob, newer than all; then the bot starts (``threads``
  false: its role may open no thread, so a tutorial is played in the channel, whose journal
  this is), and ``{"ready": ...}`` answers;
- ``{"op": "slash", "member": 0, "name": "sw do", "options": {...}}``: a slash command
  (with ``"thread": true``, in the channel's latest thread: a league's game);
- ``{"op": "crash", "when": "before_post" | "after_post", "match": "text"}``: SIGKILL this
  process when the bot next posts a message holding ``text``: before Discord takes it, or
  right after (the bot never hears that it went through); ``"before_thread"`` and
  ``"after_thread"``: likewise when it next opens a thread whose name holds ``text``;
  ``"queue_forming"`` (no match): when it next records a table of the league's queue,
  inside the transaction that takes its members out of the queue, before it commits;
  ``"forming"``: inside the transaction that forms a rounds season's round, once its first
  table is recorded; ``"formed"``: right after that transaction commits, before any thread
  is opened; ``"ending"``: right after a round is marked ending, before its games are
  finished;
- ``{"op": "skip", "seconds": S}``: the clock jumps S seconds;
- ``{"op": "idle"}``: answered once the bot's first deadline pass (at start) is over and
  no pass runs;
- ``{"op": "mirror", "event": {...}}``: another process's Discord took this (two processes
  share one channel: each Discord holds what either posted).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from typing import Any

import discord
import simcord

from bot.seasons import queue_tables
from bot.seasons import rounds as season_rounds
from bot.startup import INVITE
from tests.bot.conftest import make_bot

GUILD_ID = 1234567890123456789
NAMES = ("ann", "bob", "cyd")
#: When the server is made, on simcord's clock (seconds after its epoch): the same ids in
#: every process.
WORLD_AT = 3600.0
#: Where simcord's clock stands at ``T0``.
START_AT = 7200.0
#: What the organiser (member 3) may do: open a season.
ORGANISER = discord.Permissions(manage_guild=True)
#: The bot's permissions on a server where it may open no thread: the README's invite's,
#: without Create Public Threads.
THREADS = discord.Permissions(create_public_threads=True, create_private_threads=True)
NO_THREADS = discord.Permissions(INVITE.value & ~THREADS.value)


def out(line: dict[str, Any]) -> None:
    """One line to the driver, on its way before anything else happens."""
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


class Discord:
    """The simulated Discord of this process: its journal, restoring, crash points."""

    def __init__(self, env: Any, t0: float) -> None:
        self.env = env
        self.backend = env.backend
        self.t0 = t0
        self.skip = 0.0
        self.channel: Any = None
        self.members: list[Any] = []
        #: (when, text) of the armed crash, if any.
        self.crash: tuple[str, str] | None = None
        self._commit = self.backend.commit_message
        self._edit = self.backend.edit_message
        self._delete = self.backend.delete_message
        self._thread = self.backend.create_thread

    def target(self) -> float:
        """Where simcord's clock should stand now."""
        return START_AT + self.skip + (time.time() - self.t0)

    def build(self, messages: list[dict[str, Any]], spam: int, organiser: bool = False) -> None:
        """The server, then the journal's messages, then ``spam`` newer ones."""
        clock = self.backend.clock
        clock.elapsed = WORLD_AT
        guild = self.env.create_guild(id=GUILD_ID)
        self.channel = guild.create_text_channel("smallworld")
        role = guild.create_role("organisers", permissions=ORGANISER)
        self.members = [
            guild.add_member(self.env.create_user(n), roles=[role] if organiser and i == 0 else [])
            for i, n in enumerate(NAMES)
        ]
        self.members.append(guild.add_member(self.env.create_user("org"), roles=[role]))
        for m in sorted(messages, key=lambda m: m["id"]):
            self.apply(m)
        clock.elapsed = max(clock.elapsed, self.target())
        for i in range(spam):
            self._commit(self._message(self.members[1].id, f"chatting while the bot is away {i}"))
        # From now on Discord tells the driver what it takes.
        self.backend.commit_message = self.commit_message
        self.backend.edit_message = self.edit_message
        self.backend.delete_message = self.delete_message
        self.backend.create_thread = self.create_thread

    def _message(self, author: int, content: str, channel: int | None = None) -> Any:
        """A message of ``author`` in the channel (or in its thread ``channel``)."""
        return self.backend.prepare_message(channel or self.channel.id, author, content)

    def apply(self, event: dict[str, Any]) -> None:
        """Make this Discord hold what a journal line says (a restart, a mirror)."""
        kind = event.get("event", "create")
        if kind == "thread":
            if event["id"] not in self.backend.channels:
                self._thread(event["channel"], event["content"], self.backend.bot_user.id,
                             message_id=event["id"], broadcast=False)  # fmt: skip
            return
        where = self.backend.channels.get(event.get("channel"))
        if where is None or event.get("dm"):
            return  # DMs are counted, not restored
        held = self.backend.messages[where.id]
        if kind == "delete":
            held.pop(event["id"], None)
        elif kind == "edit" and event["id"] in held:
            held[event["id"]].content = event["content"]
        elif kind == "create" and event["id"] not in held:
            author = self.backend.bot_user.id if event["author"] == "bot" else event["author"]
            message = self._message(author, event["content"], where.id)
            message.id = event["id"]
            message.timestamp = event["at"]
            self._commit(message, broadcast=False)

    def _line(self, kind: str, message: Any) -> dict[str, Any]:
        bot = message.author_id == self.backend.bot_user.id
        dm = self.backend.get_channel(message.channel_id).guild_id is None
        return {
            "event": kind,
            "id": message.id,
            "channel": message.channel_id,
            "dm": dm,
            "author": "bot" if bot else message.author_id,
            "content": message.content,
            "at": message.timestamp,
            "clock": time.time(),
        }

    def _crash_now(self, when: str, message: Any) -> bool:
        if message.author_id != self.backend.bot_user.id:
            return False
        return self._crash_at(when, message.content)

    def _crash_at(self, when: str, text: str) -> bool:
        """Whether the crash armed is ``when``, for something holding the text it names."""
        return self.crash is not None and self.crash[0] == when and self.crash[1] in text

    def commit_message(self, message: Any, *, broadcast: bool = True) -> Any:
        if message.is_ephemeral:
            return self._commit(message, broadcast=broadcast)
        if self._crash_now("before_post", message):
            os.kill(os.getpid(), signal.SIGKILL)
        done = self._commit(message, broadcast=broadcast)
        out(self._line("create", done))
        if self._crash_now("after_post", message):
            os.kill(os.getpid(), signal.SIGKILL)
        return done

    def edit_message(self, channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        done = self._edit(channel_id, message_id, fields)
        if not done.is_ephemeral:
            out(self._line("edit", done))
        return done

    def create_thread(self, parent_id: int, name: str, owner_id: int, **options: Any) -> Any:
        """A thread (a league's game, a tutorial): journaled, so that a restart's Discord
        holds it; a crash armed for it happens before or after Discord makes it."""
        if self._crash_at("before_thread", name):
            os.kill(os.getpid(), signal.SIGKILL)
        thread = self._thread(parent_id, name, owner_id, **options)
        line = {"event": "thread", "id": thread.id, "channel": parent_id, "dm": False}
        out({**line, "author": "bot", "content": name, "at": self.backend.now_iso(),
             "clock": time.time()})  # fmt: skip
        if self._crash_at("after_thread", name):
            os.kill(os.getpid(), signal.SIGKILL)
        return thread

    def delete_message(self, channel_id: int, message_id: int) -> None:
        message = self.backend.get_message(channel_id, message_id)
        self._delete(channel_id, message_id)
        if not message.is_ephemeral:
            out({**self._line("delete", message), "content": ""})


def die_recording_a_queue_table() -> None:
    """SIGKILL this process when it next records a queue game's table: the table's rows
    written and its members taken out of the queue, the transaction not committed."""
    real = queue_tables.record

    async def record(*args: Any, **kwargs: Any) -> int:
        await real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("killed")

    queue_tables.record = record  # type: ignore[assignment]


def die() -> None:
    """SIGKILL this process, wherever it is."""
    os.kill(os.getpid(), signal.SIGKILL)


def arm_round_crash(bot: Any, when: str) -> None:
    """SIGKILL the process at a moment of a round's work (see the module's docstring)."""
    if when == "forming":
        real_record = season_rounds.record

        async def record(*args: Any, **kwargs: Any) -> int:
            await real_record(*args, **kwargs)
            die()  # the round's transaction is still open
            return 0

        season_rounds.record = record  # type: ignore[assignment]
    elif when == "formed":
        real_form = bot.rounds.form

        async def form(*args: Any, **kwargs: Any) -> int | None:
            formed = await real_form(*args, **kwargs)
            if formed is not None:
                die()
            return formed

        bot.rounds.form = form
    else:
        real_end = bot.rounds.end

        async def end(*args: Any, **kwargs: Any) -> bool:
            ended = await real_end(*args, **kwargs)
            if ended:
                die()
            return ended

        bot.rounds.end = end


async def lines(queue: asyncio.Queue[bytes]) -> None:
    """Read stdin into ``queue`` (an empty line: it closed)."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        await queue.put(line)
    await queue.put(b"")


async def serve(target: str, t0: float) -> None:
    """Set up from the first line, then answer requests until stdin closes."""
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    reading = asyncio.create_task(lines(queue))
    setup = json.loads(await queue.get())
    # No worker processes (a killed bot's pool would hold the pipes open); the clock is
    # simcord's, which follows the wall clock below.
    bot = make_bot(target, seed=5, workers=0)
    if setup.get("ai_iterations"):
        bot.ai_seats.iterations = int(setup["ai_iterations"])
    # The AI seats wait until the bot is attached: a restart's first pass may hand games to
    # the AI (a round's end), whose thinking would outlast simcord's settling at start.
    woken: list[int] = []
    wake, bot.ai_seats.wake = bot.ai_seats.wake, woken.append  # type: ignore[method-assign]
    env = simcord.Env(bot, check_errors=False, settle_timeout=60.0)
    discord = Discord(env, t0)
    discord.skip = float(setup.get("skip", 0.0))
    discord.build(
        setup.get("messages", []), int(setup.get("spam", 0)), bool(setup.get("organiser"))
    )
    await env.start()
    if setup.get("threads") is False:
        # Neither the bot's role nor @everyone (which Discord lets open threads) may.
        guild = env.backend.get_guild(GUILD_ID)
        everyone = guild.roles[GUILD_ID]
        closed = int(everyone.permissions) & ~THREADS.value
        env.backend.edit_role(GUILD_ID, GUILD_ID, {"permissions": closed})
        role = next(r for r in guild.roles.values() if r.managed)
        env.backend.edit_role(GUILD_ID, role.id, {"permissions": NO_THREADS.value})
    with env.time_context():
        await bot.tree.sync()
        out({"ready": True, "pid": os.getpid(), "members": [m.id for m in discord.members]})
        bot.ai_seats.wake = wake  # type: ignore[method-assign]
        for game_id in woken:
            wake(game_id)
        while True:
            # The clock follows the wall clock, and the bot's timers fire as it goes.
            ahead = discord.target() - env.backend.clock.elapsed
            if ahead > 0:
                await env.advance_time(ahead)
            try:
                line = await asyncio.wait_for(queue.get(), 0.2)
            except TimeoutError:
                continue
            if not line:
                break
            req = json.loads(line)
            op = req["op"]
            answer: dict[str, Any] = {"op": op}
            if op == "slash":
                member = discord.members[req["member"]]
                where = discord.channel.threads[-1] if req.get("thread") else discord.channel
                result = await member.slash(where, req["name"], **req.get("options", {}))
                answer["ephemeral"] = bool(result.ephemeral)
                answer["content"] = result.response.content if result.response else ""
            elif op == "crash" and req["when"] == "queue_forming":
                die_recording_a_queue_table()
            elif op == "crash" and req["when"] in ("forming", "formed", "ending"):
                arm_round_crash(bot, req["when"])
            elif op == "crash":
                discord.crash = (req["when"], req["match"])
            elif op == "skip":
                discord.skip += float(req["seconds"])
            elif op == "idle":
                # Its deadline loop's first pass is over, and no pass runs now.
                while not bot.passes or bot.passing.locked():
                    await asyncio.sleep(0.05)
            elif op == "mirror":
                discord.apply(req["event"])
                continue  # unanswered: the driver sends these as they come
            out(answer)
        await env.shutdown()
    reading.cancel()
    await bot.storage.close()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1], float(sys.argv[2])))
