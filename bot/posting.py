"""One attempt at posting one outbox row to Discord, and what became of it.

``RowPoster.post`` makes the attempt and records its outcome before it returns; the announcer
(``bot.announcer``) decides which rows go and in what order. Apart from it because this is
where Discord is spoken to, row by row:

- a row attempted before is first looked for in the channel's history around that moment
  (a crash right after Discord took the post), however many messages came since; then it
  is sent with a nonce that Discord deduplicates for a few minutes;
- transient errors (5xx, network, time-outs) leave the row pending, to be retried with
  backoff (``BACKOFF``) counted from when the failure came back; a board that Discord
  refuses falls back to a text-only message and the image is added by an edit later; a
  channel that refuses the bot pauses the game and the host is told by DM;
- the turn's live message is edited in place, posted afresh when it must ping someone
  new, and deleted when the turn's summary is out;
- a member told of their decision late (a crash, Discord down) has their deadline moved on
  by as much, and the text posted shows the moved deadline (``GameService.told``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

import discord

from lang import speaking

from . import outbox
from .attachments import attach
from .controls import turn_view
from .jobs import announcement_pictures
from .messages import CHANNEL, Announcement, text_only
from .outbox import BLOCKED, FAILED, PARTIAL, PENDING, SENT, Row
from .retries import BACKOFF, is_permanent, posted_around, reason_of, retry_at
from .storage import Storage
from .tutorial_buttons import tutorial_view
from .workers import Workers

log = logging.getLogger(__name__)

#: How often a blocked channel is tried again, in seconds.
BLOCKED_RETRY = 900
#: Attempts at adding a refused image by an edit before the text-only message stays as is.
IMAGE_ATTEMPTS = 5


class Courier(Protocol):
    """What posting needs of the Discord client (``discord.Client`` has it all)."""

    @property
    def user(self) -> Any: ...

    def get_channel(self, channel_id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_user(self, user_id: int, /) -> Any: ...

    async def fetch_user(self, user_id: int, /) -> Any: ...


class GameDesk(Protocol):
    """What posting may ask of the game service."""

    async def pause(self, game_id: int, reason: str) -> list[int]: ...

    async def resume(self, game_id: int) -> None: ...

    async def told(self, game_id: int, row_id: int) -> datetime | None: ...

    def owns(self, guild_id: int) -> bool: ...


@dataclass
class Delivery:
    """What became of one outbox row, for the member whose action caused it."""

    id: int
    kind: str
    status: str
    error: str | None = None


class ImageError(Exception):
    """The image of an announcement could not be made."""


@dataclass
class RowPoster:
    """Posts one outbox row at a time to Discord and records what became of it."""

    storage: Storage
    courier: Courier
    games: GameDesk
    clock: Callable[[], datetime]
    #: Where the images are drawn: worker processes (a thread at size 0).
    workers: Workers

    async def post(self, row: Row) -> Delivery:
        """One attempt at one row, in the language its text was written in; every outcome
        is recorded before returning."""
        with speaking(row.announcement.language):
            return await self._attempt(row)

    async def _attempt(self, row: Row) -> Delivery:
        # When the last attempt was made, if one was: it may have gone through.
        previous = (row.attempted_at or row.created_at) if row.attempts else None
        if not row.announcement.live:
            # A live row counts its attempt only when it posts (an edit may be repeated).
            await outbox.mark_attempt(self.storage, row, self.clock())
        try:
            if row.kind == CHANNEL:
                return await self._post_channel(row, previous)
            return await self._post_dm(row, previous)
        except Exception as exc:
            # Permanent refusals were handled above; what is left may pass: retry later,
            # counting the pause from now, when the failure came back (discord.py retries a
            # 500 by itself for 25 s before it raises).
            now = self.clock()
            reason = reason_of(exc)
            log.warning("outbox %s: %s; trying again later", row.id, reason)
            await outbox.mark(
                self.storage, row, PENDING, now, error=reason, next_at=retry_at(row, now)
            )
            return Delivery(row.id, row.kind, PENDING, reason)

    async def _post_dm(self, row: Row, previous: datetime | None) -> Delivery:
        now = self.clock()
        assert row.user_id is not None
        try:
            user = self.courier.get_user(row.user_id) or await self.courier.fetch_user(row.user_id)
            found = None
            if previous is not None:
                found = await self._already_posted(await user.create_dm(), row, previous)
            message = found or await user.send(row.announcement.content)
        except discord.HTTPException as exc:
            if not is_permanent(exc):
                raise
            # Members who take no DMs from the bot: nothing to retry, nothing to pause.
            reason = reason_of(exc)
            log.info("outbox %s: DM to %s refused: %s", row.id, row.user_id, reason)
            await outbox.mark(self.storage, row, FAILED, now, error=reason)
            return Delivery(row.id, row.kind, FAILED, reason)
        await outbox.mark(self.storage, row, SENT, now, message_id=message.id)
        return Delivery(row.id, row.kind, SENT)

    async def _post_channel(self, row: Row, previous: datetime | None) -> Delivery:
        a = row.announcement
        try:
            channel = await self._channel(row.channel_id)
            if row.status == PARTIAL:
                return await self._add_image(row, channel)
            if a.live:
                return await self._post_live(row, channel, previous)
            if previous is not None:
                found = await self._already_posted(channel, row, previous)
                if found is not None:
                    status = SENT if found.content == a.content else PARTIAL
                    return await self._done(row, found, status, error=row.error)
            try:
                message = await self._send(channel, row, with_image=True)
                if a.closes_live:
                    await self._close_live(row.game_id, channel)
                return await self._done(row, message, SENT)
            except (ImageError, discord.HTTPException) as exc:
                if isinstance(exc, discord.HTTPException) and not (is_permanent(exc) and a.image):
                    raise
                # The text may still go where the image does not (no Attach Files, too big).
                row.error = reason_of(exc)
                log.warning("outbox %s: image refused (%s); posting text only", row.id, row.error)
                message = await self._send(channel, row, with_image=False)
                if a.closes_live:
                    await self._close_live(row.game_id, channel)
                return await self._done(row, message, PARTIAL, error=row.error)
        except discord.HTTPException as exc:
            if not is_permanent(exc):
                raise
            return await self._blocked(row, reason_of(exc))

    async def _post_live(self, row: Row, channel: Any, previous: datetime | None) -> Delivery:
        """Bring the turn's live message up to date: an edit in place, or a fresh post when
        there is none for this turn yet or it must ping someone it has not pinged."""
        a = row.announcement
        ping = a.mentions[0] if a.mentions else None
        current = await outbox.live_of(self.storage, row.game_id)
        if current is not None and current.turn == a.live and ping in (None, current.pinged):
            message = channel.get_partial_message(current.message_id)
            try:
                await message.edit(content=a.content, view=self._view(a))
                return await self._done(row, message, SENT)
            except discord.NotFound:
                current = None  # someone deleted it: post it again below
            except discord.HTTPException as exc:
                if not is_permanent(exc):
                    # A failed edit counts, so that its retries are spaced out as any
                    # other's (an edit posts nothing that a retry could repeat).
                    await outbox.mark_attempt(self.storage, row, self.clock())
                raise
        await outbox.mark_attempt(self.storage, row, self.clock())
        found = None if previous is None else await self._already_posted(channel, row, previous)
        message = found or await self._send(channel, row, with_image=False)
        if current is not None:
            await self._delete(channel, current.message_id, row.game_id)
        assert a.live is not None
        live = outbox.Live(message.id, a.live, ping)
        await outbox.mark(self.storage, row, SENT, self.clock(), message_id=message.id, live=live)
        if row.paused:
            await self.games.resume(row.game_id)
        return Delivery(row.id, row.kind, SENT)

    async def _close_live(self, game_id: int, channel: Any) -> None:
        """The turn's summary is out: its live message goes."""
        current = await outbox.live_of(self.storage, game_id)
        if current is not None:
            await self._delete(channel, current.message_id, game_id)

    async def _delete(self, channel: Any, message_id: int, game_id: int) -> None:
        """Delete a live message; one that cannot go now is deleted with the next summary."""
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.NotFound:
            pass
        except discord.HTTPException as exc:
            log.warning("live message %s of game %s stays: %s", message_id, game_id, exc)
            return
        await outbox.clear_live(self.storage, game_id, message_id)

    @staticmethod
    def _view(a: Announcement) -> discord.ui.View | None:
        if not a.buttons:
            return None
        b = a.buttons
        if "tutorial" in b:
            return tutorial_view(b["tutorial"])
        return turn_view(b["game"], b["key"], b["version"], b["verbs"])

    async def _send(self, channel: Any, row: Row, *, with_image: bool) -> Any:
        a = row.announcement
        kwargs: dict[str, Any] = {
            "allowed_mentions": discord.AllowedMentions(
                users=[discord.Object(u) for u in a.mentions], roles=False, everyone=False
            ),
            # Discord drops a second message with the same nonce from the same author.
            "nonce": f"sw{row.id}",
        }
        view = self._view(a)
        if view is not None:
            kwargs["view"] = view
        if with_image and a.image:
            kwargs["files"] = await self._images(a)
        # The member it pings is told now: their time counts from here (after the drawing).
        await self._start_clock(row)
        content = a.content
        if a.image and not with_image:
            content = text_only(a.content, row.error)
        return await channel.send(content, **kwargs)

    async def _start_clock(self, row: Row) -> None:
        """A member told of their decision late has the deadline moved on, and shown."""
        a = row.announcement
        if a.starts:
            moved = await self.games.told(row.game_id, row.id)
            if moved is not None:
                a.move_deadline(moved, self.clock())

    async def _images(self, a: Announcement) -> list[discord.File]:
        """The announcement's images, drawn by a worker; the files are made here, on the
        loop (a worker returns the pictures: a ``discord.File`` holds an open stream)."""
        try:
            assert a.view is not None and a.image is not None
            pictures = await self.workers.run(
                announcement_pictures, a.view, a.image, map_key=a.view.get("map")
            )
            return [attach(picture) for picture in pictures]
        except Exception as exc:
            # A drawing bug must not stop the game: the turn goes out as text.
            log.exception("rendering failed")
            raise ImageError("the board could not be drawn") from exc

    async def _add_image(self, row: Row, channel: Any) -> Delivery:
        """Put the refused image on the text-only message, by an edit; after a few failed
        tries the text-only message stays as it is (``/sw board`` still draws the board)."""
        now = self.clock()
        a = row.announcement
        try:
            assert row.message_id is not None
            message = channel.get_partial_message(row.message_id)
            await message.edit(content=a.content, attachments=await self._images(a))
        except (ImageError, discord.HTTPException) as exc:
            reason = reason_of(exc)
            if row.attempts >= IMAGE_ATTEMPTS:
                await outbox.mark(self.storage, row, SENT, now, error=reason)
                return Delivery(row.id, row.kind, SENT, reason)
            await outbox.mark(
                self.storage, row, PARTIAL, now, error=reason, next_at=retry_at(row, now)
            )
            return Delivery(row.id, row.kind, PARTIAL, reason)
        await outbox.mark(self.storage, row, SENT, now)
        return Delivery(row.id, row.kind, SENT)

    async def _already_posted(self, channel: Any, row: Row, attempted: datetime) -> Any:
        """The message the attempt made at ``attempted`` posted, if it went through."""
        a = row.announcement
        texts = {a.content, text_only(a.content, row.error)}
        return await posted_around(channel, self.courier.user, texts, attempted)

    async def _done(
        self, row: Row, message: Any, status: str, error: str | None = None
    ) -> Delivery:
        now = self.clock()
        next_at = now + timedelta(seconds=BACKOFF[0]) if status == PARTIAL else None
        await outbox.mark(
            self.storage, row, status, now, message_id=message.id, error=error, next_at=next_at
        )
        # A message went through: a game paused for its channel may go on. (Only the
        # announcer pauses a game, after a refused post, and the rows are read afresh at
        # each pass; so the row says whether the game was paused.)
        if row.paused:
            await self.games.resume(row.game_id)
        return Delivery(row.id, row.kind, status, error)

    async def _blocked(self, row: Row, reason: str) -> Delivery:
        now = self.clock()
        log.warning("outbox %s: channel %s refuses the bot: %s", row.id, row.channel_id, reason)
        await outbox.mark(
            self.storage,
            row,
            BLOCKED,
            now,
            error=reason,
            next_at=now + timedelta(seconds=BLOCKED_RETRY),
        )
        ids = await self.games.pause(row.game_id, reason)
        if ids:
            # The host's DM does not depend on the channel: post it now.
            for dm in await outbox.open_rows(self.storage, row.game_id):
                if dm.id in ids:
                    await self.post(dm)
        return Delivery(row.id, row.kind, BLOCKED, reason)

    async def _channel(self, channel_id: int) -> Any:
        channel = self.courier.get_channel(channel_id)
        if channel is None:
            channel = await self.courier.fetch_channel(channel_id)
        return channel
