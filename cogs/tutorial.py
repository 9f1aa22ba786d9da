"""``/tutorial``: learn the game by playing a short guided game against the computer, in a
thread of your own (``bot.tutorial_desk``). ``/sw`` holds the 25 subcommands Discord allows
a group, so the tutorial is a group of its own: ``start [world]``, ``skip`` (the next
lesson) and ``again`` (from the beginning), the last two also buttons on every lesson."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.desk import reply_error
from bot.errors import ServiceError
from bot.service.lobby import WORLD_NAMES
from bot.tutorial_desk import again_pressed, skip_pressed, start_tutorial
from engine import EngineError
from engine.core.worlds import DEFAULT_WORLD
from engine.tutorial.arrangement import tutorial_worlds
from lang import tr

if TYPE_CHECKING:
    from bot.client import SmallWorldBot

Interaction = discord.Interaction[Any]


class TutorialCog(
    commands.GroupCog,
    group_name="tutorial",
    group_description="Learn Small World: a short guided game against the computer",
):
    """A member's tutorial: start it, skip a lesson, start again."""

    def __init__(self, bot: SmallWorldBot) -> None:
        self.bot = bot
        super().__init__()

    async def _on_running(
        self, interaction: Interaction, act: Callable[[Interaction, int], Awaitable[None]]
    ) -> None:
        """``act`` on the member's tutorial under way, or a refusal in one private line."""
        try:
            found = await self.bot.service.tutorials.running(
                interaction.guild_id, interaction.user.id
            )
            if found is None:
                raise ServiceError(tr("You have no tutorial under way: /tutorial start opens one."))
            await act(interaction, found.game_id)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))

    @app_commands.command(name="start", description="Open your tutorial in a thread of its own")
    @app_commands.describe(world="The world to learn (Small World if not given)")
    @app_commands.choices(
        world=[
            app_commands.Choice(name=WORLD_NAMES[name], value=name)
            for name in tutorial_worlds()
            if name in WORLD_NAMES
        ]
    )
    @app_commands.guild_only()
    async def start(self, interaction: Interaction, world: str | None = None) -> None:
        try:
            await start_tutorial(interaction, world or DEFAULT_WORLD)
        except (ServiceError, EngineError) as exc:
            await reply_error(interaction, str(exc))

    @app_commands.command(name="skip", description="Skip the next lesson of your tutorial")
    @app_commands.guild_only()
    async def skip(self, interaction: Interaction) -> None:
        await self._on_running(interaction, skip_pressed)

    @app_commands.command(name="again", description="Start your tutorial again")
    @app_commands.guild_only()
    async def again(self, interaction: Interaction) -> None:
        await self._on_running(interaction, again_pressed)


async def setup(bot: SmallWorldBot) -> None:
    """Extension entry point."""
    await bot.add_cog(TutorialCog(bot))
