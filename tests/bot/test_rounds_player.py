"""A member of a rounds season on the web and head to head (issue 38 §3: "/league player,
the web pages … know the format: rounds, pods, points"), through a season played by the
real bot under simcord: six members, two rounds of two pods of three, formed at each
round's start and played out by the AI stand-ins.

The web standings link each name to the member's page: their line of the standings, then
each round's game with everyone at it, by place, with the points each earned (the default
table: 2/1/0 at a table of three), the others linked to their own pages. ``/league player
member: versus:`` shows the member's rounds and, below, every game the two sat in together
with each one's place and points, and how often each finished ahead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.seasons.points import game_points, show_points
from bot.web import links
from bot.web.app import Site, application

from .rounds_world import games_of_round, league_world, open_season, rounds_of, sign_up
from .test_rounds_season import _closed, advance_until
from .test_web_pages import draw, links_of

ROW = re.compile(
    r'<tr><td class="n">(\d+)</td>\s*<td>(?:<strong>([^<]+)</strong>|<a href="([^"]+)">'
    r'([^<]+)</a>)(?: <span class="muted">\([^)]*\)</span>)?</td>\s*<td class="n">\+([^<]+)</td>'
)


@dataclass(frozen=True)
class Sat:
    """A member's game of a round as the database recorded it."""

    round: int
    game_id: int
    thread_id: int
    #: Everyone's place and the points it earned, by user id.
    places: dict[int, int]
    points: dict[int, Any]


async def played_season(env: Any) -> tuple[Any, Any, list[Sat]]:
    """Six members, two rounds of pods of three, played to the season's end; the world,
    the organiser and every game of the rounds as recorded."""
    w, org = await league_world(env, 6)
    bot = env.bot
    bot.ai_seats.iterations = 2
    await open_season(w, org, name="Duel", rounds=2, days_per_round=0.1, pod=3, starts_in_hours=0.1)
    await sign_up(w, w.members)
    await advance_until(env, lambda: _closed(bot, 2), step=300, most=120)
    out = []
    for number, r in enumerate(await rounds_of(bot), start=1):
        for lg in await games_of_round(bot, r["id"]):
            rows = await bot.storage.fetchall(
                "SELECT user_id, rank FROM results WHERE game_id = ?", (lg.id,)
            )
            places = {row["user_id"]: row["rank"] for row in rows}
            out.append(Sat(number, lg.id, lg.channel_id, places, game_points(places)))
    assert [len(s.places) for s in out] == [3, 3, 3, 3]
    return w, org, out


@pytest.mark.simcord(settle_timeout=600)
async def test_a_members_rounds_on_the_web_and_head_to_head_in_discord(simcord_env) -> None:
    # One season played (the slow part), seen both ways: Discord first, as the web part
    # ends by turning the server French.
    w, org, games = await played_season(simcord_env)
    await versus_in_discord(w, org, games)
    await pages_on_the_web(simcord_env, w, games)


