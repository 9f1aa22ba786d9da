"""The ``/league`` requests of a rounds season: opening one, signing up and withdrawing, the
points table and the champion's role, the round's status, and the organiser's controls
(pause, resume, extend, drop). ``cogs.rounds`` and ``cogs.league`` call these.

What changes the season for everyone (its opening, the clock, a new points table, a member
dropped) is answered in the channel, in the server's language; what concerns one member
is answered to them alone.
"""

from __future__ import annotations

from typing import Any

import discord

from engine.core.worlds import WORLDS
from lang import number, option, slash, speaking, tr

from ..attachments import attach
from ..desk import Desk
from ..jobs import points_picture
from ..league import League, LeagueError, Season
from ..workers import Workers
from . import members as signups
from . import reports
from .points import describe_table
from .rounds import ENDING, PLAYING, Rounds
from .scoring import standing
from .season import RoundsSeason, by_id, current, open_rounds, set_points, set_role
from .season_buttons import signup_view
from .tables import ROUND as FROM_ROUND

Interaction = discord.Interaction[Any]
QUIET = discord.AllowedMentions.none()


def ts(moment: Any) -> str:
    """A Discord timestamp each reader sees in their own time zone (relative: "in 3 days")."""
    return discord.utils.format_dt(moment, "R")


def pods_text(season: RoundsSeason) -> str:
    """The season's pods in words."""
    if season.teams:
        return tr("team games of 3 pairs")
    return tr("pods of {n}", n=season.pod)


