"""Reading a game out of the database as a game file (``document``).

The game is read while the bot may be running: its revision is read before and after the
rows, and a game that changed in between (its revision moved on) is read again, so the
file is one moment of the game, whichever backend keeps it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..storage import Storage, now_iso
from .document import CHILDREN, COLUMNS, FORMAT, VERSION, TransferError, digest, row_of

#: How many times a game that keeps changing under the export is read again.
ATTEMPTS = 5

#: The query of each child table's rows of a game, in the order the file keeps them.
_ORDER = {
    "seats": "joined_at, user_id",
    "actions": "seq",
    "results": "seat",
    "rating_events": "seq, user_id",
    "seat_log": "id",
    "followers": "user_id",
}


def _select(table: str, sql_table: str) -> str:
    return f"SELECT {', '.join(COLUMNS[table])} FROM {sql_table}"


async def game_ids(storage: Storage) -> list[int]:
    """Every game of the database, oldest first."""
    return [r["id"] for r in await storage.fetchall("SELECT id FROM games ORDER BY id")]


async def _revision(storage: Storage, game_id: int) -> int:
    row = await storage.fetchone("SELECT revision FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise TransferError(f"there is no game {game_id} in this database")
    return int(row["revision"])


async def _read(storage: Storage, game_id: int) -> dict[str, Any]:
    """The game's rows, as the file holds them."""
    row = await storage.fetchone(_select("game", "games") + " WHERE id = ?", (game_id,))
    if row is None:
        raise TransferError(f"there is no game {game_id} in this database")
    doc: dict[str, Any] = {"game": row_of("game", row)}
    for table, order in _ORDER.items():
        rows = await storage.fetchall(
            _select(table, table) + f" WHERE game_id = ? ORDER BY {order}", (game_id,)
        )
        doc[table] = [row_of(table, r) for r in rows]
    named = {doc["game"]["season_id"]} | {r["season_id"] for r in doc["results"]}
    named |= {r["season_id"] for r in doc["rating_events"]}
    doc["seasons"] = []
    for season_id in sorted(named - {None}):
        season = await storage.fetchone(
            _select("seasons", "seasons") + " WHERE id = ?", (season_id,)
        )
        if season is not None:
            doc["seasons"].append(row_of("seasons", season))
    # A game on a server's own map needs that map to be replayed and drawn elsewhere: the
    # row of the game's server first, any other that has the same key otherwise.
    maps = await storage.fetchall(
        _select("club_maps", "club_maps") + " WHERE map_key = ?"
        " ORDER BY CASE WHEN guild_id = ? THEN 0 ELSE 1 END, id LIMIT 1",
        (doc["game"]["map_id"], doc["game"]["guild_id"]),
    )
    doc["club_maps"] = [row_of("club_maps", r) for r in maps]
    return doc


async def export_game(
    storage: Storage, game_id: int, now: datetime | None = None
) -> dict[str, Any]:
    """The game file of one game: its row (all but the revision), its seats, its whole
    action log (undo rows included), its results, rating changes, log of seats and
    followers, the seasons and the server map they name, and the digest of its state."""
    for _ in range(ATTEMPTS):
        before = await _revision(storage, game_id)
        rows = await _read(storage, game_id)
        if await _revision(storage, game_id) == before:
            break
    else:
        raise TransferError(f"game {game_id} kept changing while it was read: try again")
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": now_iso(now),
        "source": {
            "database": storage.dialect,
            "schema": await storage.schema_version(),
            "game_id": game_id,
        },
        "game": rows["game"],
        **{table: rows[table] for table in CHILDREN},
        "state_sha256": digest(rows["game"]["state"]),
    }
