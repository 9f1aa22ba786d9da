"""A whole season of scheduled rounds through the real bot under simcord (issue 38, "Done
when"): 12 members, 3 rounds of 3 pods of 4 on the Underground, played to its champion.

Some moves are taps on the members' ▶ Play panels; the rest are deadline defaults and the
AI that stands in for members who miss two in a row, driven by the simulated clock. A
member away for a day stalls their game until the round's end, which the AI finishes; a
substitute takes a seat over (``/sw replace``) and earns its points; the organiser drops a
member who missed every deadline of a round; a member who left the server is not seated
again. After each round its results and the standings (text and picture) are posted, and
after the last one the champion is announced and given the season's role.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from datetime import UTC, datetime
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.web import links
from bot.web.app import Site, application
from engine import to_act

from .rounds_world import games_of_round, league_world, open_season, posted, rounds_of, sign_up
from .test_mentions import Pings
from .test_taps import choices, tap
from .test_web_pages import draw

#: The rounds' length in days (2.4 hours: each decision gets the shortest deadline).
DAYS = 0.1
#: Points a 4-player and a 3-player game hand out by the default table.
HANDED_OUT = {4: 3 + 2 + 1, 3: 2 + 1}


async def advance_until(env: Any, check: Any, step: float = 600, most: int = 60) -> None:
    """Move the clock on ``step`` seconds at a time, the AI playing what it owes between
    steps, until ``await check()`` holds."""
    for _ in range(most):
        if await check():
            return
        await env.advance_time(step)
        await env.bot.ai_seats.idle()
    raise AssertionError("the season did not get there")


def thread_of(w: Any, lg: Any) -> Any:
    """The thread a game is played in."""
    return next(t for t in w.channel.threads if t.id == lg.channel_id)


async def tap_a_turn(w: Any, lg: Any) -> None:
    """The member to act plays their turn on their ▶ Play panel: pick the first combo,
    then the first action offered until the turn ends."""
    thread = thread_of(w, lg)
    seat = to_act(lg.game.state)
    member = w.member(lg.user_at(seat))
    message = next(
        m
        for m in reversed(thread.history())
        if any(getattr(i, "label", None) == "▶ Play" for row in m.components for i in row.children)
    )
    panel = (await member.click(message, label="▶ Play")).response
    turn = (lg.game.state.round, lg.game.state.turn.seat)
    for _ in range(40):
        options = [c for c in choices(panel) if c[2].startswith("a=")]
        ends = [c for c in options if c[2] in ("a=end", "a=stop|end")]
        picks = [c for c in options if c[2].startswith("a=pick")]
        safe = [c for c in options if not c[2].startswith(("a=decline", "a=abandon", "a=move"))]
        panel = (await tap(member, panel, (ends or picks or safe or options)[0])).response or panel
        now = (await w.env.bot.service.load(lg.id)).game.state
        if (now.round, now.turn.seat) != turn:
            return
    raise AssertionError("the turn did not end")


def expected_total(games: list[Any]) -> int:
    """The points a round's games hand out (no tie shares them differently in total)."""
    return sum(HANDED_OUT[len(lg.seats)] for lg in games)


