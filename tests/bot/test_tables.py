"""Tables (issue 38): a game the league plans by itself, opened in a thread of its own and
started there by the claimed job, through the real bot under simcord.

A table recorded in a transaction becomes one thread (its name ends in the table's tag) and
one game started in it, every player pinged once; a crash between the thread's creation
and its record opens no second thread; a thread Discord refuses tells the organiser once;
a game finished now is played to its end by the AI and counts its places.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.seasons.tables import ROUND, STARTED, Member, Table, record
from engine import to_act

from .conftest import make_bot
from .test_mentions import Pings
from .world import World, world

NAMES = ("ann", "bob", "cyd", "dan", "eve", "fay")


async def organised(env: Any, names: tuple[str, ...] = NAMES[:4]) -> tuple[World, Any]:
    """A server with members and an organiser (Manage Server) who plays in no table."""
    w = await world(env, names=names)
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    return w, w.guild.add_member(env.create_user("org"), roles=[role])


async def planned(w: World, host: Any, members: list[Any], **fields: Any) -> int:
    """A table of ``members`` recorded in a transaction of its own, as a planner does."""
    bot = w.env.bot
    table = Table(
        guild_id=w.guild.id,
        parent_id=w.channel.id,
        host_id=host.id,
        members=tuple(Member(m.id, m.name) for m in members),
        world=fields.pop("world", "surface"),
        deadline_hours=fields.pop("deadline_hours", 6.0),
        seed=fields.pop("seed", 11),
        language="en",
        title=fields.pop("title", "Autumn · round 1 · table 1"),
        source=ROUND,
        source_id=1,
        **fields,
    )
    async with bot.storage.transaction() as tx:
        return await record(tx, table, bot.service.clock())


async def test_a_table_becomes_one_thread_and_one_started_game(simcord_env, monkeypatch) -> None:
    w, org = await organised(simcord_env)
    bot = simcord_env.bot
    pings = Pings(simcord_env.backend, bot.user.id)
    monkeypatch.setattr(simcord_env.backend, "_mention_state", pings)
    table_id = await planned(w, org, w.members)
    game_id = await bot.table_desk.open(table_id)
    # Once started, the job does nothing more: a second run, or the deadline pass.
    assert await bot.table_desk.open(table_id) == game_id
    await bot.table_desk.open_due()
    [thread] = w.channel.threads
    assert thread.name == f"Autumn · round 1 · table 1 #{table_id}"
    lg = await bot.service.load(game_id)
    assert lg.channel_id == thread.id and lg.status == "active" and lg.host_id == org.id
    assert sorted(s.user_id for s in lg.seats) == sorted(m.id for m in w.members)
    assert not lg.rated and lg.deadline_hours == 6.0
    stored = await bot.tables.get(table_id)
    assert (stored.status, stored.game_id, stored.thread_id) == (STARTED, game_id, thread.id)
    # The welcome names every player, then the first turn: each member is pinged once.
    welcome, *rest = [m for m in thread.history() if not m.flags.ephemeral]
    assert all(m.mention in welcome.content for m in w.members)
    pinged = [u for content, users, _r, _e in pings.records if content for u in users]
    assert sorted(pinged) == sorted(m.id for m in w.members), pings.records
    first = lg.user_at(to_act(lg.game.state))
    assert any(f"<@{first}>, it's your turn" in m.content for m in rest)


async def test_a_kill_after_the_thread_opened_opens_no_second_thread(simcord_env, db_path) -> None:
    w, org = await organised(simcord_env)
    bot = simcord_env.bot
    table_id = await planned(w, org, w.members)

    class Killed(BaseException):
        """The process dies here: nothing after this runs."""

    async def die(*_args: Any) -> None:
        raise Killed

    # Discord opened the thread; the process dies before the thread's id is recorded.
    bot.tables.opened = die
    with pytest.raises(Killed):
        await bot.table_desk.open(table_id)
    [thread] = w.channel.threads
    assert (await bot.tables.get(table_id)).thread_id is None
    await simcord_env.restart_bot(make_bot(db_path))
    restarted = simcord_env.bot
    await restarted.table_desk.open_due()
    assert [t.id for t in w.channel.threads] == [thread.id]
    games = await restarted.storage.fetchall("SELECT id, channel_id FROM games")
    assert [g["channel_id"] for g in games] == [thread.id]
    assert (await restarted.tables.get(table_id)).game_id == games[0]["id"]


async def test_a_refused_thread_tells_the_organiser_once_and_opens_when_allowed(
    simcord_env,
) -> None:
    w, org = await organised(simcord_env)
    bot = simcord_env.bot
    guild = simcord_env.backend.get_guild(w.guild.id)
    role = next(r for r in guild.roles.values() if r.managed)
    deny = discord.PermissionOverwrite(create_public_threads=False)
    w.channel = w.guild.create_text_channel("league", overwrites={w.guild.roles[role.name]: deny})
    table_id = await planned(w, org, w.members)
    assert await bot.table_desk.open(table_id) is None
    [told] = [m for m in org.user.dm_channel.history() if "could not open the thread" in m.content]
    assert "Create Public Threads" in told.content and w.channel.threads == []
    # Tried again later, still refused: the organiser is not told twice.
    await simcord_env.advance_time(16 * 60)
    await bot.table_desk.open_due()
    assert len([m for m in org.user.dm_channel.history() if "could not open" in m.content]) == 1
    # Allowed again: the next try opens the thread and starts the game.
    simcord_env.backend.delete_overwrite(w.channel.id, role.id)
    await simcord_env.advance_time(16 * 60)
    await bot.table_desk.open_due()
    [thread] = w.channel.threads
    assert (await bot.tables.get(table_id)).status == STARTED
    assert await bot.service.live_game_id(thread.id) is not None


async def test_a_team_table_seats_its_teams_as_given(simcord_env) -> None:
    w, org = await organised(simcord_env, NAMES)
    bot = simcord_env.bot
    a, b, c, d, e, f = (m.id for m in w.members)
    teams = ((a, f), (b, e), (c, d))
    table_id = await planned(w, org, w.members, teams=teams)
    game_id = await bot.table_desk.open(table_id)
    lg = await bot.service.load(game_id)
    assert lg.teams and lg.status == "active"
    pairs = {frozenset(s.user_id for s in lg.seats if s.team == t) for t in range(3)}
    assert pairs == {frozenset(t) for t in teams}


@pytest.mark.simcord(settle_timeout=120)
async def test_a_game_finished_now_is_played_to_its_end_by_the_ai(simcord_env) -> None:
    w, org = await organised(simcord_env, NAMES[:3])
    bot = simcord_env.bot
    bot.ai_seats.iterations = 2
    game_id = await bot.table_desk.open(await planned(w, org, w.members))
    outcome = await bot.tables.finish_now(game_id)
    assert outcome is not None
    # Nothing is finished twice.
    assert await bot.tables.finish_now(game_id) is None
    await bot.desk.announce(outcome)
    await bot.ai_seats.idle()
    lg = await bot.service.load(game_id)
    assert lg.status == "over" and not lg.rated
    results = await bot.storage.fetchall(
        "SELECT user_id, rank FROM results WHERE game_id = ?", (game_id,)
    )
    assert sorted(r["user_id"] for r in results) == sorted(m.id for m in w.members)
    [thread] = w.channel.threads
    assert any("Time is up for this game" in m.content for m in thread.history())
    story = (await w.members[0].slash(thread, "sw status")).response.content
    assert "(the game's time was up)" in story
