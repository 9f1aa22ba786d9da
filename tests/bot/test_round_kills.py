"""A rounds season's bot process killed with SIGKILL while it forms a round or ends one
(issue 38, "Reliability"): forming is one transaction, so a kill in the middle leaves
none of the round and a restart forms it whole; a kill once it is recorded leaves all of
it, and the restart opens its thread and game; a kill as a round ends leaves the round
ending, and the restart finishes its game, closes it and posts its results once.

Each process is the real bot under a simulated Discord whose channel outlives it
(``tests.bot.killable``, driven by ``tests.bot.crashes``); the kill is a real SIGKILL. Every
test runs on SQLite and on PostgreSQL (the ``database`` fixture).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from .crashes import PATIENCE, Bot, Channel, Run, rows

#: Seconds the clock jumps to pass the first round's start (an hour after the opening).
PAST_START = 3700


async def a_season_of_three(bot: Bot, days: float = 1.0) -> None:
    """Ann (the organiser) opens a one-round season of pods of 3; the three sign up."""
    opened = await bot.ask(
        op="slash",
        member=0,
        name="league open",
        options={
            "name": "Winter",
            "format": "rounds",
            "rounds": 1,
            "days_per_round": days,
            "pod": 3,
            "starts_in_hours": 1.0,
        },
    )
    assert not opened["ephemeral"], opened
    for i in range(3):
        signed = await bot.ask(op="slash", member=i, name="league signup")
        assert "signed up" in signed["content"], signed


async def until(target: str, sql: str, check: Any) -> list[dict[str, Any]]:
    """The rows of ``sql`` once ``check(rows)`` holds (read again as the bot works on)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while True:
        found = await rows(target, sql)
        if check(found):
            return found
        assert loop.time() < deadline, found
        await asyncio.sleep(0.2)


TABLES = "SELECT status, game_id, thread_id FROM game_tables"


@contextlib.asynccontextmanager
async def league_run(target: str) -> AsyncIterator[Run]:
    """Bot processes on ``target``, one after the other, every one stopped afterwards."""
    run = Run(target, Channel())
    try:
        yield run
    finally:
        for bot in run.channel.bots:
            await bot.stop()


async def test_a_kill_inside_a_rounds_forming_leaves_none_of_it_and_a_restart_forms_it(
    database: str,
) -> None:
    target = database
    async with league_run(target) as run:
        first = await run.start(organiser=True)
        await a_season_of_three(first)
        # The process dies inside the round's transaction, its table recorded.
        await first.ask(op="crash", when="forming", match="")
        await first.ask(op="skip", seconds=PAST_START)
        await first.died()
        assert await rows(target, "SELECT id FROM season_rounds") == []
        assert await rows(target, "SELECT id FROM game_tables") == []
        assert await rows(target, "SELECT user_id FROM game_table_members") == []
        [season] = await rows(target, "SELECT next_round_at FROM seasons")
        assert season["next_round_at"] is not None
        # The restart forms the round whole, opens its thread and starts its game.
        await run.start(skip=PAST_START, organiser=True)
        [table] = await until(target, TABLES, lambda t: t and t[0]["status"] == "started")
        assert table["game_id"] and table["thread_id"]
        assert len(await rows(target, "SELECT id FROM season_rounds")) == 1
        assert len(await rows(target, "SELECT id FROM games")) == 1


async def test_a_kill_once_a_round_is_recorded_leaves_all_of_it_and_a_restart_opens_it(
    database: str,
) -> None:
    target = database
    async with league_run(target) as run:
        first = await run.start(organiser=True)
        await a_season_of_three(first)
        await first.ask(op="crash", when="formed", match="")
        await first.ask(op="skip", seconds=PAST_START)
        await first.died()
        # The whole round is recorded: its table waits for its thread.
        assert len(await rows(target, "SELECT id FROM season_rounds")) == 1
        assert [t["status"] for t in await rows(target, TABLES)] == ["waiting"]
        assert len(await rows(target, "SELECT user_id FROM game_table_members")) == 3
        assert await rows(target, "SELECT id FROM games") == []
        since = len(run.channel.created)
        await run.start(skip=PAST_START, organiser=True)
        [table] = await until(target, TABLES, lambda t: t[0]["status"] == "started")
        # One thread, one game, its first player told once.
        turn = await run.channel.wait_for(
            lambda e: e["author"] == "bot" and "your" in e["content"], since
        )
        assert turn["channel"] == table["thread_id"]
        assert len(await rows(target, "SELECT id FROM games")) == 1
        assert len(await rows(target, "SELECT id FROM season_rounds")) == 1


async def test_a_kill_as_a_round_ends_and_the_restart_finishes_closes_and_posts_it_once(
    database: str,
) -> None:
    target = database
    quick = {"organiser": True, "ai_iterations": 2}
    async with league_run(target) as run:
        first = await run.start(**quick)
        # Rounds of 0.05 days (72 minutes): the game cannot be over by its end.
        await a_season_of_three(first, days=0.05)
        await first.ask(op="skip", seconds=PAST_START)
        await until(target, TABLES, lambda t: t and t[0]["status"] == "started")
        # The first player is away for a day: the game waits for them past the round's end.
        [seat] = await rows(target, "SELECT user_id FROM seats WHERE seat = 0")
        away = await first.ask(
            op="slash",
            member=first.members.index(seat["user_id"]),
            name="sw away",
            options={"days": 1.0},
            thread=True,
        )
        assert not away["ephemeral"], away
        await first.ask(op="crash", when="ending", match="")
        past_end = PAST_START + 0.05 * 86400 + 60
        await first.ask(op="skip", seconds=past_end - PAST_START)
        await first.died()
        [r] = await rows(target, "SELECT status FROM season_rounds")
        assert r["status"] == "ending"
        [g] = await rows(target, "SELECT status FROM games")
        assert g["status"] == "active"
        # The restart hands the game to the AI, which plays it out; the round closes, and
        # its results, standings and champion are posted once each.
        await run.start(skip=past_end, **quick)
        await until(
            target,
            "SELECT status FROM season_rounds WHERE status = 'closed'",
            lambda found: len(found) == 1,
        )
        await until(
            target,
            "SELECT status FROM league_posts WHERE status != 'sent'",
            lambda found: found == [],
        )
        assert (await rows(target, "SELECT status FROM games"))[0]["status"] == "over"
        for words in ("round 1 of 1: results", "Winter: final standings", "is the champion"):
            said = [
                e for e in run.channel.created if e["author"] == "bot" and words in e["content"]
            ]
            assert len(said) == 1, words
