"""The queue's Discord half: ``/league queue`` and its taps answered, games formed when a
member joins and on every deadline pass, and members who left the server taken out.

What the channel reads (a member joined, a pair formed, an invitation, the queue's list)
is in the server's language and pings no one, but the partner an invitation is for; what
only the member reads (a refusal, leaving) is in theirs. No rating is shown: the list says
who waits, for what and since when (the league's ratings are public in the standings, and
the queue has no need to repeat them).

Members who leave the server: Discord tells the bot only with the privileged Server
Members intent, which the bot does not ask for (``Intents.default()``). When an operator
turns it on, ``on_raw_member_remove`` takes the member out at once; either way every game is
checked before it is recorded (``absent``: the members are looked up on the server), so a
member who left never holds a game up, and is taken out then.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from lang import ntr, slash, speaking, tr

from ..claims import Claims
from ..desk import answer, committed, reply_error
from ..errors import ServiceError
from ..public import publish, refresh
from ..service import GameService
from .balance import TEAM_GAME
from .counts import parse_counts, wishes_text
from .forming import Former, Pass
from .matching import COUNTS
from .queue import Entry, Joined, Queue, QueueError, QueueSettings, held
from .queue_controls import USUAL, counts_menu, invitation_buttons, queue_buttons
from .queue_tables import QueueTables

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
QUIET = discord.AllowedMentions.none()
#: Discord's codes for a member or user it does not know: the member left the server.
LEFT = frozenset({10007, 10013})
#: A lookup Discord did not answer: refused or failed (after discord.py's own retries), the
#: connection lost, or timed out (an ``OSError`` too).
UNANSWERED = (discord.HTTPException, aiohttp.ClientError, OSError)
#: Members listed by ``/league queue list`` (a message holds 2,000 characters).
LISTED = 25


def since(entry: Entry) -> str:
    """When a member joined, as Discord shows a moment to each reader (``3 hours ago``)."""
    return discord.utils.format_dt(entry.joined_at, "R")


def wishes(entry: Entry) -> str:
    """What a member waits for: counts, and the world and deadline they asked for."""
    return wishes_text(entry.players, entry.world, entry.deadline_hours)


def waiting_count(n: int) -> str:
    """``3 members wait.``"""
    return ntr("{n} member waits.", "{n} members wait.", n)


def joined_text(who: str, joined: Joined, partner: str | None) -> str:
    """The channel's line for a member who joined (or changed their wishes)."""
    e = joined.entry
    if joined.again:
        text = tr(
            "🎲 {who} now waits for {wishes} (in the queue since {since}).",
            who=who,
            wishes=wishes(e),
            since=since(e),
        )
    else:
        text = tr("🎲 {who} joined the queue for {wishes}.", who=who, wishes=wishes(e))
    text += " " + waiting_count(joined.waiting)
    if partner is not None and joined.paired:
        text += "\n" + paired_text(who, partner)
    elif partner is not None:
        text += "\n" + tr(
            "🤝 {partner}: {who} asks you to queue together for a team game of {n} (3 teams "
            "of 2). Tap 🤝 Team up or No thanks.",
            partner=partner,
            who=who,
            n=TEAM_GAME,
        )
    return text


def paired_text(who: str, partner: str) -> str:
    """Two members queue as a pair."""
    return tr(
        "🤝 {who} and {partner} queue together for a team game of {n} (3 teams of 2).",
        who=who,
        partner=partner,
        n=TEAM_GAME,
    )


def settings_text(s: QueueSettings) -> str:
    """The server's queue settings, in words."""
    spread = tr(
        "⚙️ Queue settings: the members of a game may be {tolerance} rating points apart at "
        "once, {widening} more for each hour its longest waiter has waited.",
        tolerance=round(s.tolerance),
        widening=round(s.widening),
    )
    cap = ntr(
        "A member in {n} unfinished game here cannot join the queue.",
        "A member in {n} unfinished games here cannot join the queue.",
        s.cap,
    )
    return f"{spread} {cap}"


