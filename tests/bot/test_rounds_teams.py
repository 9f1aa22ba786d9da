"""A rounds season of team games (issue 38 §2: "team games by team place"): six members,
two of them signed up as partners, form one 6-player team game of three pairs; at the
round's end each member earns their team's points by the season's table (2/1/0 by team
place), partners alike.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from .rounds_world import games_of_round, league_world, open_season, rounds_of
from .test_rounds_season import _closed, _final_points, advance_until
from .test_rounds_signup import formed


@pytest.mark.simcord(settle_timeout=600)
async def test_a_team_round_scores_each_member_by_their_teams_place(simcord_env) -> None:
    w, org = await league_world(simcord_env, 6)
    bot = simcord_env.bot
    bot.ai_seats.iterations = 2
    opened = await open_season(
        w, org, name="Pairs", rounds=1, days_per_round=0.1, teams=True, starts_in_hours=0.1
    )
    assert "team games of 3 pairs" in opened.response.content
    ann, bob = w.members[:2]
    # Ann and Bob sign up as partners (each names the other); the others alone.
    for me, partner in ((ann, bob), (bob, ann)):
        r = await me.slash(w.channel, "league signup", partner=partner)
        assert r.ephemeral and "signed up" in r.response.content, r.response.content
    for m in w.members[2:]:
        await m.slash(w.channel, "league signup")
    await advance_until(simcord_env, lambda: formed(bot, 1), step=60)
    [r1] = await rounds_of(bot)
    [lg] = await games_of_round(bot, r1["id"])
    assert len(lg.seats) == 6
    await advance_until(simcord_env, lambda: _closed(bot, 1))

    results = await bot.storage.fetchall(
        "SELECT user_id, team, rank FROM results WHERE game_id = ?", (lg.id,)
    )
    teams: dict[int, list[int]] = {}
    for r in results:
        teams.setdefault(r["team"], []).append(r["user_id"])
    # The partners who named each other play in one team.
    assert any(set(members) == {ann.id, bob.id} for members in teams.values())
    standing = await bot.storage.fetchone("SELECT standings FROM seasons")
    points = _final_points(standing["standings"])
    place = {r["user_id"]: r["rank"] for r in results}
    for members in teams.values():
        # Partners share their team's place, and so its points.
        first, second = members
        assert place[first] == place[second]
        assert points[first] == points[second]
    # 2/1/0 by team place, for each of its two members: 6 points in all, unless teams tied.
    if len(set(place.values())) == 3:
        assert sorted(points.values()) == [0, 0, 1, 1, 2, 2]
    assert sum(Fraction(p).limit_denominator() for p in points.values()) == 6
