"""Members a rounds season cannot reach never stop its round (issue 38, "Reliability"): a
member who leaves the server in the middle of a round, a champion's role the bot may not
give, and an organiser whose DMs are closed. The round closes on time, its results and the
champion are posted, and the organiser's word is tried once and given up.
"""

from __future__ import annotations

from typing import Any

import pytest

from .rounds_world import games_of_round, league_world, open_season, posted, rounds_of
from .test_rounds_season import _closed, advance_until
from .test_rounds_signup import formed


async def post_rows(bot: Any) -> list[tuple[str, str, str | None]]:
    """Each post of the season: its kind, what became of it and why."""
    rows = await bot.storage.fetchall("SELECT kind, status, error FROM league_posts ORDER BY id")
    return [(r["kind"], r["status"], r["error"]) for r in rows]


@pytest.mark.simcord(settle_timeout=600)
async def test_a_member_gone_a_role_refused_and_closed_dms_never_stop_the_round(
    simcord_env,
) -> None:
    w, org = await league_world(simcord_env, 3)
    bot = simcord_env.bot
    bot.ai_seats.iterations = 2
    role = w.guild.create_role("champion")
    await open_season(
        w, org, name="Far", rounds=1, days_per_round=0.1, pod=3, starts_in_hours=0.1, role=role
    )
    for m in w.members:
        await m.slash(w.channel, "league signup")
    await advance_until(simcord_env, lambda: formed(bot, 1), step=60)
    # A member leaves in the middle of the round; the bot may not give roles, and the
    # organiser's DMs are closed, from now on.
    gone = w.members[2]
    w.guild.remove_member(gone)
    simcord_env.inject_error(
        "PUT", "/guilds/*/members/*/roles/*", status=403, code=50013,
        message="Missing Permissions", times=None,
    )  # fmt: skip
    simcord_env.inject_error(
        "POST", "/users/@me/channels", status=403, code=50007,
        message="Cannot send messages to this user", times=None,
    )  # fmt: skip

    await advance_until(simcord_env, lambda: _closed(bot, 1))
    [r1] = await rounds_of(bot)
    [lg] = await games_of_round(bot, r1["id"])
    assert (await bot.service.load(lg.id)).status == "over"
    # The round's results name the member who left (their seat played on, and counts).
    [results] = posted(w, "round 1 of 1: results")
    assert gone.mention in results.content
    [crowned] = posted(w, "is the champion of **Far**")
    # The role cannot be given: the champion left, or (the others) the bot may not. Only
    # then is the organiser told, once, by a DM that fails too, and nothing waits on it.
    rows = await post_rows(bot)
    if gone.mention in crowned.content:
        assert rows[-1] == ("role", "failed", "the champion left")
    else:
        assert ("role", "failed", "Discord said 403: Missing Permissions") in rows
        assert [r for r in rows if r[0] == "dm"] == [
            ("dm", "failed", "Discord said 403: Cannot send messages to this user")
        ]
    season = await bot.storage.fetchone("SELECT closed_at FROM seasons")
    assert season["closed_at"] is not None
