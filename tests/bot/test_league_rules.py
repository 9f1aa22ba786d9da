"""League rules through the real bot: who a replaced seat's result belongs to, AI seats out
of the server's win rates, provisional players without a rank number."""

from __future__ import annotations

import re

import discord
import pytest

import renderer
from bot import stats
from engine import to_act
from renderer.league import COL_RANK, ROW, compose_standings

from .world import World, game_of, play_until, started_game, world


async def organised(env) -> tuple[World, object]:
    """Four members and an organiser (Manage Server)."""
    w = await world(env, ("ann", "bob", "cyd", "dan"))
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    organiser = w.guild.add_member(env.create_user("org"), roles=[role])
    return w, organiser


async def test_a_replaced_seat_counts_for_the_member_who_finishes_it(simcord_env) -> None:
    """README, "Server leagues": the seat's result, and its rating change in a rated game,
    belong to the member who holds the seat when the game ends; the member who left gets
    nothing for that game (neither a win nor a loss), and the game stays rated."""
    w, organiser = await organised(simcord_env)
    ann, bob, cyd, dan = w.members
    await organiser.slash(w.channel, "league open", name="Spring")
    lg = await started_game(w, players=3)
    assert lg.rated
    seat = lg.seat_of(bob.id)
    await play_until(w, lambda s: s.round >= 3, seed=2)
    r = await ann.slash(w.channel, "sw replace", player=bob, by=dan)
    assert r.ephemeral and r.response.content == "Done."
    lg = await play_until(w, lambda s: s.turn.phase == "over", seed=2)
    assert lg.rated
    storage = simcord_env.bot.storage
    results = await storage.fetchall("SELECT * FROM results WHERE game_id = ?", (lg.id,))
    assert {r["seat"]: r["user_id"] for r in results}[seat] == dan.id
    assert bob.id not in {r["user_id"] for r in results}
    assert all(r["rated"] for r in results)
    events = await storage.fetchall("SELECT * FROM rating_events WHERE game_id = ?", (lg.id,))
    assert sorted(e["user_id"] for e in events) == sorted([ann.id, cyd.id, dan.id])
    season = await simcord_env.bot.service.league.current(w.guild.id)
    rated = await storage.fetchall("SELECT user_id FROM ratings WHERE season_id = ?", (season.id,))
    assert bob.id not in {r["user_id"] for r in rated}
    # The game's story still says who played the seat before.
    status = (await ann.slash(w.channel, "sw status")).response.content
    assert f"<@{dan.id}> took over seat {seat + 1} from <@{bob.id}>" in status


@pytest.mark.simcord(settle_timeout=60)
async def test_ai_seats_are_left_out_of_the_servers_win_rates(simcord_env) -> None:
    """An AI seat's results (a negative user id) are not a member's: ``/league stats``
    counts the three members of a finished game with an AI seat, not four."""
    w, _organiser = await organised(simcord_env)
    w.env.bot.ai_seats.iterations = 4
    ann, bob, cyd, _dan = w.members
    await ann.slash(w.channel, "sw new", players=4)
    await bob.slash(w.channel, "sw join")
    await cyd.slash(w.channel, "sw join")
    await ann.slash(w.channel, "sw addai", level="easy")
    await ann.slash(w.channel, "sw start")
    await w.env.bot.ai_seats.idle()
    while (lg := await game_of(w)).status == "active":
        seat = to_act(lg.game.state)
        member = w.member(lg.user_at(seat))
        if lg.game.state.turn.phase == "pick":
            await member.slash(w.channel, "sw pick", slot=1)
        await member.slash(w.channel, "sw end")
        await w.env.bot.ai_seats.idle()
    rows = await simcord_env.bot.service.league.result_rows(w.guild.id)
    assert len(rows) == 4 and sum(r["user_id"] < 0 for r in rows) == 1
    assert len(stats.members_only(rows)) == 3
    shown = (await ann.slash(w.channel, "league stats", by="map")).response.content
    line = next(x for x in shown.splitlines() if x.endswith(lg.map_id))
    games = int(re.search(r"%\s+(\d+)\s", line)[1])
    assert games == 3, line  # four with the AI's row
    assert "AI seats' results" in shown


async def test_provisional_players_are_listed_without_a_rank_number(
    simcord_env, monkeypatch
) -> None:
    """After one rated game every player is provisional (fewer than 5 games): the standings
    image lists them apart, each with a dash where a rank goes, never "0"."""
    w, organiser = await organised(simcord_env)
    drawn = []
    real = renderer.render_standings

    def spy(data):
        drawn.append(compose_standings(data))
        return real(data)

    monkeypatch.setattr(renderer, "render_standings", spy)
    await organiser.slash(w.channel, "league open", name="Spring")
    await started_game(w, players=3)
    await play_until(w, lambda s: s.turn.phase == "over", seed=4)
    await simcord_env.bot.announcer.deliver_due()
    await w.members[0].slash(w.channel, "league standings")
    [composed] = drawn
    names = [t for t in composed.texts if t.text in {"ann", "bob", "cyd"}]
    assert len(names) == 3
    for name in names:
        cy = (name.box[1] + name.box[3]) / 2
        rank = [
            t.text
            for t in composed.texts
            if t.box[0] <= COL_RANK <= t.box[2] and abs((t.box[1] + t.box[3]) / 2 - cy) < ROW / 3
        ]
        assert rank == ["–"], (name.text, rank)
