"""A server's league through the real bot: a season, three rated games, standings, a
player card, stats, the archive, a replay and the export; ratings written exactly once."""

from __future__ import annotations

import csv
import io

import discord
import pytest

from bot import ratings
from bot.ratings import Rating

from .world import World, game_of, play_until, started_game, world


async def league_world(env) -> tuple[World, object]:
    """A server with an organiser (Manage Server) and three plain members."""
    w = await world(env)
    role = w.guild.create_role("organisers", permissions=discord.Permissions(manage_guild=True))
    organiser = w.guild.add_member(env.create_user("org"), roles=[role])
    return w, organiser


async def finish(w: World, seed: int) -> object:
    """Play the channel's game to its end through the service (random legal moves)."""
    return await play_until(w, lambda s: s.turn.phase == "over", seed=seed)


async def test_a_season_of_three_rated_games(simcord_env) -> None:
    w, organiser = await league_world(simcord_env)
    ann = w.members[0]
    # Members without Manage Server cannot open a season.
    refused = await ann.slash(w.channel, "league open", name="Autumn")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    opened = await organiser.slash(w.channel, "league open", name="Autumn", days=30)
    assert not opened.ephemeral and "Autumn" in opened.response.content
    again = await organiser.slash(w.channel, "league open", name="Winter")
    assert again.ephemeral and "already open" in again.response.content

    for seed in (1, 2, 3):
        await started_game(w)
        lg = await game_of(w)
        assert lg.rated
        if seed == 1:
            # Someone not seated cannot play, so cannot move anyone's rating.
            version = lg.game.state.version
            r = await organiser.slash(w.channel, "sw do", action="pick 1")
            assert r.ephemeral and "not playing" in r.response.content
            assert (await game_of(w)).game.state.version == version
        await finish(w, seed)
        await simcord_env.bot.announcer.deliver_due()
    # An unrated game (the host says so) is in the archive but not in the ratings.
    await started_game(w, rated=False)
    unrated = await game_of(w)
    assert not unrated.rated
    await finish(w, 4)
    await simcord_env.bot.announcer.deliver_due()

    # Each rated game's final message tells the rating changes; the unrated one does not.
    told = [m for m in w.channel.history() if "League ratings" in m.content]
    assert len(told) == 3 and all("→" in m.content for m in told)
    storage = simcord_env.bot.storage
    season = await simcord_env.bot.service.league.current(w.guild.id)
    rows = await storage.fetchall("SELECT * FROM ratings WHERE season_id = ?", (season.id,))
    assert sorted(r["user_id"] for r in rows) == sorted(m.id for m in w.members)
    assert all(r["games"] == 3 for r in rows)
    assert sum(r["wins"] for r in rows) >= 3
    events = await storage.fetchall("SELECT * FROM rating_events")
    assert len(events) == 9  # three players, three rated games, once each
    results = await storage.fetchall("SELECT * FROM results")
    assert len(results) == 12 and sum(r["rated"] for r in results) == 9

    standings = await ann.slash(w.channel, "league standings")
    [shot] = standings.followups or [standings.response]
    assert "Autumn" in shot.content
    assert [a.filename for a in shot.attachments] == ["standings.png"]

    card = await ann.slash(w.channel, "league player", versus=w.members[1])
    [shown] = card.followups or [card.response]
    assert [a.filename for a in shown.attachments] == ["player.png"]
    assert "Autumn" in shown.content
    # Against themselves: a short refusal only they read, and no card.
    alone = await ann.slash(w.channel, "league player", versus=ann)
    assert alone.ephemeral and not alone.followups
    assert "Pick a member other than" in alone.response.content

    stats = await ann.slash(w.channel, "league stats", by="map")
    assert "sw-3p" in stats.response.content and "4 finished games" in stats.response.content

    games = await ann.slash(w.channel, "league games")
    assert games.ephemeral and f"#{unrated.id}" in games.response.content

    replay = await ann.slash(w.channel, "league replay", game=unrated.id)
    [anim] = replay.followups or [replay.response]
    assert anim.attachments and anim.attachments[0].filename.startswith(f"game-{unrated.id}.")

    export = await ann.slash(w.channel, "league export")
    [attachment] = export.response.attachments
    text = (await attachment.read()).decode()
    lines = list(csv.reader(io.StringIO(text)))
    assert sum(1 for row in lines if row[0] == "game") == 9
    assert sum(1 for row in lines if row[0] == "rating") == 3

    closed = await organiser.slash(w.channel, "league close")
    [final] = closed.followups or [closed.response]
    assert "Final standings" in final.content
    assert await simcord_env.bot.service.league.current(w.guild.id) is None
    # The closed season keeps its final table, and its standings can still be shown.
    [kept] = await simcord_env.bot.service.league.seasons(w.guild.id)
    assert sorted(r["user_id"] for r in kept.standings) == sorted(m.id for m in w.members)
    later = await ann.slash(w.channel, "league standings", season="Autumn")
    assert (later.followups or [later.response])[0].attachments
    # Games opened now are unrated: no season is open.
    await started_game(w)
    assert not (await game_of(w)).rated


