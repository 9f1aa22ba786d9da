"""AI seats in a channel: added in the lobby, taking over after missed deadlines, given back.

The AI players themselves are tested in ``tests/ai``; here they are small (few playouts) so
that whole games stay quick, and what is checked is the bot around them.
"""

from __future__ import annotations

import re

import pytest

from engine import to_act

from .conftest import make_bot
from .test_taps import LEAKS
from .world import actor, game_of, public, started_game, world


async def _settle(w) -> None:
    """Let the AI seats play what they owe."""
    await w.env.bot.ai_seats.idle()


async def test_an_ai_seat_plays_its_turns_like_anyone_else(simcord_env) -> None:
    w = await world(simcord_env, names=("ann",))
    w.env.bot.ai_seats.iterations = 4
    ann = w.members[0]
    await ann.slash(w.channel, "sw new", players=2)
    r = await ann.slash(w.channel, "sw addai", level="normal")
    assert not r.ephemeral and "Normal AI" in r.response.content
    start = len(public(w))
    await ann.slash(w.channel, "sw start")
    await _settle(w)
    lg = await game_of(w)
    assert not lg.rated, "a game with an AI player counts for no one"
    while (lg := await game_of(w)).status == "active":
        seat = to_act(lg.game.state)
        assert lg.seat_row(seat).ai is None, "the AI owes a move it did not play"
        if lg.game.state.turn.phase == "pick":
            await ann.slash(w.channel, "sw pick", slot=1)
        await ann.slash(w.channel, "sw end")
        await _settle(w)
    messages = public(w)[start:]
    # One summary with its board per turn, the AI's turns too.
    summaries = [m for m in messages if m.attachments and "'s turn**" in m.content]
    assert len(summaries) == lg.game.state.turns * 2
    ai_name = next(s.name for s in lg.seats if s.ai)
    assert sum(f"**{ai_name}'s turn**" in m.content for m in summaries) == lg.game.state.turns
    for m in messages:
        # An AI seat is named, never mentioned; coins stay hidden until the end.
        assert not re.search(r"<@-\d+>", m.content), m.content
    for m in summaries[:-1]:
        assert not LEAKS.search(m.content), m.content
    # The archive names the AI, and never mentions a member who does not exist.
    archive = (await ann.slash(w.channel, "league games")).response.content
    assert f"#{lg.id}" in archive and not re.search(r"<@-\d+>", archive), archive
    rows = await w.env.bot.service.history(lg.id, limit=500)
    ai_seat = next(s.seat for s in lg.seats if s.ai)
    assert any(r["seat"] == ai_seat and not r["auto"] for r in rows)


async def test_only_the_host_adds_ai_players_in_an_open_lobby(simcord_env) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    ann, bob = w.members
    await ann.slash(w.channel, "sw new", players=2)
    r = await bob.slash(w.channel, "sw addai")
    assert r.ephemeral and "Only the host" in r.response.content
    await ann.slash(w.channel, "sw addai", level="easy")
    r = await ann.slash(w.channel, "sw addai", level="hard")
    assert r.ephemeral and "full" in r.response.content
    r = await bob.slash(w.channel, "sw join")
    assert r.ephemeral and "full" in r.response.content


@pytest.mark.simcord(settle_timeout=60)
async def test_an_ai_takes_over_after_missed_deadlines_and_the_player_takes_it_back(
    simcord_env,
) -> None:
    w = await world(simcord_env, names=("ann", "bob"))
    w.env.bot.ai_seats.iterations = 4
    await started_game(w, deadline_hours=0.1, takeover_after=1)
    who, seat = await actor(w)
    # The deadline passes: the default plays, and the AI stands in from now on.
    await simcord_env.advance_time(7 * 60)
    await _settle(w)
    lg = await game_of(w)
    row = lg.seat_row(seat)
    assert row.ai == "normal" and row.stand_in
    # One deadline, in the singular (it said "missed 1 deadlines").
    told = next(m.content for m in reversed(public(w)) if "missed 1 deadline" in m.content)
    assert "missed 1 deadline in a row" in told, told
    assert f"<@{who.id}>, `/sw back` takes it back" in told
    assert not lg.rated
    # The AI plays the seat's next decisions; the member's buttons say how to come back.
    other = next(m for m in w.members if m.id != who.id)
    for _ in range(2):
        lg = await game_of(w)
        assert to_act(lg.game.state) != seat, "the AI seat's move was not played"
        if lg.game.state.turn.phase == "pick":
            await other.slash(w.channel, "sw pick", slot=1)
        r = await other.slash(w.channel, "sw end")
        assert r.response.content.startswith("✅"), r.response.content
        await _settle(w)
    assert (await game_of(w)).game.state.round == 3, "the AI played its seat's turns"
    r = await who.slash(w.channel, "sw end")
    assert r.ephemeral and "An AI plays your seat" in r.response.content
    r = await who.slash(w.channel, "sw back")
    assert "plays their seat again" in r.response.content
    lg = await game_of(w)
    assert lg.seat_row(seat).ai is None and lg.seat_row(seat).missed == 0
    rows = await w.env.bot.service.storage.fetchall(
        "SELECT kind FROM seat_log WHERE game_id = ? ORDER BY id", (lg.id,)
    )
    assert [r["kind"] for r in rows] == ["takeover", "take back"]
    # The game's status tells the story of the seat.
    status = (await who.slash(w.channel, "sw status")).response.content
    assert f"an AI took over seat {seat + 1} from <@{who.id}> (after 1 missed deadline)" in status
    assert f"<@{who.id}> took seat {seat + 1} back from the AI" in status


async def test_an_ai_owed_a_move_plays_it_after_a_restart(simcord_env, db_path) -> None:
    w = await world(simcord_env, names=("ann",))
    ann = w.members[0]
    await ann.slash(w.channel, "sw new", players=2)
    await ann.slash(w.channel, "sw addai", level="easy")
    # The bot goes down before the AI could move; the new one plays it at its first pass.
    w.env.bot.desk.on_change = None
    await ann.slash(w.channel, "sw start")
    lg = await game_of(w)
    if lg.seat_row(to_act(lg.game.state)).ai is None:
        await ann.slash(w.channel, "sw pick", slot=1)
        await ann.slash(w.channel, "sw end")
    lg = await game_of(w)
    ai_seat = to_act(lg.game.state)
    assert lg.seat_row(ai_seat).ai == "easy"
    await simcord_env.restart_bot(make_bot(db_path))
    await simcord_env.advance_time(61)
    await w.env.bot.ai_seats.idle()
    lg = await game_of(w)
    assert to_act(lg.game.state) != ai_seat
