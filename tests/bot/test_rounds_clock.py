"""The organiser's controls of a rounds season's clock (issue 38 §2): pausing stops the
round's end from coming, resuming moves it on by the pause, extending moves it on by the
days given; members without Manage Server cannot touch the clock."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from .rounds_world import games_of_round, league_world, open_season, rounds_of
from .test_rounds_season import advance_until
from .test_rounds_signup import formed


async def ends_at(bot: Any) -> datetime:
    """When the latest round ends, as stored."""
    return datetime.fromisoformat((await rounds_of(bot))[-1]["ends_at"])


@pytest.mark.simcord(settle_timeout=600)
async def test_pause_resume_and_extend_move_the_rounds_end(simcord_env) -> None:
    w, org = await league_world(simcord_env, 3)
    bot = simcord_env.bot
    bot.ai_seats.iterations = 2
    await open_season(
        w, org, name="Clock", rounds=2, days_per_round=1.0, pod=3, starts_in_hours=0.1
    )
    for m in w.members:
        await m.slash(w.channel, "league signup")
    await advance_until(simcord_env, lambda: formed(bot, 1), step=60)
    first_end = await ends_at(bot)
    # The game's time per decision lets all its turns fit in the day-long round: 10 turns
    # of 3 players, each taking its whole deadline, within three quarters of 24 hours.
    [lg] = await games_of_round(bot, (await rounds_of(bot))[0]["id"])
    assert lg.game.state.turns * 3 * lg.deadline_hours <= 24 * 0.75
    assert lg.deadline_hours == 0.6

    # A member cannot pause; the organiser can, and the channel is told.
    refused = await w.members[0].slash(w.channel, "league round pause")
    assert refused.ephemeral
    paused = await org.slash(w.channel, "league round pause")
    assert not paused.ephemeral and "paused" in paused.response.content
    twice = await org.slash(w.channel, "league round pause")
    assert twice.ephemeral and "paused already" in twice.response.content
    # Past the round's end, paused: the round is still under way, however long it waits.
    pause = timedelta(days=1, hours=6)
    await simcord_env.advance_time(pause.total_seconds())
    await bot.ai_seats.idle()
    assert [r["status"] for r in await rounds_of(bot)] == ["playing"]

    resumed = await org.slash(w.channel, "league round resume")
    assert not resumed.ephemeral and "resumed" in resumed.response.content
    moved = await ends_at(bot)
    # Moved on by the pause (the commands themselves take a moment of the clock).
    assert pause <= moved - first_end <= pause + timedelta(minutes=5)
    not_paused = await org.slash(w.channel, "league round resume")
    assert not_paused.ephemeral and "not paused" in not_paused.response.content

    extended = await org.slash(w.channel, "league round extend", days=2.0)
    assert not extended.ephemeral and "extended round 1" in extended.response.content
    assert await ends_at(bot) - moved == timedelta(days=2)
    status = await w.members[1].slash(w.channel, "league round status")
    assert status.ephemeral and "Round 1 of 2 is under way" in status.response.content


@pytest.mark.simcord
async def test_the_organiser_sets_the_points_table_and_the_champions_role(simcord_env) -> None:
    w, org = await league_world(simcord_env, 2)
    await open_season(w, org, name="Table", rounds=1, pod=3)
    member = w.members[0]
    shown = await member.slash(w.channel, "league points")
    assert shown.ephemeral and "3 players: 2/1/0" in shown.response.content
    # A member cannot change it; a table that rises, or is not a table, is refused.
    assert (await member.slash(w.channel, "league points", table="3:3,1,0")).ephemeral
    for bad in ("3:0,1,2", "nonsense"):
        refused = await org.slash(w.channel, "league points", table=bad)
        assert refused.ephemeral, bad
    stored = await simcord_env.bot.storage.fetchone("SELECT points FROM seasons")
    assert stored["points"] is None
    changed = await org.slash(w.channel, "league points", table="3:3,1,0")
    assert not changed.ephemeral and "3 players: 3/1/0" in changed.response.content
    stored = await simcord_env.bot.storage.fetchone("SELECT points, champion_role FROM seasons")
    assert "3:3,1,0" in stored["points"]
    role = w.guild.create_role("champion")
    assert (await org.slash(w.channel, "league champion", role=role)).ephemeral
    stored = await simcord_env.bot.storage.fetchone("SELECT champion_role FROM seasons")
    assert stored["champion_role"] == role.id
