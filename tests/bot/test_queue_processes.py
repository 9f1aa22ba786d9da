"""Two real bot processes form one server's queue (issue 38, "Reliability"), on SQLite and
on PostgreSQL: each game is formed once, opened in one thread, its welcome posted once.

Each process is the real bot under its own simulated Discord (``tests.bot.twoproc``); they
share only the database, as two shards of one bot do. In each round one member waits, and
the two others join at the same moment, one through each process: both processes form
the queue at once (on the join, then on their league pass), and one game comes of it.
"""

from __future__ import annotations

import json
from typing import Any

from bot.storage import storage_for

from .twoproc import Proc

ORGANISER = 3
#: Who waits first, and who join at once through the first and second process, each round.
ROUNDS = ((2, 0, 1), (0, 1, 2), (1, 2, 0))


async def _rows(url: str, sql: str) -> list[dict[str, Any]]:
    storage = storage_for(url)
    await storage.open()
    try:
        return [dict(r) for r in await storage.fetchall(sql)]
    finally:
        await storage.close()


def _join(member: int, at: int) -> dict[str, Any]:
    return {
        "op": "slash",
        "member": member,
        "name": "league queue join",
        "options": {"players": "3"},
        "at": at,
    }


async def test_two_processes_form_each_queue_game_once(database: str) -> None:
    a = await Proc.start(database)
    b = await Proc.start(database)
    try:
        world = await a.ask(op="world")
        assert (await b.ask(op="world"))["members"] == world["members"]
        opened = await a.ask(
            op="slash", member=ORGANISER, name="league open", options={"name": "Autumn"}
        )
        assert not opened["ephemeral"], opened
        for n, (first, through_a, through_b) in enumerate(ROUNDS, start=1):
            waits = await (a if n % 2 else b).ask(**_join(first, 100 * n))
            assert not waits["ephemeral"], waits
            await a.send(**_join(through_a, 100 * n + 50))
            await b.send(**_join(through_b, 100 * n + 50))
            answers = [await a.read(), await b.read()]
            assert not any(x["ephemeral"] for x in answers), answers
            await a.send(op="league")
            await b.send(op="league")
            await a.read()
            await b.read()
            tables = await _rows(database, "SELECT id, status, game_id FROM game_tables")
            assert len(tables) == n, tables
            assert await _rows(database, "SELECT user_id FROM queue") == []

        # One started game per table, each of the three members.
        assert all(t["status"] == "started" and t["game_id"] for t in tables), tables
        seats = await _rows(database, "SELECT game_id, user_id FROM seats ORDER BY game_id")
        games = {t["game_id"] for t in tables}
        assert {s["game_id"] for s in seats} == games
        for game_id in games:
            seated = sorted(s["user_id"] for s in seats if s["game_id"] == game_id)
            assert seated == sorted(world["members"])
        # Each game has one thread, in one of the two Discords, its welcome posted once.
        threads = (await a.ask(op="threads"))["threads"] + (await b.ask(op="threads"))["threads"]
        tags = sorted(t["name"].rsplit("#", 1)[1] for t in threads)
        assert tags == sorted(str(t["id"]) for t in tables), threads
        for t in threads:
            assert sum("your game is here" in m for m in t["messages"]) == 1, t
        outbox = await _rows(database, "SELECT status, attempts, payload FROM outbox")
        told = [r for r in outbox if not json.loads(r["payload"]).get("live")]
        assert told and all(r["status"] == "sent" and r["attempts"] == 1 for r in told), told
    finally:
        await a.stop()
        await b.stop()
