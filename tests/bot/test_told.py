"""A decision's deadline counts from when its member is told (issue 37): while Discord
refuses the turn message that pings them, their deadline does not run out and they are
not reminded; once it goes through, they have their whole deadline from then, and the
message shows it. (``test_kills.py`` does the same across a SIGKILL of the bot.)"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from .world import actor, game_of, started_game, world

#: The game's time per decision: 0.05 hours.
DEADLINE = timedelta(seconds=180)


def _pings(w, user_id: int) -> list:
    return [m for m in w.channel.history() if f"<@{user_id}>, it's your turn" in m.content]


async def test_a_ping_that_discord_refuses_for_long_holds_the_deadline_back(simcord_env) -> None:
    w = await world(simcord_env)
    await started_game(w, deadline_hours=0.05)
    who, _seat = await actor(w)
    await who.slash(w.channel, "sw pick", slot=1)
    # Discord answers every post in the channel with 503 (an outage).
    simcord_env.inject_error(
        "POST", f"/channels/{w.channel.id}/messages", status=503, message="down", times=None
    )
    await who.slash(w.channel, "sw end")
    nxt, _ = await actor(w)
    version = (await game_of(w)).game.state.version
    # Four minutes, past the deadline: nothing is played for a member who was never told,
    # and nobody reminds them of a decision they never heard of.
    await simcord_env.advance_time(4 * 60)
    lg = await game_of(w)
    assert lg.game.state.version == version and not lg.reminded
    assert _pings(w, nxt.id) == []
    # Discord is back: the ping goes out at the next retry, with the whole deadline.
    simcord_env.backend.faults.clear()
    while not _pings(w, nxt.id):
        await simcord_env.advance_time(60)
    [ping] = _pings(w, nxt.id)
    [epoch] = re.findall(r"<t:(\d+):R>", ping.content)
    shown = datetime.fromtimestamp(int(epoch), UTC)
    assert shown - ping.created_at >= DEADLINE - timedelta(seconds=2)
    lg = await game_of(w)
    assert int(lg.deadline_at.timestamp()) == int(epoch)
    # It runs out then, not before: just before it, the decision is still the member's.
    await simcord_env.advance_time((shown - simcord_env.now()).total_seconds() - 5)
    assert (await game_of(w)).game.state.version == version
    await simcord_env.advance_time(70)
    assert (await game_of(w)).game.state.version != version
