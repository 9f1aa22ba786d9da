"""One request, one effect: a slash command or a press sent twice at once counts once.

A member who taps a button twice, or re-sends a slow command, makes two interactions with
the same content. The rule: a second request made before its member could have seen the
first one's result is the same request, and is answered as such; two requests made one
after the other stay two (two ``/sw undo`` undo two actions).

Every slash command (``cogs.refusals.refusals``) and every button or menu press (the desk's
``press`` and ``panel_press``, a lobby's ``once_press``) goes through ``Once.run``. A
request is keyed by channel, member and content (the command with its options, or the
component's custom id with the chosen values). It is a duplicate of an accepted request
with the same key when

- it arrives while that request is still being handled (its result is not out yet), or
- Discord created it (its id is a snowflake that carries the time) before that request's
  result was sent.

Times are compared on Discord's clock: the result's moment is the first request's creation
time plus how long the bot took to answer it, measured on the bot's clock, so a skewed
clock on the bot's machine cannot turn two requests into one. Refused requests are not
recorded: a refusal changed nothing, and the copy gets its own answer. What is remembered
lives in memory for a minute; a duplicate straddling a restart is handled as two requests,
and the engine's own checks still refuse what is no longer legal.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import discord

from lang import tr

# How long an answered request is remembered, here and in the database's record alike.
from .request_log import MEMORY, RequestLog

#: How long a copy waits, silent, for the first request's result before deferring its own
#: answer (Discord wants one within 3 seconds).
PATIENCE = 2.0

log = logging.getLogger(__name__)

Key = tuple[int, int, str]


def request_key(interaction: discord.Interaction[Any]) -> Key:
    """Channel, member and what was asked (the interaction's data, in a canonical form)."""
    data = json.dumps(interaction.data or {}, sort_keys=True, default=str)
    return (interaction.channel_id or 0, interaction.user.id, data)


def to_millisecond(moment: datetime) -> datetime:
    """``moment`` cut to the millisecond, the precision of a snowflake's time."""
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def refused(interaction: discord.Interaction[Any]) -> None:
    """Remember that this request was refused (nothing changed): a copy is not a duplicate."""
    if not interaction.extras.get("committed"):
        interaction.extras["refused"] = True


@dataclass
class Request:
    """A request being handled: when Discord created it, when it reached the bot, and
    (once sent) when its result went out, on Discord's clock."""

    created: datetime
    arrived: datetime
    answered_at: datetime | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    refused: bool = False
    #: Told the moment when the member has the result (the shared record keeps it).
    on_answer: Callable[[datetime], None] | None = None

    def answer(self, now: datetime) -> None:
        """The result is out (the first call counts)."""
        if self.answered_at is None:
            self.answered_at = self.created + (now - self.arrived)
            self.answered.set()
            if self.on_answer is not None:
                self.on_answer(self.answered_at)


def answered(interaction: discord.Interaction[Any], now: datetime) -> None:
    """Note that the request's result was sent, before slower work (posting to the channel)
    follows: a copy made after this moment is a new request."""
    request = interaction.extras.get("once")
    if isinstance(request, Request):
        request.answer(now)


class Once:
    """Answers copies of a request once, without playing them again."""

    def __init__(self, clock: Callable[[], datetime], shared: RequestLog | None = None) -> None:
        self.clock = clock
        #: The requests of every process, when several share the database.
        self.shared = shared
        #: When (Discord's clock) the shared record was last cleared of old rows.
        self._swept: datetime | None = None
        self._running: dict[Key, Request] = {}
        self._answered: dict[Key, datetime] = {}
        #: Writes of answers to the shared record, under way (kept from the collector).
        self._writes: set[asyncio.Task[None]] = set()

    async def run(
        self,
        interaction: discord.Interaction[Any],
        handle: Callable[[], Awaitable[None]],
        *,
        private: bool = False,
    ) -> None:
        """Handle the request with ``handle``, unless it is a copy of one already handled.

        ``private``: the request may be acknowledged privately, every answer to it being
        private (a move, an undo) or following the acknowledgement (a lobby's change, told
        for everyone by ``bot.public``), so a busy bot acknowledges it at once
        (``acknowledge_if_busy``), before even recording it.
        """
        key = request_key(interaction)
        created = discord.utils.snowflake_time(interaction.id)
        if await self._is_copy(interaction, key, created):
            await self._answer_copy(interaction)
            return
        request = Request(created, self.clock())
        self._running[key] = request
        interaction.extras["once"] = request
        if private:
            # Before the shared record, whose write may wait for a database connection.
            await self.acknowledge_if_busy(interaction)
        if self.shared is not None:
            if not await self._claimed(interaction, key, created):
                # Another process has (or had) this request: a copy, here as there.
                request.answer(self.clock())
                del self._running[key]
                await self._answer_copy(interaction)
                return
            # The record learns of the answer when the member does, not once the turn's
            # message is posted too: a copy elsewhere waits no longer than it must.
            request.on_answer = lambda when: self._record(key, when)
            if private:
                # The record's write may have waited for a connection while others came.
                await self.acknowledge_if_busy(interaction)
        try:
            await handle()
        except BaseException:
            # A failure that changed nothing is no result a copy could stand for.
            refused(interaction)
            raise
        finally:
            request.on_answer = None
            request.refused = bool(interaction.extras.get("refused"))
            request.answer(self.clock())
            if self._running.get(key) is request:
                del self._running[key]
            if not request.refused:
                assert request.answered_at is not None
                self._answered[key] = request.answered_at
            self._forget_before(created - MEMORY)
            if self.shared is not None:
                # Written again even when recorded early: that write may have failed.
                await asyncio.shield(
                    self.shared.finish(key, None if request.refused else request.answered_at)
                )

    def busy(self) -> bool:
        """Whether another request is being handled besides the caller's."""
        return len(self._running) > 1

    async def acknowledge_if_busy(self, interaction: discord.Interaction[Any]) -> None:
        """Under load, tell the member at once that their move arrived.

        A request whose answers can follow a private acknowledgement (a move, an undo, a
        lobby's change) is acknowledged before any work when other requests are being
        handled too: a press silently (its answer may then edit the pressed message or
        follow), a command with Discord's private "thinking…". On a quiet bot the answer
        itself comes first, saving Discord a call.
        """
        if interaction.response.is_done() or not self.busy():
            return
        if interaction.type == discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    def _record(self, key: Key, when: datetime) -> None:
        """Write the answer's moment to the shared record, without waiting for it."""
        assert self.shared is not None
        shared = self.shared

        async def write() -> None:
            try:
                await shared.finish(key, when)
            except Exception:  # the record is written again once the request ends
                log.warning("the answer of a request was not recorded yet", exc_info=True)

        task = asyncio.get_running_loop().create_task(write())
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _claimed(
        self, interaction: discord.Interaction[Any], key: Key, created: datetime
    ) -> bool:
        """Whether this process handles the request (the database's record decides)."""
        assert self.shared is not None
        if self._swept is None or created - self._swept > MEMORY:
            # Rows are dropped on Discord's clock, the one they are written in.
            self._swept = created
            await self.shared.forget_before(created - MEMORY)

        async def defer() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)

        return await self.shared.claim(key, created, PATIENCE, defer)

    async def _is_copy(
        self, interaction: discord.Interaction[Any], key: Key, created: datetime
    ) -> bool:
        first = self._running.get(key)
        if first is not None:
            # Arrived while the first one is handled: made before its result was out.
            try:
                await asyncio.wait_for(first.answered.wait(), PATIENCE)
            except TimeoutError:
                await interaction.response.defer(ephemeral=True, thinking=True)
                await first.answered.wait()
            return not first.refused
        when = self._answered.get(key)
        # Snowflakes count milliseconds: compare at that precision.
        return when is not None and created < to_millisecond(when)

    @staticmethod
    async def _answer_copy(interaction: discord.Interaction[Any]) -> None:
        if interaction.type == discord.InteractionType.component:
            text = tr(
                "👯 Pressed twice at once: the first press counted; this one changes nothing."
            )
        else:
            text = tr("👯 Sent twice at once: the first one counted; this copy changes nothing.")
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    def _forget_before(self, moment: datetime) -> None:
        for key in [k for k, when in self._answered.items() if when < moment]:
            del self._answered[key]
