"""The game file: what ``export-game`` writes and ``import-game`` reads, and its checks.

One JSON object per game::

    {"format": "smallworld-game", "version": 1, "exported_at": ..., "source": {...},
     "game": {<every column of the games row but revision>},
     "seats": [...], "actions": [...], "results": [...], "rating_events": [...],
     "seat_log": [...], "followers": [...], "seasons": [...], "club_maps": [...],
     "state_sha256": <sha256 of game.state, or null in a lobby>}

A row is an object of its columns. The child rows leave out ``game_id`` (the import gives the
game a new id); ``seat_log`` and ``rating_events`` leave out their own numbering (``id``,
``seq``: the target numbers them on insert, in the file's order); ``seasons`` keep their
``id``, which the file's ``season_id`` columns name, and ``club_maps`` carry the map a game
on a server's own map needs (its content to replay it, its geometry to draw it).

``COLUMNS`` is the schema of migration 017 as the file holds it (version 3; a version 1 or
2 file is read with the defaults of the columns added since); a migration that adds a
column to one of these tables adds it here and raises ``VERSION`` (a test compares the two).
Every value is checked against its column's kind before anything is replayed or written:
the file comes from outside, and its column names go into SQL.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

#: What the ``format`` field of a game file says.
FORMAT = "smallworld-game"
#: The version of the file's layout (``COLUMNS``): 2 added the game's ``language`` and
#: ``listed``.
VERSION = 3
#: What a version-1 file's game row lacks, as the migrations that added it fill it in.
V1_DEFAULTS: dict[str, object] = {"language": "en", "listed": 0}
#: What a season row of a version 1 or 2 file (before seasons of rounds, migration 017)
#: holds in the columns added since: an open season.
V2_SEASON_DEFAULTS: dict[str, object] = {
    "format": "open",
    **dict.fromkeys(
        ("rounds", "round_days", "pod", "world", "points", "champion_role", "next_round_at",
         "paused_at"),
    ),
}  # fmt: skip

#: Each table's columns as the file holds them, with their kind: ``int``, ``real``, ``text``,
#: and ``?`` when NULL is allowed.
COLUMNS: dict[str, dict[str, str]] = {
    "game": {
        "id": "int",
        "guild_id": "int",
        "channel_id": "int",
        "host_id": "int",
        "status": "text",
        "player_count": "int",
        "map_id": "text",
        "seed": "int",
        "deadline_hours": "real",
        "open_scores": "int",
        "config": "text?",
        "state": "text?",
        "version": "int",
        "deadline_at": "text?",
        "reminded": "int",
        "created_at": "text",
        "updated_at": "text",
        "paused": "int",
        "world": "text",
        "mode": "text",
        "season_id": "int?",
        "rated": "int",
        "takeover_after": "int",
        "options": "text",
        "language": "text",
        "listed": "int",
    },
    "seats": {
        "user_id": "int",
        "name": "text",
        "seat": "int?",
        "joined_at": "text",
        "ai": "text?",
        "stand_in": "int",
        "missed": "int",
        "away_until": "text?",
        "away_days": "real",
        "partner": "int?",
        "team": "int?",
        "paired_by": "text?",
    },
    "actions": {
        "seq": "int",
        "seat": "int",
        "user_id": "int?",
        "text": "text",
        "auto": "int",
        "created_at": "text",
    },
    "results": {
        "seat": "int",
        "user_id": "int",
        "guild_id": "int",
        "season_id": "int?",
        "rated": "int",
        "world": "text",
        "map_id": "text",
        "mode": "text",
        "team": "int?",
        "players": "int",
        "rank": "int",
        "coins": "int",
        "tokens": "int",
        "combos": "text",
        "finished_at": "text",
    },
    "rating_events": {
        "user_id": "int",
        "season_id": "int",
        "mu_before": "real",
        "sigma_before": "real",
        "mu_after": "real",
        "sigma_after": "real",
        "at": "text",
    },
    "seat_log": {
        "seat": "int",
        "kind": "text",
        "user_id": "int?",
        "other_id": "int?",
        "detail": "text?",
        "at": "text",
    },
    "followers": {"user_id": "int"},
    "seasons": {
        "id": "int",
        "guild_id": "int",
        "channel_id": "int",
        "name": "text",
        "opened_by": "int",
        "opened_at": "text",
        "ends_at": "text?",
        "closed_at": "text?",
        "standings": "text?",
        "format": "text",
        "rounds": "int?",
        "round_days": "real?",
        "pod": "int?",
        "world": "text?",
        "points": "text?",
        "champion_role": "int?",
        "next_round_at": "text?",
        "paused_at": "text?",
    },
    "club_maps": {
        "guild_id": "int",
        "name": "text",
        "map_key": "text",
        "title": "text",
        "world": "text",
        "players": "text",
        "regions": "int",
        "content": "text",
        "geometry": "text",
        "added_by": "int",
        "added_at": "text",
        "removed_at": "text?",
    },
}

#: The lists of child rows of a file, in the order they are written.
CHILDREN = (
    "seats",
    "actions",
    "results",
    "rating_events",
    "seat_log",
    "followers",
    "seasons",
    "club_maps",
)
#: The statuses a game row may have.
STATUSES = ("lobby", "active", "over", "cancelled")


class TransferError(Exception):
    """A game file or an import refused; the message is the one line the command prints."""


def digest(state: str | None) -> str | None:
    """The sha256 (hex) of a state snapshot as stored, or None for a lobby's."""
    return None if state is None else hashlib.sha256(state.encode("utf-8")).hexdigest()


