"""The Discord half of rounds (``bot.seasons.rounds``): the pass that forms, ends and closes
rounds when their time comes, opens the tables' threads and does the season's posts.

It runs in the bot's deadline pass, after the games' own deadlines. A season's round work
is claimed by one process at a time (the ``round`` claim on the season); each step is its
own transaction and is safe to repeat, so a restart or another process carries on from
what was recorded:

- a round whose start came is formed (the members who left the server are found first and
  left out), then its tables' threads are opened at once;
- a round whose end came is marked ending, and each of its games still going is handed to
  the AI, which plays it to the end;
- a round whose games are all over is closed, and its posts are done.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from ..claims import ROUND, Claims
from ..desk import Desk
from . import members as signups
from .poster import Poster
from .rounds import ENDING, Round, Rounds
from .season import RoundsSeason, by_id
from .table_desk import TableDesk
from .tables import ROUND as FROM_ROUND

log = logging.getLogger(__name__)


class RoundDesk:
    """Keeps the rounds seasons' clocks."""

    def __init__(
        self,
        rounds: Rounds,
        table_desk: TableDesk,
        poster: Poster,
        desk: Desk,
        client: discord.Client,
        claims: Claims,
    ) -> None:
        self.rounds = rounds
        self.table_desk = table_desk
        self.poster = poster
        self.desk = desk
        self.client = client
        self.claims = claims

    async def tick(self) -> None:
        """One pass: the rounds to form, end and close, then the tables and the posts."""
        due = await self.rounds.due()
        for season_id in due.forming:
            await self._claimed(season_id, self.form, season_id)
        for r in due.ending:
            await self._claimed(r.season_id, self.end, r)
        for r in due.going:
            await self._claimed(r.season_id, self.close, r)
        await self.table_desk.open_due()
        await self.poster.deliver_due()

    async def _claimed(self, season_id: int, work: Any, arg: Any) -> None:
        async with self.claims.holding(ROUND, season_id) as mine:
            if not mine:
                return
            try:
                await work(arg)
            except Exception:  # one season's trouble must not stop the others
                log.exception("round work of season %s failed", season_id)

    async def language(self, guild_id: int) -> str:
        """The server's language, which its season's posts and games speak."""
        guild = self.client.get_guild(guild_id)
        locale = getattr(guild, "preferred_locale", None)
        return await self.rounds.service.languages.for_server(guild_id, locale)

    async def form(self, season_id: int) -> int | None:
        """Form the season's next round, then open its tables' threads; the round's id."""
        season = await by_id(self.rounds.storage, season_id)
        gone = await self.gone(season)
        round_id = await self.rounds.form(season_id, await self.language(season.guild_id), gone)
        if round_id is not None:
            for table in await self.rounds.tables.of_source(FROM_ROUND, round_id):
                try:
                    await self.table_desk.open(table.id)
                except Exception:  # the deadline pass tries it again
                    log.exception("table %s could not be opened", table.id)
        return round_id

    async def gone(self, season: RoundsSeason) -> list[int]:
        """The season's members who left the server (they are out from the next round)."""
        guild = self.client.get_guild(season.guild_id)
        if guild is None:
            return []
        out = []
        number = await signups.next_number(self.rounds.storage, season.id)
        for m in await signups.playing(self.rounds.storage, season.id, number):
            if guild.get_member(m.user_id) is not None:
                continue
            try:
                await guild.fetch_member(m.user_id)
            except discord.NotFound:
                out.append(m.user_id)
            except discord.HTTPException:
                continue  # not known now: they stay in
        return out

    async def end(self, r: Round) -> None:
        """A round whose end came: marked ending, and its games still going finished."""
        if r.status != ENDING and not await self.rounds.end(r.id):
            return
        for game_id, status in (await self.rounds.games(r.id)).items():
            if status != "active":
                continue
            outcome = await self.rounds.tables.finish_now(game_id)
            if outcome is not None:
                await self.desk.announce(outcome)

    async def close(self, r: Round) -> None:
        """Close a round whose games are all over."""
        season = await by_id(self.rounds.storage, r.season_id)
        await self.rounds.close(r.id, await self.language(season.guild_id))