class QueueDesk:
    """Answers ``/league queue`` and its taps; forms the queue's games."""

    def __init__(
        self,
        service: GameService,
        client: discord.Client,
        claims: Claims,
        opener: Callable[[int], Awaitable[Any]],
    ) -> None:
        self.service = service
        self.client = client
        self.queue = Queue(service.storage, service.league, service.clock)
        tables = QueueTables(lambda: service.seed_source(), service.clock)
        self.former = Former(self.queue, claims, tables.record, service.clock)
        #: Opens a table's thread and starts its game (the tables' job, ``TableDesk.open``).
        self.opener = opener

    def listen(self, bot: commands.Bot) -> None:
        """Take out members who leave a server, and a server's queue when the bot leaves it."""
        bot.add_listener(self.on_raw_member_remove, "on_raw_member_remove")
        bot.add_listener(self.on_guild_remove, "on_guild_remove")

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left the server (with the Server Members intent only): out of its queue."""
        if await self.queue.drop(payload.guild_id, [payload.user.id]):
            log.info("member %s left guild %s: out of its queue", payload.user.id, payload.guild_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot left a server: nobody waits there any more."""
        await self.queue.drop_server(guild.id)

    async def language(self, guild_id: int, locale: object = None) -> str:
        """The server's language (its choice, or Discord's locale of it)."""
        if locale is None:
            guild = self.client.get_guild(guild_id)
            locale = getattr(guild, "preferred_locale", None)
        return await self.service.languages.for_server(guild_id, locale)

    # --- commands -------------------------------------------------------------------------

    async def join(
        self,
        interaction: Interaction,
        players: str | None,
        world: str | None,
        deadline_hours: int | None,
        partner: discord.abc.User | None,
    ) -> None:
        """``/league queue join``: queue the member (or change their wishes), say so in the
        channel, then form what can form."""
        assert interaction.guild_id is not None
        if partner is not None and partner.bot:
            raise QueueError(tr("A partner is a member of the server, not a bot."))
        if players is not None:
            counts = parse_counts(players)
        else:
            counts = frozenset({TEAM_GAME}) if partner is not None else USUAL
        user = interaction.user
        joined = await self.queue.join(
            interaction.guild_id,
            user.id,
            user.display_name,
            counts,
            world,
            deadline_hours,
            partner.id if partner is not None else None,
        )
        committed(interaction)
        invited = partner is not None and not joined.paired
        with speaking(await self.language(interaction.guild_id, interaction.guild_locale)):
            text = joined_text(user.mention, joined, partner.mention if partner else None)
            view = invitation_buttons(user.id) if invited else queue_buttons()
        mentions = discord.AllowedMentions(users=[partner]) if invited and partner else QUIET
        await publish(interaction, content=text, view=view, allowed_mentions=mentions)
        await self.form_now(interaction.guild_id)

    async def leave(self, interaction: Interaction) -> None:
        """``/league queue leave`` (or Leave queue): out of the queue, privately told."""
        assert interaction.guild_id is not None
        entry = await self.queue.leave(interaction.guild_id, interaction.user.id)
        if entry is None:
            raise QueueError(tr("You are not in the queue."))
        committed(interaction)
        text = tr("You left the queue.")
        if entry.partner is not None:
            text += " " + tr("<@{partner}> stays in it alone.", partner=entry.partner)
        await answer(interaction, text, ephemeral=True, allowed_mentions=QUIET)

    async def show(self, interaction: Interaction) -> None:
        """``/league queue list``: who waits, for what, since when, with the queue's taps."""
        assert interaction.guild_id is not None
        season = await self.service.league.current(interaction.guild_id)
        if season is None:
            raise QueueError(tr("No season is open on this server, so nobody waits."))
        entries = await self.queue.waiting(interaction.guild_id)
        with speaking(await self.language(interaction.guild_id, interaction.guild_locale)):
            text = self.list_text(season.name, entries)
            view = queue_buttons()
        await publish(interaction, content=text, view=view, allowed_mentions=QUIET)

    @staticmethod
    def list_text(season: str, entries: list[Entry]) -> str:
        """The queue of a season as the channel reads it."""
        if not entries:
            return tr(
                "🎲 Nobody waits in the queue of **{season}**. Tap ▶ Join queue, or `{join}`.",
                season=season,
                join=slash("league queue join"),
            )
        lines = [tr("**🎲 Queue · {season}**", season=season) + " · " + waiting_count(len(entries))]
        asking = held(entries)
        for e in entries[:LISTED]:
            line = f"<@{e.user_id}> · {wishes(e)} · {since(e)}"
            if e.partner is not None and e.user_id in asking:
                line += " · " + tr("asked <@{partner}> to team up", partner=e.partner)
            elif e.partner is not None:
                line += " · " + tr("🤝 with <@{partner}>", partner=e.partner)
            lines.append(line)
        if len(entries) > LISTED:
            lines.append(tr("…and {n} more.", n=len(entries) - LISTED))
        lines.append(
            tr(
                "Games form by themselves when enough members fit: each opens in its own "
                "thread here, and pings its players."
            )
        )
        return "\n".join(lines)

    async def settings(
        self,
        interaction: Interaction,
        tolerance: float | None,
        widening: float | None,
        cap: int | None,
        organiser: bool,
    ) -> None:
        """``/league queue settings``: show them, or (an organiser) change them."""
        assert interaction.guild_id is not None
        if tolerance is None and widening is None and cap is None:
            s = await self.queue.settings(interaction.guild_id)
            await answer(interaction, settings_text(s), ephemeral=True)
            return
        if not organiser:
            raise QueueError(tr("Only members with the Manage Server permission can do that."))
        s = await self.queue.change_settings(interaction.guild_id, tolerance, widening, cap)
        committed(interaction)
        with speaking(await self.language(interaction.guild_id, interaction.guild_locale)):
            text = settings_text(s)
        await publish(interaction, content=text)
        # A wider tolerance or a higher cap may let games form now.
        await self.form_now(interaction.guild_id)

    # --- taps -----------------------------------------------------------------------------

    async def press(self, interaction: Interaction, verb: str, values: list[str]) -> None:
        """A tap on one of the queue's controls, counted once when tapped twice at once."""
        bot: Any = interaction.client
        await bot.desk.once.run(
            interaction, lambda: self._press(interaction, verb, values), private=True
        )

    async def _press(self, interaction: Interaction, verb: str, values: list[str]) -> None:
        try:
            if interaction.guild_id is None:
                raise QueueError(tr("The queue is a server's: tap it there."))
            if verb == "join":
                await self.offer_counts(interaction)
            elif verb == "counts":
                await self.join_by_tap(interaction, values)
            elif verb == "leave":
                await self.leave(interaction)
            else:
                _, inviter, answer = verb.split(":")
                await self.answer(interaction, int(inviter), answer == "yes")
        except ServiceError as exc:
            await reply_error(interaction, str(exc))

    async def offer_counts(self, interaction: Interaction) -> None:
        """▶ Join queue: the menu of player counts, privately (the member's counts ticked if
        they wait already)."""
        assert interaction.guild_id is not None
        if await self.service.league.current(interaction.guild_id) is None:
            raise QueueError(tr("No season is open on this server, so nobody waits."))
        await self.queue.check_cap(interaction.guild_id, interaction.user.id)
        entry = await self.queue.entry(interaction.guild_id, interaction.user.id)
        text = tr(
            "Choose the numbers of players you accept: you join the queue as soon as you "
            "choose. A world, a deadline or a partner: `{join}`.",
            join=slash("league queue join"),
        )
        menu = counts_menu(entry.players if entry else USUAL)
        await answer(interaction, text, view=menu, ephemeral=True)

    async def join_by_tap(self, interaction: Interaction, values: list[str]) -> None:
        """The counts menu: join with the counts chosen (a world and deadline asked for
        before stay; a partner too, when the team game is all that is chosen)."""
        assert interaction.guild_id is not None
        try:
            counts = frozenset(int(v) for v in values)
        except ValueError:
            counts = frozenset()
        if not counts or not counts <= set(COUNTS):
            raise QueueError(tr("Choose the numbers of players you accept."))
        user = interaction.user
        before = await self.queue.entry(interaction.guild_id, user.id)
        partner = before.partner if before and counts == {TEAM_GAME} else None
        joined = await self.queue.join(
            interaction.guild_id,
            user.id,
            user.display_name,
            counts,
            before.world if before else None,
            before.deadline_hours if before else None,
            partner,
        )
        committed(interaction)
        await refresh(
            interaction, content=tr("✅ You wait for {wishes}.", wishes=wishes(joined.entry)),
            view=None,
        )  # fmt: skip
        with speaking(await self.language(interaction.guild_id, interaction.guild_locale)):
            mate = f"<@{partner}>" if partner is not None and joined.paired else None
            text = joined_text(user.mention, joined, mate)
            view = queue_buttons()
        await interaction.followup.send(text, view=view, allowed_mentions=QUIET)
        await self.form_now(interaction.guild_id)

    async def answer(self, interaction: Interaction, inviter: int, yes: bool) -> None:
        """Team up or No thanks on an invitation (only the member invited may answer)."""
        assert interaction.guild_id is not None
        user = interaction.user
        asking = await self.queue.entry(interaction.guild_id, inviter)
        if asking is None or asking.partner is None:
            raise QueueError(tr("That invitation is no longer open."))
        if asking.partner != user.id:
            raise QueueError(tr("That invitation is for <@{partner}>.", partner=asking.partner))
        if yes:
            await self.queue.confirm(interaction.guild_id, inviter, user.id, user.display_name)
        else:
            await self.queue.decline(interaction.guild_id, inviter, user.id)
        committed(interaction)
        with speaking(await self.language(interaction.guild_id, interaction.guild_locale)):
            if yes:
                text = paired_text(f"<@{inviter}>", user.mention)
            else:
                text = tr(
                    "{who} said no thanks: <@{inviter}> waits for a team game alone.",
                    who=user.mention,
                    inviter=inviter,
                )
            view = queue_buttons()
        await refresh(interaction, content=text, view=view, allowed_mentions=QUIET)
        if yes:
            await self.form_now(interaction.guild_id)

    # --- forming --------------------------------------------------------------------------

    async def absent(self, guild_id: int, user_ids: Any) -> set[int]:
        """The members Discord says are no longer on the server. One it cannot answer for
        (a failing request, a lost connection) counts as there: the game forms, and its
        deadlines play for them if they do not come."""
        guild = self.client.get_guild(guild_id)
        gone = set()
        for uid in user_ids:
            try:
                if guild is not None:
                    await guild.fetch_member(uid)
            except discord.NotFound as exc:
                if exc.code in LEFT:
                    gone.add(uid)
            except UNANSWERED as exc:
                log.warning("could not look member %s of guild %s up: %r", uid, guild_id, exc)
        return gone

    async def form_now(self, guild_id: int) -> Pass:
        """Form what the server's queue allows now, then have the tables' job open each game
        in its thread. A failure is logged: the member's request is already answered, and
        the next pass tries again (a table recorded is opened by the pass as well)."""
        done = Pass()
        try:
            done = await self.former.form(guild_id, self.absent, await self.language(guild_id))
            if done.gone:
                log.info("guild %s: %s left the server, out of its queue", guild_id, done.gone)
            for formed in done.formed:
                await self.opener(formed.table_id)
        except Exception:
            log.exception("forming the queue of guild %s failed", guild_id)
        return done

    async def tick(self) -> None:
        """The deadline pass: forget closed seasons' rows, and form every server's queue
        (tolerances widen as time passes, so a game may form with nobody joining)."""
        await self.queue.drop_closed()
        for guild_id in await self.queue.servers():
            if self.service.owns(guild_id):
                await self.form_now(guild_id)
