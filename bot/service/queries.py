"""Reads and small writes beside the play: a game's recent actions (in words, for
``/sw status``) and seat story, a member's games, their wish for "your turn" DMs, and a
game's standing in the league (unrating it; results of games that finished before results
were kept).
"""

from __future__ import annotations

from typing import Any

from .. import seat_log
from ..league import League
from .history import told_actions
from .loaded import LoadedGame
from .store import Games


async def history(games: Games, game_id: int, limit: int = 15) -> list[dict[str, Any]]:
    """The last actions of a game, newest last."""
    rows = await games.storage.fetchall(
        "SELECT seq, seat, text, auto, created_at FROM actions WHERE game_id = ?"
        " ORDER BY seq DESC LIMIT ?",
        (game_id, limit),
    )
    return [dict(r) for r in reversed(rows)]


async def last_actions(games: Games, lg: LoadedGame, limit: int) -> list[dict[str, Any]]:
    """The last ``limit`` actions of a started game, newest last, each with ``told``: the
    action in words (``history.told_actions``), or without it when the log no longer plays
    through."""
    assert lg.game is not None
    rows = await games.storage.fetchall(
        "SELECT seq, seat, text, auto FROM actions WHERE game_id = ? ORDER BY seq", (lg.id,)
    )
    shown = [dict(r) for r in rows[-limit:]]
    told = told_actions(lg.game.config, [(r["seat"], r["text"]) for r in rows], limit)
    for row, words in zip(shown, told, strict=False):
        row["told"] = words
    return shown


async def seat_changes(games: Games, game_id: int) -> list[str]:
    """The game's log of seats in words, oldest first (``bot.seat_log``)."""
    return await seat_log.story(games.storage, game_id)


async def games_of(games: Games, guild_id: int, user_id: int) -> list[LoadedGame]:
    """Every lobby and running game of a member in a server."""
    rows = await games.storage.fetchall(
        "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id"
        " WHERE s.user_id = ? AND g.guild_id = ? AND g.status IN ('lobby', 'active')"
        " ORDER BY g.id",
        (user_id, guild_id),
    )
    return [await games.load(r["id"]) for r in rows]


async def set_notify(games: Games, user_id: int, on: bool) -> None:
    """Opt in or out of direct messages when it is the member's turn."""
    async with games.storage.transaction() as tx:
        await tx.execute(
            "INSERT INTO user_prefs (user_id, dm_turns) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns",
            (user_id, int(on)),
        )


async def wants_dm(games: Games, user_id: int) -> bool:
    """Whether a member asked for "your turn" direct messages."""
    row = await games.storage.fetchone(
        "SELECT dm_turns FROM user_prefs WHERE user_id = ?", (user_id,)
    )
    return bool(row and row["dm_turns"])


async def unrate(games: Games, league: League, game_id: int) -> None:
    """The game stops counting for the season, for every player (what an AI taking a
    seat does, in the transaction of that change: ``Lobby.add_ai``, ``takeover.stand_in``)."""

    async def decide(lg: LoadedGame) -> None:
        async with games.write(lg) as tx:
            await league.unrate(game_id, tx)
        if lg.status in ("lobby", "active"):
            lg.rated = False

    await games.retrying(game_id, decide)


async def backfill_results(games: Games, league: League) -> int:
    """Record the results of games that finished before results were kept (unrated), so
    the archive and the stats hold every finished game. Returns how many were added."""
    rows = await games.storage.fetchall(
        "SELECT id FROM games WHERE status = 'over'"
        " AND id NOT IN (SELECT DISTINCT game_id FROM results)"
        # A tutorial keeps no results (``League.record_game``).
        " AND id NOT IN (SELECT game_id FROM tutorials)"
    )
    for r in rows:
        lg = await games.load(r["id"])
        if lg.game is None:
            continue
        users = {s.seat: s.user_id for s in lg.seats if s.seat is not None}
        async with games.write(lg) as tx:
            await league.record_game(tx, lg.id, lg.game, users, games.clock())
    return len(rows)
