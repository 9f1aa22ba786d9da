"""Signing up for a rounds season and withdrawing from it, by taps on the season's opening
message and by the commands (issue 38 §2: "a late member joins from the next round"): who
plays each round follows who was in when it was formed."""

from __future__ import annotations

from typing import Any

import pytest

from .rounds_world import games_of_round, league_world, open_season, rounds_of
from .test_rounds_season import advance_until


async def seated(bot: Any, number: int) -> set[int]:
    """The members seated in round ``number``."""
    round_id = (await rounds_of(bot))[number - 1]["id"]
    return {s.user_id for lg in await games_of_round(bot, round_id) for s in lg.seats}


async def formed(bot: Any, n: int) -> bool:
    """Whether round ``n`` is formed and every one of its tables has its game."""
    rows = await rounds_of(bot)
    waiting = await bot.storage.fetchone(
        "SELECT COUNT(*) AS n FROM game_tables WHERE status = 'waiting'"
    )
    return len(rows) >= n and waiting["n"] == 0


@pytest.mark.simcord(settle_timeout=600)
async def test_members_sign_up_and_withdraw_by_taps_and_a_late_member_joins_next_round(
    simcord_env,
) -> None:
    w, org = await league_world(simcord_env, 5)
    bot = simcord_env.bot
    bot.ai_seats.iterations = 2
    ann, bob, cyd, dan, eve = w.members
    opened = await open_season(
        w, org, name="Spring", rounds=2, days_per_round=0.1, pod=3, starts_in_hours=0.1
    )
    message = opened.response
    # Three members tap Sign up on the season's message; each is answered privately.
    for m in (ann, bob, cyd):
        tapped = await m.click(message, label="✅ Sign up")
        assert tapped.ephemeral and "play from round 1" in tapped.response.content
    again = await ann.click(message, label="✅ Sign up")
    assert again.ephemeral and "signed up already" in again.response.content
    # Eve signs up and withdraws again before the first round: she is not seated.
    await eve.click(message, label="✅ Sign up")
    out = await eve.click(message, label="Withdraw")
    assert out.ephemeral and "withdrawn" in out.response.content
    nothing = await dan.click(message, label="Withdraw")
    assert nothing.ephemeral and "not signed up" in nothing.response.content

    await advance_until(simcord_env, lambda: formed(bot, 1), step=60)
    assert await seated(bot, 1) == {ann.id, bob.id, cyd.id}
    # Round 1 is under way: Dan signs up late (by the command) and plays from round 2; Cyd
    # withdraws and plays no more rounds (her game of round 1 goes on).
    late = await dan.slash(w.channel, "league signup")
    assert late.ephemeral and "play from round 2" in late.response.content
    gone = await cyd.click(message, label="Withdraw")
    assert gone.ephemeral and "withdrawn" in gone.response.content

    await advance_until(simcord_env, lambda: formed(bot, 2))
    assert await seated(bot, 2) == {ann.id, bob.id, dan.id}
