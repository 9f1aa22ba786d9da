"""Driving bot processes that get killed: the crash tests (``test_kills.py``) and
``bench/kills.py``.

Each ``Bot`` is a real bot process (``tests.bot.killable``) under a simulated Discord of
its own; the ``Channel`` keeps what every process's Discord took, from their journals, so
that it is the channel as Discord holds it: a process started later (a restart) begins
from it, and two processes running at once each get what the other posted (``mirror``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service import GameService
from bot.storage import storage_for
from engine import Game, legal_actions, parse, to_act

ROOT = Path(__file__).resolve().parents[2]
#: How long a driver waits for a process's answer or a message (a loaded machine is slow).
PATIENCE = float(os.environ.get("SW_KILLS_PATIENCE", "120"))


@dataclass
class Channel:
    """The server's channel as Discord holds it, and every message it took, in order."""

    #: What it holds now, by message id (the journal's lines, the latest content).
    held: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: Every message Discord took (channel and DMs), in the order it took them.
    created: list[dict[str, Any]] = field(default_factory=list)
    #: The processes running now: each gets what the others' Discords took.
    bots: list[Bot] = field(default_factory=list)
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    async def feed(self, event: dict[str, Any], source: Bot) -> None:
        """A journal line of ``source``'s Discord."""
        event["by"] = source.pid
        if event["event"] == "create":
            self.created.append(event)
        if not event["dm"]:
            if event["event"] == "delete":
                self.held.pop(event["id"], None)
            elif event["event"] in ("create", "thread") or event["id"] in self.held:
                self.held[event["id"]] = event
        for other in self.bots:
            if other is not source and other.alive:
                await other.send(op="mirror", event=event)
        async with self._changed:
            self._changed.notify_all()

    def messages(self) -> list[dict[str, Any]]:
        """What the channel holds, oldest first (what a new process's Discord starts from)."""
        return [self.held[i] for i in sorted(self.held)]

    async def wait_for(
        self, found: Callable[[dict[str, Any]], bool], since: int = 0
    ) -> dict[str, Any]:
        """The first message Discord took from ``created[since]`` on that ``found`` accepts,
        waiting for it."""

        def first() -> dict[str, Any] | None:
            return next((e for e in self.created[since:] if found(e)), None)

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(first), PATIENCE)
        hit = first()
        assert hit is not None
        return hit


def pings(member: int) -> Callable[[dict[str, Any]], bool]:
    """Accepts the bot's channel messages that tell ``member`` it is their turn or move."""

    def found(e: dict[str, Any]) -> bool:
        text = e["content"]
        return e["author"] == "bot" and not e["dm"] and f"<@{member}>" in text and "your" in text

    return found


class Bot:
    """One bot process and its pipes."""

    def __init__(self, proc: asyncio.subprocess.Process, channel: Channel) -> None:
        self.proc = proc
        self.channel = channel
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.pid = proc.pid
        self.members: list[int] = []
        #: When it was started and when its Discord was ready (``time.time``).
        self.started = time.time()
        self.ready = 0.0
        self._reading = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def start(
        cls,
        target: str,
        t0: float,
        channel: Channel,
        *,
        skip: float = 0.0,
        spam: int = 0,
        threads: bool = True,
        organiser: bool = False,
        ai_iterations: int = 0,
    ) -> Bot:
        """Start a process on the database ``target``; its Discord holds what ``channel``
        holds, then ``spam`` newer messages from a member (``threads`` false: the bot may
        open no thread there; ``organiser``: the first member has Manage Server;
        ``ai_iterations``: the AI seats' playouts a move, 0: as set)."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.killable",
            target,
            repr(t0),
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            limit=2**24,
        )
        me = cls(proc, channel)
        await me.send(
            op="setup",
            skip=skip,
            messages=channel.messages(),
            spam=spam,
            threads=threads,
            organiser=organiser,
            ai_iterations=ai_iterations,
        )
        ready = await me.answer()
        assert ready.get("ready"), ready
        me.members = ready["members"]
        me.ready = time.time()
        channel.bots.append(me)
        return me

    @property
    def alive(self) -> bool:
        return self.proc.returncode is None

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            item = json.loads(line)
            if "event" in item:
                await self.channel.feed(item, self)
            else:
                await self.answers.put(item)
        await self.answers.put({"ended": True})

    async def send(self, **req: Any) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(req) + "\n").encode())
            await self.proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            pass  # it died meanwhile: its answer says so

    async def answer(self) -> dict[str, Any]:
        return await asyncio.wait_for(self.answers.get(), PATIENCE)

    async def ask(self, **req: Any) -> dict[str, Any]:
        await self.send(**req)
        return await self.answer()

    async def died(self) -> None:
        """Wait until the process is dead (and its journal read to the end)."""
        await asyncio.wait_for(self.proc.wait(), PATIENCE)
        await asyncio.wait_for(self._reading, PATIENCE)

    async def kill(self) -> None:
        """SIGKILL it, wherever it is."""
        if self.alive:
            self.proc.send_signal(signal.SIGKILL)
        await self.died()

    async def stop(self) -> None:
        """End it: its stdin closes and it shuts down (killed if it does not)."""
        if self.alive:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 60)
            except TimeoutError:
                self.proc.kill()
        await self.died()


# --- the game as the database holds it ------------------------------------------------------


async def game(target: str) -> Any:
    """The channel's game, read afresh from the database."""
    storage = storage_for(target)
    await storage.open()
    try:
        row = await storage.fetchone("SELECT channel_id FROM games ORDER BY id DESC LIMIT 1")
        assert row is not None
        return await GameService(storage).last_game(row["channel_id"])
    finally:
        await storage.close()


