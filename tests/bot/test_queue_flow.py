"""The queue as a member lives it (issue 38, section 1), through the real bot under simcord,
start to end by taps where a member would tap: join from the queue's list, wait, see the
game formed in its own thread of the season's channel, be pinged once, find the deadline
asked for on the turn message, and play the game in the thread, its deadlines running as
asked (a decision nobody takes is taken for them when its hours are up, and the next
player gets the same hours from their ping)."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from engine import to_act

from .test_mentions import Pings
from .test_queue_forming import later, member, season
from .test_taps import play_button, tap_out_the_decision
from .world import World, game_of

NAMES = ("ann", "bob", "eve", "dan")
HOURS = 6


def shown_deadline(text: str) -> datetime:
    """The deadline a message shows (Discord's ``<t:…:R>``)."""
    [epoch] = re.findall(r"<t:(\d+):R>", text)
    return datetime.fromtimestamp(int(epoch), UTC)


def pinged(pings: Pings, since: int = 0) -> list[int]:
    """Who the bot's messages notified from record ``since`` on, in order."""
    return [u for _text, users, _roles, _everyone in pings.records[since:] for u in users]


async def test_a_member_joins_waits_and_plays_the_game_the_queue_forms(
    simcord_env, monkeypatch
) -> None:
    w, _ = await season(simcord_env, NAMES)
    bot = simcord_env.bot
    ann, bob, eve, dan = (member(w, n) for n in NAMES)
    pings = Pings(simcord_env.backend, bot.user.id)
    monkeypatch.setattr(simcord_env.backend, "_mention_state", pings)

    # ann taps ▶ Join queue on the queue's list and ticks a game of 3.
    listed = await dan.slash(w.channel, "league queue list")
    assert "Nobody waits" in listed.response.content
    menu = await ann.click(listed.response, label="▶ Join queue")
    chose = await ann.select(menu.response, ["3"])
    assert chose.response.content == "✅ You wait for 3 players."
    # dan waits for a game of 4; bob joins by command, asking 6 hours a decision.
    await later(simcord_env, 600)
    await dan.slash(w.channel, "league queue join", players="4")
    await bob.slash(w.channel, "league queue join", players="3", deadline_hours=HOURS)
    waiting = await eve.slash(w.channel, "league queue list")
    text = waiting.response.content
    assert "3 members wait." in text and "<t:" in text and "6 h a decision" in text
    assert w.channel.threads == []

    # eve taps ▶ Join queue on that list and ticks 3 or 4: ann, bob and eve are 20 points
    # apart; their game forms at once in its own thread.
    menu = await eve.click(waiting.response, label="▶ Join queue")
    await eve.select(menu.response, ["3", "4"])
    [thread] = w.channel.threads
    assert thread.name.startswith("Queue · ann, bob, eve #")
    here = World(simcord_env, w.guild, thread, w.members)
    lg = await game_of(here)
    assert lg.status == "active" and lg.deadline_hours == HOURS
    messages = [m.content for m in thread.history()]
    welcome = next(m for m in messages if "your game is here" in m)
    assert all(m.mention in welcome for m in (ann, bob, eve)) and "6 h per decision" in welcome
    # Each of the three is pinged once (the first to act by the turn message), nobody else.
    assert sorted(pinged(pings)) == sorted(m.id for m in (ann, bob, eve))
    # The turn message shows the deadline asked for: 6 hours from now.
    now = bot.service.clock()
    turn = next(m for m in reversed(messages) if "<t:" in m)
    assert shown_deadline(turn) == lg.deadline_at
    assert timedelta(hours=HOURS) - (lg.deadline_at - now) < timedelta(seconds=1)
    # dan still waits, for his game of 4.
    assert "dan" not in thread.name
    left = await dan.slash(w.channel, "league queue list")
    assert "1 member waits." in left.response.content and dan.mention in left.response.content

    # The first to act lets the deadline pass: the bot decides for them when the 6 hours are
    # up, and the next player is pinged, with 6 hours of their own from then.
    first = to_act(lg.game.state)
    before = len(pings.records)
    await later(simcord_env, HOURS * 3600 + 60)
    await bot.desk.tick()
    lg = await game_of(here)
    nxt = to_act(lg.game.state)
    assert nxt is not None and lg.user_at(nxt) != lg.user_at(first)
    assert lg.user_at(nxt) in pinged(pings, before)
    now = bot.service.clock()
    assert timedelta(hours=HOURS) - (lg.deadline_at - now) < timedelta(seconds=1)

    # That player plays their decision by taps in the thread: the game moves on.
    played = len(lg.game.log)
    player: Any = here.member(lg.user_at(nxt))
    opened = await player.click(play_button(here), label="▶ Play")
    assert opened.ephemeral
    state = lg.game.state
    assert await tap_out_the_decision(here, player, opened.response, random.Random(3), nxt, state)
    after = await game_of(here)
    assert len(after.game.log) > played and after.status == "active"