@pytest.mark.simcord(settle_timeout=600)
async def test_a_season_of_three_rounds_plays_to_its_champion(simcord_env, monkeypatch) -> None:
    w, org = await league_world(simcord_env, 13)
    bot = simcord_env.bot
    bot.ai_seats.iterations = 2
    pings = Pings(simcord_env.backend, bot.user.id)
    monkeypatch.setattr(simcord_env.backend, "_mention_state", pings)
    players, substitute = w.members[:12], w.members[12]
    role = w.guild.create_role("champion")
    opened = await open_season(
        w, org, name="Autumn", rounds=3, days_per_round=DAYS, pod=4, world="underground",
        starts_in_hours=0.1, role=role,
    )  # fmt: skip
    assert "3 rounds" in opened.response.content and "/league signup" in opened.response.content
    await sign_up(w, players)

    # Round 1 starts at its scheduled moment: 3 pods of 4, each in a thread of its own.
    await advance_until(simcord_env, lambda: _rounds(bot, 1), step=60)
    [r1] = await rounds_of(bot)
    games = await games_of_round(bot, r1["id"])
    assert [len(lg.seats) for lg in games] == [4, 4, 4]
    assert sorted(s.user_id for lg in games for s in lg.seats) == sorted(m.id for m in players)
    assert all(lg.map_id.startswith("swu-") and lg.rated for lg in games)
    assert sorted(t.name for t in w.channel.threads) == sorted(
        f"Autumn · round 1 · game {i} #{lg_table}"
        for i, lg_table in enumerate(await _table_ids(bot, r1["id"]), start=1)
    )
    # Each game's first player plays their turn by taps; a member of the last game is away
    # for a day, which stalls that game until the round's end.
    for lg in games:
        await tap_a_turn(w, lg)
    away = w.member(games[2].seats[0].user_id)
    assert not (await away.slash(thread_of(w, games[2]), "sw away", days=1.0)).ephemeral
    await advance_until(simcord_env, lambda: _closed(bot, 1))
    stalled = await bot.service.load(games[2].id)
    assert stalled.status == "over" and not stalled.rated
    [results] = posted(w, "round 1 of 3: results")
    assert all(f"<#{lg.channel_id}>" in results.content for lg in games)
    [standings] = posted(w, "standings after round 1 of 3")
    assert [a.filename for a in standings.attachments] == ["standings.png"]
    total = expected_total(games)

    # Round 2: Swiss pods, with as few repeat meetings as 12 members in pods of 4 allow (4
    # members of a game cannot sit in 3 pods without two of them meeting again).
    await advance_until(simcord_env, lambda: _rounds(bot, 2))
    r2 = (await rounds_of(bot))[1]
    games2 = await games_of_round(bot, r2["id"])
    met = {frozenset(p) for lg in games for p in combinations([s.user_id for s in lg.seats], 2)}
    again = [p for lg in games2 for p in combinations([s.user_id for s in lg.seats], 2)]
    assert sum(frozenset(p) in met for p in again) == 3
    # A member plays their turn by taps again; the organiser hands a seat to a substitute,
    # who plays on and earns its points.
    tapped = w.member(games2[1].user_at(to_act(games2[1].game.state)))
    await tap_a_turn(w, games2[1])
    leaver = games2[0].seats[1].user_id
    thread = thread_of(w, games2[0])
    await org.slash(thread, "sw replace", player=w.member(leaver), by=substitute)
    assert any(f"{substitute.mention} takes over" in m.content for m in thread.history())
    await advance_until(simcord_env, lambda: _games_over(bot, games2), step=300)
    # A member who made no move of their own in round 2 is dropped by the organiser; one who
    # did cannot be.
    seats = (await bot.service.load(games2[1].id)).seats
    idle = [s.user_id for s in seats if not await _own_moves(bot, games2[1].id, s.user_id)].pop()
    refused = await org.slash(w.channel, "league round drop", member=tapped)
    assert refused.ephemeral and "did not miss every deadline" in refused.response.content
    dropped = await org.slash(w.channel, "league round drop", member=w.member(idle))
    assert not dropped.ephemeral and "dropped" in dropped.response.content
    await advance_until(simcord_env, lambda: _closed(bot, 2))
    total += expected_total(games2)
    [sub_rank] = await bot.storage.fetchall(
        "SELECT rank FROM results WHERE game_id = ? AND user_id = ?", (games2[0].id, substitute.id)
    )
    ranks = await bot.storage.fetchall(
        "SELECT rank FROM results WHERE game_id = ?", (games2[0].id,)
    )

    # A member leaves the server before round 3: not seated, and the round plays on.
    gone = next(m for m in players if m.id not in (idle, leaver, away.id))
    w.guild.remove_member(gone)
    await advance_until(simcord_env, lambda: _rounds(bot, 3))
    r3 = (await rounds_of(bot))[2]
    games3 = await games_of_round(bot, r3["id"])
    seated = sorted(s.user_id for lg in games3 for s in lg.seats)
    assert len(seated) == 10 and not {gone.id, idle, substitute.id} & set(seated)
    assert sorted(len(lg.seats) for lg in games3) == [3, 3, 4]
    await advance_until(simcord_env, lambda: _closed(bot, 3))
    total += expected_total(games3)

    # The final standings, the champion and the role.
    [final] = posted(w, "Autumn: final standings")
    assert [a.filename for a in final.attachments] == ["standings.png"]
    lines = [line for line in final.content.splitlines() if line[:1].isdigit()]
    assert lines[0].startswith("1. ")
    [champion_line] = posted(w, "is the champion of **Autumn**")
    champion = int(champion_line.content.split("<@")[1].split(">")[0])
    assert f"<@{champion}>" in lines[0]
    pinged = [users for content, users, _r, _e in pings.records if "is the champion" in content]
    assert pinged == [[champion]]
    member = simcord_env.backend.get_guild(w.guild.id).members[champion]
    assert role.id in member.role_ids
    # Every point handed out is in the standings, the substitute's included.
    standing = await bot.storage.fetchone("SELECT standings, closed_at FROM seasons")
    assert standing["closed_at"] is not None
    table = _final_points(standing["standings"])
    assert sum(table.values()) == total
    if [r["rank"] for r in ranks].count(sub_rank["rank"]) == 1:
        assert table[substitute.id] == (3, 2, 1, 0)[sub_rank["rank"] - 1]
    assert substitute.id in table
    # Each post went out once.
    contents = [m.content for m in w.channel.history() if not m.flags.ephemeral]
    assert all(n == 1 for c, n in Counter(contents).items() if "Autumn" in c), contents
    # /league standings, /league player and the export know the season's points.
    shown = await org.slash(w.channel, "league standings")
    [table_msg] = shown.followups or [shown.response]
    assert "Autumn: final standings" in table_msg.content
    [picture] = table_msg.attachments
    assert picture.filename == "standings.png" and "points" in picture.description
    card = (await org.slash(w.channel, "league player", member=w.member(champion))).response
    assert "rank 1" in card.content and "rounds played" in card.content, card.content
    assert "Round 1: place" in card.content and "opponents' points" in card.content
    export = await org.slash(w.channel, "league export")
    [csv_file] = export.response.attachments
    rows = list(csv.DictReader(io.StringIO((await csv_file.read()).decode())))
    assert sum(float(r["points"]) for r in rows if r["section"] == "game") == total
    ranked = [r for r in rows if r["section"] == "points"]
    assert ranked[0]["rank"] == "1" and int(ranked[0]["player_id"]) == champion
    assert {r["round"] for r in rows if r["section"] == "game"} == {"1", "2", "3"}
    # The web page of the season's standings shows the same points and order.
    secret = await links.secret_for(bot.storage, w.guild.id, datetime.now(UTC))
    client = TestClient(TestServer(application(Site(bot.service, draw))))
    await client.start_server()
    try:
        page = await (await client.get(f"/s/{secret}/league/1")).text()
    finally:
        await client.close()
    named = await bot.storage.fetchone(
        "SELECT name FROM season_members WHERE user_id = ? UNION ALL"
        " SELECT name FROM seats WHERE user_id = ?",
        (champion, champion),
    )
    top = named["name"]
    assert "Opponents&#39; points" in page
    link = f'<a href="/s/{secret}/league/1/player/{champion}">{re.escape(top)}</a>'
    assert re.search(rf'<td class="n">1</td>\s*<td>{link}</td>', page)


