"""Writing a game file into a database as a new game, in one transaction.

Nothing is written before the file is checked (``document.checked``) and its log replayed
(``replay``); then the game and all its rows go in together or not at all. The game gets a
new id from the target database (ids are never carried over: PostgreSQL numbers its own),
and every row of the file that named the game names the new one.

- **One live game per channel.** A lobby or a game under way is refused when its channel
  already has one; ``channel_id`` imports it into another channel (of the same server).
- **Once.** A game already in the target (same server, host, seed and creation time, not
  cancelled) is refused: a copy would play on twice, or count twice in the league. With
  ``replace`` a live copy is cancelled in the same transaction and the file takes its place,
  which is how a repaired game replaces the broken one.
- **Seasons** the file names are found in the target by server, name and opening time, or
  else created as they were. **Ratings are not applied again**: results and rating changes
  are copied as they were, and the ``ratings`` table (a season's running totals) is left
  as it is; the game's rating changes had been applied where the game was played.
- **A server's own map** the game is played on is added to the target when missing
  (hidden, if the server has another map of that name).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..storage import Storage, Transaction, now_iso
from .document import COLUMNS, TransferError, checked
from .replay import replay

LIVE = ("lobby", "active")


@dataclass
class Imported:
    """What an import did: the new game's id, the id it had where it was exported, the
    game it replaced (``replace``), and notes for the person who ran it."""

    game_id: int
    source_id: int
    replaced: int | None = None
    notes: list[str] = field(default_factory=list)


def _insert_sql(table: str, columns: list[str]) -> str:
    # Column names come from ``COLUMNS`` only, never from the file.
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"


async def _same_game(
    tx: Transaction, game: dict[str, Any], replace: bool, now: datetime, done: Imported
) -> None:
    """Refuse a game already in the target, or cancel it (``replace``) when it is live."""
    row = await tx.fetchone(
        "SELECT id, status FROM games WHERE guild_id = ? AND host_id = ? AND seed = ?"
        " AND created_at = ? AND status != 'cancelled' ORDER BY id DESC LIMIT 1",
        (game["guild_id"], game["host_id"], game["seed"], game["created_at"]),
    )
    if row is None:
        return
    if not replace:
        raise TransferError(
            f"this game is already in this database as game {row['id']} ({row['status']}):"
            " --replace cancels that copy and imports this file in its place"
        )
    if row["status"] not in LIVE:
        raise TransferError(
            f"this game is already in this database as game {row['id']}, finished: a finished"
            " game's result stands, it is not replaced"
        )
    # Its revision moves on, so a bot process holding it in memory reads it again first.
    await tx.execute(
        "UPDATE games SET status = 'cancelled', deadline_at = NULL, updated_at = ?,"
        " revision = revision + 1 WHERE id = ?",
        (now_iso(now), row["id"]),
    )
    done.replaced = row["id"]


async def _seasons(tx: Transaction, seasons: list[dict[str, Any]]) -> dict[int, int]:
    """The target's id of each season of the file: found, or created as it was."""
    ids = {}
    for s in seasons:
        row = await tx.fetchone(
            "SELECT id FROM seasons WHERE guild_id = ? AND name = ? AND opened_at = ?",
            (s["guild_id"], s["name"], s["opened_at"]),
        )
        if row is not None:
            ids[s["id"]] = row["id"]
            continue
        if s["closed_at"] is None:
            other = await tx.fetchone(
                "SELECT name FROM seasons WHERE guild_id = ? AND closed_at IS NULL",
                (s["guild_id"],),
            )
            if other is not None:
                raise TransferError(
                    f"the game's season {s['name']!r} is open, and so is another season of"
                    f" its server here ({other['name']!r}): one open season per server"
                )
        columns = [c for c in COLUMNS["seasons"] if c != "id"]
        ids[s["id"]] = await tx.insert(_insert_sql("seasons", columns), [s[c] for c in columns])
    return ids


