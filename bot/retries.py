"""Whether and when a failed Discord call is tried again (the announcer's outbox rows)."""

from __future__ import annotations

from datetime import datetime, timedelta

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
