"""A finished team game in a server's league (issue 22, item 7): rated as teams by openskill
(partners share their team's place), its final summary with the team scores, and the team
record in the standings and on player cards.

[TEAMS "End of the Game"] "each team's score is the lowest of the two player's scores! The
team with the highest score wins."
"""

from __future__ import annotations

import csv
import io

import discord

from bot.teams import team_places

from .world import game_of, play_until, public, world

SIX = ("ann", "bob", "cyd", "dan", "eve", "fay")


async def test_a_finished_team_game_is_rated_as_teams(simcord_env) -> None:
    w = await world(simcord_env, SIX)
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    organiser = w.guild.add_member(simcord_env.create_user("org"), roles=[role])
    await organiser.slash(w.channel, "league open", name="Teams")
    host, *others = w.members
    await host.slash(w.channel, "sw new", players=6)
    for m in others:
        await m.slash(w.channel, "sw join")
    await host.slash(w.channel, "sw start")
    lg = await game_of(w)
    assert lg.rated and lg.teams
    lg = await play_until(w, lambda s: s.turn.phase == "over", seed=3)
    await simcord_env.bot.announcer.deliver_due()
    result = lg.game.state.result
    places = team_places(result)
    storage = simcord_env.bot.storage
    rows = await storage.fetchall("SELECT * FROM results WHERE game_id = ?", (lg.id,))
    assert len(rows) == 6
    for r in rows:
        # Each seat's row holds its team and the team's place, shared by the partners.
        assert (r["team"], r["rank"]) == places[r["seat"]] and r["mode"] == "teams"
    ratings = {
        r["user_id"]: (r["mu"], r["sigma"], r["wins"])
        for r in await storage.fetchall("SELECT * FROM ratings")
    }
    assert len(ratings) == 6
    for t in range(3):
        a, b = (lg.user_at(s) for s in range(6) if places[s][0] == t)
        # Partners started from the same prior and shared the place: the same new rating.
        assert ratings[a][:2] == ratings[b][:2]
        assert ratings[a][2] == ratings[b][2] == int(places[lg.seat_of(a)][1] == 1)
    # A better team place, a higher new mean (each team as one side of the game).
    mu_by_place = {places[lg.seat_of(uid)][1]: mu for uid, (mu, _, _) in ratings.items()}
    ordered = [mu_by_place[p] for p in sorted(mu_by_place)]
    assert ordered == sorted(ordered, reverse=True) and ordered[0] > 25 > ordered[-1]

    # The final summary: the teams' scores (the lower partner's) and the winning team.
    final = next(m for m in reversed(public(w)) if "Game over" in m.content)
    first = result["teams"][0]
    assert f"**Team {first['team']}** · {first['score']}" in final.content
    assert "winner: **Team " in final.content
    assert "League ratings" in "\n".join(m.content for m in public(w)[-3:])

    # Standings and player cards tell the team record.
    standings = await host.slash(w.channel, "league standings")
    [shot] = standings.followups or [standings.response]
    assert "👥 Team games (won)" in shot.content
    card = await host.slash(w.channel, "league player")
    [shown] = card.followups or [card.response]
    won_games = int(places[lg.seat_of(host.id)][1] == 1)
    assert f"team record: 1 games, {won_games} won" in shown.content

    # The season's export names each seat's team.
    export = await host.slash(w.channel, "league export")
    [attachment] = export.response.attachments
    rows = list(csv.reader(io.StringIO((await attachment.read()).decode())))
    assert rows[0][-1] == "team"
    assert sorted(r[-1] for r in rows if r[0] == "game") == ["A", "A", "B", "B", "C", "C"]
