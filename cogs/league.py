"""The ``/league`` slash commands: seasons, standings, player cards, export, the archive.

Opening and closing a season needs the Manage Server permission; everything else is open
to every member. The work is done by ``bot.league_desk``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.desk import reply_error
from bot.league import LeagueError
from bot.seasons.pods import TEAM_POD
from bot.seasons.season import OPEN, ROUNDS, SIGNUP_HOURS
from bot.web import links
from cogs.choices import WORLD_CHOICES
from cogs.maps import played_map_choices
from cogs.queue import Queue
from cogs.refusals import refusals
from lang import slash, tr

if TYPE_CHECKING:
    from bot.client import SmallWorldBot

Interaction = discord.Interaction[Any]


def organiser_only(interaction: Interaction) -> None:
    """Seasons are opened and closed by the server's organisers (Manage Server)."""
    perms = getattr(interaction.user, "guild_permissions", None)
    if not (perms and perms.manage_guild):
        raise LeagueError(tr("Only members with the Manage Server permission can do that."))


class LeagueCog(
    commands.GroupCog,
    group_name="league",
    group_description="Server league: seasons, standings, archive",
):
    """Seasons, ratings and standings of this server's league."""

    def __init__(self, bot: SmallWorldBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_app_command_error(
        self, interaction: Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.CheckFailure):
            await reply_error(interaction, tr("You cannot use that here."))
        else:
            await reply_error(interaction, tr("Something went wrong; nothing was changed."))

    @app_commands.command(name="open", description="Open a league season (Manage Server)")
    @app_commands.describe(
        name="The season's name",
        days="Close it by itself after this many days (open play)",
        format="open: members make their own games; rounds: the bot forms them, round by round",
        rounds="How many rounds (rounds format)",
        days_per_round="How many days each round lasts (rounds format)",
        pod="Players in each game of a round (rounds format)",
        world="The world the rounds are played on (rounds format)",
        teams="Rounds of team games, 3 pairs a game (rounds format)",
        starts_in_hours="Hours to sign up before the first round starts (rounds format)",
        role="The role the season's champion gets (rounds format)",
    )
    @app_commands.choices(
        format=[app_commands.Choice(name=n, value=n) for n in (OPEN, ROUNDS)],
        pod=[app_commands.Choice(name=str(n), value=n) for n in (3, 4, 5)],
        world=WORLD_CHOICES,
    )
    @app_commands.guild_only()
    @refusals
    async def open(
        self,
        interaction: Interaction,
        name: str,
        days: app_commands.Range[int, 1, 730] | None = None,
        format: str = OPEN,
        # The bounds as numbers: the command's annotations are read where ``refusals`` is
        # (``bot.seasons.season`` checks the same: MOST_ROUNDS, SHORTEST_DAYS, LONGEST_DAYS).
        rounds: app_commands.Range[int, 1, 20] = 3,
        days_per_round: app_commands.Range[float, 0.05, 60.0] = 7.0,
        pod: int = 4,
        world: str | None = None,
        teams: bool = False,
        starts_in_hours: app_commands.Range[float, 0.0, 336.0] = SIGNUP_HOURS,
        role: discord.Role | None = None,
    ) -> None:
        organiser_only(interaction)
        if format == OPEN:
            await self.bot.league_desk.open_season(interaction, name, days)
            return
        settings = {
            "rounds": rounds,
            "days": days_per_round,
            "pod": TEAM_POD if teams else pod,
            "world": world,
            "starts_in": starts_in_hours,
            "role": role.id if role else None,
        }
        await self.bot.season_desk.open(interaction, name, settings)

    @app_commands.command(name="close", description="Close the season, post final standings")
    @app_commands.guild_only()
    @refusals
    async def close(self, interaction: Interaction) -> None:
        organiser_only(interaction)
        await self.bot.league_desk.close_season(interaction)

    # --- a rounds season's members and settings (``bot.seasons.season_desk``) --------------

    @app_commands.command(name="signup", description="Play the season's rounds")
    @app_commands.describe(partner="Team seasons: the member you play with (they name you too)")
    @app_commands.guild_only()
    @refusals
    async def signup(self, interaction: Interaction, partner: discord.Member | None = None) -> None:
        await self.bot.season_desk.signup(interaction, partner)

    @app_commands.command(name="withdraw", description="Play no more of the season's rounds")
    @app_commands.guild_only()
    @refusals
    async def withdraw(self, interaction: Interaction) -> None:
        await self.bot.season_desk.withdraw(interaction)

    @app_commands.command(name="points", description="Points by place in the season's rounds")
    @app_commands.describe(table="A new table (Manage Server): rows like 4:3,2,1,0;3:2,1,0")
    @app_commands.guild_only()
    @refusals
    async def points(self, interaction: Interaction, table: str | None = None) -> None:
        perms = getattr(interaction.user, "guild_permissions", None)
        await self.bot.season_desk.points(interaction, table, bool(perms and perms.manage_guild))

    @app_commands.command(name="champion", description="The role the champion gets (Manage Server)")
    @app_commands.describe(role="The role (leave it out: no role)")
    @app_commands.guild_only()
    @refusals
    async def champion(self, interaction: Interaction, role: discord.Role | None = None) -> None:
        organiser_only(interaction)
        await self.bot.season_desk.champion(interaction, role)

    @app_commands.command(name="standings", description="The season's standings")
    @app_commands.describe(page="Page (20 players a page)", season="A past season's name")
    @app_commands.guild_only()
    @refusals
    async def standings(
        self,
        interaction: Interaction,
        page: app_commands.Range[int, 1, 1000] = 1,
        season: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self.bot.league_desk.league.season_named(interaction.guild_id, season)
        if found.format == ROUNDS:
            await self.bot.season_desk.standings(interaction, found)
            return
        await self.bot.league_desk.show_standings(interaction, page, season)

    @app_commands.command(name="player", description="A player's card: rating, games, combos")
    @app_commands.describe(member="Whose card (default: yours)", versus="Head to head against")
    @app_commands.guild_only()
    @refusals
    async def player(
        self,
        interaction: Interaction,
        member: discord.Member | None = None,
        versus: discord.Member | None = None,
        season: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self.bot.league_desk.league.season_named(interaction.guild_id, season)
        who = member or interaction.user
        # One refusal for both formats, before either desk draws a card.
        if versus is not None and versus.id == who.id:
            raise LeagueError(
                tr("Pick a member other than {name} to compare with.", name=who.display_name)
            )
        if found.format == ROUNDS:
            await self.bot.season_desk.player(interaction, found, who, versus)
            return
        await self.bot.league_desk.show_player(interaction, who, versus, season)

    @app_commands.command(name="export", description="The season's games and ratings as CSV")
    @app_commands.guild_only()
    @refusals
    async def export(self, interaction: Interaction, season: str | None = None) -> None:
        await self.bot.league_desk.export(interaction, season)

    # --- archive: every finished game of the server ---------------------------------------

    @app_commands.command(name="games", description="Finished games here, or your own games")
    @app_commands.describe(mine="Your games on this server (running ones too)")
    @app_commands.guild_only()
    @refusals
    async def games(self, interaction: Interaction, mine: bool = False) -> None:
        await self.bot.league_desk.show_games(interaction, mine)

    @app_commands.command(name="replay", description="A finished game, turn by turn, animated")
    @app_commands.describe(game="The game's number (see /league games)")
    @app_commands.guild_only()
    @refusals
    async def replay(self, interaction: Interaction, game: int) -> None:
        await self.bot.league_desk.replay(interaction, game)

    @app_commands.command(name="stats", description="Win rates by race, power, combo or map here")
    @app_commands.describe(by="What to group by", map="Only games on this map")
    @app_commands.choices(
        by=[app_commands.Choice(name=n, value=n) for n in ("combo", "race", "power", "map")]
    )
    @app_commands.autocomplete(map=played_map_choices)
    @app_commands.guild_only()
    @refusals
    async def stats(
        self, interaction: Interaction, by: str = "combo", map: str | None = None
    ) -> None:
        await self.bot.league_desk.show_stats(interaction, by, map)

    @standings.autocomplete("season")
    @player.autocomplete("season")
    @export.autocomplete("season")
    async def season_name(self, interaction: Interaction, current: str) -> list[Any]:
        if interaction.guild_id is None:
            return []
        seasons = await self.bot.service.league.seasons(interaction.guild_id)
        key = current.strip().lower()
        return [
            app_commands.Choice(name=s.name, value=s.name) for s in seasons if key in s.name.lower()
        ][:25]

    # --- the web pages --------------------------------------------------------------------

    web = app_commands.Group(name="web", description="This server's web pages", guild_only=True)

    @web.command(name="link", description="The link to this server's web pages (only you see it)")
    @refusals
    async def web_link(self, interaction: Interaction) -> None:
        base = self.bot.settings.web_url
        if not base or interaction.guild_id is None:
            raise LeagueError(tr("This bot serves no web pages (its WEB_URL is not set)."))
        storage = self.bot.service.storage
        link = await links.server_link(
            storage, base, interaction.guild_id, self.bot.service.clock()
        )
        if await links.is_public(storage, interaction.guild_id):
            text = tr("🌐 This server's games on the web, open to anyone: {link}", link=link)
        else:
            text = tr(
                "🌐 This server's games on the web: {link}\nAnyone with the link can read "
                "them; a manager can cut it off with `{rotate}`.",
                link=link,
                rotate=slash("league web rotate"),
            )
        await interaction.response.send_message(text, ephemeral=True)

    @web.command(
        name="rotate", description="A new web link; the old ones stop working (Manage Server)"
    )
    @refusals
    async def web_rotate(self, interaction: Interaction) -> None:
        organiser_only(interaction)
        base = self.bot.settings.web_url
        if not base or interaction.guild_id is None:
            raise LeagueError(tr("This bot serves no web pages (its WEB_URL is not set)."))
        storage, now = self.bot.service.storage, self.bot.service.clock()
        secret = await links.rotate(storage, interaction.guild_id, now)
        text = tr(
            "🔑 The old web links no longer work. The new one: {link}",
            link=f"{base.rstrip('/')}/s/{secret}/",
        )
        if await links.is_public(storage, interaction.guild_id):
            # The public address is the server's id: no secret to rotate there.
            text += "\n" + tr(
                "The pages stay public at {link} until a manager closes them with `{public}`.",
                link=await links.server_link(storage, base, interaction.guild_id, now),
                public=slash("league web public"),
            )
        await interaction.response.send_message(text, ephemeral=True)

    @web.command(
        name="public",
        description="Open this server's web pages to anyone, or close them (Manage Server)",
    )
    @app_commands.describe(on="True: anyone may read the pages; False: only the secret link")
    @refusals
    async def web_public(self, interaction: Interaction, on: bool) -> None:
        organiser_only(interaction)
        base = self.bot.settings.web_url
        if not base or interaction.guild_id is None:
            raise LeagueError(tr("This bot serves no web pages (its WEB_URL is not set)."))
        storage, now = self.bot.service.storage, self.bot.service.clock()
        await links.make_public(storage, interaction.guild_id, on, now)
        link = await links.server_link(storage, base, interaction.guild_id, now)
        if on:
            text = tr(
                "🌍 This server's web pages are public now: anyone can read them at {link} "
                "(a private channel's games stay off them).",
                link=link,
            )
        else:
            text = tr(
                "🔒 This server's web pages are no longer public: only the secret link opens "
                "them: {link}",
                link=link,
            )
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: SmallWorldBot) -> None:
    """Extension entry point: the cog, with its ``queue`` group (``cogs.queue``)."""
    cog = LeagueCog(bot)
    assert cog.app_command is not None
    cog.app_command.add_command(Queue(bot))
    await bot.add_cog(cog)
