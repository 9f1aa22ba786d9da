"""The Discord half of tables (``bot.seasons.tables``): the claimed job that opens a
table's thread in its parent channel and starts its game there.

The job runs from the bot's deadline pass (``open_due``) and at once after a planner
recorded tables (``open``). One process at a time works on a table (the ``table`` claim);
each step is safe to repeat:

- the moment of the attempt is recorded before Discord is asked for the thread; a table
  attempted before is first looked for among the server's active threads (its name ends
  in the table's tag), so a crash between the thread's creation and its record opens no
  second thread;
- the game is created and started in one transaction that marks the table started
  (``Tables.start``); a table started already is left alone.

When Discord refuses the thread (the bot may not open threads there), the table's host (the
organiser) is told once, by DM or else in the channel, and the job tries again every
``RETRY``; whatever planned the table (a round's clock) does not wait for it.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import discord

from lang import speaking, tr

from ..channels import everyone_sees
from ..claims import TABLE, Claims
from ..desk import Desk
from ..errors import ServiceError
from ..retries import is_permanent, reason_of
from .tables import WAITING, Stored, Tables, thread_name

log = logging.getLogger(__name__)

#: How long after Discord refused a table's thread the job tries again.
RETRY = timedelta(minutes=15)
#: The longest a thread stays open without a message (Discord's most): slow games sleep.
ARCHIVE_MINUTES = 10080


class TableDesk:
    """Opens the threads of tables and starts their games."""

    def __init__(self, tables: Tables, client: discord.Client, desk: Desk, claims: Claims) -> None:
        self.tables = tables
        self.client = client
        self.desk = desk
        self.claims = claims

    async def open_due(self) -> None:
        """Open every table whose time to try has come (on this process's servers)."""
        for table_id in await self.tables.waiting():
            try:
                await self.open(table_id)
            except Exception:  # one table's trouble must not hold back the others
                log.exception("table %s could not be opened", table_id)

    async def open(self, table_id: int) -> int | None:
        """Open a table's thread and start its game there, unless another process is at it
        or Discord refuses; the game's id once it has one."""
        async with self.claims.holding(TABLE, table_id) as mine:
            if not mine:
                return None
            stored = await self.tables.get(table_id)
            if stored.status != WAITING:
                return stored.game_id
            thread = await self._thread(stored)
            if thread is None:
                return None
            try:
                outcome = await self.tables.start(table_id, listed=everyone_sees(thread))
            except ServiceError as exc:
                # The game itself is refused (a board that cannot be drawn): the organiser
                # is told, and it is tried again later.
                await self._refused(stored, str(exc))
                return None
        if outcome is None:
            return (await self.tables.get(table_id)).game_id
        await self.desk.announce(outcome)
        return outcome.game.id

    async def _thread(self, stored: Stored) -> Any:
        """The table's thread: the one recorded, the one a crashed attempt made, or a new
        one; None when Discord refuses it (the host is told)."""
        if stored.thread_id is not None:
            try:
                return await self._channel(stored.thread_id)
            except discord.NotFound:
                pass  # someone deleted the thread before its game began: open another
        parent = await self._channel(stored.table.parent_id)
        name = thread_name(stored.table.title, stored.id)
        if stored.attempted_at is not None:
            found = await self._find(parent, name)
            if found is not None:
                await self.tables.opened(stored.id, found.id)
                return found
        await self.tables.attempt(stored.id)
        try:
            thread = await parent.create_thread(
                name=name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=ARCHIVE_MINUTES,
            )
        except discord.HTTPException as exc:
            if not is_permanent(exc):
                raise  # a passing failure: the next pass tries again
            await self._refused(stored, reason_of(exc))
            return None
        await self.tables.opened(stored.id, thread.id)
        return thread

    @staticmethod
    async def _find(parent: Any, name: str) -> Any:
        """The thread of ``parent`` named ``name`` among its server's active threads (one
        an interrupted attempt opened), if any."""
        for thread in await parent.guild.active_threads():
            if thread.parent_id == parent.id and thread.name == name:
                return thread
        return None

    async def _channel(self, channel_id: int) -> Any:
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)

    async def _refused(self, stored: Stored, reason: str) -> None:
        """Try again later; the host hears of it the first time only."""
        now = self.tables.clock()
        if not await self.tables.refused(stored.id, reason, now + RETRY):
            return
        t = stored.table
        with speaking(t.language):
            text = tr(
                "⚠️ I could not open the thread of **{title}** in <#{channel}> ({reason}). I "
                "need Create Public Threads and Send Messages in Threads there; I try again "
                "every {minutes} minutes.",
                title=t.title,
                channel=t.parent_id,
                reason=reason,
                minutes=int(RETRY.total_seconds() // 60),
            )
        try:
            user = self.client.get_user(t.host_id) or await self.client.fetch_user(t.host_id)
            await user.send(text)
            return
        except discord.HTTPException:
            log.info("table %s: its host %s takes no DM; telling the channel", stored.id, t.host_id)
        try:
            parent = await self._channel(t.parent_id)
            await parent.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("table %s: nobody could be told that its thread is refused", stored.id)
