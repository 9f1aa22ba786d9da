"""``/sw settings``: a member's own settings, and a server's for its games.

``/sw settings notify`` turns a member's turn DMs on or off. ``/sw settings language``
(Manage Server) chooses the language the server's games speak in public — turn messages,
summaries, boards and lobbies — for the games it opens from now on and those under way. Each
member's private answers keep following their own Discord language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.desk import reply_error
from cogs.refusals import refusals
from lang import LANGUAGES, ntr, speaking, tr

if TYPE_CHECKING:
    from bot.client import SmallWorldBot

Interaction = discord.Interaction[Any]

#: The choice that hands the language back to Discord's preferred locale of the server.
FOLLOW_DISCORD = "discord"


class Settings(app_commands.Group):
    """The ``settings`` group under ``/sw``."""

    def __init__(self, bot: SmallWorldBot) -> None:
        super().__init__(
            name="settings", description="Your settings, and this server's for its games"
        )
        self.bot = bot

    @app_commands.command(name="notify", description="Get a DM when it's your turn")
    @app_commands.describe(on="On: a DM when it's your move; off: no DMs")
    @refusals
    async def notify(self, interaction: Interaction, on: bool) -> None:
        await self.bot.service.set_notify(interaction.user.id, on)
        text = tr("I'll DM you when it's your move.") if on else tr("No more DMs from me.")
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(
        name="language", description="The language of this server's games (Manage Server)"
    )
    @app_commands.guild_only()
    @app_commands.describe(language="The language of turn messages and boards in this server")
    @app_commands.choices(
        language=[app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
        + [app_commands.Choice(name="Discord's language of the server", value=FOLLOW_DISCORD)]
    )
    @refusals
    async def language(self, interaction: Interaction, language: str) -> None:
        perms = interaction.permissions
        if interaction.guild_id is None or not (perms and perms.manage_guild):
            await reply_error(
                interaction, tr("Only members with the Manage Server permission can do that.")
            )
            return
        code = None if language == FOLLOW_DISCORD else language
        moved = await self.bot.service.languages.choose(
            interaction.guild_id, code, interaction.guild_locale
        )
        chosen = await self.bot.service.languages.for_server(
            interaction.guild_id, interaction.guild_locale
        )
        with speaking(chosen):
            # The answer is public and in the language chosen: the server sees what changed.
            name = LANGUAGES[chosen]
            text = tr("🌐 This server's games now speak **{language}**.", language=name)
            if moved:
                text += " " + ntr(
                    "{n} game under way follows it.", "{n} games under way follow it.", moved
                )
        await interaction.response.send_message(text)


async def setup(bot: SmallWorldBot) -> None:
    """Extension entry point: the group joins ``/sw`` (``cogs.game`` is loaded first)."""
    sw = bot.tree.get_command("sw")
    assert isinstance(sw, app_commands.Group)
    sw.add_command(Settings(bot))
