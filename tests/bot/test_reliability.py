"""What is guaranteed when things go wrong: a crash after a commit, Discord refusing a post,
a channel that stops taking the bot's messages, and buttons pressed twice at once."""

from __future__ import annotations

import pytest

from bot import outbox
from bot.retries import BACKOFF
from engine.core.state import CLOSING

from .conftest import make_bot
from .presses import press_together
from .retries import with_retries
from .world import (
    actor,
    game_of,
    labels,
    legal_texts,
    open_panel,
    play_until,
    public,
    started_game,
    world,
)


def _turn_messages(w, user_id: int) -> list:
    """Channel messages that tell ``user_id`` it is their turn."""
    return [
        m
        for m in w.channel.history()
        if f"<@{user_id}>, it's your turn" in m.content or f"<@{user_id}>, your" in m.content
    ]


def _refuse_posts(env, channel, status: int, code: int = 0, message: str = "", times=1) -> None:
    """Make Discord refuse the bot's next ``times`` posts in ``channel`` (None: all)."""
    env.inject_error(
        "POST",
        f"/channels/{channel.id}/messages",
        status=status,
        code=code,
        message=message or f"Error {status} (injected by test)",
        times=times,
    )


async def _nothing(*_args, **_kwargs) -> list:
    return []


async def test_a_committed_turn_change_is_announced_after_a_crash(simcord_env, db_path) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _seat = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    # The process dies right after the commit: nothing of the announcement is posted.
    simcord_env.bot.announcer.deliver = _nothing
    simcord_env.bot.announcer.deliver_due = _nothing
    r = await who.slash(w.channel, "sw end")
    assert r.ephemeral and "End turn" in r.response.content
    nxt, _ = await actor(w)
    assert nxt.id != who.id
    assert _turn_messages(w, nxt.id) == []
    # On start the new process posts what the outbox still owes: once.
    await simcord_env.restart_bot(make_bot(db_path))
    posted = _turn_messages(w, nxt.id)
    assert len(posted) == 1
    assert [a.filename for a in posted[0].attachments] == ["board.png"]
    assert f"**{who.name}'s turn**" in posted[0].content
    await simcord_env.restart_bot(make_bot(db_path))
    assert len(_turn_messages(w, nxt.id)) == 1


async def test_a_post_that_went_through_before_a_crash_is_not_repeated(
    simcord_env, db_path
) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    await who.slash(w.channel, "sw end")
    nxt, _ = await actor(w)
    [message] = _turn_messages(w, nxt.id)
    # What a crash between Discord's answer and the outbox update leaves behind: the row
    # was attempted, never marked.
    storage = simcord_env.bot.storage
    async with storage.transaction() as tx:
        await tx.execute(
            "UPDATE outbox SET status = 'pending', message_id = NULL, sent_at = NULL"
            " WHERE message_id = ?",
            (message.id,),
        )
    await simcord_env.restart_bot(make_bot(db_path))
    assert [m.id for m in _turn_messages(w, nxt.id)] == [message.id]
    rows = await simcord_env.bot.storage.fetchall(
        "SELECT status, message_id FROM outbox WHERE message_id = ?", (message.id,)
    )
    assert [tuple(r) for r in rows] == [("sent", message.id)]


