"""A queue game's table: what the queue records (``bot.seasons.tables``) for a game it formed,
in the transaction that takes its members out of the queue.

The game opens in a thread of the season's channel, named for its players; it is rated in
the season; its world is the one its members asked for (the usual one when none did); its
decision deadline the longest one they asked for (``DEFAULT_DEADLINE_HOURS`` when none
did); a team game's teams are the ones ``form_games`` balanced, pairs kept. Its host, who
is told if Discord refuses the thread, is the organiser who opened the season: the game is
the league's, not one member's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from engine.core.worlds import DEFAULT_WORLD
from lang import speaking, tr

from ..league import Season
from ..service.deadlines import DEFAULT_DEADLINE_HOURS
from ..storage import Transaction
from .matching import Match
from .queue import Entry
from .tables import QUEUE, Member, Table, record


def title(entries: Sequence[Entry]) -> str:
    """The thread's name (in the language spoken now): the queue's game of these members."""
    return tr("Queue · {names}", names=", ".join(e.name for e in entries))


class QueueTables:
    """Records the tables of the games the queue forms."""

    def __init__(self, seed_source: Callable[[], int], clock: Callable[[], datetime]) -> None:
        self.seed_source = seed_source
        self.clock = clock

    async def record(
        self,
        tx: Transaction,
        season: Season,
        match: Match,
        entries: Sequence[Entry],
        language: str,
    ) -> int:
        """Record the table of a game the queue formed, in ``tx``; its id."""
        row = await tx.fetchone("SELECT opened_by FROM seasons WHERE id = ?", (season.id,))
        assert row is not None, "a game is formed for the open season"
        with speaking(language):
            name = title(entries)
        table = Table(
            guild_id=season.guild_id,
            parent_id=season.channel_id,
            host_id=row["opened_by"],
            members=tuple(Member(e.user_id, e.name) for e in entries),
            world=match.world or DEFAULT_WORLD,
            deadline_hours=float(match.deadline_hours or DEFAULT_DEADLINE_HOURS),
            seed=self.seed_source(),
            language=language,
            title=name,
            source=QUEUE,
            source_id=season.id,
            season_id=season.id,
            teams=match.teams,
        )
        return await record(tx, table, self.clock())