async def rows(target: str, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    """Rows of a query on the database, as dicts."""
    storage = storage_for(target)
    await storage.open()
    try:
        return [
            dict(zip(r.keys(), tuple(r), strict=True)) for r in await storage.fetchall(sql, params)
        ]
    finally:
        await storage.close()


async def execute(target: str, sql: str, params: tuple[Any, ...] = ()) -> None:
    """One statement on the database."""
    storage = storage_for(target)
    await storage.open()
    try:
        await storage.execute(sql, params)
    finally:
        await storage.close()


def replays(lg: Any) -> bool:
    """Whether the stored state is the replay of the stored log."""
    again = Game(lg.game.config)
    for seat, text in lg.game.log:
        again.play(seat, parse(text))
    return bool(again.state == lg.game.state)


#: The actions that end a turn (``end`` after conquering, ``finish`` when redeploying).
TURN_ENDS = ("end", "finish")


async def next_move(target: str, members: list[int]) -> tuple[int, str]:
    """Who acts now (their index among ``members``) and a move for them: the turn's end
    when it may end, else the first legal action that is not a redeployment move (moving
    tokens back and forth would go on for ever): a game that moves on, turn after turn."""
    lg = await game(target)
    state = lg.game.state
    seat = to_act(state)
    texts = [a.text for a in legal_actions(state, seat)]
    ends = [t for t in texts if t in TURN_ENDS]
    rest = [t for t in texts if not t.startswith("move ")] or texts
    return members.index(lg.user_at(seat)), (ends or rest)[0]


async def play_to_turn_end(bot: Bot, target: str) -> tuple[int, str]:
    """Play the channel's game until the member to act may end their turn; their index
    and the action that ends it."""
    while True:
        who, move = await next_move(target, bot.members)
        if move in TURN_ENDS:
            return who, move
        await bot.ask(op="slash", member=who, name="sw do", options={"action": move})


async def end_turn_and_die(bot: Bot, target: str, when: str) -> int:
    """Play to a turn's end and end it, with the process killed by SIGKILL ``when`` its
    turn message goes out (``before_post``: the turn is saved, nothing posted;
    ``after_post``: Discord took the post, the bot never heard so). Returns the Discord id
    of the member whose turn it is now."""
    who, end = await play_to_turn_end(bot, target)
    await bot.ask(op="crash", when=when, match="it's your turn")
    await bot.send(op="slash", member=who, name="sw do", options={"action": end})
    await bot.died()
    lg = await game(target)
    return int(lg.user_at(to_act(lg.game.state)))


async def open_game(bot: Bot, deadline_hours: float = 24.0) -> None:
    """A three-player game in the channel, started."""
    answer = await bot.ask(
        op="slash",
        member=0,
        name="sw new",
        options={"players": 3, "deadline_hours": deadline_hours},
    )
    assert not answer["ephemeral"], answer
    await bot.ask(op="slash", member=1, name="sw join")
    await bot.ask(op="slash", member=2, name="sw join")
    await bot.ask(op="slash", member=0, name="sw start")


@dataclass
class Run:
    """Bot processes on one database and their channel, one after the other or at once."""

    target: str
    channel: Channel
    #: The wall-clock moment their clocks count from.
    t0: float = field(default_factory=time.time)

    async def start(self, *, skip: float = 0.0, spam: int = 0, **options: Any) -> Bot:
        """One more process (a restart, a second one): see ``Bot.start`` (``options``: its
        ``threads``, ``organiser`` and ``ai_iterations``)."""
        return await Bot.start(self.target, self.t0, self.channel, skip=skip, spam=spam, **options)


@contextlib.asynccontextmanager
async def running(target: str, processes: int = 1, **game: Any) -> AsyncIterator[Run]:
    """``processes`` bot processes on ``target`` with a game started in the channel (by the
    first); every process of the run is stopped afterwards, however it ends."""
    run = Run(target, Channel())
    try:
        bots = [await run.start() for _ in range(processes)]
        await open_game(bots[0], **game)
        yield run
    finally:
        for bot in run.channel.bots:
            await bot.stop()