async def test_a_refused_board_falls_back_to_text_and_the_player_is_told(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, seat = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    _refuse_posts(simcord_env, w.channel, 400, 40005, "Request entity too large")
    r = await who.slash(w.channel, "sw end")
    # The move counts and the member hears what happened, privately.
    assert r.ephemeral and "End turn" in r.response.content
    [note] = [f for f in r.followups if f.ephemeral]
    assert "Your move counts" in note.content and "could not be posted" in note.content
    assert "Request entity too large" in note.content
    lg = await game_of(w)
    assert lg.game.state.turn.seat != seat
    nxt, _ = await actor(w)
    [text] = _turn_messages(w, nxt.id)
    assert text.attachments == [] and "/sw board" in text.content
    assert "Combos" in labels(text)
    # A later pass adds the board to that message by an edit, instead of a second message.
    await simcord_env.advance_time(61)
    [board] = _turn_messages(w, nxt.id)
    assert board.id == text.id
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert "could not be posted" not in board.content


@pytest.mark.simcord(settle_timeout=30)
async def test_a_channel_that_refuses_the_bot_pauses_the_game(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w, deadline_hours=1.0)
    host = w.members[0]
    who, _seat = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    _refuse_posts(simcord_env, w.channel, 403, 50013, "Missing Permissions", times=None)
    r = await who.slash(w.channel, "sw end")
    [note] = [f for f in r.followups if f.ephemeral]
    assert "Your move counts" in note.content and "paused" in note.content
    assert "Missing Permissions" in note.content
    dm = host.user.dm_channel.history()[-1]
    assert f"<#{w.channel.id}>" in dm.content and "paused" in dm.content
    lg = await game_of(w)
    assert lg.paused
    version = lg.game.state.version
    # No deadline runs out while the bot cannot tell anyone.
    await simcord_env.advance_time(2 * 3600)
    assert (await game_of(w)).game.state.version == version
    # Permissions are back: the owed turn message goes out and the clock starts afresh.
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(16 * 60)
    nxt, _ = await actor(w)
    assert len(_turn_messages(w, nxt.id)) == 1
    lg = await game_of(w)
    assert not lg.paused
    assert (lg.deadline_at - simcord_env.now()).total_seconds() > 0.9 * 3600


async def test_a_transient_failure_is_retried_until_posted(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    # More server errors than discord.py's own retries absorb.
    _refuse_posts(simcord_env, w.channel, 503, times=3)
    r = await who.slash(w.channel, "sw end")
    [note] = [f for f in r.followups if f.ephemeral]
    assert "I keep trying" in note.content
    nxt, _ = await actor(w)
    assert _turn_messages(w, nxt.id) == []
    await simcord_env.advance_time(5 * 60)
    assert len(_turn_messages(w, nxt.id)) == 1
    await simcord_env.advance_time(30 * 60)
    assert len(_turn_messages(w, nxt.id)) == 1


async def _posts_tried(env, channel) -> int:
    """How many times the bot asked Discord to post in ``channel`` so far."""
    path = f"/channels/{channel.id}/messages"
    return sum(1 for r in env.backend.http_requests if r.method == "POST" and r.path == path)


async def test_a_refused_turn_post_is_tried_again_5_s_after_the_failure_came_back(
    simcord_env,
) -> None:
    """Five 500s outlast discord.py's own retries (25 s of pauses): the announcer hears of
    the failure then, and the next player is pinged 5 s later, not at the next 60 s tick."""
    with_retries(simcord_env)
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    _refuse_posts(simcord_env, w.channel, 500, times=5)
    ended = simcord_env.now()
    await who.slash(w.channel, "sw end")
    nxt, _ = await actor(w)
    await simcord_env.advance_time(29)
    assert _turn_messages(w, nxt.id) == []
    await simcord_env.advance_time(2)
    [posted] = _turn_messages(w, nxt.id)
    waited = (posted.created_at - ended).total_seconds()
    # 25 s of discord.py's pauses, then BACKOFF[0] from the failure: well before a tick.
    assert 25 + BACKOFF[0] - 1 <= waited <= 25 + BACKOFF[0] + 1, waited
    print(f"500x5 burst: end of turn -> next player's ping {waited:.1f} s")


async def test_retries_follow_the_backoff_schedule_from_each_failure(simcord_env) -> None:
    """README: server errors are retried with growing pauses, 5 s up to 15 min."""
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    # A 503 is not retried by discord.py: each failure reaches the announcer at once.
    _refuse_posts(simcord_env, w.channel, 503, times=None)
    await who.slash(w.channel, "sw end")
    tried = await _posts_tried(simcord_env, w.channel)
    for pause in (*BACKOFF, BACKOFF[-1]):
        # Not a second early (the deadline tick passes too, and must not retry it)...
        await simcord_env.advance_time(pause - 1)
        assert await _posts_tried(simcord_env, w.channel) == tried, pause
        # ...and on time (the announcer wakes itself for it).
        await simcord_env.advance_time(1)
        assert await _posts_tried(simcord_env, w.channel) == tried + 1, pause
        tried += 1
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(BACKOFF[-1])
    nxt, _ = await actor(w)
    assert len(_turn_messages(w, nxt.id)) == 1


async def test_a_refused_live_edit_is_retried_on_the_same_schedule(simcord_env) -> None:
    """The live message's edits back off like posts do (5 s, then 15 s...), rather than
    being retried every 5 s or left to the next tick."""
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    [live] = [m for m in public(w) if m.content.startswith("🎲")]
    path = f"/channels/{w.channel.id}/messages/{live.id}"

    def edits() -> int:
        return sum(
            1 for r in simcord_env.backend.http_requests if r.method == "PATCH" and r.path == path
        )

    simcord_env.inject_error("PATCH", path, status=503, times=2)
    target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
    await who.slash(w.channel, "sw do", action=target)
    tried = edits()
    await simcord_env.advance_time(BACKOFF[0])
    assert edits() == tried + 1  # failed again
    await simcord_env.advance_time(BACKOFF[1] - 1)
    assert edits() == tried + 1
    await simcord_env.advance_time(1)
    assert edits() == tried + 2
    [live] = [m for m in public(w) if m.content.startswith("🎲")]
    assert " took " in live.content


# --- one press, one effect ---------------------------------------------------------------


async def test_undo_pressed_twice_at_once_undoes_one_action(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    for _ in range(2):
        target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
        r = await who.slash(w.channel, "sw do", action=target)
    log_before = len((await game_of(w)).game.log)
    # The private reply carries the member's panel, with Undo on it.
    assert r.ephemeral and "Undo" in str(r.response.components)
    await press_together(who, r.response, "Undo")
    assert len((await game_of(w)).game.log) == log_before - 1
    # The turn's live message tells the turn as it now stands: one conquest.
    [live] = [m for m in public(w) if m.content.startswith("🎲")]
    assert live.content.count(" took ") == 1, live.content


async def test_end_turn_pressed_twice_at_once_ends_one_turn(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, seat = await actor(w)
    r = await who.slash(w.channel, "sw pick", slot=1)
    version = (await game_of(w)).game.state.version
    await press_together(who, r.response, "End turn")
    lg = await game_of(w)
    assert lg.game.state.version == version + 2  # stop conquering, end: once
    assert lg.game.state.turn.seat == (seat + 1) % 3
    # One summary of the turn; no public acknowledgement of either press.
    summaries = [m for m in public(w) if m.content.startswith(f"**{who.name}'s turn**")]
    assert len(summaries) == 1
    assert not [m for m in public(w) if m.content.startswith("✅")]


async def test_decline_pressed_twice_at_once_declines_once(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    for _ in range(3):
        who, _ = await actor(w)
        await who.slash(w.channel, "sw pick", slot=1)
        # Hold a region, so that the race has something to put in decline.
        target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
        await who.slash(w.channel, "sw do", action=target)
        await who.slash(w.channel, "sw end")
    who, seat = await actor(w)
    panel = await open_panel(w, who)
    version = (await game_of(w)).game.state.version
    await press_together(who, panel, "Decline")
    lg = await game_of(w)
    assert lg.game.state.version == version + 1
    assert len(lg.game.state.players[seat].declined) == 1


async def test_done_placing_pressed_twice_at_once_finishes_once(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    # Play quickly through the service until a defender must place tokens.
    lg = await play_until(w, lambda s: s.turn.phase == CLOSING, seed=3)
    state = lg.game.state
    assert state.turn.phase == CLOSING
    await simcord_env.bot.announcer.deliver_due()
    defender, _ = await actor(w)
    # The live message was posted afresh to ping the defender.
    message = public(w)[-1]
    assert "▶ Play" in labels(message) and f"<@{defender.id}>" in message.content
    panel = await open_panel(w, defender)
    version = state.version
    pending = len(state.turn.pending)
    await press_together(defender, panel, "Done placing")
    after = (await game_of(w)).game.state
    assert after.version == version + 1
    assert len(after.turn.pending) == pending - 1 or after.turn.phase != CLOSING


async def test_every_outbox_row_is_done_after_a_whole_turn(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    await who.slash(w.channel, "sw end")
    lg = await game_of(w)
    assert await outbox.open_rows(simcord_env.bot.storage, lg.id) == []


async def test_live_edits_coalesce_when_the_bot_falls_behind(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w)
    who, _ = await actor(w)
    announcer = simcord_env.bot.announcer
    deliver = announcer.deliver
    # Three actions are committed while nothing is posted (a slow or restarting bot).
    announcer.deliver = _nothing
    await who.slash(w.channel, "sw pick", slot=1)
    for _ in range(2):
        target = next(t for t in await legal_texts(w) if t.startswith("conquer"))
        await who.slash(w.channel, "sw do", action=target)
    announcer.deliver = deliver
    await announcer.deliver_due()
    # One post of the latest state; the two older states were never sent to Discord.
    [live] = [m for m in public(w) if m.content.startswith("🎲")]
    assert live.content.count(" took ") == 2 and "picked" in live.content
    lg = await game_of(w)
    rows = await simcord_env.bot.storage.fetchall(
        "SELECT status, error FROM outbox WHERE game_id = ? ORDER BY id", (lg.id,)
    )
    assert [r["error"] for r in rows[-3:]] == ["superseded", "superseded", None]
    assert all(r["status"] == "sent" for r in rows)