async def _club_maps(
    tx: Transaction, maps: list[dict[str, Any]], now: datetime, done: Imported
) -> None:
    """Add the server's map the game is played on, unless the server has it already."""
    for m in maps:
        have = await tx.fetchone(
            "SELECT 1 FROM club_maps WHERE guild_id = ? AND map_key = ?",
            (m["guild_id"], m["map_key"]),
        )
        if have is not None:
            continue
        m = dict(m)
        if m["removed_at"] is None and await tx.fetchone(
            "SELECT 1 FROM club_maps WHERE guild_id = ? AND name = ? AND removed_at IS NULL",
            (m["guild_id"], m["name"]),
        ):
            # The server has another map of that name: this one serves the game, unlisted.
            m["removed_at"] = now_iso(now)
            done.notes.append(
                f"map {m['name']!r} added hidden: the server has another of that name"
            )
        columns = list(COLUMNS["club_maps"])
        await tx.execute(_insert_sql("club_maps", columns), [m[c] for c in columns])


async def _children(
    tx: Transaction, doc: dict[str, Any], game_id: int, seasons: dict[int, int]
) -> None:
    """The game's seats, log, results, rating changes, log of seats and followers."""
    for table in ("seats", "actions", "results", "seat_log", "followers"):
        columns = list(COLUMNS[table])
        sql = _insert_sql(table, ["game_id", *columns])
        for row in doc[table]:
            values = {**row}
            if "season_id" in values and values["season_id"] is not None:
                values["season_id"] = seasons[values["season_id"]]
            await tx.execute(sql, [game_id, *(values[c] for c in columns)])
    columns = list(COLUMNS["rating_events"])
    # Numbered after every rating change the target has, in the file's order, as the
    # league numbers them (``League._rate``).
    sql = (
        f"INSERT INTO rating_events (game_id, {', '.join(columns)}, seq)"
        f" VALUES (?, {', '.join('?' for _ in columns)},"
        " (SELECT COALESCE(MAX(seq), 0) + 1 FROM rating_events))"
    )
    for row in doc["rating_events"]:
        values = {**row, "season_id": seasons[row["season_id"]]}
        await tx.execute(sql, [game_id, *(values[c] for c in columns)])


async def import_game(
    storage: Storage,
    raw: Any,
    *,
    channel_id: int | None = None,
    rebuild: bool = False,
    replace: bool = False,
    now: datetime | None = None,
) -> Imported:
    """Check a game file (parsed JSON), replay its log, and write it as a new game.

    ``channel_id`` puts the game in another channel; ``rebuild`` keeps the state the log
    leads to instead of the stored one (a repair); ``replace`` cancels the live copy of the
    same game in the target. ``TransferError`` refuses the file, and nothing is written.
    """
    doc = checked(raw)
    replayed = replay(doc, rebuild=rebuild)
    game = dict(doc["game"])
    done = Imported(game_id=0, source_id=game.pop("id"))
    if channel_id is not None:
        game["channel_id"] = channel_id
    game["state"], game["version"] = replayed.state, replayed.version
    moment = now if now is not None else datetime.now(UTC)
    async with storage.transaction() as tx:
        await _same_game(tx, game, replace, moment, done)
        if game["status"] in LIVE:
            live = await tx.fetchone(
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (game["channel_id"],),
            )
            if live is not None:
                raise TransferError(
                    f"channel {game['channel_id']} already has a live game (game {live['id']}):"
                    " --channel ID imports this one into another channel"
                )
        seasons = await _seasons(tx, doc["seasons"])
        if game["season_id"] is not None:
            game["season_id"] = seasons[game["season_id"]]
        await _club_maps(tx, doc["club_maps"], moment, done)
        columns = [c for c in COLUMNS["game"] if c != "id"]
        done.game_id = await tx.insert(_insert_sql("games", columns), [game[c] for c in columns])
        await _children(tx, doc, done.game_id, seasons)
    if doc["rating_events"]:
        done.notes.append("rating changes copied as they were; ratings not applied again")
    return done
