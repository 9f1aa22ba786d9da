"""League and archive requests: from an interaction to the league's data and back.

Standings, player cards and replays are drawn off the event loop, by the worker processes
(``bot.workers``), and every reply names members by mention without pinging them.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import discord

from lang import decimal, ntr, option, ptr, slash, speaking, tr

from . import stats
from .attachments import attach, document
from .errors import ServiceError
from .jobs import card_picture, replay_picture, standings_picture
from .league import PAGE, League, LeagueError, Season
from .league_export import export_csv
from .league_tables import names_played, player_card, standings_table
from .options import chosen, stored, title
from .seasons.queue import Queue
from .seasons.queue_views import queue_csv
from .service import GameService
from .web.links import game_link, server_link
from .workers import Workers

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
QUIET = discord.AllowedMentions.none()

#: A row of ``/league stats`` needs at least this many games.
MIN_SAMPLE = 3


def grouping(by: str) -> str:
    """A grouping of ``/league stats`` (``stats.BY``) as its head names it."""
    words = {
        "race": ptr("stats grouping", "race"),
        "power": ptr("stats grouping", "power"),
        "combo": ptr("stats grouping", "combo"),
        "map": ptr("stats grouping", "map"),
    }
    return words.get(by, by)


class LeagueDesk:
    """Answers ``/league`` and the archive commands of ``/sw``."""

    def __init__(
        self, service: GameService, client: discord.Client, workers: Workers | None = None
    ) -> None:
        self.service = service
        self.client = client
        #: Where the pictures are drawn (``bot.workers``).
        self.workers = workers or Workers(0)

    @property
    def league(self) -> League:
        """The league data (kept by the game service, which records results)."""
        return self.service.league

    def name_of(self, guild: discord.Guild | None, user_id: int, fallback: str = "") -> str:
        """A member's display name, as the server knows them now."""
        member = guild.get_member(user_id) if guild else None
        if member is not None:
            return member.display_name
        user = self.client.get_user(user_id)
        return user.display_name if user else fallback or tr("player {id}", id=user_id)

    async def names(self, guild: discord.Guild | None, user_ids: list[int]) -> dict[int, str]:
        """Display names for members, falling back on the name they played under."""
        out: dict[int, str] = {}
        missing = []
        for uid in user_ids:
            member = guild.get_member(uid) if guild else None
            if member is not None:
                out[uid] = member.display_name
            else:
                missing.append(uid)
        for uid, name in (await names_played(self.service.storage, missing)).items():
            out.setdefault(uid, name)
        for uid in user_ids:
            out.setdefault(uid, self.name_of(guild, uid))
        return out

    # --- seasons --------------------------------------------------------------------------

    async def open_season(self, interaction: Interaction, name: str, days: int | None) -> None:
        """Open a season (the cog checked Manage Server)."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        ends = None
        if days is not None:
            ends = self.service.clock() + timedelta(days=days)
        season = await self.league.open_season(
            interaction.guild_id, interaction.channel_id, interaction.user.id, name, ends
        )
        # The season's opening is announced to the channel: in the server's language.
        with speaking(await self.public_language(interaction)):
            fields = {
                "season": season.name,
                "new": slash("sw new"),
                "rated": option("rated"),
                "standings": slash("league standings"),
            }
            if ends:
                text = tr(
                    "🏁 Season **{season}** is open, until {end}. New games (`{new}`) are rated "
                    "unless their host says `{rated}:false`. Standings: `{standings}`.",
                    end=discord.utils.format_dt(ends, "D"),
                    **fields,
                )
            else:
                text = tr(
                    "🏁 Season **{season}** is open. New games (`{new}`) are rated unless their "
                    "host says `{rated}:false`. Standings: `{standings}`.",
                    **fields,
                )
        await interaction.response.send_message(text)

    async def close_season(self, interaction: Interaction) -> None:
        """Close the open season and post its final standings here."""
        assert interaction.guild_id is not None
        season = await self.league.close_season(interaction.guild_id)
        await interaction.response.defer(thinking=True)
        # The season's final standings are the server's: in its language.
        language = await self.service.languages.for_server(
            interaction.guild_id, interaction.guild_locale
        )
        with speaking(language):
            text, file = await self.standings_message(interaction.guild, season, 1, final=True)
        await interaction.followup.send(text, file=file, allowed_mentions=QUIET)

    async def close_due(self) -> None:
        """Close seasons whose planned end passed, posting their standings where they opened."""
        for guild_id in await self.league.due_to_close():
            if not self.service.owns(guild_id):
                continue  # another process's shard closes it
            try:
                season = await self.league.close_season(guild_id)
                channel = self.client.get_channel(season.channel_id) or (
                    await self.client.fetch_channel(season.channel_id)
                )
                guild = getattr(channel, "guild", None)
                # No member asked: the server's language (its Discord locale, or its choice).
                locale = getattr(guild, "preferred_locale", None)
                with speaking(await self.service.languages.for_server(guild_id, locale)):
                    text, file = await self.standings_message(guild, season, 1, final=True)
                await channel.send(text, file=file, allowed_mentions=QUIET)  # type: ignore[union-attr]
            except Exception:  # one server's trouble must not stop the others
                log.exception("closing the season of guild %s failed", guild_id)

    # --- standings ------------------------------------------------------------------------

    async def standings_message(
        self, guild: discord.Guild | None, season: Season, page: int, final: bool = False
    ) -> tuple[str, discord.File]:
        """The standings of a season as a text and a table image (a page of 20)."""

        async def names(ids: list[int]) -> dict[int, str]:
            return await self.names(guild, ids)

        standing = await standings_table(
            self.league, season, names, page=page, final=final, server=guild.name if guild else ""
        )
        data, ids, team = standing.data, standing.ids, standing.team
        page, pages = data["page"], data["pages"]
        start = (page - 1) * PAGE
        picture = await self.workers.run(standings_picture, data)
        fields = {"season": season.name, "page": page, "pages": pages}
        if final:
            lines = [tr("**🏆 Final standings · {season}** (page {page}/{pages})", **fields)]
        else:
            lines = [tr("**Standings · {season}** (page {page}/{pages})", **fields)]
        for r in data["rows"][:3]:
            lines.append(f"{r['rank']}. <@{ids[r['rank'] - start - 1]}> · {r['rating']}")
        if standing.empty:
            lines.append(tr("No rated game has finished yet this season."))
        teamed = [(uid, team[uid]) for uid in ids if uid in team]
        if teamed:
            # Team games are rated as teams (partners share the place): their record apart.
            lines.append(
                tr(
                    "👥 Team games (won): {records}",
                    records=" · ".join(f"<@{uid}> {g} ({w})" for uid, (g, w) in teamed[:10]),
                )
            )
        return "\n".join(lines), attach(picture)

    async def show_standings(
        self, interaction: Interaction, page: int, season_name: str | None
    ) -> None:
        """``/league standings``."""
        assert interaction.guild_id is not None
        season = await self.league.season_named(interaction.guild_id, season_name)
        await interaction.response.defer(thinking=True)
        link = await server_link(
            self.service.storage,
            interaction.client.settings.web_url,
            interaction.guild_id,
            self.service.clock(),
        )
        with speaking(await self.public_language(interaction)):
            text, file = await self.standings_message(interaction.guild, season, page)
            if link:
                text += "\n" + tr("🌐 This server's games on the web: {link}", link=link)
        await interaction.followup.send(text, file=file, allowed_mentions=QUIET)

    async def public_language(self, interaction: Interaction) -> str:
        """The language of a league reply the whole channel reads: the server's."""
        assert interaction.guild_id is not None
        return await self.service.languages.for_server(
            interaction.guild_id, interaction.guild_locale
        )

    # --- player card ----------------------------------------------------------------------

    async def show_player(
        self,
        interaction: Interaction,
        member: discord.abc.User,
        versus: discord.abc.User | None,
        season_name: str | None,
    ) -> None:
        """``/league player``: a member's rating, its history, their games and combos."""
        assert interaction.guild_id is not None
        season = await self.league.season_named(interaction.guild_id, season_name)
        versus_of = (versus.id, versus.display_name) if versus is not None else None
        # The card is posted for the channel: in the server's language.
        language = await self.public_language(interaction)
        with speaking(language):
            data = await player_card(
                self.league, interaction.guild_id, season, member.id, member.display_name, versus_of
            )
        if data is None:
            # A refusal only the member reads: in their language.
            raise LeagueError(
                tr("{name} has no finished game on this server yet.", name=member.display_name)
            )
        with speaking(language):
            rank = data["rank"]
            await interaction.response.defer(thinking=True)
            picture = await self.workers.run(card_picture, data)
            where = f"#{rank}" if rank else tr("provisional")
            text = f"**{member.display_name}** · {data['rating']} ({where}) · {season.name}"
            if data["team_games"]:
                text += " · " + ntr(
                    "👥 team record: {n} games, {wins} won",
                    "👥 team record: {n} games, {wins} won",
                    data["team_games"],
                    wins=data["team_wins"],
                )
            if data["tutorials"]:
                text += " · 🎓 " + tr(
                    "tutorial done: {worlds}", worlds=", ".join(data["tutorials"])
                )
            await interaction.followup.send(text, file=attach(picture), allowed_mentions=QUIET)

    # --- export ---------------------------------------------------------------------------

    async def export(self, interaction: Interaction, season_name: str | None) -> None:
        """``/league export``: the season's games and ratings as CSV."""
        assert interaction.guild_id is not None
        season = await self.league.season_named(interaction.guild_id, season_name)
        data = await export_csv(self.league, season)
        safe = "".join(c if c.isalnum() else "-" for c in season.name).strip("-") or "season"
        files = [document(f"{safe}.csv", data)]
        # While members wait in the season's queue, a second file says who, for what and
        # since when (``bot.seasons.queue_views``).
        queue = Queue(self.service.storage, self.league, self.service.clock)
        waiting = [e for e in await queue.waiting(season.guild_id) if e.season_id == season.id]
        if waiting:
            files.append(document(f"{safe}-queue.csv", queue_csv(waiting)))
        await interaction.response.send_message(
            # The files' columns stay in English (``bot.league_export``): only this line is
            # the member's language.
            tr("Season **{season}**: games and ratings.", season=season.name)
            if not waiting
            else tr(
                "Season **{season}**: games and ratings, and who waits in its queue.",
                season=season.name,
            ),
            files=files,
            ephemeral=True,
        )

    # --- archive: stats, games, replay ----------------------------------------------------

    async def show_stats(self, interaction: Interaction, by: str, map_id: str | None) -> None:
        """``/league stats``: win rates by race, power, combo or map on this server."""
        assert interaction.guild_id is not None
        # Members' results only: an AI seat's win is no one's (README, "Server leagues").
        rows = stats.members_only(await self.league.result_rows(interaction.guild_id))
        if map_id:
            rows = [r for r in rows if stats.map_name(str(r["map_id"])) == map_id]
        table = stats.combo_stats(rows, by, MIN_SAMPLE)
        games = len({r["game_id"] for r in rows})
        if not table:
            await interaction.response.send_message(
                tr(
                    "Not enough finished games yet ({games} so far): a row needs {needed}.",
                    games=games,
                    needed=MIN_SAMPLE,
                ),
                ephemeral=True,
            )
            return
        # The table is posted for the channel: in the server's language.
        with speaking(await self.public_language(interaction)):
            head = ntr(
                "**Stats by {by}** on this server · {n} finished games",
                "**Stats by {by}** on this server · {n} finished games",
                games,
                by=grouping(by),
            )
            lines = [head + (tr(" · map `{map}`", map=map_id) if map_id else "")]
            # The columns line up under this head: a translation keeps each word's width.
            lines.append(tr("`win%  games  avg coins`"))
            for s in table[:20]:
                figures = f"`{s.win_rate * 100:4.0f}% {s.games:6} {decimal(s.avg_coins):>10}`"
                lines.append(f"{figures}  {stats.shown(by, s.key)}")
            lines.append(
                tr(
                    "Rows with fewer than {needed} games are left out, and AI seats' results.",
                    needed=MIN_SAMPLE,
                )
            )
        await interaction.response.send_message("\n".join(lines)[:2000])

    async def show_games(self, interaction: Interaction, mine: bool) -> None:
        """``/league games``: finished games of the server (or the member's own games)."""
        assert interaction.guild_id is not None
        if mine:
            await self._my_games(interaction)
            return
        rows = await self.service.storage.fetchall(
            "SELECT g.id, g.map_id, g.rated, g.options, MAX(r.finished_at) AS finished_at"
            " FROM games g JOIN results r ON r.game_id = g.id WHERE g.guild_id = ?"
            " GROUP BY g.id, g.map_id, g.rated, g.options"
            " ORDER BY finished_at DESC, g.id DESC LIMIT 15",
            (interaction.guild_id,),
        )
        if not rows:
            await interaction.response.send_message(
                tr("No finished game on this server yet."), ephemeral=True
            )
            return
        won: dict[int, list[str]] = {}
        for w in await self.service.storage.fetchall(
            "SELECT r.game_id, r.user_id, s.name FROM results r"
            " LEFT JOIN seats s ON s.game_id = r.game_id AND s.user_id = r.user_id"
            f" WHERE r.rank = 1 AND r.game_id IN ({', '.join('?' for _ in rows)})"
            " ORDER BY r.game_id, r.seat",
            [r["id"] for r in rows],
        ):
            # An AI seat (negative id, no member) is named, never mentioned.
            uid = w["user_id"]
            won.setdefault(w["game_id"], []).append(f"🤖 {w['name']}" if uid < 0 else f"<@{uid}>")
        lines = [
            tr(
                "**Finished games** (replay one with `{replay} {game}:<number>`)",
                replay=slash("league replay"),
                game=option("game"),
            )
        ]
        for r in rows:
            winners = ", ".join(won.get(r["id"], [])) or tr("nobody")
            # The game's options (mixed markets, ...), as its record keeps them.
            marks = [tr("rated")] if r["rated"] else []
            marks += [title(n) for n in chosen(stored(r["options"]))]
            line = f"`#{r['id']}` {r['finished_at'][:10]} · `{stats.map_name(r['map_id'])}`"
            line += "".join(f" · {m}" for m in marks)
            lines.append(line + " · " + tr("won by {winners}", winners=winners))
        await interaction.response.send_message(
            "\n".join(lines), ephemeral=True, allowed_mentions=QUIET
        )

    async def _my_games(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        games = await self.service.games_of(interaction.guild_id, interaction.user.id)
        if not games:
            await interaction.response.send_message(tr("You have no game here."), ephemeral=True)
            return
        lines = []
        for lg in games:
            where = f"<#{lg.channel_id}>"
            if lg.game is None:
                lines.append(
                    tr(
                        "{channel}: lobby {joined}/{players}",
                        channel=where,
                        joined=len(lg.seats),
                        players=lg.player_count,
                    )
                )
                continue
            s = lg.game.state
            fields = {"channel": where, "round": s.round, "rounds": s.turns}
            if lg.actor_id() == interaction.user.id:
                lines.append(tr("{channel}: round {round}/{rounds} — **your move**", **fields))
            else:
                lines.append(tr("{channel}: round {round}/{rounds}", **fields))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    async def replay(self, interaction: Interaction, game_id: int) -> None:
        """``/league replay``: the board after every turn, as an animated image."""
        try:
            lg = await self.service.load(game_id)
        except ServiceError as exc:
            raise LeagueError(str(exc)) from exc
        if lg.guild_id != interaction.guild_id:
            raise LeagueError(tr("That game was not played on this server."))
        if lg.status != "over" or lg.game is None:
            raise LeagueError(
                tr("Only finished games can be replayed: coins stay secret till the end.")
            )
        await interaction.response.defer(thinking=True)
        game = lg.game
        picture = await self.workers.run(
            replay_picture, game.config, list(game.log), f"game-{game_id}",
            map_key=game.config.map_id,
        )  # fmt: skip
        text = tr(
            "Game `#{game}` on `{map}`, turn by turn.", game=game_id, map=stats.map_name(lg.map_id)
        )
        # A game of a channel everyone sees is on the web pages too, one turn at a time.
        page = ""
        if lg.listed:
            page = await game_link(
                self.service.storage, interaction.client.settings.web_url, lg.guild_id,
                game_id, self.service.clock(),
            )  # fmt: skip
        if page:
            text += "\n" + tr("🌐 Step through it on the web: {link}", link=f"{page}/replay/0")
        await interaction.followup.send(text, file=attach(picture))