def row_of(table: str, row: Any) -> dict[str, Any]:
    """A database row as the file holds it: the columns ``COLUMNS`` lists for ``table``."""
    return {name: row[name] for name in COLUMNS[table]}


def _value(where: str, name: str, kind: str, value: Any) -> Any:
    if value is None:
        if not kind.endswith("?"):
            raise TransferError(f"{where}: {name} must not be null")
        return None
    base = kind.rstrip("?")
    # JSON has no integer type of its own apart from a number without a fraction; a bool is
    # not a number here, though Python says it is an int.
    if base == "int" and isinstance(value, int) and not isinstance(value, bool):
        return value
    if base == "real" and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if base == "text" and isinstance(value, str):
        return value
    raise TransferError(f"{where}: {name} must be {base}, not {json.dumps(value)[:40]}")


def checked_row(table: str, where: str, row: Any) -> dict[str, Any]:
    """A row of the file with exactly ``table``'s columns, each of its kind (refused if not)."""
    if not isinstance(row, dict):
        raise TransferError(f"{where} is not an object")
    columns = COLUMNS[table]
    unknown = sorted(set(row) - set(columns))
    missing = [name for name in columns if name not in row]
    if unknown or missing:
        problems = [f"unknown {', '.join(unknown)}"] if unknown else []
        problems += [f"missing {', '.join(missing)}"] if missing else []
        raise TransferError(f"{where} has the wrong columns ({'; '.join(problems)})")
    return {name: _value(where, name, kind, row[name]) for name, kind in columns.items()}


def checked(doc: Any) -> dict[str, Any]:
    """The game file ``doc`` (parsed JSON) with every row checked, or ``TransferError``.

    Checks the format and version, every row's columns and kinds, the game's status, the
    action log's numbering (1, 2, 3…) and that every season a row names is in the file.
    Whether the state is the one its digest names, and the log legal and leading to it, is
    ``replay``'s.
    """
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise TransferError(f'not a game file (its "format" must be "{FORMAT}")')
    if doc.get("version") == 1 and isinstance(doc.get("game"), dict):
        doc = {**doc, "game": {**V1_DEFAULTS, **doc["game"]}, "version": 2}
    if doc.get("version") == 2 and isinstance(doc.get("seasons"), list):
        seasons = [
            {**V2_SEASON_DEFAULTS, **row} if isinstance(row, dict) else row
            for row in doc["seasons"]
        ]
        doc = {**doc, "seasons": seasons, "version": VERSION}
    if doc.get("version") != VERSION:
        raise TransferError(
            f"game file version {doc.get('version')!r}: this bot reads version {VERSION}"
        )
    out: dict[str, Any] = {"game": checked_row("game", "game", doc.get("game"))}
    for table in CHILDREN:
        rows = doc.get(table)
        if not isinstance(rows, list):
            raise TransferError(f'"{table}" must be a list of rows')
        out[table] = [checked_row(table, f"{table}[{i}]", r) for i, r in enumerate(rows)]
    game = out["game"]
    if game["status"] not in STATUSES:
        raise TransferError(f"game: status {game['status']!r} is none of {', '.join(STATUSES)}")
    seqs = [a["seq"] for a in out["actions"]]
    if seqs != list(range(1, len(seqs) + 1)):
        raise TransferError("actions: seq must number the log 1, 2, 3… in order")
    seasons = [s["id"] for s in out["seasons"]]
    if len(set(seasons)) != len(seasons):
        raise TransferError("seasons: an id appears twice")
    named = {game["season_id"]} | {r["season_id"] for r in out["results"]}
    named |= {r["season_id"] for r in out["rating_events"]}
    if not (named - {None}) <= set(seasons):
        raise TransferError("a season_id names a season the file does not hold")
    sha = doc.get("state_sha256")
    if sha is not None and not isinstance(sha, str):
        raise TransferError("state_sha256 must be text")
    out["state_sha256"] = sha
    return out
