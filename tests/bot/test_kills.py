"""A bot process killed with SIGKILL at a turn's end, then restarted (issue 37, section 1):
the restart does not wait on its dead predecessor's claim, a survivor takes a dead
process's work over, the next player gets their whole deadline from the moment they are
told, and a post that went through just before the kill is not posted again, however many
messages came since.

Each process is the real bot under a simulated Discord whose channel outlives it
(``tests.bot.killable``, driven by ``tests.bot.crashes``): the kill is a real SIGKILL of
the process, at the moment named (before Discord takes the turn message, or right after).
``bench/kills.py`` kills at random moments and measures the times.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from bot.storage import now_iso
from tests.pg import fresh_database

from .crashes import Bot, end_turn_and_die, execute, game, pings, replays, rows, running

#: A lease that would still run for years: what must not be waited for.
FAR_ON = now_iso(datetime(2030, 1, 1, tzinfo=UTC))


def shown_deadline(text: str) -> datetime:
    """The deadline a message shows (Discord's ``<t:…:R>``)."""
    [epoch] = re.findall(r"<t:(\d+):R>", text)
    return datetime.fromtimestamp(int(epoch), UTC)


async def killed_holding_the_claim(target: str, bot: Bot) -> int:
    """Kill ``bot`` as it posts a turn message, holding the claim on the game's
    announcements, and make that claim hold for years; the member to ping."""
    nxt = await end_turn_and_die(bot, target, "before_post")
    [claim] = await rows(target, "SELECT kind, pid FROM claims")
    assert claim == {"kind": "outbox", "pid": bot.pid}
    await execute(target, "UPDATE claims SET until = ?", (FAR_ON,))
    return nxt


async def test_a_restart_pings_at_once_however_long_its_dead_predecessors_lease(
    tmp_path,
) -> None:
    target = str(tmp_path / "smallworld.sqlite3")
    async with running(target) as run:
        nxt = await killed_holding_the_claim(target, run.channel.bots[0])
        # The restart knows its holder is dead: it does not wait for the lease.
        since = len(run.channel.created)
        bot = await run.start()
        ping = await run.channel.wait_for(pings(nxt), since)
        assert ping["by"] == bot.pid
        await bot.ask(op="idle")
        assert [e["content"] for e in run.channel.created].count(ping["content"]) == 1
        assert {r["status"] for r in await rows(target, "SELECT status FROM outbox")} == {"sent"}
        assert replays(await game(target))


async def test_a_survivor_takes_over_the_claim_of_a_killed_process() -> None:
    target = await fresh_database()
    # Two processes on one PostgreSQL database, both serving the server (its channel is
    # one: each one's Discord gets what the other posts).
    async with running(target, processes=2) as run:
        a, b = run.channel.bots
        nxt = await killed_holding_the_claim(target, a)
        # B sees that A is gone (``bot.claims.Keeper``, every few seconds) and posts for it.
        since = len(run.channel.created)
        ping = await run.channel.wait_for(pings(nxt), since)
        assert ping["by"] == b.pid
        assert [e["content"] for e in run.channel.created].count(ping["content"]) == 1
        assert replays(await game(target))


async def test_a_player_told_late_gets_their_whole_deadline_and_no_reminder_with_it(
    tmp_path,
) -> None:
    target = str(tmp_path / "smallworld.sqlite3")
    # 180 seconds a decision (0.05 hours), as the issue measured.
    async with running(target, deadline_hours=0.05) as run:
        nxt = await end_turn_and_die(run.channel.bots[0], target, "before_post")
        saved = (await game(target)).deadline_at
        # The bot is back 150 seconds later: the turn was saved, its ping never posted.
        since = len(run.channel.created)
        bot = await run.start(skip=150)
        ping = await run.channel.wait_for(pings(nxt), since)
        await bot.ask(op="idle")
        told = datetime.fromisoformat(ping["at"])
        shown = shown_deadline(ping["content"])
        # The whole 180 seconds from the ping on (but the instant it takes to post), and
        # the deadline the game keeps is the one the ping shows.
        assert shown - told >= timedelta(seconds=175), (saved, told, shown)
        assert now_iso((await game(target)).deadline_at) == now_iso(shown)
        # A reminder is due only when most of that time has passed: none came with it.
        assert not any("reminder" in e["content"] for e in run.channel.created[since:])
        assert not (await game(target)).reminded


async def test_a_post_that_went_through_before_a_kill_is_found_past_200_newer_messages(
    tmp_path,
) -> None:
    target = str(tmp_path / "smallworld.sqlite3")
    async with running(target) as run:
        nxt = await end_turn_and_die(run.channel.bots[0], target, "after_post")
        # Discord took the turn message; the bot died before marking its row sent.
        posted = [e for e in run.channel.created if pings(nxt)(e)]
        assert len(posted) == 1
        [row] = await rows(target, "SELECT id, attempts FROM outbox WHERE status != 'sent'")
        assert row["attempts"] == 1
        # 200 messages come into the channel while the bot is down, then it restarts.
        bot = await run.start(spam=200)
        await bot.ask(op="idle")
        assert [e for e in run.channel.created if pings(nxt)(e)] == posted
        [done] = await rows(
            target, "SELECT status, message_id FROM outbox WHERE id = ?", (row["id"],)
        )
        assert done == {"status": "sent", "message_id": posted[0]["id"]}