async def pages_on_the_web(simcord_env: Any, w: Any, games: list[Sat]) -> None:
    """The web standings link each member to their rounds (see the module's docstring)."""
    bot = simcord_env.bot
    names = {m.id: m.name for m in w.members}
    secret = await links.secret_for(bot.storage, w.guild.id, datetime.now(UTC))
    root = f"/s/{secret}/league/1"
    client = TestClient(TestServer(application(Site(bot.service, draw))))
    await client.start_server()
    try:
        standings = await (await client.get(root)).text()
        # Every name of the standings links to that member's page.
        for m in w.members:
            assert f'<a href="{root}/player/{m.id}">{m.name}</a>' in standings
        assert set(links_of(standings).hrefs) >= {f"{root}/player/{m.id}" for m in w.members}
        # The rounds' threads are in a channel everyone sees: their games have pages.
        rows = await bot.storage.fetchall("SELECT id FROM games WHERE listed = 1")
        assert {r["id"] for r in rows} == {s.game_id for s in games}
        for m in w.members:
            page = await (await client.get(f"{root}/player/{m.id}")).text()
            assert f"<h1>{m.name}</h1>" in page and f'href="{root}"' in page
            mine = [s for s in games if m.id in s.places]
            assert len(mine) == 2
            total = sum((s.points[m.id] for s in mine), 0)
            assert f'<td>Points</td><td class="n">{show_points(total)}</td>' in page
            assert '<td>Rounds played</td><td class="n">2</td>' in page
            sections = page.split("<h2>")[1:]
            assert [s.split("</h2>")[0] for s in sections] == ["Round 1", "Round 2"]
            for sat, section in zip(mine, sections, strict=True):
                players = len(sat.places)
                mark = show_points(sat.points[m.id])
                assert f"place {sat.places[m.id]} of {players}, +{mark}" in section
                # Everyone at the game, by place, with their points; the others linked.
                rows = ROW.findall(section)
                assert len(rows) == players
                for place, me, href, other, points in rows:
                    uid = m.id if me else int(href.rsplit("/", 1)[1])
                    assert (me or other) == names[uid]
                    assert href == ("" if uid == m.id else f"{root}/player/{uid}")
                    assert int(place) == sat.places[uid]
                    assert points == show_points(sat.points[uid])
                assert [int(r[0]) for r in rows] == sorted(sat.places.values())
                assert f'<a href="/s/{secret}/game/{sat.game_id}">the game</a>' in section
                assert (await client.get(f"/s/{secret}/game/{sat.game_id}")).status == 200
        # Somebody never seen here, or another season: no page.
        assert (await client.get(f"{root}/player/12345")).status == 404
        assert (await client.get(f"/s/{secret}/league/2/player/{w.members[0].id}")).status == 404
        # In French, on a French server.
        await bot.service.languages.choose(w.guild.id, "fr", None)
        first = w.members[0]
        page = await (await client.get(f"{root}/player/{first.id}")).text()
        assert '<html lang="fr">' in page and "<h2>Ronde 1</h2>" in page
        assert "Points gagnés" in page and "← classement" in page
        sat = next(s for s in games if first.id in s.places)
        assert f"place {sat.places[first.id]} sur 3, +" in page
    finally:
        await client.close()


async def versus_in_discord(w: Any, org: Any, games: list[Sat]) -> None:
    """``/league player member: versus:`` shows the games two members sat in together."""
    # Two pods of three twice over: some two members met in both rounds (a pod of round 1
    # cannot spread over two pods of round 2 without two of its three meeting again).
    pairs = [(a, b) for a in w.members for b in w.members if a.id < b.id]
    together = {
        (a, b): [s for s in games if a.id in s.places and b.id in s.places] for a, b in pairs
    }
    (ann, bob), met = next((p, s) for p, s in together.items() if len(s) == 2)
    shown = await org.slash(w.channel, "league player", member=ann, versus=bob)
    assert not shown.ephemeral
    text = "\n".join(m.content for m in [shown.response, *shown.followups])
    # The member's rounds first, then the head to head.
    assert f"**{ann.name}** · Duel: rank" in text and "2 rounds played" in text
    assert text.index("Round 1: place") < text.index(f"**{ann.name} against")
    assert f"**{ann.name} against {bob.name}** in Duel" in text
    for sat in met:
        assert (
            f"Round {sat.round} (<#{sat.thread_id}>): {ann.name} place "
            f"{sat.places[ann.id]}, +{show_points(sat.points[ann.id])} · {bob.name} "
            f"place {sat.places[bob.id]}, +{show_points(sat.points[bob.id])}"
        ) in text
    ahead = sum(s.places[ann.id] < s.places[bob.id] for s in met)
    behind = sum(s.places[ann.id] > s.places[bob.id] for s in met)
    times = {0: "0 times", 1: "1 time", 2: "2 times"}
    assert (
        f"2 games together: {ann.name} finished ahead {times[ahead]}, "
        f"{bob.name} {times[behind]}, level {times[2 - ahead - behind]}."
    ) in text
    # Two members who never sat together are told so, after the member's card.
    (cyd, dan), _none = next((p, s) for p, s in together.items() if not s)
    apart = await cyd.slash(w.channel, "league player", member=cyd, versus=dan)
    assert "rounds played" in apart.response.content
    assert "They have not sat in one game of this season's rounds yet." in apart.response.content
    # Against themselves: a short refusal only they read.
    refused = await ann.slash(w.channel, "league player", versus=ann)
    assert refused.ephemeral and "Pick a member other than" in refused.response.content
    # The organiser played no round: no card, whoever they are compared with.
    nobody = await org.slash(w.channel, "league player", versus=ann)
    assert nobody.ephemeral and "plays no round of this season" in nobody.response.content
