"""The outbox table: announcements written with the action that caused them.

``record`` is called inside the service's transaction, so an action and what it must
announce are committed together or not at all. The announcer reads open rows and marks
each one's fate; every mark is its own small transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from lang import current

from .messages import Announcement
from .storage import Row as StoredRow
from .storage import Storage, Transaction, now_iso

PENDING = "pending"
SENT = "sent"
#: Posted as text only; the image is still owed (an edit adds it later).
PARTIAL = "partial"
#: The channel refuses the bot (deleted, or permissions taken away); the game is paused.
BLOCKED = "blocked"
#: Given up for good (a member who takes no DMs from the bot).
FAILED = "failed"
OPEN = (PENDING, PARTIAL, BLOCKED)
_OPEN_SQL = "(" + ", ".join(f"'{status}'" for status in OPEN) + ")"


@dataclass
class Row:
    """One outbox row."""

    id: int
    game_id: int
    channel_id: int
    kind: str
    user_id: int | None
    announcement: Announcement
    status: str
    attempts: int
    next_at: datetime | None
    message_id: int | None
    error: str | None
    #: Whether the game was paused for its channel when the row was read.
    paused: bool = False
    #: When it was recorded, and when it was last attempted (None: never).
    created_at: datetime | None = None
    attempted_at: datetime | None = None


@dataclass
class Live:
    """A game's live message: which message, for which turn, and whom it pinged."""

    message_id: int
    turn: str
    pinged: int | None


async def record(
    tx: Transaction, game_id: int, items: list[Announcement], now: datetime
) -> list[int]:
    """Queue announcements inside the caller's transaction; returns their ids in order."""
    ids = []
    for a in items:
        # The language the text was just written in (the game's: ``Games.write``).
        a.language = a.language or current()
        rid = await tx.insert(
            "INSERT INTO outbox (game_id, kind, user_id, payload, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, a.kind, a.user_id, a.to_json(), now_iso(now)),
        )
        ids.append(rid)
    return ids


_SELECT = "SELECT o.*, g.channel_id, g.paused FROM outbox o JOIN games g ON g.id = o.game_id"


def _row(r: StoredRow) -> Row:
    get = r.__getitem__
    return Row(
        id=get("id"),
        game_id=get("game_id"),
        channel_id=get("channel_id"),
        kind=get("kind"),
        user_id=get("user_id"),
        announcement=Announcement.from_json(get("payload")),
        status=get("status"),
        attempts=get("attempts"),
        next_at=datetime.fromisoformat(get("next_at")) if get("next_at") else None,
        message_id=get("message_id"),
        error=get("error"),
        paused=bool(get("paused")),
        created_at=_moment(get("created_at")),
        attempted_at=_moment(get("attempted_at")),
    )


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


async def open_rows(storage: Storage, game_id: int | None = None) -> list[Row]:
    """Rows not yet done, oldest first (one game's, or every game's)."""
    where = f" WHERE o.status IN {_OPEN_SQL}"
    params: tuple = ()
    if game_id is not None:
        where += " AND o.game_id = ?"
        params = (game_id,)
    rows = await storage.fetchall(_SELECT + where + " ORDER BY o.id", params)
    return [_row(r) for r in rows]


async def games_with_open_rows(
    storage: Storage, owns: Callable[[int], bool] | None = None
) -> list[int]:
    """Games that still owe an announcement (on the servers ``owns`` accepts)."""
    rows = await storage.fetchall(
        "SELECT DISTINCT o.game_id, g.guild_id FROM outbox o JOIN games g ON g.id = o.game_id"
        f" WHERE o.status IN {_OPEN_SQL} ORDER BY o.game_id"
    )
    return [r["game_id"] for r in rows if owns is None or owns(r["guild_id"])]


async def next_retry(storage: Storage, now: datetime) -> datetime | None:
    """The earliest time still to come at which an open row is to be tried again."""
    row = await storage.fetchone(
        f"SELECT MIN(next_at) AS at FROM outbox WHERE status IN {_OPEN_SQL} AND next_at > ?",
        (now_iso(now),),
    )
    return datetime.fromisoformat(row["at"]) if row and row["at"] else None


