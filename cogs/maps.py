"""``/maps``: a server's own maps, added by its managers as files, listed, removed.

A group of its own rather than ``/sw maps``: ``/sw`` holds the 25 subcommands Discord allows.
``/maps add file`` takes a map file (format: docs/maps.md) as an attachment; it must be
UTF-8 JSON that plays by the rules of its world and whose board can be drawn, and every
problem is one line of a private answer. ``/sw new map:`` then offers the server's maps that
fit the lobby's player count and world (``map_choices``). The storage is ``bot.club_maps``.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.club_maps import MAX_BYTES, ClubMaps, MapRefused, too_big
from bot.desk import answer, reply_error
from bot.errors import ServiceError
from bot.jobs import map_preview_png

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
    words = current.lower().split()
    out = []
    for m in await club_maps(interaction).listed(interaction.guild_id):
        text = f"{m.name} · {m.title} · {'/'.join(map(str, m.players))} players · {m.world}"
        if m.fits(players, world) and all(w in text.lower() for w in words):
            out.append(app_commands.Choice(name=text[:100], value=m.name))
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
        await reply_error(interaction, "Something went wrong; nothing was changed.")

    @app_commands.command(name="add", description="Add a map file to this server (Manage Server)")
    @app_commands.describe(file="A map file in JSON (format: docs/maps.md)")
    @app_commands.guild_only()
    async def add(self, interaction: Interaction, file: discord.Attachment) -> None:
        assert interaction.guild_id is not None
        if not _manager(interaction):
            await reply_error(interaction, "Only members with Manage Server can add maps.")
            return
        if file.size > MAX_BYTES:
            await reply_error(interaction, f"`{file.filename[:60]}`: {too_big(file.size)}.")
            return
        # Checking and laying out the board takes seconds: answer within Discord's limit.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            raw = await file.read()
            added = await club_maps(interaction).add(interaction.guild_id, interaction.user.id, raw)
        except MapRefused as exc:
            problems = str(exc).splitlines()
            if len(problems) == 1:
                text = f"`{file.filename[:60]}` cannot be added: {problems[0]}"
            else:
                lines = "\n".join(f"- {p}" for p in problems)
                text = f"`{file.filename[:60]}` cannot be added:\n{lines}"
            await answer(
                interaction,
                text[:2000],
                ephemeral=True,
                allowed_mentions=QUIET,
            )
            return
        except discord.HTTPException:
            await reply_error(interaction, "Discord would not give me the file; try again.")
            return
        # The board as set up for the map's smallest player count, drawn by a worker.
        png = await club_maps(interaction).workers.run(
            map_preview_png, added.key, min(added.players), map_key=added.key
        )
        counts = " or ".join(str(n) for n in added.players)
        await answer(
            interaction,
            f"Map `{added.name}` ({added.title}, {added.regions} regions, {added.world}) is "
            f"added. Play it with `/sw new players:{min(added.players)} map:{added.name}` "
            f"({counts} players).",
            ephemeral=True,
            allowed_mentions=QUIET,
            file=discord.File(io.BytesIO(png), "board.png"),
        )

    @app_commands.command(name="list", description="This server's own maps")
    @app_commands.guild_only()
    async def list_maps(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        found = await club_maps(interaction).listed(interaction.guild_id)
        if not found:
            text = "This server has no map of its own yet: a manager adds one with `/maps add`."
        else:
            text = "\n".join(["**This server's maps**", *(m.line() for m in found)])
        await answer(interaction, text[:2000], ephemeral=True, allowed_mentions=QUIET)

    @app_commands.command(name="remove", description="Remove a map of this server (Manage Server)")
    @app_commands.describe(name="The map's name; games already on it keep it")
    @app_commands.autocomplete(name=_names)
    @app_commands.guild_only()
    async def remove(self, interaction: Interaction, name: str) -> None:
        assert interaction.guild_id is not None
        if not _manager(interaction):
            await reply_error(interaction, "Only members with Manage Server can remove maps.")
            return
        try:
            gone = await club_maps(interaction).remove(interaction.guild_id, name)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
            return
        await answer(
            interaction,
            f"Map `{gone.name}` is removed: `/sw new` no longer offers it; games already "
            "on it go on.",
            ephemeral=True,
        )


async def setup(bot: SmallWorldBot) -> None:
    """Extension entry point."""
    await bot.add_cog(MapsCog(bot))
