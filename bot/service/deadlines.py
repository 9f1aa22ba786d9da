"""Deadlines: when a decision is due, which games are overdue or due a reminder, the
reminder itself, and pausing a game's deadlines while its channel refuses the bot.

What a passed deadline plays is ``bot.service.takeover``'s and ``bot.service.play``'s.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from engine import to_act
from engine.core.state import GameState

from .. import outbox
from ..messages import Announcement, paused_dm, reminder
from ..storage import now_iso
from .loaded import LoadedGame
from .store import Games

#: Default time a player has for a decision, in hours.
DEFAULT_DEADLINE_HOURS = 24.0
#: A reminder goes out when this share of the deadline has passed.
REMIND_AT = 0.75
#: A member told of their decision this much later than it was saved (a crash, Discord
#: down) gets their deadline moved on by as much; a post this prompt leaves it be.
LATE = timedelta(seconds=2)


def reminder_due(deadline: datetime, hours: float, now: datetime) -> bool:
    """Whether a decision with this deadline is due its reminder at ``now``."""
    return deadline - now <= timedelta(hours=hours * (1 - REMIND_AT))


def deadline_for(lg: LoadedGame, state: GameState, now: datetime) -> datetime:
    """When the decision owed now must be made: the game's time per decision, counted
    from ``now``, or from the end of the absence the member to act announced."""
    start = now
    seat = to_act(state)
    if seat is not None:
        away = lg.seat_row(seat).away_until
        if away is not None and away > now:
            start = away
    return start + timedelta(hours=lg.deadline_hours)


class Deadlines:
    """The deadlines of the games of one store."""

    def __init__(self, games: Games) -> None:
        self.games = games

    async def due_games(self) -> tuple[list[int], list[int]]:
        """Games whose deadline has passed, and games due a reminder (paused ones wait), on
        this process's servers."""
        now = self.games.clock()
        rows = await self.games.storage.fetchall(
            "SELECT id, guild_id, deadline_at, deadline_hours, reminded FROM games"
            " WHERE status = 'active' AND deadline_at IS NOT NULL AND paused = 0"
        )
        overdue, remind = [], []
        for r in rows:
            if not self.games.owns(r["guild_id"]):
                continue  # another process's shard: its deadlines are that process's
            at = datetime.fromisoformat(r["deadline_at"])
            if at <= now:
                overdue.append(r["id"])
            elif not r["reminded"] and reminder_due(at, r["deadline_hours"], now):
                remind.append(r["id"])
        return overdue, remind

    async def told(self, game_id: int, row_id: int) -> datetime | None:
        """The outbox row ``row_id`` is about to be posted: if it tells a member of their
        decision (it pings them) later than ``LATE`` after their time started counting, their
        deadline is moved on by as much, and the rows not posted yet show the new one.

        Returns the deadline moved to (the caller shows it in the text it posts), or None
        when nothing moved: the decision is over, its deadline was set anew, or the post is
        prompt. Each attempt at the post counts from its own moment, so a post that fails
        and goes later moves the deadline again.
        """

        async def decide(lg: LoadedGame) -> datetime | None:
            row = await self.games.storage.fetchone(
                "SELECT payload, created_at FROM outbox WHERE id = ?", (row_id,)
            )
            if row is None or lg.status != "active" or lg.deadline_at is None:
                return None
            a = Announcement.from_json(row["payload"])
            if not a.starts or a.deadline is None:
                return None
            shown = datetime.fromisoformat(a.deadline)
            if now_iso(shown) != now_iso(lg.deadline_at):
                return None  # another decision now, or its deadline was set anew
            now = self.games.clock()
            since = datetime.fromisoformat(a.since or row["created_at"])
            if now - since < LATE:
                return None
            deadline = now + (shown - since)
            async with self.games.write(lg) as tx:
                await tx.execute(
                    "UPDATE games SET deadline_at = ?, reminded = 0 WHERE id = ?",
                    (now_iso(deadline), game_id),
                )
                await outbox.move_deadline(tx, game_id, shown, deadline, now)
            lg.deadline_at = deadline
            lg.reminded = False
            return deadline

        return await self.games.retrying(game_id, decide)

    async def remind(self, game_id: int) -> list[int]:
        """Record the reminder of the current decision, once; returns the outbox rows."""

        async def decide(lg: LoadedGame) -> list[int]:
            actor = lg.actor_id()
            if lg.reminded or lg.paused or actor is None or lg.deadline_at is None:
                return []
            # Still due on the game as it is now (a late ping may just have moved the
            # deadline on), and never before the member was told of the decision.
            if not reminder_due(lg.deadline_at, lg.deadline_hours, self.games.clock()):
                return []
            if await outbox.untold(self.games.storage, game_id, lg.deadline_at):
                return []
            assert lg.game is not None
            async with self.games.write(lg) as tx:
                await tx.execute("UPDATE games SET reminded = 1 WHERE id = ?", (game_id,))
                ids = await outbox.record(
                    tx,
                    game_id,
                    [reminder(game_id, lg.game.state, actor, lg.deadline_at)],
                    self.games.clock(),
                )
            lg.reminded = True
            return ids

        return await self.games.retrying(game_id, decide)

    async def pause(self, game_id: int, reason: str) -> list[int]:
        """Stop a game's deadlines because its channel refuses the bot; tell the host by DM.

        Returns the outbox rows recorded (none if the game was already paused or is over).
        """

        async def decide(lg: LoadedGame) -> list[int]:
            if lg.paused or lg.status != "active":
                return []
            async with self.games.write(lg) as tx:
                await tx.execute("UPDATE games SET paused = 1 WHERE id = ?", (game_id,))
                ids = await outbox.record(
                    tx, game_id, [paused_dm(lg.host_id, lg.channel_id, reason)], self.games.clock()
                )
            lg.paused = True
            return ids

        return await self.games.retrying(game_id, decide)

    async def resume(self, game_id: int) -> None:
        """The channel takes the bot's messages again: deadlines run, the current one afresh."""

        async def decide(lg: LoadedGame) -> None:
            if not lg.paused:
                return
            deadline = None
            if lg.status == "active" and lg.game is not None:
                deadline = deadline_for(lg, lg.game.state, self.games.clock())
            async with self.games.write(lg) as tx:
                await tx.execute(
                    "UPDATE games SET paused = 0, deadline_at = ?, reminded = 0 WHERE id = ?",
                    (now_iso(deadline) if deadline else None, game_id),
                )
            lg.paused = False
            lg.deadline_at = deadline
            lg.reminded = False

        return await self.games.retrying(game_id, decide)