class SeasonDesk:
    """Answers the requests of rounds seasons."""

    def __init__(self, rounds: Rounds, league: League, desk: Desk, workers: Workers) -> None:
        self.rounds = rounds
        self.league = league
        self.desk = desk
        self.workers = workers

    @property
    def storage(self) -> Any:
        """The database."""
        return self.rounds.storage

    async def public_language(self, interaction: Interaction) -> str:
        """The server's language: what the channel reads is in it."""
        assert interaction.guild_id is not None
        return await self.rounds.service.languages.for_server(
            interaction.guild_id, interaction.guild_locale
        )

    async def season(self, interaction: Interaction) -> RoundsSeason:
        """The server's open rounds season, or a clear refusal."""
        assert interaction.guild_id is not None
        return await current(self.storage, interaction.guild_id)

    # --- opening --------------------------------------------------------------------------

    async def open(self, interaction: Interaction, name: str, settings: dict[str, Any]) -> None:
        """``/league open format:rounds``: open the season and say how it plays."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        opened = await open_rounds(
            self.league,
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            name,
            settings,
        )
        season = await current(self.storage, interaction.guild_id)
        assert season.next_round_at is not None and opened.id == season.id
        with speaking(await self.public_language(interaction)):
            lines = [
                tr(
                    "🏁 Season **{season}** is open: {rounds} rounds of {days} days, {pods} on "
                    "{world}. The bot forms the games at each round's start, in threads of this "
                    "channel.",
                    season=season.name,
                    rounds=season.rounds,
                    days=number(season.days),
                    pods=pods_text(season),
                    world=WORLDS[season.world].display_name,
                ),
                tr(
                    "Sign up with the button below or `{signup}` before the first round starts "
                    "{when}; `{withdraw}` takes you out of the next rounds.",
                    signup=slash("league signup"),
                    withdraw=slash("league withdraw"),
                    when=ts(season.next_round_at),
                ),
                tr("Points by place: {table}.", table="; ".join(describe_table(season.table))),
            ]
            buttons = signup_view(season.id)
        await interaction.response.send_message(
            "\n".join(lines), allowed_mentions=QUIET, view=buttons
        )

    # --- members --------------------------------------------------------------------------

    async def signup(self, interaction: Interaction, partner: discord.abc.User | None) -> None:
        """``/league signup``: the member plays from the next round."""
        season = await self.season(interaction)
        first = await signups.signup(
            self.storage,
            season,
            interaction.user.id,
            interaction.user.display_name,
            partner.id if partner else None,
            self.rounds.now(),
        )
        text = tr(
            "✅ You are signed up for **{season}**: you play from round {n}.",
            season=season.name,
            n=first,
        )
        if partner is not None:
            text += " " + tr(
                "You play with {who} when they name you too (`{signup} {partner}:`).",
                who=partner.mention,
                signup=slash("league signup"),
                partner=option("partner"),
            )
        await interaction.response.send_message(text, ephemeral=True)

    async def withdraw(self, interaction: Interaction) -> None:
        """``/league withdraw``: out of every round formed from now on."""
        season = await self.season(interaction)
        await signups.withdraw(self.storage, season, interaction.user.id, self.rounds.now())
        await interaction.response.send_message(
            tr(
                "You have withdrawn from **{season}**: you play no more rounds (a game of yours "
                "under way goes on). `{signup}` brings you back from the next round.",
                season=season.name,
                signup=slash("league signup"),
            ),
            ephemeral=True,
        )

    async def drop(self, interaction: Interaction, member: discord.abc.User) -> None:
        """``/league round drop``: out of the season, their seat to the AI."""
        season = await self.season(interaction)
        game_id = await signups.drop(self.storage, season, member.id, self.rounds.now())
        with speaking(await self.public_language(interaction)):
            text = tr(
                "🚫 {who} is dropped from **{season}**: they missed every deadline of their last "
                "round's game, and play no more rounds.",
                who=member.mention,
                season=season.name,
            )
            note = tr(
                "🤖 {who} was dropped from the season: an AI plays their seat to the end.",
                who=member.mention,
            )
        outcome = await self.rounds.tables.finish_now(game_id, {member.id}, note)
        await interaction.response.send_message(text, allowed_mentions=QUIET)
        if outcome is not None:
            await self.desk.announce(outcome)

    # --- standings and a member's season ---------------------------------------------------

    async def standings(self, interaction: Interaction, found: Season) -> None:
        """``/league standings`` of a rounds season: points, games and tie-breaks, in words
        and in a picture, for the channel."""
        season = await by_id(self.storage, found.id)
        now = await standing(self.storage, season)
        await interaction.response.defer(thinking=True)
        with speaking(await self.public_language(interaction)):
            final = season.closed_at is not None
            post = reports.standings_post(
                season, now.number, now.lines, now.names, now.gained, final
            )
            assert post.picture is not None
            picture = await self.workers.run(points_picture, post.picture)
        await interaction.followup.send(post.content, file=attach(picture), allowed_mentions=QUIET)

    async def player(
        self,
        interaction: Interaction,
        found: Season,
        member: discord.abc.User,
        versus: discord.abc.User | None = None,
    ) -> None:
        """``/league player`` in a rounds season: the member's points, rounds and places;
        with ``versus``, below them the two members' games together and who finished ahead."""
        season = await by_id(self.storage, found.id)
        now = await standing(self.storage, season)
        with speaking(await self.public_language(interaction)):
            lines = reports.player_lines(season, member.id, member.display_name, now)
            if lines and versus is not None:
                ours, theirs = (member.id, member.display_name), (versus.id, versus.display_name)
                head, *rest = reports.versus_lines(season, ours, theirs, now)
                # A blank line apart, never a message of its own.
                lines += ["\n" + head, *rest]
        if not lines:
            raise LeagueError(tr("{name} plays no round of this season.", name=member.display_name))
        first, *more = reports.chunks(lines)
        await interaction.response.send_message(first, allowed_mentions=QUIET)
        for text in more:
            await interaction.followup.send(text, allowed_mentions=QUIET)

    # --- settings -------------------------------------------------------------------------

    async def points(self, interaction: Interaction, table: str | None, organiser: bool) -> None:
        """``/league points``: the season's points table, or the organiser's new one."""
        season = await self.season(interaction)
        if table is None:
            lines = [tr("Points by place in **{season}**:", season=season.name)]
            lines += [f"- {line}" for line in describe_table(season.table)]
            await interaction.response.send_message("\n".join(lines), ephemeral=True)
            return
        if not organiser:
            raise LeagueError(tr("Only members with the Manage Server permission can do that."))
        new = await set_points(self.storage, season, table)
        with speaking(await self.public_language(interaction)):
            lines = [tr("📋 Points by place in **{season}** from now on:", season=season.name)]
            lines += [f"- {line}" for line in describe_table(new)]
            lines.append(tr("The whole season's standings follow the new table."))
        await interaction.response.send_message("\n".join(lines), allowed_mentions=QUIET)

    async def champion(self, interaction: Interaction, role: discord.Role | None) -> None:
        """``/league champion``: the role the champion gets (none: no role)."""
        season = await self.season(interaction)
        await set_role(self.storage, season, role.id if role else None)
        if role is None:
            text = tr("The champion of **{season}** gets no role.", season=season.name)
        else:
            text = tr(
                "The champion of **{season}** gets the role {role} (I need Manage Roles, and "
                "that role below mine).",
                season=season.name,
                role=role.mention,
            )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=QUIET)

    # --- the round ------------------------------------------------------------------------

    async def status(self, interaction: Interaction) -> None:
        """``/league round status``: where the season's rounds stand."""
        season = await self.season(interaction)
        latest = await self.rounds.latest(season.id)
        count = len([m for m in await signups.signed(self.storage, season.id) if m.left is None])
        lines = [
            tr(
                "**{season}**: {members} members signed up, {rounds} rounds of {days} days.",
                season=season.name,
                members=count,
                rounds=season.rounds,
                days=number(season.days),
            )
        ]
        if season.paused_at is not None:
            lines.append(tr("⏸️ Paused since {when}.", when=ts(season.paused_at)))
        if latest is not None and latest.status in (PLAYING, ENDING):
            lines.append(
                tr(
                    "Round {n} of {rounds} is under way; it ends {when}.",
                    n=latest.number,
                    rounds=season.rounds,
                    when=ts(latest.ends_at),
                )
            )
            for table in await self.rounds.tables.of_source(FROM_ROUND, latest.id):
                who = " ".join(f"<@{m.user_id}>" for m in table.table.members)
                where = f"<#{table.thread_id}>" if table.thread_id else tr("(thread not open yet)")
                lines.append(f"- {where}: {who}")
        if season.next_round_at is not None:
            lines.append(
                tr(
                    "The next round starts {when}.",
                    when=ts(season.next_round_at),
                )
            )
        await interaction.response.send_message(
            "\n".join(lines)[:2000], ephemeral=True, allowed_mentions=QUIET
        )

    async def clock(self, interaction: Interaction, what: str, days: float | None = None) -> None:
        """``/league round pause|resume|extend``: the season's clock, told to the channel."""
        season = await self.season(interaction)
        fields = {"season": season.name, "who": interaction.user.mention}
        if what == "pause":
            await self.rounds.pause(season)
            with speaking(await self.public_language(interaction)):
                text = tr(
                    "⏸️ {who} paused the rounds of **{season}**: no round starts or ends until "
                    "they resume (the games go on; `{away}` gives a member time).",
                    away=slash("sw away"),
                    **fields,
                )
        elif what == "resume":
            await self.rounds.resume(season)
            fresh = await current(self.storage, season.guild_id)
            latest = await self.rounds.latest(season.id)
            with speaking(await self.public_language(interaction)):
                text = tr("▶️ {who} resumed the rounds of **{season}**.", **fields)
                if latest is not None and latest.status == PLAYING:
                    ends = ts(latest.ends_at)
                    text += " " + tr("Round {n} ends {when}.", n=latest.number, when=ends)
                elif fresh.next_round_at is not None:
                    text += " " + tr("The next round starts {when}.", when=ts(fresh.next_round_at))
        else:
            assert days is not None
            extended = await self.rounds.extend(season, days)
            with speaking(await self.public_language(interaction)):
                text = tr(
                    "⏩ {who} extended round {n} of **{season}**: it ends {when}.",
                    n=extended.number,
                    when=ts(extended.ends_at),
                    **fields,
                )
        await interaction.response.send_message(text, allowed_mentions=QUIET)
