"""Which language a server's games speak in public.

A server chooses one with ``/sw settings language``; until it does, its games speak Discord's
preferred locale of the server (community servers set it; others read ``en-US``). A game
keeps the language it was opened with, so that a change reaches the games under way only
through ``choose``, which moves them all at once: a turn's messages never mix languages.
"""

from __future__ import annotations

from lang import LANGUAGES, language_of

from ..storage import now_iso
from .store import Games


class Languages:
    """The servers' chosen languages, in the games' database."""

    def __init__(self, games: Games) -> None:
        self.games = games
        #: Each member's language as this process last wrote it (``note_member``).
        self._members: dict[int, str] = {}

    async def note_member(self, user_id: int, code: str) -> None:
        """Keep a member's Discord language for the DMs the bot sends them; written only
        when this process has not seen it yet or it changed."""
        if self._members.get(user_id) == code:
            return
        await self.games.storage.execute(
            "INSERT INTO user_prefs (user_id, language) VALUES (?, ?) ON CONFLICT (user_id)"
            " DO UPDATE SET language = excluded.language",
            (user_id, code),
        )
        self._members[user_id] = code

    async def chosen(self, guild_id: int) -> str | None:
        """The language the server chose, or None."""
        row = await self.games.storage.fetchone(
            "SELECT language FROM server_languages WHERE guild_id = ?", (guild_id,)
        )
        return row["language"] if row and row["language"] in LANGUAGES else None

    async def for_server(self, guild_id: int, preferred_locale: object) -> str:
        """The language a new game of the server speaks: its choice, else its locale's."""
        return await self.chosen(guild_id) or language_of(preferred_locale)

    async def choose(self, guild_id: int, code: str | None, preferred_locale: object) -> int:
        """Set the server's language (None: follow Discord's preferred locale again) and move
        its lobbies and games under way to it; how many games moved."""
        now = now_iso(self.games.clock())
        language = code if code in LANGUAGES else language_of(preferred_locale)
        async with self.games.storage.transaction() as tx:
            if code is None:
                await tx.execute("DELETE FROM server_languages WHERE guild_id = ?", (guild_id,))
            else:
                await tx.execute(
                    "INSERT INTO server_languages (guild_id, language, updated_at)"
                    " VALUES (?, ?, ?) ON CONFLICT (guild_id)"
                    " DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at",
                    (guild_id, language, now),
                )
            rows = await tx.fetchall(
                "SELECT id FROM games WHERE guild_id = ? AND status IN ('lobby', 'active')"
                " AND language != ?",
                (guild_id, language),
            )
            await tx.execute(
                "UPDATE games SET language = ?, revision = revision + 1, updated_at = ?"
                " WHERE guild_id = ? AND status IN ('lobby', 'active') AND language != ?",
                (language, now, guild_id, language),
            )
        for row in rows:
            # Their cached copies are one revision behind now: read afresh on next use.
            self.games.forget(row["id"])
        return len(rows)
