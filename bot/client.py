"""The bot process: a ``commands.AutoShardedBot`` with storage, the game service, and
deadlines.

One process runs every shard by default. Past Discord's 2,500 servers a bot needs several
shards, and several processes can share them: each runs the shards ``SHARD_IDS`` of
``SHARD_COUNT`` on one shared PostgreSQL database (``bot.storage``), where the revision of
each game keeps their writes apart.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

import discord
from aiohttp import web
from discord.ext import commands, tasks

from . import health, startup
from .ai_seats import AiSeats
from .announcer import Announcer
from .claims import Claims, Keeper
from .club_maps import ClubMaps
from .controls import FORGED, PanelButton, PanelSelect, TurnButton, claimed, refuse
from .desk import Desk
from .league_desk import LeagueDesk
from .liveness import Holder, instance_of
from .lobby_desk import LobbyButton, LobbySelect
from .seasons.poster import Poster
from .seasons.queue_controls import QueueButton
from .seasons.queue_desk import QueueDesk
from .seasons.round_desk import RoundDesk
from .seasons.rounds import Rounds
from .seasons.season_buttons import SeasonButton
from .seasons.season_desk import SeasonDesk
from .seasons.table_desk import TableDesk
from .seasons.tables import Tables
from .service import GameService
from .settings import Settings
from .speech import SpeakingTree
from .storage import storage_for
from .text_board import TextPage
from .tutorial_buttons import TutorialButton
from .tutorial_desk import pressed as tutorial_pressed
from .web.app import Site
from .web.server import serve
from .workers import Workers

log = logging.getLogger(__name__)

#: How often deadlines and reminders are checked, in seconds.
TICK_SECONDS = 60.0
#: What every message the bot sends or edits may ping unless it says otherwise: no one.
#: Names and texts members chose ("@everyone", "<@&role>", "<@id>") are shown, never
#: pinged; the turn messages let through the one member they mean to ping
#: (``Announcer._send``), and edits never ping anyone.
SAFE_MENTIONS = discord.AllowedMentions(
    everyone=False, roles=False, users=False, replied_user=False
)


class SmallWorldBot(commands.AutoShardedBot):
    """Slash commands only: ``Intents.default()`` and no privileged intent."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], datetime] | None = None,
        tick_seconds: float = TICK_SECONDS,
        sync_on_start: bool = False,
        freeze_heap: bool = False,
    ) -> None:
        # The bot never joins voice: discord.py's warnings about voice libraries would only
        # bury the one line that matters when a start fails.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=SAFE_MENTIONS,
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,
            shard_count=settings.shard_count,
            tree_cls=SpeakingTree,
        )
        self.settings = settings
        self.storage = storage_for(settings.database_target, pool_size=settings.database_pool_size)
        now = clock or discord.utils.utcnow
        #: AI decisions and pictures run here, off the event loop (started in setup_hook).
        self.workers = Workers(settings.workers)
        #: The web server of ``WEB_PORT``, once started.
        self.web: web.AppRunner | None = None
        self.service = GameService(self.storage, clock=now, cache_size=settings.game_cache_size)
        #: This process's claims on background work (several processes may share the
        #: database: ``bot.claims``), naming its shards when it was given some.
        self.claims = Claims(
            self.storage,
            now,
            holder=Holder.this_process(instance_of(settings.shard_ids, settings.shard_count)),
        )
        self.announcer = Announcer(
            self.storage, self, self.service, now, self.workers, claims=self.claims
        )
        self.desk = Desk(self.service, self.announcer, self.workers)
        # Background work follows the shards: a process posts, applies deadlines and plays
        # AI seats for the servers it holds (claims keep a handover safe).
        self.service.games.owns = self.owns
        self.ai_seats = AiSeats(self.service, self.desk.announce, self.workers, claims=self.claims)
        self.desk.on_change = self.ai_seats.changed
        self.league_desk = LeagueDesk(self.service, self, self.workers)
        #: The games a league opens by itself: planned as tables, opened in threads; the
        #: seasons of scheduled rounds that plan them, and what those seasons post.
        self.tables = Tables(self.service)
        self.table_desk = TableDesk(self.tables, self, self.desk, self.claims)
        #: The open-play queue: its commands and taps, and the games it forms as tables.
        self.queue_desk = QueueDesk(self.service, self, self.claims, self.table_desk.open)
        self.queue_desk.listen(self)
        self.rounds = Rounds(self.service, self.tables)
        poster = Poster(self.storage, self, now, self.claims, self.workers, self.owns)
        self.round_desk = RoundDesk(
            self.rounds, self.table_desk, poster, self.desk, self, self.claims
        )
        self.season_desk = SeasonDesk(self.rounds, self.service.league, self.desk, self.workers)
        self.club_maps = ClubMaps(self.storage, self.workers)
        #: What a tutorial lesson's button does (``bot.tutorial_buttons``).
        self.tutorial_presses = tutorial_pressed
        self.sync_on_start = sync_on_start
        #: Whether ``setup_hook`` ends by freezing the heap (``python -m bot``: one bot for
        #: the life of the process; tests make many, and frozen garbage is never freed).
        self.freeze_heap = freeze_heap
        self.deadlines = tasks.loop(seconds=tick_seconds)(self._tick)
        #: One deadline pass at a time (the loop's, or one for work a dead process left),
        #: and how many have ended (the first, at start, posts what a crash left).
        self.passing = asyncio.Lock()
        self.passes = 0
        #: Renews this process's claims and frees a dead process's (``bot.claims``).
        self.keeper = Keeper(self._keep_claims)
        self._freed_pass: asyncio.Task[None] | None = None
        #: The event loop's lag, and the health line that reports it every few minutes.
        self.loop_lag = health.LoopLag()
        self.health = tasks.loop(seconds=health.EVERY)(self._health)
        # One clear warning per server where the bot lacks what its games need.
        startup.watch_permissions(self)

    def owns(self, guild_id: int) -> bool:
        """Whether a server is on one of this process's shards (all of them when this
        process runs every shard)."""
        if self.shard_ids is None or not self.shard_count:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    async def setup_hook(self) -> None:
        """Start the worker processes, open the database, register commands and persistent
        buttons, start deadlines.

        The deadline loop's first pass runs at once: it posts whatever a crash left in the
        outbox before anything else happens, once the claims of this process's dead
        predecessor are freed (``bot.claims``): a restart does not wait on them.
        """
        self.workers.start()
        await self.storage.open()
        await self.service.backfill_results()
        await self.load_extension("cogs.game")
        await self.load_extension("cogs.settings")
        await self.load_extension("cogs.league")
        await self.load_extension("cogs.rounds")
        await self.load_extension("cogs.maps")
        await self.load_extension("cogs.tutorial")
        self.add_dynamic_items(
            TurnButton,
            PanelButton,
            PanelSelect,
            LobbyButton,
            LobbySelect,
            QueueButton,
            TextPage,
            TutorialButton,
            SeasonButton,
        )
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        elif self.sync_on_start:
            await self.tree.sync()
        if self.settings.web_port is not None:
            # The servers' web pages, read from the same database (bot.web).
            site = Site(self.service, self.workers.run, proxies=self.settings.web_trusted_proxies)
            self.web = await serve(site, self.settings.web_host, self.settings.web_port)
            log.info("web pages on port %s", self.settings.web_port)
        await self.claims.keep(starting=True)
        self.deadlines.start()
        self.keeper.start()
        self.loop_lag.start()
        self.health.start()
        log.info("storage: %s", self.storage.describe())
        if self.freeze_heap:
            # What start-up built (modules, rules data, Discord's objects) lives as long as
            # the process: out of the collector's way, a full collection on the loop stays
            # short (bench/loop_lag.py, 100 games: a 35 ms step otherwise, 8 ms at most).
            gc.collect()
            gc.freeze()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A press on a component whose custom id none of the bot's controls claims (one it
        never made) gets one private line rather than Discord's "This interaction failed"."""
        if interaction.type != discord.InteractionType.component:
            return
        custom_id = (interaction.data or {}).get("custom_id")
        if not isinstance(custom_id, str) or not claimed(custom_id):
            await refuse(interaction, FORGED)

    async def _tick(self) -> None:
        async with self.passing:
            try:
                await self.desk.tick()
                # Rounds formed, ended and closed; tables opened; the seasons' posts.
                await self.round_desk.tick()
                await self.ai_seats.wake_all()
                await self.league_desk.close_due()
                await self.queue_desk.tick()
            except Exception:  # deadlines must keep running whatever one pass hit
                log.exception("deadline pass failed")
            self.passes += 1

    async def _keep_claims(self) -> None:
        """Renew this process's claims; when a dead process's claims were freed, do its
        work now (a pass of its own, so that the renewals go on meanwhile)."""
        try:
            freed = await self.claims.keep()
        except Exception:  # a database hiccup: the next round renews
            log.exception("renewing claims failed")
            return
        if freed:
            self._freed_pass = asyncio.get_running_loop().create_task(self._tick())

    async def _health(self) -> None:
        await health.report(self.service, self.loop_lag, lambda: self.workers.queued)

    async def close(self) -> None:
        """Stop deadlines, the AI and the worker processes, and close the database before
        disconnecting."""
        self.deadlines.cancel()
        self.keeper.stop()
        if self._freed_pass is not None:
            self._freed_pass.cancel()
        self.health.cancel()
        self.loop_lag.stop()
        self.announcer.close()
        await self.ai_seats.close()
        try:
            await self.claims.release_all()  # another process need not wait on them
        except Exception:
            log.debug("claims not released at close", exc_info=True)
        if self.web is not None:
            await self.web.cleanup()
        await super().close()
        await self.workers.close()
        await self.storage.close()