async def _rounds(bot: Any, n: int) -> bool:
    """Whether round ``n`` is formed and its games opened."""
    if len(await rounds_of(bot)) < n:
        return False
    row = await bot.storage.fetchone(
        "SELECT COUNT(*) AS n FROM game_tables WHERE status = 'waiting'"
    )
    return row["n"] == 0


async def _closed(bot: Any, n: int) -> bool:
    rows = await rounds_of(bot)
    posts = await bot.storage.fetchone(
        "SELECT COUNT(*) AS n FROM league_posts WHERE status = 'pending'"
    )
    return len(rows) >= n and rows[n - 1]["status"] == "closed" and posts["n"] == 0


async def _games_over(bot: Any, games: list[Any]) -> bool:
    return all([(await bot.service.load(lg.id)).status == "over" for lg in games])


async def _table_ids(bot: Any, round_id: int) -> list[int]:
    rows = await bot.storage.fetchall(
        "SELECT id FROM game_tables WHERE source = 'round' AND source_id = ? ORDER BY id",
        (round_id,),
    )
    return [r["id"] for r in rows]


async def _own_moves(bot: Any, game_id: int, user_id: int) -> int:
    row = await bot.storage.fetchone(
        "SELECT COUNT(*) AS n FROM actions WHERE game_id = ? AND user_id = ? AND auto = 0",
        (game_id, user_id),
    )
    return int(row["n"])


def _final_points(text: str) -> dict[int, float]:
    return {r["user_id"]: float(Fraction(r["points"])) for r in json.loads(text)}
