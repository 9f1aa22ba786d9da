"""A queue game's table: what ``bot.seasons.tables`` is told to open for a game the queue
formed (placeholder until the tables primitive lands)."""

from __future__ import annotations

from collections.abc import Sequence

from ..league import Season
from ..storage import Transaction
from .matching import Match
from .queue import Entry


async def record_table(
    tx: Transaction, season: Season, match: Match, entries: Sequence[Entry], language: str
) -> int:
    """Record the table of a game the queue formed, in ``tx``; its id."""
    raise NotImplementedError("the tables primitive (bot.seasons.tables) is not merged yet")
