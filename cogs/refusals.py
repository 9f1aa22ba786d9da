"""How a slash command's refusals and failures are answered, for every cog.

A refusal (bad input, not your turn, an illegal move) is expected: ``refusals`` answers it
with a short private message and a command sent twice at once runs once (``bot.once``).
A failure is not: ``answer_failure`` tells the member whether their change was saved before
it. Apart from ``cogs.game`` because the ``/league``, ``/sw settings`` and queue commands
wrap theirs the same way.
"""

from __future__ import annotations

import functools
from typing import Any

# discord.py reads a wrapped command's parameter annotations (strings, under the
# ``__future__`` import) in this module's globals, where ``refusals``' wrapper is defined:
# every name a command's annotations use (``discord.Member``, ``app_commands.Range``,
# ``Interaction``) must resolve here.
import discord
from discord import app_commands

from bot.desk import reply_error
from bot.errors import ServiceError
from engine import EngineError
from lang import tr

Interaction = discord.Interaction[Any]

#: Commands whose every answer is private (a move, an undo).
MOVES = frozenset({"pick", "conquer", "abandon", "redeploy", "decline", "end", "undo", "do"})
#: Commands that change a lobby or a game's seats, answered for everyone (``bot.public``).
CHANGES = frozenset(
    {"new", "join", "addai", "leave", "start", "cancel", "away", "back", "replace", "follow"}
)
#: A busy bot acknowledges these on arrival, privately, so that Discord's 3 seconds never
#: run out while others are handled (``bot.once``); their answers follow whenever they come.
EARLY = MOVES | CHANGES


def refusals(func: Any) -> Any:
    """Answer expected refusals (bad input, not your turn, illegal move) with a short private
    message instead of letting them reach the error handler as failures; and answer a copy
    of a command sent twice at once without running it again (``bot.once``)."""

    @functools.wraps(func)
    async def wrapper(self: Any, interaction: Interaction, *args: Any, **kwargs: Any) -> None:
        async def handle() -> None:
            try:
                await func(self, interaction, *args, **kwargs)
            except (ServiceError, EngineError) as exc:
                await reply_error(interaction, str(exc))

        await self.bot.desk.once.run(interaction, handle, private=func.__name__ in EARLY)

    return wrapper


async def answer_failure(interaction: Interaction, error: app_commands.AppCommandError) -> None:
    """Tell the member what a real failure left behind: whether their move or change was
    saved before it went wrong. Refusals never get here (see ``refusals``)."""
    if isinstance(error, app_commands.CheckFailure):
        await reply_error(interaction, tr("You cannot use that here."))
    elif interaction.extras.get("committed"):
        command = interaction.command.name if interaction.command else ""
        if command in MOVES:
            text = tr("Your move counts, but something went wrong after it was saved.")
        else:
            text = tr("That was done and saved, but something went wrong after it.")
        await reply_error(interaction, text)
    else:
        await reply_error(interaction, tr("Something went wrong; the game was not changed."))
