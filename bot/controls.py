"""Buttons on game messages, as ``DynamicItem``s: the game id, the moment they belong to
and the verb live in the ``custom_id``, so they keep working after a restart.

A button only parses a press and hands it to the desk; every check is made there, inside
the game's lock.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

#: ``sw:<game id>:<key>:<verb>``. The key is the decision (``round.seat.pending``) for verbs
#: that end a decision, or ``v<version>`` for Undo, which must undo what the member saw.
TEMPLATE = r"sw:(?P<game>\d+):(?P<key>\d+\.\d+\.\d+|v\d+):(?P<verb>[a-z]+)"

BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "end": ("End turn", discord.ButtonStyle.primary),
    "finish": ("Done placing", discord.ButtonStyle.primary),
    "undo": ("Undo", discord.ButtonStyle.secondary),
    "decline": ("Decline", discord.ButtonStyle.danger),
    "combos": ("Combos", discord.ButtonStyle.secondary),
    "coins": ("My coins", discord.ButtonStyle.secondary),
}
#: Verbs bound to the exact state they were shown for.
EXACT = frozenset({"undo"})


class PressDesk(Protocol):
    """Where presses go (the bot's ``desk``)."""

    async def press(
        self, interaction: discord.Interaction[Any], game_id: int, key: str, verb: str
    ) -> None: ...


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """One button of a game message."""

    def __init__(self, game_id: int, key: str, verb: str) -> None:
        label, style = BUTTONS[verb]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"sw:{game_id}:{key}:{verb}")
        )
        self.game_id = game_id
        self.key = key
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Button[Any],
        match: re.Match[str],
        /,
    ) -> TurnButton:
        verb = match["verb"]
        if verb not in BUTTONS:
            raise ValueError(verb)
        return cls(int(match["game"]), match["key"], verb)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        desk: PressDesk = interaction.client.desk  # type: ignore[attr-defined]
        await desk.press(interaction, self.game_id, self.key, self.verb)


def turn_view(game_id: int, key: str, version: int, verbs: list[str]) -> discord.ui.View:
    """A view holding the buttons for ``verbs`` (never times out)."""
    view = discord.ui.View(timeout=None)
    for verb in verbs:
        view.add_item(TurnButton(game_id, f"v{version}" if verb in EXACT else key, verb))
    return view
