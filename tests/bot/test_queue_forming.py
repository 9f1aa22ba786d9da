"""The queue forms games by itself (issue 38, section 1), through the real bot under simcord:
members arrive one by one on a simulated clock; a game forms as soon as enough compatible
members wait, the closest group first; the tolerance widens with the longest wait; each game
opens in its own thread of the season's channel, rated in the season, every player pinged
once; a member at the cap is passed over, one who left the server is taken out at the
game's forming (the bot has no Server Members intent: Discord does not tell it), and a pair
plays a team game together, the others' teams balanced."""

from __future__ import annotations

from typing import Any

import discord

from bot.seasons.balance import TEAM_GAME

from .test_mentions import Pings
from .world import World, world

NAMES = ("ann", "bob", "cyd", "dan", "eve", "fay", "gus", "hal", "ivy")
#: Each member's openskill μ: skills (20 μ) 400 to 700 display points.
MU = {
    "ann": 20.0, "bob": 21.0, "cyd": 30.0, "dan": 31.0, "eve": 20.5, "fay": 29.0,
    "gus": 15.0, "hal": 25.0, "ivy": 35.0,
}  # fmt: skip
HOUR = 3600.0


async def season(env: Any, names: tuple[str, ...] = NAMES) -> tuple[World, Any]:
    """A server whose season is open, its members rated as ``MU`` says."""
    w = await world(env, names)
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    organiser = w.guild.add_member(env.create_user("org"), roles=[role])
    await organiser.slash(w.channel, "league open", name="Autumn")
    current = await env.bot.service.league.current(w.guild.id)
    for m in w.members:
        await env.bot.storage.execute(
            "INSERT INTO ratings (season_id, user_id, mu, sigma, games, wins, updated_at)"
            " VALUES (?, ?, ?, 3.0, 10, 2, '2026-01-01T00:00:00+00:00')",
            (current.id, m.id, MU.get(m.name, 25.0)),
        )
    return w, organiser


def member(w: World, name: str) -> Any:
    return next(m for m in w.members if m.name == name)


async def later(env: Any, seconds: float) -> None:
    """The clock moves on (no deadline pass runs by itself)."""
    env.backend.clock.elapsed += seconds


async def join(w: World, name: str, players: str, **options: Any) -> Any:
    joined = await member(w, name).slash(w.channel, "league queue join", players=players, **options)
    assert not joined.ephemeral, joined.response.content
    return joined


async def games(env: Any) -> list[Any]:
    """The games the queue formed, oldest first, loaded."""
    rows = await env.bot.storage.fetchall(
        "SELECT game_id FROM game_tables WHERE source = 'queue' ORDER BY id"
    )
    return [await env.bot.service.load(r["game_id"]) for r in rows]


def seated(w: World, lg: Any) -> list[str]:
    names = {m.id: m.name for m in w.members}
    return sorted(names[s.user_id] for s in lg.seats)


async def waiting(env: Any) -> list[int]:
    return [r["user_id"] for r in await env.bot.storage.fetchall("SELECT user_id FROM queue")]


async def test_members_arriving_one_by_one_make_the_closest_games(simcord_env, monkeypatch) -> None:
    w, _ = await season(simcord_env)
    bot = simcord_env.bot
    pings = Pings(simcord_env.backend, bot.user.id)
    monkeypatch.setattr(simcord_env.backend, "_mention_state", pings)

    # ann (400), cyd (600), bob (420): three for a game of 3, but 200 apart, wider than the
    # 100 + 25 an hour the longest waiter's 20 minutes allow.
    await join(w, "ann", "3")
    await later(simcord_env, 600)
    await join(w, "cyd", "3")
    await later(simcord_env, 600)
    await join(w, "bob", "3")
    assert await games(simcord_env) == []
    # eve (410) accepts 3 or 4: the closest group is ann, eve, bob (20 apart); cyd waits.
    await later(simcord_env, 600)
    await join(w, "eve", "3,4", deadline_hours=48)
    [first] = await games(simcord_env)
    assert seated(w, first) == ["ann", "bob", "eve"] and first.status == "active"
    assert await waiting(simcord_env) == [member(w, "cyd").id]
    # Its own thread of the season's channel, named for its players; rated in the season;
    # the longest deadline asked for.
    [thread] = w.channel.threads
    assert first.channel_id == thread.id and thread.name.startswith("Queue · ann, bob, eve #")
    current = await bot.service.league.current(w.guild.id)
    assert first.rated and first.season_id == current.id and first.deadline_hours == 48
    # Every player pinged once, and nobody else.
    pinged = sorted(u for _text, users, _r, _e in pings.records for u in users)
    assert pinged == sorted(member(w, n).id for n in ("ann", "bob", "eve")), pings.records

    # dan (620) and fay (580) arrive: cyd, dan, fay are 40 apart.
    await later(simcord_env, 600)
    await join(w, "dan", "3")
    await join(w, "fay", "3")
    assert [seated(w, lg) for lg in await games(simcord_env)][1] == ["cyd", "dan", "fay"]
    assert await waiting(simcord_env) == [] and len(w.channel.threads) == 2

    # gus (300), hal (500), ivy (700) are 400 apart: 100 + 25 an hour reach 400 after 12 hours
    # of gus's wait. The deadline passes form the game then, with nobody joining.
    await join(w, "gus", "3")
    await later(simcord_env, HOUR)
    await join(w, "hal", "3")
    await later(simcord_env, HOUR)
    await join(w, "ivy", "3")
    await later(simcord_env, 10 * HOUR - 60)
    await bot.queue_desk.tick()
    assert len(await games(simcord_env)) == 2
    await later(simcord_env, 120)
    await bot.queue_desk.tick()
    third = (await games(simcord_env))[2]
    assert seated(w, third) == ["gus", "hal", "ivy"] and await waiting(simcord_env) == []


