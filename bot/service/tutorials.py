"""The tutorials of ``/sw tutorial``: a member's guided first game against the tutorial's
AI, in a thread of its own (issue 39).

A tutorial is an ordinary game of the store, opened, filled and started at once: two seats
(the member first, then an AI seat of level ``tutorial``, which plays
``engine.tutorial.coach.opponent_action``), on the world's tutorial board with the pinned
seed (``engine.tutorial.arrangement``), never rated, never taken over, with a deadline of
two weeks. Its row in ``tutorials`` keeps the member, the world and language of the lessons
and how far they are; the lessons themselves are recorded with each move
(``bot.service.lessons``). A finished tutorial keeps no results: it counts for no league and
no statistics, and the member's player card says it was finished.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from engine.tutorial.arrangement import arrangement, arrangements
from engine.tutorial.tracker import Progress, skip, waiting
from lang import tr
from renderer.static import GEOMETRY_DIR, use_geometry

from ..errors import ServiceError
from ..storage import now_iso
from .lessons import TUTORIAL_AI
from .lobby import Lobby
from .outcome import Outcome
from .store import Games

#: A tutorial's turn deadline: two weeks (the longest a game allows), so that a member who
#: leaves comes back to the same position.
DEADLINE_HOURS = 24 * 14


@dataclass(frozen=True)
class Running:
    """A member's tutorial under way: its game, thread and world."""

    game_id: int
    channel_id: int
    world: str


def drawn_boards() -> list[str]:
    """Register each tutorial board with the engine and give the renderer its drawing (the
    geometry of the built-in board it copies); the boards' game keys. Done again at each
    opening (two small files), so a registry cleared meanwhile is filled again."""
    keys = []
    for plan in arrangements().values():
        key = plan.map_key()
        raw = (GEOMETRY_DIR / f"{plan.drawing}.json").read_text(encoding="utf-8")
        use_geometry(key, json.loads(raw))
        keys.append(key)
    return keys


class Tutorials:
    """Opening, skipping and starting again the tutorials of one store."""

    def __init__(self, games: Games, lobby: Lobby) -> None:
        self.games = games
        self.lobby = lobby
        # The boards are drawn by this process whatever it does first (a restart included).
        drawn_boards()

    async def open(
        self, guild_id: int, channel_id: int, user_id: int, name: str, world: str, language: str
    ) -> Outcome:
        """Open, fill and start ``world``'s tutorial for a member in ``channel_id`` (a thread
        made for it); the start's announcements carry the first lesson."""
        if world not in arrangements():
            raise ServiceError(tr("There is no tutorial for that world."))
        plan = arrangement(world)
        drawn_boards()
        opening = await self.lobby.plan(
            guild_id,
            channel_id,
            user_id,
            name,
            2,
            deadline_hours=DEADLINE_HOURS,
            seed=plan.seed,
            rated=False,
            world=world,
            takeover_after=0,
            map_id=plan.map_key(),
            language=language,
        )
        lg = await self.lobby.open(opening, channel_id)
        async with self.games.storage.transaction() as tx:
            await tx.execute(
                "INSERT INTO tutorials (game_id, guild_id, user_id, world, language, progress,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    lg.id,
                    guild_id,
                    user_id,
                    world,
                    language,
                    json.dumps(Progress().to_dict()),
                    now_iso(self.games.clock()),
                ),
            )
        await self.lobby.add_ai(channel_id, user_id, TUTORIAL_AI, tr("Tutorial AI"))
        return await self.lobby.start(channel_id, user_id, host_first=True)

    async def running(self, guild_id: int, user_id: int) -> Running | None:
        """The member's tutorial under way on a server, if any (the latest)."""
        row = await self.games.storage.fetchone(
            "SELECT t.game_id, g.channel_id, t.world FROM tutorials t"
            " JOIN games g ON g.id = t.game_id"
            # A lobby left by a crash while it was being set up is no tutorial under way.
            " WHERE t.guild_id = ? AND t.user_id = ? AND g.status = 'active'"
            " ORDER BY t.game_id DESC LIMIT 1",
            (guild_id, user_id),
        )
        if row is None:
            return None
        return Running(row["game_id"], row["channel_id"], row["world"])

    async def finished(self, guild_id: int, user_id: int) -> list[str]:
        """The worlds whose tutorial the member finished on a server."""
        rows = await self.games.storage.fetchall(
            "SELECT DISTINCT world FROM tutorials WHERE guild_id = ? AND user_id = ?"
            " AND finished_at IS NOT NULL ORDER BY world",
            (guild_id, user_id),
        )
        return [r["world"] for r in rows]

    async def _owned(self, game_id: int, user_id: int) -> tuple[str, Progress]:
        row = await self.games.storage.fetchone(
            "SELECT user_id, world, progress FROM tutorials WHERE game_id = ?", (game_id,)
        )
        if row is None or row["user_id"] != user_id:
            raise ServiceError(tr("This tutorial is someone else's: /tutorial start opens yours."))
        return row["world"], Progress.from_dict(json.loads(row["progress"]))

    async def skip_next(self, game_id: int, user_id: int) -> bool:
        """Skip the next lesson of the member's tutorial; whether there was one to skip."""
        async with self.games.lock(game_id):
            world, progress = await self._owned(game_id, user_id)
            if (await self.games.load(game_id)).status != "active":
                raise ServiceError(tr("This tutorial has ended: /tutorial start opens a new one."))
            nxt = waiting(arrangement(world), progress)
            if nxt is None:
                return False
            async with self.games.storage.transaction() as tx:
                await tx.execute(
                    "UPDATE tutorials SET progress = ? WHERE game_id = ?",
                    (json.dumps(skip(progress, nxt.key).to_dict()), game_id),
                )
            return True

    async def again(self, game_id: int, user_id: int, name: str, guild_id: int) -> Outcome:
        """Start the member's tutorial again from the beginning, in the same thread: the
        game under way (if still running) is cancelled, a new one opened."""
        world, _ = await self._owned(game_id, user_id)
        lg = await self.games.load(game_id)
        row = await self.games.storage.fetchone(
            "SELECT language FROM tutorials WHERE game_id = ?", (game_id,)
        )
        assert row is not None
        if lg.status in ("lobby", "active"):
            await self.lobby.cancel(lg.channel_id, user_id, is_admin=False)
        return await self.open(guild_id, lg.channel_id, user_id, name, world, row["language"])


__all__ = ["DEADLINE_HOURS", "Running", "Tutorials", "drawn_boards"]
