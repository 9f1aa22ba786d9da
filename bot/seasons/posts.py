"""What a rounds season tells, as stored (``league_posts``): recorded in the transaction that
closes a round, then done once each by ``bot.seasons.poster``.

A post is a message in the season's channel (a round's results, the standings with their
picture, the champion), a direct message (a word to the organiser), or a role given to a
member (the champion's). Each row keeps its text in the language it was written in, who
it may ping, and the data of its picture, so that it is posted as recorded, however late.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from lang import current

from ..storage import Storage, Transaction, now_iso

#: What a post is.
CHANNEL = "channel"
DM = "dm"
ROLE = "role"
#: What became of it.
PENDING = "pending"
SENT = "sent"
FAILED = "failed"


@dataclass
class Post:
    """A post's content: its text, the members it may ping, its standings picture."""

    content: str
    mentions: list[int] = field(default_factory=list)
    #: The data of a standings picture (``renderer.render_points``), if it has one.
    picture: dict[str, Any] | None = None
    #: The language it is written in (the picture is drawn in it).
    language: str = ""

    def to_json(self) -> str:
        """The stored form."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Post:
        """Back from the stored form."""
        return cls(**json.loads(text))


@dataclass
class Row:
    """One stored post."""

    id: int
    season_id: int
    guild_id: int
    kind: str
    channel_id: int | None
    user_id: int | None
    role_id: int | None
    post: Post
    status: str
    attempts: int
    attempted_at: datetime | None


async def record(
    tx: Transaction,
    season_id: int,
    guild_id: int,
    kind: str,
    post: Post,
    now: datetime,
    *,
    channel_id: int | None = None,
    user_id: int | None = None,
    role_id: int | None = None,
) -> int:
    """Record a post in the caller's transaction (in the language spoken now); its id."""
    post.language = post.language or current()
    return await tx.insert(
        "INSERT INTO league_posts (season_id, guild_id, kind, channel_id, user_id, role_id,"
        " payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (season_id, guild_id, kind, channel_id, user_id, role_id, post.to_json(), now_iso(now)),
    )


async def due(storage: Storage, now: datetime, owns: Callable[[int], bool]) -> list[int]:
    """The posts still to do whose time has come, oldest first (on the servers ``owns``)."""
    rows = await storage.fetchall(
        "SELECT id, guild_id FROM league_posts WHERE status = ?"
        " AND (next_at IS NULL OR next_at <= ?) ORDER BY id",
        (PENDING, now_iso(now)),
    )
    return [r["id"] for r in rows if owns(r["guild_id"])]


async def get(storage: Storage, post_id: int) -> Row:
    """A post by id."""
    r = await storage.fetchone("SELECT * FROM league_posts WHERE id = ?", (post_id,))
    assert r is not None
    return Row(
        id=r["id"],
        season_id=r["season_id"],
        guild_id=r["guild_id"],
        kind=r["kind"],
        channel_id=r["channel_id"],
        user_id=r["user_id"],
        role_id=r["role_id"],
        post=Post.from_json(r["payload"]),
        status=r["status"],
        attempts=r["attempts"],
        attempted_at=datetime.fromisoformat(r["attempted_at"]) if r["attempted_at"] else None,
    )


async def mark_attempt(storage: Storage, row: Row, now: datetime) -> None:
    """Count an attempt, with its moment, before it is made: after a crash, the message may
    be in the channel already, and is looked for from that moment on."""
    row.attempts += 1
    row.attempted_at = now
    await storage.execute(
        "UPDATE league_posts SET attempts = ?, attempted_at = ? WHERE id = ?",
        (row.attempts, now_iso(now), row.id),
    )


async def mark(
    storage: Storage,
    row: Row,
    status: str,
    *,
    message_id: int | None = None,
    error: str | None = None,
    next_at: datetime | None = None,
) -> None:
    """Record what became of a post."""
    row.status = status
    await storage.execute(
        "UPDATE league_posts SET status = ?, message_id = ?, error = ?, next_at = ? WHERE id = ?",
        (status, message_id, error, now_iso(next_at) if next_at else None, row.id),
    )


async def tell_once(
    storage: Storage, season_id: int, guild_id: int, user_id: int, post: Post, now: datetime
) -> bool:
    """Record a DM to ``user_id`` unless the same words were recorded for them in this
    season already (an organiser is told a thing once); whether it was recorded."""
    async with storage.transaction() as tx:
        rows = await tx.fetchall(
            "SELECT payload FROM league_posts WHERE season_id = ? AND kind = ? AND user_id = ?",
            (season_id, DM, user_id),
        )
        if any(Post.from_json(r["payload"]).content == post.content for r in rows):
            return False
        await record(tx, season_id, guild_id, DM, post, now, user_id=user_id)
        return True
