"""A bot process killed with SIGKILL while it forms a queue game (issue 38, "Reliability"):
the kill leaves the game whole or not at all, and the restart opens the game recorded in
its one thread, its welcome posted once.

The real bot under a simulated Discord whose channel (and the threads the bot opens in it)
outlives the process (``tests.bot.killable``, driven by ``tests.bot.crashes``). ann and
bob wait for a game of 3; cyd joins, and the process is killed at one of the moments the
game goes through: inside the transaction that records its table (nothing of it stays:
the three wait, and the restart forms the game); before Discord is asked for its thread,
and right after Discord made it, the bot never hearing back (the table stays recorded: the
restart opens the thread, or finds the one made, never a second); before and right after
Discord takes its welcome (the game stays started: the welcome is posted once).
"""

from __future__ import annotations

from typing import Any

import pytest

from .crashes import Bot, Channel, Run, rows

ORGANISER = 3
WELCOME = "your game is here"
#: Each kill: the moment, what it waits for, and what the database holds after it.
KILLS = {
    "forming": ("queue_forming", "", "nothing"),
    "before_thread": ("before_thread", "Queue ·", "table"),
    "after_thread": ("after_thread", "Queue ·", "table"),
    "before_welcome": ("before_post", WELCOME, "game"),
    "after_welcome": ("after_post", WELCOME, "game"),
}


async def _queue_of_two(bot: Bot) -> None:
    """A season open, ann and bob waiting for a game of 3."""
    opened = await bot.ask(
        op="slash", member=ORGANISER, name="league open", options={"name": "Autumn"}
    )
    assert not opened["ephemeral"], opened
    for who in (0, 1):
        await _join(bot, who)


async def _join(bot: Bot, who: int) -> None:
    answer = await bot.ask(
        op="slash", member=who, name="league queue join", options={"players": "3"}
    )
    assert not answer["ephemeral"], answer


def _threads(channel: Channel) -> list[dict[str, Any]]:
    return [e for e in channel.held.values() if e["event"] == "thread"]


async def _left(target: str, kind: str, members: list[int]) -> None:
    """What the kill left: nothing of the game, its table only, or its game started."""
    tables = await rows(target, "SELECT status, thread_id, game_id FROM game_tables")
    waiting = sorted(r["user_id"] for r in await rows(target, "SELECT user_id FROM queue"))
    if kind == "nothing":
        assert tables == [] and waiting == sorted(members[:3])
        return
    assert waiting == []
    [table] = tables
    if kind == "table":
        assert table["status"] == "waiting" and table["game_id"] is None, table
    else:
        assert table["status"] == "started" and table["game_id"], table


@pytest.mark.parametrize("kill", sorted(KILLS))
async def test_a_kill_while_forming_a_queue_game_leaves_all_or_nothing(
    kill: str, database: str
) -> None:
    when, match, kind = KILLS[kill]
    run = Run(database, Channel())
    try:
        bot = await run.start()
        await _queue_of_two(bot)
        await bot.ask(op="crash", when=when, match=match)
        await bot.send(op="slash", member=2, name="league queue join", options={"players": "3"})
        await bot.died()
        await _left(database, kind, bot.members)
        opened = kill not in ("forming", "before_thread")
        assert len(_threads(run.channel)) == opened

        # The restart forms (or goes on with) the game: one thread, its welcome once.
        again = await run.start()
        welcome = await run.channel.wait_for(lambda e: WELCOME in e["content"])
        thread = welcome["channel"]
        await run.channel.wait_for(
            lambda e: e["channel"] == thread and "it's your turn" in e["content"]
        )
        await again.ask(op="idle")
        [table] = await rows(database, "SELECT status, thread_id, game_id FROM game_tables")
        assert table["status"] == "started" and table["thread_id"] == thread
        [game] = await rows(
            database, "SELECT channel_id, status FROM games WHERE id = ?", (table["game_id"],)
        )
        assert game == {"channel_id": thread, "status": "active"}
        seated = await rows(
            database, "SELECT user_id FROM seats WHERE game_id = ?", (table["game_id"],)
        )
        assert sorted(s["user_id"] for s in seated) == sorted(again.members[:3])
        assert [t["id"] for t in _threads(run.channel)] == [thread]
        assert sum(WELCOME in e["content"] for e in run.channel.created) == 1
        assert await rows(database, "SELECT user_id FROM queue") == []
    finally:
        for b in run.channel.bots:
            await b.stop()
