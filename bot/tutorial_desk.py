"""``/sw tutorial``'s Discord side: the private thread a member learns in, what the lesson
messages' buttons do ("Skip the next lesson", "Start again": ``bot.tutorial_buttons``), and
coming back to a tutorial under way.

The thread is a private one, with the member added, where the bot may create private
threads; else a public thread of the channel (the game in it is still the member's alone:
the other seat is the tutorial's AI); where the bot may open no thread, the channel the
command was used in, if no game is played there (``tutorial_place``).
A member pressing another's tutorial's button is told so, and nothing changes.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import discord

from engine.core.view import label
from engine.tutorial.arrangement import LEARNER, arrangement
from engine.tutorial.coach import suggestion
from engine.tutorial.lessons import lesson, message
from engine.tutorial.tracker import Progress
from lang import current, speaking, tr

from .desk import answer, committed, reply_error
from .errors import ServiceError
from .service.lobby import WORLD_NAMES
from .tutorial_buttons import tutorial_view

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


async def pressed(interaction: Interaction, game_id: int, verb: str) -> None:
    """A lesson message's button: ``skip`` or ``again``; a refusal in one private line."""
    try:
        if verb == "skip":
            await skip_pressed(interaction, game_id)
        else:
            await again_pressed(interaction, game_id)
    except ServiceError as exc:
        await reply_error(interaction, str(exc))


async def skip_pressed(interaction: Interaction, game_id: int) -> None:
    """Skip the next lesson of the member's tutorial."""
    service = interaction.client.service  # type: ignore[attr-defined]
    if await service.tutorials.skip_next(game_id, interaction.user.id):
        committed(interaction)
        await answer(interaction, tr("The next lesson is skipped."), ephemeral=True)
    else:
        await answer(interaction, tr("There is no lesson left to skip."), ephemeral=True)


async def again_pressed(interaction: Interaction, game_id: int) -> None:
    """Start the member's tutorial again, in the same thread."""
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await bot.service.tutorials.again(  # type: ignore[attr-defined]
        game_id, interaction.user.id, interaction.user.display_name, interaction.guild_id
    )
    committed(interaction)
    await bot.desk.announce(outcome, interaction)  # type: ignore[attr-defined]
    await interaction.followup.send(tr("Your tutorial starts again."), ephemeral=True)


async def current_lesson(service: Any, game_id: int) -> str | None:
    """The last lesson given in a tutorial under way, told again with what to tap now."""
    row = await service.storage.fetchone(
        "SELECT world, progress FROM tutorials WHERE game_id = ?", (game_id,)
    )
    lg = await service.load(game_id)
    if row is None or lg.game is None:
        return None
    given = Progress.from_dict(json.loads(row["progress"])).given
    if not given:
        return None
    state = lg.game.state
    tap = suggestion(state, LEARNER, arrangement(row["world"]))
    return message(lesson(given[-1]), label(state, tap) if tap is not None else None)


async def tutorial_place(interaction: Interaction, world: str) -> tuple[int, str]:
    """Where the member's tutorial is played (its channel's id and mention): a private
    thread of this channel with the member in it where the bot may create one, else a
    public thread; where the bot may open no thread (or the command came from a thread),
    this channel itself, which the lobby's check refuses if a game is played there."""
    channel = interaction.channel
    mine = interaction.app_permissions
    opens = mine.create_private_threads or mine.create_public_threads
    if not isinstance(channel, discord.TextChannel) or not (
        opens and mine.send_messages_in_threads
    ):
        if channel is None or not mine.send_messages:
            raise ServiceError(cannot_open())
        return channel.id, getattr(channel, "mention", "")
    name = tr(
        "Tutorial · {world} · {member}",
        world=WORLD_NAMES[world],
        member=interaction.user.display_name,
    )[:100]
    private = mine.create_private_threads
    kind = discord.ChannelType.private_thread if private else discord.ChannelType.public_thread
    try:
        thread = await channel.create_thread(name=name, type=kind, auto_archive_duration=10080)
        if private:
            await thread.add_user(interaction.user)
    except discord.Forbidden as exc:
        raise ServiceError(cannot_open()) from exc
    return thread.id, thread.mention


def cannot_open() -> str:
    """Why the bot cannot open a tutorial's thread here."""
    return tr(
        "I cannot open a thread for your tutorial here: I need Create Private Threads (or "
        "Create Public Threads) and Send Messages in Threads in this channel."
    )


async def start_tutorial(interaction: Interaction, world: str) -> None:
    """``/sw tutorial``: open the member's tutorial in a thread of its own, or show where the
    one under way is, with its current lesson."""
    bot = interaction.client
    service = bot.service  # type: ignore[attr-defined]
    guild_id, user = interaction.guild_id, interaction.user
    running = await service.tutorials.running(guild_id, user.id)
    if running is not None:
        told = await current_lesson(service, running.game_id)
        text = tr("Your tutorial is under way in <#{thread}>.", thread=running.channel_id)
        if told:
            text += "\n\n" + told
        await answer(interaction, text, ephemeral=True, view=tutorial_view(running.game_id))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    where, mention = await tutorial_place(interaction, world)
    language = current()
    with speaking(language):
        outcome = await service.tutorials.open(
            guild_id, where, user.id, user.display_name, world, language
        )
    committed(interaction)
    await bot.desk.announce(outcome, interaction)  # type: ignore[attr-defined]
    await interaction.followup.send(
        tr("Your tutorial is ready in {thread}: the first lesson is there.", thread=mention),
        ephemeral=True,
    )


__all__ = [
    "again_pressed",
    "cannot_open",
    "current_lesson",
    "pressed",
    "skip_pressed",
    "start_tutorial",
    "tutorial_place",
]