async def mark_attempt(storage: Storage, row: Row, now: datetime) -> None:
    """Count an attempt, and when it is made, before it is made: after a crash, a row
    with attempts may have been posted already, and the announcer looks for it around
    that moment before posting again."""
    row.attempts += 1
    row.attempted_at = now
    await storage.execute(
        "UPDATE outbox SET attempts = ?, attempted_at = ? WHERE id = ?",
        (row.attempts, now_iso(now), row.id),
    )


async def mark(
    storage: Storage,
    row: Row,
    status: str,
    now: datetime,
    *,
    message_id: int | None = None,
    error: str | None = None,
    next_at: datetime | None = None,
    live: Live | None = None,
) -> None:
    """Record what became of a row (and, for a live message just posted, which one it is:
    in the same transaction)."""
    row.status = status
    row.message_id = message_id if message_id is not None else row.message_id
    row.error = error
    row.next_at = next_at
    async with storage.transaction() as tx:
        await tx.execute(
            "UPDATE outbox SET status = ?, message_id = ?, error = ?, next_at = ?,"
            " sent_at = ? WHERE id = ?",
            (
                status,
                row.message_id,
                error,
                now_iso(next_at) if next_at else None,
                now_iso(now) if status in (SENT, PARTIAL) else None,
                row.id,
            ),
        )
        if live is not None:
            await _set_live(tx, row.game_id, live)


# --- the deadline the rows show ---------------------------------------------------------------


def _shows(a: Announcement, deadline: datetime) -> bool:
    return a.deadline is not None and now_iso(datetime.fromisoformat(a.deadline)) == now_iso(
        deadline
    )


async def untold(tx: Storage | Transaction, game_id: int, deadline: datetime) -> bool:
    """Whether the member whose decision has ``deadline`` was not told of it yet: the row
    that pings them is still unposted (its time has not started counting)."""
    rows = await tx.fetchall(
        "SELECT payload FROM outbox WHERE game_id = ? AND status IN (?, ?)",
        (game_id, PENDING, BLOCKED),
    )
    told = (Announcement.from_json(r["payload"]) for r in rows)
    return any(a.starts and _shows(a, deadline) for a in told)


async def move_deadline(
    tx: Transaction, game_id: int, old: datetime, new: datetime, since: datetime
) -> None:
    """The game's deadline moved from ``old`` to ``new`` (counted from ``since``): the rows
    not posted yet that show ``old`` show ``new`` instead."""
    for r in await tx.fetchall(
        f"SELECT id, payload FROM outbox WHERE game_id = ? AND status IN {_OPEN_SQL}", (game_id,)
    ):
        a = Announcement.from_json(r["payload"])
        if _shows(a, old):
            a.move_deadline(new, since)
            await tx.execute("UPDATE outbox SET payload = ? WHERE id = ?", (a.to_json(), r["id"]))


# --- the live message of the turn under way -------------------------------------------------


async def live_of(storage: Storage, game_id: int) -> Live | None:
    """The game's live message, if one is up."""
    row = await storage.fetchone(
        "SELECT message_id, turn, pinged FROM live_messages WHERE game_id = ?", (game_id,)
    )
    return Live(row["message_id"], row["turn"], row["pinged"]) if row else None


async def _set_live(tx: Transaction, game_id: int, live: Live) -> None:
    """Remember the game's live message (it replaces any earlier one)."""
    await tx.execute(
        "INSERT INTO live_messages (game_id, message_id, turn, pinged) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id,"
        " turn = excluded.turn, pinged = excluded.pinged",
        (game_id, live.message_id, live.turn, live.pinged),
    )


async def clear_live(storage: Storage, game_id: int, message_id: int) -> None:
    """Forget the game's live message once it is deleted (only that one)."""
    await storage.execute(
        "DELETE FROM live_messages WHERE game_id = ? AND message_id = ?", (game_id, message_id)
    )
