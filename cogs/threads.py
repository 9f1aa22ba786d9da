"""A new game in a thread of its own (``/sw new thread:true``): one channel, many games.

Whatever can be refused is refused before the thread is opened: the channel, the bot's
permissions in it (``threads_allowed``) and every check of the game itself
(``Lobby.plan``, which the command runs first), so a refused game leaves nothing behind
and the member reads the true reason. Once the thread is open only the database can fail
to store the game; the thread is then deleted where the bot may (Manage Threads, which it
does not otherwise need), and otherwise says in itself why it is empty, and the member is
told both.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.channels import everyone_sees
from bot.desk import committed, reply_error
from bot.errors import ServiceError
from bot.lobby_desk import opening_message
from bot.public import publish
from bot.service import GameService
from bot.service.lobby import WORLD_NAMES, Opening
from lang import option, slash, speaking, tr

log = logging.getLogger(__name__)

__all__ = [
    "cannot_open",
    "discard",
    "everyone_sees",
    "open_in_thread",
    "open_thread",
    "thread_opened",
    "threads_allowed",
]

Interaction = discord.Interaction[Any]


def threads_allowed(interaction: Interaction) -> None:
    """Refuse (``ServiceError``) a game in a new thread of this channel, unless the channel
    takes threads and the bot may open them and post in them."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        raise ServiceError(
            tr(
                "This is a thread already: open the game here without `{thread}`.",
                thread=option("thread"),
            )
        )
    if not isinstance(channel, discord.TextChannel):
        raise ServiceError(tr("Games in threads need a text channel."))
    mine = interaction.app_permissions
    if not (mine.create_public_threads and mine.send_messages_in_threads):
        raise ServiceError(cannot_open())


def cannot_open() -> str:
    """Why the bot cannot open a game's thread here."""
    return tr(
        "I cannot open threads here: I need Create Public Threads and Send Messages "
        "in Threads in this channel."
    )


async def open_thread(interaction: Interaction, world: str) -> discord.Thread:
    """A public thread of the channel for a new game, or a clear refusal."""
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)  # ``threads_allowed`` saw to it
    name = f"{WORLD_NAMES[world]} · {interaction.user.display_name}"[:100]
    try:
        return await channel.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            # The longest Discord allows: a slow game must not fall asleep between turns.
            auto_archive_duration=10080,
        )
    except discord.Forbidden as exc:
        raise ServiceError(cannot_open()) from exc


async def open_in_thread(
    service: GameService, interaction: Interaction, opening: Opening, board: str
) -> None:
    """Open the thread of a game ``Lobby.plan`` checked, store the game there, post its
    lobby there and tell the channel where it is."""
    world = WORLD_NAMES[opening.world]
    where = await open_thread(interaction, opening.world)
    try:
        lg = await service.lobby.open(opening, where.id)
    except Exception:
        log.exception("the game of thread %s could not be stored", where.id)
        text = tr("Something went wrong; no game was opened.")
        if not await discard(where, opening.language):
            text += " " + tr(
                "Its thread {thread} stays, empty: only a member who may manage threads "
                "can delete it.",
                thread=where.mention,
            )
        await reply_error(interaction, text)
        return
    committed(interaction)
    with speaking(lg.language):
        opened = thread_opened(interaction.user.mention, world, opening.players, where)
    await publish(interaction, content=opened)
    await where.send(**opening_message(lg, world, board, interaction.user.mention))


async def discard(thread: discord.Thread, language: str) -> bool:
    """Delete the thread of a game that could not be stored; where Discord refuses, the
    thread says why it is empty. Whether it is gone."""
    try:
        await thread.delete()
        return True
    except discord.HTTPException:
        log.warning("the empty thread %s could not be deleted", thread.id, exc_info=True)
    try:
        with speaking(language):
            await thread.send(tr("No game could be opened here after all: this thread is empty."))
    except discord.HTTPException:
        log.warning("the empty thread %s could not be told why", thread.id, exc_info=True)
    return False


def thread_opened(who: str, world: str, players: int, thread: discord.Thread) -> str:
    """What the channel is told when a game opens in a thread of its own."""
    return tr(
        "🧵 {who} opened a game of **{world}** for {players} players in {thread}: join it "
        "there with `{join}`.",
        who=who,
        world=world,
        players=players,
        thread=thread.mention,
        join=slash("sw join"),
    )
