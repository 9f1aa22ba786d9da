"""Who sits where, and who watches: followers, replacements, absences.

Every change here is one transaction with what it must announce (the outbox), recorded in
``seat_log`` so that a game's story says who played each seat when. The rules never see any
of it: a seat is a seat, whoever plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from engine import to_act, to_json
from lang import decimal, number, slash, tr

from .. import outbox, seat_log
from ..errors import ServiceError
from ..messages import CHANNEL, Announcement, ts
from ..storage import Transaction, now_iso
from .deadlines import deadline_for
from .loaded import LoadedGame
from .store import Games, config_json

#: Days of announced absence a member may use in one game, all absences together.
AWAY_DAYS_PER_GAME = 7.0


@dataclass
class Change:
    """What a seating change did: the game, the sentence for the reply, the outbox rows."""

    game: LoadedGame
    text: str
    announced: list[int]


class Seating:
    """Followers, replacements and absences of the games of one store."""

    def __init__(self, games: Games) -> None:
        self.games = games

    # --- followers ------------------------------------------------------------------------

    async def follow(self, channel_id: int, user_id: int) -> bool:
        """Follow the channel's game, or stop following it; returns whether now following."""
        lg = await self.games.in_channel(channel_id)
        storage = self.games.storage
        async with storage.transaction() as tx:
            row = await tx.fetchone(
                "SELECT 1 FROM followers WHERE game_id = ? AND user_id = ?", (lg.id, user_id)
            )
            if row is not None:
                await tx.execute(
                    "DELETE FROM followers WHERE game_id = ? AND user_id = ?", (lg.id, user_id)
                )
                return False
            await tx.execute(
                "INSERT INTO followers (game_id, user_id) VALUES (?, ?)", (lg.id, user_id)
            )
            return True

    # --- replacements -----------------------------------------------------------------------

    async def replace(
        self,
        channel_id: int,
        by: int,
        is_admin: bool,
        old_user: int,
        new_user: int,
        new_name: str,
    ) -> Change:
        """Give a seat to another member: same place in the order, same pieces and coins.

        Only the host or a server manager may; the new member must not play in the game
        already. The seat's name becomes the new member's, in the game's config too, so a
        replay or an undo tells the same names.
        """
        game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> Change:
            if by != lg.host_id and not is_admin:
                raise ServiceError(tr("Only the host or a server manager can replace a player."))
            if lg.status != "active" or lg.game is None:
                raise ServiceError(
                    tr("Replacing is for a game under way; in a lobby, leave and join.")
                )
            seat = lg.seat_of(old_user)
            if seat is None:
                raise ServiceError(tr("{who} has no seat in this game.", who=f"<@{old_user}>"))
            if any(s.user_id == new_user for s in lg.seats):
                raise ServiceError(tr("{who} already plays in this game.", who=f"<@{new_user}>"))
            row = lg.seat_row(seat)
            game = lg.game
            old_name = row.name
            players = list(game.config.players)
            players[seat] = new_name
            now = self.games.clock()
            text = tr(
                "🔁 {who} takes over **{name}**'s seat (seat {seat}), with its pieces and coins, "
                "from now on.",
                who=f"<@{new_user}>",
                name=old_name,
                seat=seat + 1,
            )
            async with self.games.write(lg) as tx:
                await tx.execute(
                    "UPDATE seats SET user_id = ?, name = ?, missed = 0, away_until = NULL,"
                    " ai = NULL, stand_in = 0 WHERE game_id = ? AND user_id = ?",
                    (new_user, new_name, lg.id, old_user),
                )
                game.state.players[seat].name = new_name
                game.config = replace(game.config, players=tuple(players))
                await tx.execute(
                    "UPDATE games SET config = ?, state = ?, updated_at = ? WHERE id = ?",
                    (config_json(game.config), to_json(game.state), now_iso(now), lg.id),
                )
                await seat_log.record(tx, lg.id, seat, "replace", new_user, old_user, now, by=by)
                row.user_id, row.name, row.missed, row.away_until = new_user, new_name, 0, None
                row.ai, row.stand_in = None, False
                # The newcomer gets the whole time for a decision that is theirs now.
                await self._restart_deadline_if_owed(tx, lg, seat)
                ids = await self._tell(tx, lg, text, [new_user], now)
            return Change(lg, text, ids)

        return await self.games.retrying(game_id, decide)

    # --- absences --------------------------------------------------------------------------

    async def away(self, channel_id: int, user_id: int, days: float) -> Change:
        """Announce an absence: the member's deadlines wait until it ends.

        Bounded per game (``AWAY_DAYS_PER_GAME`` in all); a new absence replaces the current
        one, and only the days beyond what was already counted are added.
        """
        game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> Change:
            if lg.status != "active" or lg.game is None:
                raise ServiceError(tr("The game has not started yet."))
            seat = lg.seat_of(user_id)
            if seat is None:
                raise ServiceError(tr("You are not playing in this game."))
            row = lg.seat_row(seat)
            now = self.games.clock()
            # Days already announced and not yet past give back what they did not use.
            unused = (row.away_until - now).total_seconds() / 86400 if row.away_until else 0.0
            used = row.away_days - max(0.0, unused)
            left = AWAY_DAYS_PER_GAME - used
            if days > left + 1e-9:
                raise ServiceError(
                    tr(
                        "You have {left} days of absence left in this game ({total} in all).",
                        left=decimal(left),
                        total=number(AWAY_DAYS_PER_GAME),
                    )
                )
            until = now + timedelta(days=days)
            text = tr(
                "🏖️ **{name}** is away until {until}: their deadlines wait until then. "
                "`{back}` ends the absence early.",
                name=row.name,
                until=ts(until),
                back=slash("sw back"),
            )
            async with self.games.write(lg) as tx:
                await tx.execute(
                    "UPDATE seats SET away_until = ?, away_days = ? WHERE game_id = ? AND"
                    " user_id = ?",
                    (now_iso(until), used + days, lg.id, user_id),
                )
                await seat_log.record(
                    tx, lg.id, seat, "away", user_id, None, now, detail=f"{days:g}"
                )
                row.away_until, row.away_days = until, used + days
                await self._restart_deadline_if_owed(tx, lg, seat)
            return Change(lg, text, [])

        return await self.games.retrying(game_id, decide)

    async def back(self, channel_id: int, user_id: int) -> Change:
        """The member is back: their absence ends now (their current deadline stays as it
        is), and a seat an AI took over after missed deadlines is theirs again."""
        game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> Change:
            seat = lg.seat_of(user_id)
            if seat is None or lg.game is None:
                raise ServiceError(tr("You are not playing in this game."))
            row = lg.seat_row(seat)
            now = self.games.clock()
            away = row.away_until is not None and row.away_until > now
            if not away and not row.stand_in:
                raise ServiceError(tr("You are not away, and you play your seat yourself."))
            async with self.games.write(lg) as tx:
                if away and row.away_until is not None:
                    unused = (row.away_until - now).total_seconds() / 86400
                    row.away_until, row.away_days = None, row.away_days - unused
                    await tx.execute(
                        "UPDATE seats SET away_until = NULL, away_days = ? WHERE game_id = ?"
                        " AND user_id = ?",
                        (row.away_days, lg.id, user_id),
                    )
                    await seat_log.record(tx, lg.id, seat, "back", user_id, None, now)
                if row.stand_in:
                    row.ai, row.stand_in, row.missed = None, False, 0
                    await tx.execute(
                        "UPDATE seats SET ai = NULL, stand_in = 0, missed = 0 WHERE game_id = ?"
                        " AND user_id = ?",
                        (lg.id, user_id),
                    )
                    await seat_log.record(tx, lg.id, seat, "take back", user_id, None, now)
                    text = tr("👋 **{name}** is back and plays their seat again.", name=row.name)
                    # A decision the AI owed is the member's now, with the whole time for it.
                    await self._restart_deadline_if_owed(tx, lg, seat)
                else:
                    text = tr("👋 **{name}** is back.", name=row.name)
            return Change(lg, text, [])

        return await self.games.retrying(game_id, decide)

    # --- helpers ---------------------------------------------------------------------------

    async def _restart_deadline_if_owed(self, tx: Transaction, lg: LoadedGame, seat: int) -> None:
        """When the decision owed now is this seat's, its deadline is counted afresh (from
        the end of an absence, if one was announced)."""
        assert lg.game is not None
        if to_act(lg.game.state) != seat or lg.deadline_at is None:
            return
        deadline = deadline_for(lg, lg.game.state, self.games.clock())
        await tx.execute(
            "UPDATE games SET deadline_at = ?, reminded = 0 WHERE id = ?",
            (now_iso(deadline), lg.id),
        )
        lg.deadline_at, lg.reminded = deadline, False

    async def _tell(
        self, tx: Transaction, lg: LoadedGame, text: str, mentions: list[int], now: datetime
    ) -> list[int]:
        return await outbox.record(tx, lg.id, [Announcement(CHANNEL, text, mentions=mentions)], now)
