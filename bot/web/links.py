"""The addresses of each server's web pages.

Every server has a secret, made on first use and rotated by a manager, and its pages are at
``/s/<secret>/``. A manager may also make them public: then they are at ``/p/<server id>/``
too, and that is the link the bot gives.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from ..storage import Storage, now_iso

#: Bytes of randomness in a secret (22 characters of URL-safe base64).
SECRET_BYTES = 16


async def secret_for(storage: Storage, guild_id: int, now: datetime) -> str:
    """The server's secret, made now if it has none."""
    row = await storage.fetchone("SELECT secret FROM web_links WHERE guild_id = ?", (guild_id,))
    if row:
        return str(row["secret"])
    secret = secrets.token_urlsafe(SECRET_BYTES)
    await storage.execute(
        "INSERT INTO web_links (guild_id, secret, created_at) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id) DO NOTHING",
        (guild_id, secret, now_iso(now)),
    )
    # Two processes may have made one at once: the stored one wins.
    row = await storage.fetchone("SELECT secret FROM web_links WHERE guild_id = ?", (guild_id,))
    assert row is not None
    return str(row["secret"])


async def rotate(storage: Storage, guild_id: int, now: datetime) -> str:
    """A new secret for the server: every link given before stops working."""
    secret = secrets.token_urlsafe(SECRET_BYTES)
    await storage.execute(
        "INSERT INTO web_links (guild_id, secret, created_at) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET secret = excluded.secret,"
        " created_at = excluded.created_at",
        (guild_id, secret, now_iso(now)),
    )
    return secret


async def is_public(storage: Storage, guild_id: int) -> bool:
    """Whether a manager made the server's pages public."""
    row = await storage.fetchone("SELECT public FROM web_links WHERE guild_id = ?", (guild_id,))
    return bool(row and row["public"])


async def make_public(storage: Storage, guild_id: int, public: bool, now: datetime) -> None:
    """Open the server's pages to anyone (at ``/p/<id>/``), or close them again."""
    await secret_for(storage, guild_id, now)
    await storage.execute(
        "UPDATE web_links SET public = ? WHERE guild_id = ?", (int(public), guild_id)
    )


async def server_path(storage: Storage, guild_id: int, now: datetime) -> str:
    """The path of a server's pages: its public one when public, else its secret one."""
    if await is_public(storage, guild_id):
        return f"/p/{guild_id}/"
    return f"/s/{await secret_for(storage, guild_id, now)}/"


async def server_link(storage: Storage, base: str | None, guild_id: int, now: datetime) -> str:
    """The address of a server's pages under ``base`` (``WEB_URL``); empty without one."""
    if not base:
        return ""
    return base.rstrip("/") + await server_path(storage, guild_id, now)


async def game_link(
    storage: Storage, base: str | None, guild_id: int, game_id: int, now: datetime
) -> str:
    """The address of a game's page under ``base``; empty without one."""
    server = await server_link(storage, base, guild_id, now)
    return f"{server}game/{game_id}" if server else ""


#: A server's pages speak its chosen language, else its last game's (which spoke Discord's
#: locale for the server when it opened).
_OPENS = (
    "SELECT w.guild_id,"
    " COALESCE((SELECT language FROM server_languages l WHERE l.guild_id = w.guild_id),"
    "          (SELECT language FROM games g WHERE g.guild_id = w.guild_id"
    "           ORDER BY g.id DESC LIMIT 1)) AS language"
    " FROM web_links w WHERE "
)


async def opened_by(storage: Storage, kind: str, key: str) -> tuple[int, str | None] | None:
    """The server a root opens (``s`` and its secret, or ``p`` and the id of a server whose
    pages are public) and the language its pages speak, in one read; None for any other."""
    if kind == "s":
        row = await storage.fetchone(_OPENS + "w.secret = ?", (key,))
    elif kind == "p" and key.isdigit() and len(key) < 20:
        row = await storage.fetchone(_OPENS + "w.guild_id = ? AND w.public = 1", (int(key),))
    else:
        row = None
    return None if row is None else (int(row["guild_id"]), row["language"])
