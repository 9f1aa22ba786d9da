"""Two bot processes on one PostgreSQL database (issue 24): the same command typed in both
at once, deadlines due in both, one process killed with SIGKILL in the middle of a commit.

Each process is the real bot under its own simulated Discord (``tests.bot.twoproc``); they
share only the database, as two shards of one bot do. What must hold: no action applied
twice, no acknowledged action lost, each deadline applied once, each turn announced once
(across both processes' channels), and the game's replay equal to its stored state.
"""

from __future__ import annotations

import asyncio
import json
import signal
from datetime import timedelta
from typing import Any

from bot.service import GameService
from bot.storage import storage_for
from engine import Game, legal_actions, parse, to_act

from .twoproc import Proc


async def _snapshot(url: str) -> tuple[Any, list[str]]:
    """The game as the database holds it (a fresh read) and its action log."""
    storage = storage_for(url)
    await storage.open()
    try:
        service = GameService(storage)
        lg = await service.last_game(next(iter(await _channels(storage))))
        log = [
            r["text"]
            for r in await storage.fetchall(
                "SELECT text FROM actions WHERE game_id = ? ORDER BY seq", (lg.id,)
            )
        ]
        return lg, log
    finally:
        await storage.close()


async def _channels(storage: Any) -> list[int]:
    return [r["channel_id"] for r in await storage.fetchall("SELECT channel_id FROM games")]


async def test_two_processes_share_one_game_without_double_or_lost_moves(tmp_path) -> None:
    from tests.pg import fresh_database

    url = await fresh_database()
    a = await Proc.start(url)
    b = await Proc.start(url)
    procs = [a, b]
    try:
        world = await a.ask(op="world")
        assert (await b.ask(op="world"))["members"] == world["members"]
        members = world["members"]
        # The lobby through A, the start through B: both see one game.
        assert not (await a.ask(op="slash", member=0, name="sw new", options={"players": 3}))[
            "ephemeral"
        ]
        await b.ask(op="slash", member=1, name="sw join")
        await a.ask(op="slash", member=2, name="sw join")
        await b.ask(op="slash", member=0, name="sw start")

        acknowledged: list[str] = []
        # The same command typed in both processes at once, move after move.
        for i in range(12):
            lg, log = await _snapshot(url)
            state = lg.game.state
            seat = to_act(state)
            action = legal_actions(state, seat)[0]
            who = members.index(lg.user_at(seat))
            press = {"member": who, "name": "sw do", "options": {"action": action.text}}
            await a.send(op="slash", at=60 * (i + 1), **press)
            await b.send(op="slash", at=60 * (i + 1), **press)
            answers = [await a.read(), await b.read()]
            _lg, after = await _snapshot(url)
            # Exactly one of the two applied it, and only that one said so; the other
            # member's copy got a refusal.
            assert after == [*log, action.text], (answers, log, after)
            done = [x for x in answers if x["content"].startswith("✅")]
            assert len(done) == 1, answers
            assert all(x["ephemeral"] for x in answers)
            acknowledged.append(action.text)

        # A deadline due in both processes: its default is applied once.
        lg, log = await _snapshot(url)
        late = (lg.deadline_at + timedelta(minutes=1)).isoformat()
        await a.ask(op="clock", iso=late)
        await b.ask(op="clock", iso=late)
        await a.send(op="tick")
        await b.send(op="tick")
        await a.read()
        await b.read()
        _lg, after = await _snapshot(url)
        assert len(after) > len(log)
        auto = await _autos(url, lg.id)
        assert auto == len(after) - len(log), "a deadline's moves were applied twice"

        # A is killed while its commit is open: that move was never acknowledged, and B
        # plays it afterwards; nothing of A's half-done write remains.
        lg, log = await _snapshot(url)
        state = lg.game.state
        seat = to_act(state)
        action = legal_actions(state, seat)[0]
        who = members.index(lg.user_at(seat))
        await a.ask(op="slow_commit", seconds=30)
        await a.send(op="slash", member=who, name="sw do", options={"action": action.text})
        await asyncio.sleep(3)
        a.proc.send_signal(signal.SIGKILL)
        await asyncio.wait_for(a.proc.wait(), 60)
        assert (await _snapshot(url))[1] == log
        answer = await b.ask(op="slash", member=who, name="sw do", options={"action": action.text})
        assert answer["content"].startswith("✅"), answer
        assert (await _snapshot(url))[1] == [*log, action.text]
        acknowledged.append(action.text)

        # A comes back: it posts what it owes; nothing is posted twice across the two.
        a = await Proc.start(url)
        procs.append(a)
        await a.ask(op="world")
        await a.ask(op="tick")
        await b.ask(op="tick")
        posted = (await a.ask(op="messages"))["messages"] + (await b.ask(op="messages"))["messages"]
        # Every announcement was posted by one attempt of one process, and none appears twice
        # in the two channels (the killed process's channel went with it). The live message
        # of the turn under way is left out: it is edited in place, which two separate
        # simulated Discords cannot share.
        rows = await _outbox(url)
        assert rows and all(r["status"] == "sent" for r in rows), rows
        told = [r for r in rows if not r["live"]]
        assert told and all(r["attempts"] == 1 for r in told), told
        for r in told:
            assert sum(m == r["content"] for m in posted) <= 1, r["content"]

        # The stored state is the replay of the stored log.
        lg, log = await _snapshot(url)
        replayed = Game(lg.game.config)
        for seat_, text in lg.game.log:
            replayed.play(seat_, parse(text))
        assert replayed.state == lg.game.state
        assert [t for _, t in lg.game.log] == log
        # Every acknowledged move is in the log, in order, once.
        rest = iter(log)
        assert all(any(t == m for t in rest) for m in acknowledged)
    finally:
        for p in procs:
            await p.stop()


async def _outbox(url: str) -> list[dict[str, Any]]:
    storage = storage_for(url)
    await storage.open()
    try:
        return [
            {
                "status": r["status"],
                "attempts": r["attempts"],
                "live": bool(json.loads(r["payload"]).get("live")),
                "content": json.loads(r["payload"])["content"],
            }
            for r in await storage.fetchall(
                "SELECT status, attempts, payload FROM outbox WHERE kind = 'channel'"
            )
        ]
    finally:
        await storage.close()


async def _autos(url: str, game_id: int) -> int:
    storage = storage_for(url)
    await storage.open()
    try:
        row = await storage.fetchone(
            "SELECT COUNT(*) AS n FROM actions WHERE game_id = ? AND auto = 1", (game_id,)
        )
        return int(row["n"]) if row else 0
    finally:
        await storage.close()