async def test_ratings_are_written_exactly_once_even_after_a_crash(simcord_env, db_path) -> None:
    """The result and the rating changes go in the transaction of the game's last action:
    a crash before it leaves nothing; replaying the end after a restart rates once."""
    from .conftest import make_bot

    w, organiser = await league_world(simcord_env)
    await organiser.slash(w.channel, "league open", name="Crash test")
    await started_game(w)
    lg = await play_until(w, lambda s: s.round == s.turns and s.turn.seat == 2, seed=7)
    service = simcord_env.bot.service
    league = service.league
    real = league.record_game

    async def dies(*args, **kwargs):
        await real(*args, **kwargs)
        raise RuntimeError("the process died before the commit")

    league.record_game = dies
    with pytest.raises(RuntimeError):
        await play_until(w, lambda s: s.turn.phase == "over", seed=8)
    storage = simcord_env.bot.storage
    assert await storage.fetchall("SELECT * FROM rating_events") == []
    assert await storage.fetchall("SELECT * FROM results") == []
    assert (await storage.fetchone("SELECT status FROM games WHERE id = ?", (lg.id,)))[
        0
    ] == "active"
    # A new process finishes the game: rated once.
    await simcord_env.restart_bot(make_bot(db_path))
    await play_until(w, lambda s: s.turn.phase == "over", seed=8)
    storage = simcord_env.bot.storage
    events = await storage.fetchall("SELECT * FROM rating_events")
    assert len(events) == 3
    # Recording the same game again changes nothing (keyed by the game).
    lg = await game_of(w)
    users = {s.seat: s.user_id for s in lg.seats}
    async with storage.transaction() as tx:
        await simcord_env.bot.service.league.record_game(
            tx, lg.id, lg.game, users, simcord_env.now()
        )
    assert len(await storage.fetchall("SELECT * FROM rating_events")) == 3
    rows = await storage.fetchall("SELECT * FROM ratings")
    assert all(r["games"] == 1 for r in rows)
    # The stored ratings are the rating math's own result for this ranking.
    ranks = {r["user_id"]: r["rank"] for r in await storage.fetchall("SELECT * FROM results")}
    order = sorted(ranks)
    expected = ratings.rate([[(u, ratings.DEFAULT)] for u in order], [ranks[u] for u in order])
    for r in rows:
        assert Rating(r["mu"], r["sigma"]) == expected[r["user_id"]]


async def test_a_season_closes_by_itself_at_its_end_and_posts_its_standings(simcord_env) -> None:
    w, organiser = await league_world(simcord_env)
    await organiser.slash(w.channel, "league open", name="Sprint", days=1)
    refused = await w.members[0].slash(w.channel, "league close")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    # The planned end passes (moved into the past rather than waiting a simulated day).
    async with simcord_env.bot.storage.transaction() as tx:
        await tx.execute("UPDATE seasons SET ends_at = '2000-01-01T00:00:00+00:00'")
    await simcord_env.bot.league_desk.close_due()
    assert await simcord_env.bot.service.league.current(w.guild.id) is None
    posted = w.channel.last_message
    assert "Final standings · Sprint" in posted.content
    assert [a.filename for a in posted.attachments] == ["standings.png"]


async def test_standings_are_paged_past_20_players(tmp_path) -> None:
    """Ranked players 20 a page; the provisional ones listed apart on the last page."""
    import importlib.util
    from datetime import UTC, datetime
    from pathlib import Path
    from types import SimpleNamespace

    from bot.league import League
    from bot.league_desk import LeagueDesk
    from bot.storage import SqliteStorage

    path = Path(__file__).resolve().parents[2] / "bench" / "league.py"
    spec = importlib.util.spec_from_file_location("bench_league", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    storage = SqliteStorage(tmp_path / "league.sqlite3")
    await storage.open()
    await bench.populate(storage, players=70, games=100, seed=3)
    clock = lambda: datetime(2026, 12, 1, tzinfo=UTC)  # noqa: E731
    service = SimpleNamespace(storage=storage, league=League(storage, clock), clock=clock)
    desk = LeagueDesk(service, SimpleNamespace(get_user=lambda _uid: None))
    season = await service.league.season_named(1, None)
    table = await service.league.standings(season)
    ranked = [s for s in table if not s.provisional]
    pages = -(-len(ranked) // 20)
    assert pages >= 2 and any(s.provisional for s in table)
    first, _ = await desk.standings_message(None, season, 1)
    last, _ = await desk.standings_message(None, season, pages)
    assert f"(page 1/{pages})" in first and f"(page {pages}/{pages})" in last
    # Best first: the first page starts with the highest rating.
    assert f"· {ranked[0].rating}" in first.splitlines()[1]
    await storage.close()


async def test_games_finished_before_the_league_are_in_the_archive(simcord_env, db_path) -> None:
    from .conftest import make_bot

    w = await world(simcord_env)
    await started_game(w)
    lg = await finish(w, 2)
    storage = simcord_env.bot.storage
    # As a database from before results were kept: the finished game has no result rows.
    async with storage.transaction() as tx:
        await tx.execute("DELETE FROM results")
    await simcord_env.restart_bot(make_bot(db_path))
    rows = await simcord_env.bot.storage.fetchall(
        "SELECT * FROM results WHERE game_id = ?", (lg.id,)
    )
    assert len(rows) == 3 and not any(r["rated"] for r in rows)
    assert sorted(r["rank"] for r in rows)[0] == 1


async def test_a_game_made_unrated_before_its_end_counts_for_no_one(simcord_env) -> None:
    """The ruling for AI seats (issue 13 calls ``unrate`` when one takes a seat): the whole
    game stops counting, for every player."""
    w, organiser = await league_world(simcord_env)
    await organiser.slash(w.channel, "league open", name="Robots")
    await started_game(w)
    lg = await play_until(w, lambda s: s.round == 3, seed=5)
    assert lg.rated
    await simcord_env.bot.service.unrate(lg.id)
    await finish(w, 5)
    storage = simcord_env.bot.storage
    assert await storage.fetchall("SELECT * FROM rating_events") == []
    rows = await storage.fetchall("SELECT rated FROM results WHERE game_id = ?", (lg.id,))
    assert len(rows) == 3 and not any(r["rated"] for r in rows)
