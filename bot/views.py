"""Buttons on turn messages. They are ``DynamicItem``s: the game id, the decision they belong
to and the verb live in the ``custom_id``, so they keep working after a restart."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .client import SmallWorldBot

#: ``sw:<game id>:<decision key>:<verb>``; the key is ``round.seat.pending``.
TEMPLATE = r"sw:(?P<game>\d+):(?P<key>\d+\.\d+\.\d+):(?P<verb>[a-z]+)"

BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "end": ("End turn", discord.ButtonStyle.primary),
    "finish": ("Done placing", discord.ButtonStyle.primary),
    "undo": ("Undo", discord.ButtonStyle.secondary),
    "decline": ("Decline", discord.ButtonStyle.danger),
    "combos": ("Combos", discord.ButtonStyle.secondary),
    "coins": ("My coins", discord.ButtonStyle.secondary),
}


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """One button of a turn message."""

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
        bot: SmallWorldBot = interaction.client
        await bot.flow.press(interaction, self.game_id, self.key, self.verb)


def turn_view(game_id: int, key: str, verbs: list[str]) -> discord.ui.View:
    """A view holding the buttons for ``verbs`` (never times out)."""
    view = discord.ui.View(timeout=None)
    for verb in verbs:
        view.add_item(TurnButton(game_id, key, verb))
    return view
