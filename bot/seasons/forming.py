"""Forming the queue's games: when a member joins and on every deadline pass, the bot forms
the games the queue allows (``bot.seasons.matching.form_games``), each exactly once.

**Claimed.** A server's queue is formed by one process at a time: the claim ``queue`` on
the server's id (``bot.claims``; a dead process's claim is freed as any other). The claim
saves work; exactly-once does not rest on it.

**Exactly once.** Each game is one transaction: its members' rows leave the queue, each
exactly as it was read (``Queue.take``: its revision), and its table is recorded
(``bot.seasons.tables``) in the same transaction. Two processes that read the same queue
(a claim that lapsed) cannot both take a member: the second one's delete finds no row, its
transaction rolls back and it decides again from the queue as it now is. A process killed
in the middle leaves the transaction committed, the game's table recorded for the tables'
job to open, or not at all, the members still waiting for the next pass.

**Nobody unreachable stops a game.** Before a game is recorded its members are looked up
on the server (``absent``): one who left is taken out of the queue, a partner who named
them waits alone, and the games are chosen again without them. A member whom Discord does
not answer for (a failing request, a lost connection) is not held against the others:
the game forms, and its deadlines play for whoever does not come. Nor is a member whose
DMs are closed: the game speaks in its thread, and a refused DM is not tried again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from ..claims import Claims
from ..league import Season
from ..storage import Transaction
from .matching import Match, form_games
from .queue import Entry, Queue, Stale

log = logging.getLogger(__name__)

#: The claims kind of forming a server's queue (one claim per server id).
QUEUE = "queue"
#: At most this many choices in one pass (each records a game, takes out a member who left,
#: or finds the queue changed under it): a bound, never reached by a queue that holds still.
PASSES = 200

#: Looks members of a server up: the ids of those who are no longer on it.
Absent = Callable[[int, Sequence[int]], Awaitable[set[int]]]
#: Records a game's table inside the transaction that takes its members out of the queue,
#: speaking the language given (the server's); the table's id.
Record = Callable[[Transaction, Season, Match, Sequence[Entry], str], Awaitable[int]]


@dataclass(frozen=True)
class Formed:
    """A game the queue formed: the choice, its members' entries (in the game's order) and
    its table."""

    match: Match
    entries: tuple[Entry, ...]
    table_id: int


@dataclass
class Pass:
    """What one pass did: the games formed and the members taken out for leaving."""

    formed: list[Formed] = field(default_factory=list)
    gone: set[int] = field(default_factory=set)


class Former:
    """Forms the queue's games of every server (see the module's docstring)."""

    def __init__(
        self, queue: Queue, claims: Claims, record: Record, clock: Callable[[], datetime]
    ) -> None:
        self.queue = queue
        self.claims = claims
        self.record = record
        self.clock = clock

    async def form(self, guild_id: int, absent: Absent, language: str) -> Pass:
        """Form every game a server's queue allows now, its tables speaking ``language``;
        nothing if another process is forming it."""
        async with self.claims.holding(QUEUE, guild_id) as mine:
            if not mine:
                return Pass()
            return await self._form(guild_id, absent, language)

    async def _form(self, guild_id: int, absent: Absent, language: str) -> Pass:
        done = Pass()
        for _ in range(PASSES):
            season = await self.queue.league.current(guild_id)
            if season is None:
                break
            pool = await self.queue.pool(guild_id, season)
            matches = form_games(pool.waiting, self.clock(), pool.tolerance)
            if not matches:
                break
            for match in matches:
                gone = await absent(guild_id, match.members)
                if gone:
                    # Chosen again without them: the others' closest game may differ now.
                    await self.queue.drop(guild_id, gone)
                    done.gone |= gone
                    break
                entries = tuple(pool.entries[u] for u in match.members)
                try:
                    async with self.queue.storage.transaction() as tx:
                        await Queue.take(tx, entries)
                        table_id = await self.record(tx, season, match, entries, language)
                except Stale as exc:
                    log.info("queue of guild %s changed while forming (%s)", guild_id, exc)
                    break
                done.formed.append(Formed(match, entries, table_id))
            else:
                break  # every game chosen was formed: nothing else can form now
        return done
