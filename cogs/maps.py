"""``/maps``: a server's own maps, added by its managers as files, listed, removed.

A group of its own rather than ``/sw maps``: ``/sw`` holds the 25 subcommands Discord allows.
``/maps add file`` takes a map file (format: docs/maps.md) as an attachment; it must be
UTF-8 JSON that plays by the rules of its world and whose board can be drawn, and every
problem is one line of a private answer. ``/sw new map:`` then offers the server's maps that
fit the lobby's player count and world (``map_choices``). The storage is ``bot.club_maps``.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.attachments import attach
from bot.club_maps import MAX_BYTES, ClubMaps, MapRefused, too_big
from bot.desk import answer, reply_error
from bot.errors import ServiceError
from bot.glossary import folded
from bot.jobs import map_preview_picture
from cogs.choices import in_every_language
from engine.core.content import builtin_maps, load_map
from engine.text.names import map_name
from lang import option, slash, tr

if TYPE_CHECKING:
    from bot.client import SmallWorldBot

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: Discord shows at most this many autocomplete choices.
AUTOCOMPLETE_LIMIT = 25
#: Private answers never ping anyone, whatever a map's title says.
QUIET = discord.AllowedMentions.none()


def club_maps(interaction: Interaction) -> ClubMaps:
    """The bot's store of server maps."""
    bot: SmallWorldBot = interaction.client  # type: ignore[assignment]
    return bot.club_maps


def _manager(interaction: Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


async def map_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """``/sw new map:`` choices: the server's maps that fit the players and world typed so
    far (either may still be empty), matching the words typed."""
    if interaction.guild_id is None:
        return []
    players = getattr(interaction.namespace, "players", None)
    world = getattr(interaction.namespace, "world", None)
    words = folded(current).split()
    out = []
    for m in await club_maps(interaction).listed(interaction.guild_id):
        text = tr(
            "{name} · {title} · {counts} players · {world}",
            name=m.name,
            title=m.title,
            counts="/".join(map(str, m.players)),
            world=m.world,
        )
        if m.fits(players, world) and all(w in folded(text) for w in words):
            out.append(app_commands.Choice(name=text[:100], value=m.name))
    return out[:AUTOCOMPLETE_LIMIT]


async def played_map_choices(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """``/league stats map:`` choices: the built-in maps, shown by their title in the member's
    language and found by it in any language or by their id, then the server's own maps."""
    words = folded(current).split()
    out = []
    for map_id in builtin_maps():
        english = load_map(map_id).name
        found = f"{map_id} {in_every_language(functools.partial(map_name, english))}"
        if all(w in found for w in words):
            shown = f"{map_name(english)} · {map_id}"
            out.append(app_commands.Choice(name=shown[:100], value=map_id))
    if interaction.guild_id is not None:
        for m in await club_maps(interaction).listed(interaction.guild_id):
            if all(w in folded(f"{m.name} {m.title}") for w in words):
                out.append(app_commands.Choice(name=f"{m.name} · {m.title}"[:100], value=m.name))
    return out[:AUTOCOMPLETE_LIMIT]


async def _names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    found = await club_maps(interaction).listed(interaction.guild_id)
    return [
        app_commands.Choice(name=f"{m.name} · {m.title}"[:100], value=m.name)
        for m in found
        if current.lower() in m.name.lower()
    ][:AUTOCOMPLETE_LIMIT]


class MapsCog(commands.GroupCog, group_name="maps", group_description="This server's own maps"):
    """Registers the stored maps at start-up; ``/maps add``, ``/maps list``, ``/maps remove``."""

    def __init__(self, bot: SmallWorldBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        await self.bot.club_maps.register_all()

    async def cog_app_command_error(
        self, interaction: Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.error("map command failed", exc_info=error)
        await reply_error(interaction, tr("Something went wrong; nothing was changed."))

    @app_commands.command(name="add", description="Add a map file to this server (Manage Server)")
    @app_commands.describe(file="A map file in JSON (format: docs/maps.md)")
    @app_commands.guild_only()
    async def add(self, interaction: Interaction, file: discord.Attachment) -> None:
        assert interaction.guild_id is not None
        if not _manager(interaction):
            await reply_error(interaction, tr("Only members with Manage Server can add maps."))
            return
        if file.size > MAX_BYTES:
            await reply_error(
                interaction,
                tr("`{file}`: {problem}.", file=file.filename[:60], problem=too_big(file.size)),
            )
            return
        # Checking and laying out the board takes seconds: answer within Discord's limit.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            raw = await file.read()
            added = await club_maps(interaction).add(interaction.guild_id, interaction.user.id, raw)
        except MapRefused as exc:
            problems = str(exc).splitlines()
            if len(problems) == 1:
                text = tr(
                    "`{file}` cannot be added: {problem}",
                    file=file.filename[:60],
                    problem=problems[0],
                )
            else:
                lines = "\n".join(f"- {p}" for p in problems)
                text = tr(
                    "`{file}` cannot be added:\n{problems}", file=file.filename[:60], problems=lines
                )
            await answer(
                interaction,
                text[:2000],
                ephemeral=True,
                allowed_mentions=QUIET,
            )
            return
        except discord.HTTPException:
            await reply_error(interaction, tr("Discord would not give me the file; try again."))
            return
        # The board as set up for the map's smallest player count, drawn by a worker.
        preview = await club_maps(interaction).workers.run(
            map_preview_picture, added.key, min(added.players), map_key=added.key
        )
        counts = tr(" or ").join(str(n) for n in added.players)
        await answer(
            interaction,
            tr(
                "Map `{name}` ({title}, {regions} regions, {world}) is added. Play it with "
                "`{new} {players_option}:{fewest} {map_option}:{name}` ({counts} players).",
                name=added.name,
                title=added.title,
                regions=added.regions,
                world=added.world,
                new=slash("sw new"),
                players_option=option("players"),
                fewest=min(added.players),
                map_option=option("map"),
                counts=counts,
            ),
            ephemeral=True,
            allowed_mentions=QUIET,
            file=attach(preview),
        )

    @app_commands.command(name="list", description="This server's own maps")
    @app_commands.guild_only()
    async def list_maps(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        found = await club_maps(interaction).listed(interaction.guild_id)
        if not found:
            text = tr(
                "This server has no map of its own yet: a manager adds one with `{add}`.",
                add=slash("maps add"),
            )
        else:
            text = "\n".join([tr("**This server's maps**"), *(m.line() for m in found)])
        await answer(interaction, text[:2000], ephemeral=True, allowed_mentions=QUIET)

    @app_commands.command(name="remove", description="Remove a map of this server (Manage Server)")
    @app_commands.describe(name="The map's name; games already on it keep it")
    @app_commands.autocomplete(name=_names)
    @app_commands.guild_only()
    async def remove(self, interaction: Interaction, name: str) -> None:
        assert interaction.guild_id is not None
        if not _manager(interaction):
            await reply_error(interaction, tr("Only members with Manage Server can remove maps."))
            return
        try:
            gone = await club_maps(interaction).remove(interaction.guild_id, name)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return
        await answer(
            interaction,
            tr(
                "Map `{name}` is removed: `{new}` no longer offers it; games already on it go on.",
                name=gone.name,
                new=slash("sw new"),
            ),
            ephemeral=True,
        )


async def setup(bot: SmallWorldBot) -> None:
    """Extension entry point."""
    await bot.add_cog(MapsCog(bot))
