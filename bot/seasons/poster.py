"""The Discord half of a season's posts (``bot.seasons.posts``): each done once, across
crashes and processes, as the announcer does a game's.

Each post is claimed (``league-post``) by one process at a time. A message's attempt is
counted, with its moment, before it is made; an attempt that a crash may have cut short is
first looked for in the channel's history around that moment (``posted_around``), and it
is sent with a nonce Discord deduplicates. A failure that may pass is tried again later
(``BACKOFF``); a refusal is final and changes nothing else: a member whose DMs are closed,
or who left the server, stops nothing. When the champion's role cannot be given (the bot
may not manage roles, or the role is above its own), the organiser is told once, privately.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import discord

from lang import speaking

from ..attachments import attach
from ..claims import POST, Claims
from ..jobs import points_picture
from ..retries import BACKOFF, is_permanent, posted_around, reason_of
from ..storage import Storage
from ..workers import Workers
from . import posts, reports
from .season import by_id

log = logging.getLogger(__name__)


class Poster:
    """Does a season's posts."""

    def __init__(
        self,
        storage: Storage,
        client: discord.Client,
        clock: Callable[[], datetime],
        claims: Claims,
        workers: Workers,
        owns: Callable[[int], bool],
    ) -> None:
        self.storage = storage
        self.client = client
        self.clock = clock
        self.claims = claims
        self.workers = workers
        self.owns = owns

    async def deliver_due(self) -> None:
        """Do every post whose time has come, oldest first."""
        for post_id in await posts.due(self.storage, self.clock(), self.owns):
            async with self.claims.holding(POST, post_id) as mine:
                if not mine:
                    continue
                row = await posts.get(self.storage, post_id)
                if row.status != posts.PENDING:
                    continue
                try:
                    with speaking(row.post.language):
                        await self._do(row)
                except discord.HTTPException as exc:
                    await self._failed(row, exc)
                except Exception:  # one post's trouble must not hold back the others
                    log.exception("league post %s failed", post_id)
                    await self._later(row, "the bot failed")

    async def _do(self, row: posts.Row) -> None:
        if row.kind == posts.ROLE:
            await self._role(row)
            return
        previous = row.attempted_at if row.attempts else None
        await posts.mark_attempt(self.storage, row, self.clock())
        if row.kind == posts.DM:
            assert row.user_id is not None
            user = self.client.get_user(row.user_id) or await self.client.fetch_user(row.user_id)
            where: Any = user.dm_channel or await user.create_dm()
        else:
            assert row.channel_id is not None
            where = self.client.get_channel(row.channel_id) or await self.client.fetch_channel(
                row.channel_id
            )
        message = None
        if previous is not None:
            message = await posted_around(where, self.client.user, {row.post.content}, previous)
        if message is None:
            message = await where.send(row.post.content, **await self._extras(row))
        await posts.mark(self.storage, row, posts.SENT, message_id=message.id)

    async def _extras(self, row: posts.Row) -> dict[str, Any]:
        """A message's pings (only those it names), nonce and picture."""
        out: dict[str, Any] = {
            "allowed_mentions": discord.AllowedMentions(
                users=[discord.Object(u) for u in row.post.mentions], roles=False, everyone=False
            ),
            # Discord drops a second message with the same nonce from the same author.
            "nonce": f"lp{row.id}",
        }
        if row.post.picture is not None:
            picture = await self.workers.run(points_picture, row.post.picture)
            out["file"] = attach(picture)
        return out

    async def _role(self, row: posts.Row) -> None:
        """Give the champion's role; the organiser hears once if the bot may not."""
        assert row.user_id is not None and row.role_id is not None
        guild = self.client.get_guild(row.guild_id)
        role = guild.get_role(row.role_id) if guild is not None else None
        if guild is None or role is None:
            await self._refused(row, "the role is gone")
            return
        try:
            member = guild.get_member(row.user_id) or await guild.fetch_member(row.user_id)
        except discord.NotFound:
            await posts.mark(self.storage, row, posts.FAILED, error="the champion left")
            return
        try:
            await member.add_roles(role, reason="league champion")
        except discord.Forbidden as exc:
            await self._refused(row, reason_of(exc))
            return
        await posts.mark(self.storage, row, posts.SENT)

    async def _refused(self, row: posts.Row, reason: str) -> None:
        """The role cannot be given: the organiser is told once, by a DM of its own."""
        await posts.mark(self.storage, row, posts.FAILED, error=reason)
        season = await by_id(self.storage, row.season_id)
        assert row.role_id is not None
        told = reports.role_refused(season, row.role_id, reason)
        await posts.tell_once(
            self.storage, season.id, season.guild_id, season.opened_by, told, self.clock()
        )

    async def _failed(self, row: posts.Row, exc: discord.HTTPException) -> None:
        if not is_permanent(exc):
            await self._later(row, reason_of(exc))
            return
        # Refused for good (DMs closed, a channel the bot may not post in): nothing waits
        # on it.
        log.warning("league post %s refused: %s", row.id, reason_of(exc))
        await posts.mark(self.storage, row, posts.FAILED, error=reason_of(exc))

    async def _later(self, row: posts.Row, reason: str) -> None:
        wait = BACKOFF[min(max(row.attempts - 1, 0), len(BACKOFF) - 1)]
        await posts.mark(
            self.storage, row, posts.PENDING, error=reason,
            next_at=self.clock() + timedelta(seconds=wait),
        )  # fmt: skip
