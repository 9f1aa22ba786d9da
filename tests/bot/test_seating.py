"""No game dies: games in threads, followers, replacements, absences, missed deadlines.

Everything here goes through slash commands and the game's own buttons, as members would.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from .test_taps import LEAKS
from .world import actor, game_of, public, started_game, world


async def _thread_game(w, host, players: int = 2, **options):
    """``/sw new thread:true`` from the channel: the game's thread and the reply."""
    before = {t.id for t in w.channel.threads}
    r = await host.slash(w.channel, "sw new", players=players, thread=True, **options)
    assert not r.ephemeral, r.response.content
    thread = next(t for t in w.channel.threads if t.id not in before)
    return thread, r


async def test_games_in_threads_run_side_by_side_in_one_channel(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob", "cyd", "dee"))
    ann, bob, cyd, dee = w.members
    first, reply = await _thread_game(w, ann)
    assert first.mention in reply.response.content
    # The lobby is in the thread; the channel keeps only the pointer to it.
    assert "Join with `/sw join`" in first.history()[-1].content
    assert await w.env.bot.service.live_game_id(w.channel.id) is None
    await bob.slash(first, "sw join")
    await ann.slash(first, "sw start")
    # A second game in the same channel while the first runs: its own thread.
    second, _ = await _thread_game(w, cyd, world="underground")
    await dee.slash(second, "sw join")
    await cyd.slash(second, "sw start")
    service = w.env.bot.service
    one = await service.in_channel(first.id)
    two = await service.in_channel(second.id)
    assert one.id != two.id and one.map_id == "sw-2p" and two.map_id == "swu-2p"
    # Each thread's commands reach its own game: ann plays in the first, not the second.
    opener = w.member(one.actor_id())
    r = await opener.slash(first, "sw play")
    assert r.ephemeral and "Round 1" in r.response.content
    stranger = next(m for m in (ann, bob) if m.id != two.actor_id())
    refused = await stranger.slash(second, "sw play")
    assert refused.ephemeral and "not playing" in refused.response.content
    # The turn messages go to each game's thread, never to the parent channel.
    assert any("▶ Play" in str(m.components) for m in first.history())
    assert not any("Round 1/" in m.content for m in public(w))


async def test_a_thread_game_cannot_be_opened_inside_a_thread(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    thread, _ = await _thread_game(w, w.members[0])
    r = await w.members[1].slash(thread, "sw new", players=2, thread=True)
    assert r.ephemeral and "thread already" in r.response.content
    assert len(w.channel.threads) == 1


async def test_a_refused_game_leaves_no_empty_thread(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    r = await w.members[0].slash(w.channel, "sw new", players=2, thread=True, rated=True)
    assert r.ephemeral and "season" in r.response.content
    assert w.channel.threads == []


async def test_a_follower_gets_each_turn_by_dm_as_the_channel_sees_it(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob", "cyd"))
    cyd = w.members[2]
    await started_game(w, players=2)
    r = await cyd.slash(w.channel, "sw follow")
    assert r.ephemeral and "You follow this game" in r.response.content
    first, seat = await actor(w)
    await first.slash(w.channel, "sw pick", slot=1)
    await first.slash(w.channel, "sw end")
    dms = cyd.user.dm_channel.history()
    assert len(dms) == 1
    lg = await game_of(w)
    name = lg.game.state.players[seat].name
    assert f"**{name}'s turn**" in dms[0].content and "picked" in dms[0].content
    assert not LEAKS.search(dms[0].content), dms[0].content
    # Players are not followers: they have the channel (and /sw settings notify) already.
    assert all("👀" not in m.content for m in first.user.dm_channel.history())
    r = await cyd.slash(w.channel, "sw follow")
    assert "no longer" in r.response.content
    nxt, _ = await actor(w)
    await nxt.slash(w.channel, "sw pick", slot=1)
    await nxt.slash(w.channel, "sw end")
    assert len(cyd.user.dm_channel.history()) == 1


async def test_the_host_replaces_a_player_who_keeps_seat_pieces_and_coins(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob", "cyd"))
    ann, bob, cyd = w.members
    await started_game(w, players=2)
    first, _ = await actor(w)
    await first.slash(w.channel, "sw pick", slot=1)
    await first.slash(w.channel, "sw end")
    lg = await game_of(w)
    seat = lg.seat_of(bob.id)
    before = lg.game.state.players[seat]
    coins, active = before.coins, before.active
    # Only the host (or a server manager) may; nobody seated twice.
    other = bob if ann.id == lg.host_id else ann
    r = await other.slash(w.channel, "sw replace", player=bob, by=cyd)
    assert r.ephemeral and "Only the host" in r.response.content
    host = w.member(lg.host_id)
    r = await host.slash(w.channel, "sw replace", player=bob, by=ann if host is not ann else bob)
    assert r.ephemeral
    r = await host.slash(w.channel, "sw replace", player=bob, by=cyd)
    assert r.ephemeral and r.response.content == "Done."
    told = public(w)[-1].content
    assert f"<@{cyd.id}> takes over **bob**'s seat" in told
    lg = await game_of(w)
    assert lg.seat_of(cyd.id) == seat and lg.seat_of(bob.id) is None
    now = lg.game.state.players[seat]
    assert (now.name, now.coins, now.active) == ("cyd", coins, active)
    assert lg.game.config.players[seat] == "cyd"
    # Restart-proof: the database says the same.
    w.env.bot.service.forget(lg.id)
    again = await game_of(w)
    assert again.seat_of(cyd.id) == seat and again.game.state.players[seat].name == "cyd"
    assert again.game.config.players[seat] == "cyd"
    rows = await w.env.bot.service.storage.fetchall(
        "SELECT * FROM seat_log WHERE game_id = ?", (lg.id,)
    )
    assert [(r["kind"], r["user_id"], r["other_id"]) for r in rows] == [("replace", cyd.id, bob.id)]
    status = (await cyd.slash(w.channel, "sw status")).response.content
    assert f"<@{cyd.id}> took over seat {seat + 1} from <@{bob.id}>" in status
    # bob is out, cyd plays on from the same buttons.
    if (await game_of(w)).actor_id() == cyd.id:
        r = await bob.slash(w.channel, "sw play")
        assert r.ephemeral and "not playing" in r.response.content
        r = await cyd.slash(w.channel, "sw play")
        assert r.ephemeral and "Round" in r.response.content


@pytest.mark.simcord(settle_timeout=60)
async def test_an_absence_stretches_the_deadline_and_is_bounded(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    await started_game(w, deadline_hours=0.5)
    who, seat = await actor(w)
    r = await who.slash(w.channel, "sw away", days=0.5)
    assert not r.ephemeral and "is away until" in r.response.content
    service = w.env.bot.service
    lg = await game_of(w)
    row = lg.seat_row(seat)
    assert lg.deadline_at == row.away_until + timedelta(hours=0.5)
    # An hour later (twice the usual deadline) nothing was played for them.
    await simcord_env.advance_time(60 * 60)
    assert (await game_of(w)).game.state.version == lg.game.state.version
    # The allowance is bounded per game: 7 days in all.
    r = await who.slash(w.channel, "sw away", days=7.0)
    assert r.ephemeral and "days of absence left" in r.response.content
    r = await who.slash(w.channel, "sw back")
    assert "is back" in r.response.content
    assert (await game_of(w)).seat_row(seat).away_until is None
    r = await who.slash(w.channel, "sw back")
    assert r.ephemeral and "not away" in r.response.content
    rows = await service.storage.fetchall("SELECT kind FROM seat_log WHERE game_id = ?", (lg.id,))
    assert [r["kind"] for r in rows] == ["away", "back"]


@pytest.mark.simcord(settle_timeout=60)
async def test_missed_deadlines_are_counted_until_the_player_moves(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    await started_game(w, deadline_hours=0.1)
    lg = await game_of(w)
    # Both seats miss their first turn's deadline: one missed deadline each.
    await simcord_env.advance_time(2 * 6 * 60 + 120)
    lg = await game_of(w)
    assert [lg.seat_row(s).missed for s in (0, 1)] == [1, 1]
    who, seat = await actor(w)
    r = await who.slash(w.channel, "sw end")
    assert r.response.content.startswith("✅"), r.response.content
    assert (await game_of(w)).seat_row(seat).missed == 0