async def test_the_cap_and_a_member_who_left_the_server_hold_no_game_up(simcord_env) -> None:
    w, organiser = await season(simcord_env)
    bot = simcord_env.bot
    await organiser.slash(w.channel, "league queue settings", cap=1)
    await join(w, "ann", "3")
    await join(w, "bob", "3")
    # bob opens a lobby while he waits: at the cap of 1, he is passed over, still waiting.
    await member(w, "bob").slash(w.channel, "sw new", players=4)
    await join(w, "eve", "3")
    assert await games(simcord_env) == []
    three = sorted(member(w, n).id for n in ("ann", "bob", "eve"))
    assert sorted(await waiting(simcord_env)) == three
    # His lobby gone, the next pass forms the game.
    await member(w, "bob").slash(w.channel, "sw cancel")
    await bot.queue_desk.tick()
    [lg] = await games(simcord_env)
    assert seated(w, lg) == ["ann", "bob", "eve"]
    # ann is in a game now: at the cap, she cannot join again.
    capped = await member(w, "ann").slash(w.channel, "league queue join", players="2")
    assert capped.ephemeral and "You are in 1 unfinished games" in capped.response.content

    # dan waits for a game of 2, then leaves the server (the bot is not told). When fay
    # joins, the game is checked first: dan is taken out, fay waits.
    await join(w, "dan", "2")
    w.guild.remove_member(member(w, "dan"))
    await join(w, "fay", "2")
    assert len(await games(simcord_env)) == 1
    assert await waiting(simcord_env) == [member(w, "fay").id]
    await join(w, "cyd", "2")
    assert seated(w, (await games(simcord_env))[1]) == ["cyd", "fay"]


async def test_a_pair_plays_a_team_game_together_and_the_teams_are_balanced(
    simcord_env,
) -> None:
    w, organiser = await season(simcord_env, ("ann", "bob", "cyd", "dan", "eve", "fay"))
    # Six members 220 apart: the organiser lets a game be 250 apart at once.
    await organiser.slash(w.channel, "league queue settings", tolerance=250)
    bob, cyd = member(w, "bob"), member(w, "cyd")
    asked = await bob.slash(w.channel, "league queue join", partner=cyd)
    await cyd.click(asked.response, label="🤝 Team up")
    for name in ("ann", "dan", "eve"):
        await join(w, name, "6")
    assert await games(simcord_env) == []
    # fay makes six: a team game, bob and cyd one team.
    await join(w, "fay", "4,6")
    [lg] = await games(simcord_env)
    assert lg.player_count == TEAM_GAME and lg.teams
    team_of = {s.user_id: s.team for s in lg.seats}
    assert team_of[bob.id] == team_of[cyd.id]
    # The others (ann 400, eve 410 against dan 620, fay 580) are split so that the teams'
    # skills are as close as they can be: each of the two weakest with one of the two
    # strongest.
    ids = {n: member(w, n).id for n in ("ann", "dan", "eve", "fay")}
    assert team_of[ids["ann"]] != team_of[ids["eve"]]
    assert team_of[ids["dan"]] != team_of[ids["fay"]]
    assert await waiting(simcord_env) == []
