"""A game's row and its start, inside a transaction the caller holds: what a lobby's
``/sw start`` does (``bot.service.lobby``) and what a league table does in one go, the game
created started in its thread (``bot.seasons.tables``).

The start draws the seat order from the game's seed (a team game: its pairs, by
``bot.teams.seat_order``), writes each seat's place, the engine's first state and the
first deadline, and records the first turn's announcements in the outbox.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime

from engine import Game, GameConfig
from engine.core.rulesets import options_for
from engine.core.state import to_json

from .. import outbox
from ..options import dumped
from ..storage import Transaction, now_iso
from ..teams import seat_order
from .deadlines import deadline_for
from .lessons import lesson_notes
from .loaded import LoadedGame, Seat
from .notices import turn_announcements
from .pairing import pairs_of
from .store import config_json

#: The league tables' name for a world (``games.world``, ``results.world``) where it is not
#: the engine's: the surface's predates the worlds and is kept in existing databases.
LEAGUE_WORLDS = {"surface": "smallworld"}


@dataclass(frozen=True)
class Opening:
    """A new game checked and not stored yet (``Lobby.plan``): what ``insert_game`` stores."""

    guild_id: int
    host_id: int
    host_name: str
    players: int
    map_id: str
    seed: int
    deadline_hours: float
    open_scores: bool
    #: The season it counts for, if it is rated.
    season_id: int | None
    world: str
    takeover_after: int
    #: ``games.mode``: a team game, or free-for-all.
    mode: str
    #: The options a host may choose that it has on (``bot.options``).
    extra: dict[str, bool]
    language: str
    listed: bool


async def insert_game(tx: Transaction, o: Opening, channel_id: int, now: str) -> int:
    """The row of a new game in ``channel_id``, a lobby with no seat yet; its id."""
    game_id = await tx.insert(
        "INSERT INTO games (guild_id, channel_id, host_id, status, player_count, map_id,"
        " seed, deadline_hours, open_scores, season_id, rated, world, takeover_after,"
        " mode, options, language, listed, created_at, updated_at)"
        " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            o.guild_id,
            channel_id,
            o.host_id,
            o.players,
            o.map_id,
            o.seed,
            o.deadline_hours,
            int(o.open_scores),
            o.season_id,
            int(o.season_id is not None),
            LEAGUE_WORLDS.get(o.world, o.world),
            o.takeover_after,
            o.mode,
            dumped(o.extra),
            o.language,
            int(o.listed),
            now,
            now,
        ),
    )
    assert game_id is not None
    return game_id


def seat_game(lg: LoadedGame, host_first: bool = False) -> tuple[list[Seat], Game]:
    """Draw the seat order of a full lobby from its seed and set up its game: the seats in
    order (each given its ``seat``) and the engine game, stored nowhere yet (``host_first``:
    the host takes the first seat, as a tutorial's learner does, the others drawn after)."""
    if lg.teams:
        order = seat_order(pairs_of(lg), lg.seed)
        options = {"open_scores": lg.open_scores, **options_for(len(order)), **lg.options}
    else:
        order = sorted(lg.seats, key=lambda s: s.user_id)
        random.Random(lg.seed).shuffle(order)
        if host_first:
            order.sort(key=lambda s: s.user_id != lg.host_id)
        options = {"open_scores": lg.open_scores, **lg.options}
    for i, s in enumerate(order):
        s.seat = i
    config = GameConfig(tuple(s.name for s in order), lg.seed, lg.map_id, options)
    return order, Game(config)


async def record_start(
    tx: Transaction, lg: LoadedGame, order: list[Seat], game: Game, now: datetime
) -> list[int]:
    """Write the start ``seat_game`` drew, in ``tx``: each seat's place, the game running
    with its first deadline, the first turn's announcements; ``lg`` is updated. Returns
    the outbox rows recorded."""
    deadline = deadline_for(lg, game.state, now)
    for s in order:
        await tx.execute(
            "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
            (s.seat, lg.id, s.user_id),
        )
    await tx.execute(
        "UPDATE games SET status = 'active', config = ?, state = ?, version = ?,"
        " deadline_at = ?, reminded = 0, updated_at = ? WHERE id = ?",
        (
            config_json(game.config),
            to_json(game.state),
            game.state.version,
            now_iso(deadline),
            now_iso(now),
            lg.id,
        ),
    )
    items = await turn_announcements(tx, lg, game.state, deadline)
    items += await lesson_notes(tx, lg, game.state, [])
    announced = await outbox.record(tx, lg.id, items, now)
    lg.status = "active"
    lg.game = game
    lg.deadline_at = deadline
    lg.reminded = False
    lg.seats.sort(key=lambda s: s.seat if s.seat is not None else 99)
    return announced
