"""Team play's bot helpers without Discord: the draw, the seat order, team places, the
lobby's text, and the migration that lets a game have 6 seats (issue 22, item 7)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from bot.storage import SqliteStorage
from bot.teams import draw_pairs, lobby_teams, seat_order, team_places
from engine.rulesets.teams import team_result


def test_the_draw_depends_on_the_seed_only() -> None:
    ids = [11, 12, 13, 14, 15, 16]
    assert draw_pairs(ids, 5) == draw_pairs(list(ids), 5)
    drawn = draw_pairs(ids, 5)
    assert sorted(x for p in drawn for x in p) == ids and len(drawn) == 3
    assert len(draw_pairs(ids[:5], 5)) == 2  # an odd one out stays unpaired


def test_the_seat_order_puts_partners_opposite() -> None:
    # [TEAMS "Playing in Teams"] "opposite from their team partner (i.e. A1, B1, C1, A2,
    # B2, C2)": team A's pair sits at seats 0 and 3, B's at 1 and 4, C's at 2 and 5.
    order = seat_order([["a", "A"], ["b", "B"], ["c", "C"]], seed=9)
    for t in range(3):
        assert {order[t].lower(), order[t + 3].lower()} == {"abc"[t]}
        assert order[t] != order[t + 3]


def test_team_places_share_a_tie() -> None:
    # [TEAMS "End of the Game"] the lower partner's score, then the best player's; ruling 73
    # then tokens; teams still tied share the place. The engine's result says the places;
    # the bot reads them.
    coins = {0: 25, 3: 31, 1: 30, 4: 40, 2: 31, 5: 25}
    tokens = {0: 4, 3: 4, 1: 5, 4: 4, 2: 4, 5: 4}
    ranking = [{"seat": x, "coins": coins[x], "tokens": tokens[x]} for x in range(6)]
    result = team_result(None, {"ranking": ranking})
    places = team_places(result)
    assert places == {1: (1, 1), 4: (1, 1), 0: (0, 2), 3: (0, 2), 2: (2, 2), 5: (2, 2)}


def test_the_lobby_text_shows_the_teams_as_they_form() -> None:
    def seat(uid: int, name: str, team: int | None, partner: int | None = None) -> object:
        how = "choice" if team is not None else None
        return SimpleNamespace(user_id=uid, name=name, team=team, partner=partner, paired_by=how)

    seats = [
        seat(1, "ann", 0, 2),
        seat(2, "bob", 0, 1),
        seat(3, "cyd", None, 4),
        seat(4, "dan", None),
    ]
    text = lobby_teams(seats)
    assert "Team A: **ann** & **bob** (chose each other)" in text
    assert "Team B: —" in text and "Unpaired: cyd, dan" in text
    assert "cyd → dan" in text and "2 more to join" in text


async def test_the_migrated_games_table_takes_six_seats_and_keeps_its_references(
    tmp_path: Path,
) -> None:
    storage = SqliteStorage(str(tmp_path / "db.sqlite3"))
    await storage.open()
    try:
        async with storage.transaction() as tx:
            # The connection that writes checks references.
            row = await tx.fetchone("PRAGMA foreign_keys")
            assert row is not None and row[0] == 1
            gid = await tx.execute(
                "INSERT INTO games (guild_id, channel_id, host_id, status, player_count, map_id,"
                " seed, deadline_hours, created_at, updated_at, mode)"
                " VALUES (1, 2, 3, 'lobby', 6, 'sw-6p', 5, 24, 'now', 'now', 'teams')"
            )
            await tx.execute(
                "INSERT INTO seats (game_id, user_id, name, joined_at, team, paired_by)"
                " VALUES (?, 3, 'ann', 'now', 0, 'draw')",
                (gid,),
            )
        async with storage.transaction() as tx:
            await tx.execute("DELETE FROM games WHERE id = ?", (gid,))
        # The seats still refer to the rebuilt table: deleting the game deletes them.
        assert await storage.fetchall("SELECT * FROM seats") == []
    finally:
        await storage.close()
