"""Whether and when a failed Discord call is tried again (the announcer's outbox rows), and
finding the post an interrupted attempt may have made."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import discord

from .outbox import Row

#: Seconds before the n-th retry of a transient failure (the last value repeats): the README's
#: "5 s up to 15 min".
BACKOFF = (5, 15, 60, 300, 900)


def reason_of(exc: BaseException) -> str:
    """A short, true description of a failed Discord call."""
    if isinstance(exc, discord.HTTPException):
        text = exc.text or type(exc).__name__
        return f"Discord said {exc.status}: {text}"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def is_permanent(exc: BaseException) -> bool:
    """A refusal that retrying will not change: 4xx other than rate limits."""
    if isinstance(exc, (discord.Forbidden, discord.NotFound)):
        return True
    return isinstance(exc, discord.HTTPException) and 400 <= exc.status < 500 and exc.status != 429


def retry_at(row: Row, now: datetime) -> datetime:
    """When a row that failed for now is tried again: ``BACKOFF[n - 1]`` seconds after its
    n-th attempt failed (``now``), 5 s after the first, 15 min from the fifth on."""
    n = min(max(row.attempts, 1), len(BACKOFF))
    return now + timedelta(seconds=BACKOFF[n - 1])


#: How many messages around an interrupted attempt's moment are searched for its post (the
#: most Discord gives in one request: half before the moment, half after).
AROUND = 100


async def posted_around(channel: Any, me: Any, texts: set[str], attempted: datetime) -> Any:
    """The message ``me`` (the bot's user) posted with one of ``texts`` by an attempt made
    at ``attempted``, if it went through: read from the history around that moment (Discord
    dated it a moment later), so that the messages posted since, however many, do not hide
    it."""
    async for message in channel.history(limit=AROUND, around=attempted):
        if me is not None and message.author.id == me.id and message.content in texts:
            return message
    return None
