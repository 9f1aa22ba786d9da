"""The buttons of a tutorial's lesson messages (``/sw tutorial``): "Skip the next lesson" and
"Start again". They route by custom id (``swg:<game>:<verb>``, a ``DynamicItem`` as every
control of the bot), so they keep working after a restart; an id the bot never made gets
the one private refusal line. What a press does is ``bot.tutorial_desk.pressed``, which the
client holds as ``tutorial_presses``.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from lang import N_, tr

from .controls import FORGED, NUMBER, fits, refuse, unstored
from .speech import Spoken

Interaction = discord.Interaction[Any]
#: What a press does: (interaction, game id, verb).
TutorialPresses = Callable[[Interaction, int, str], Awaitable[None]]

#: ``swg:<game id>:<verb>``.
TEMPLATE = rf"swg:(?P<game>{NUMBER}):(?P<verb>skip|again)"
#: The lesson messages' buttons, by verb; labels translated when a message is posted.
BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "skip": (N_("⏭ Skip the next lesson"), discord.ButtonStyle.secondary),
    "again": (N_("↺ Start again"), discord.ButtonStyle.secondary),
}


class TutorialButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"swg:[\s\S]*"
):
    """A button of a lesson message (``game`` is 0 for an id the bot never made)."""

    def __init__(self, item: discord.ui.Button[Any], game: int, verb: str) -> None:
        super().__init__(item)
        self.game, self.verb = game, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Any, match: re.Match[str], /
    ) -> TutorialButton:
        found = fits(re.fullmatch(TEMPLATE, match.string))
        if found is None or not isinstance(item, discord.ui.Button):
            return cls(item, 0, "")
        return cls(item, int(found["game"]), found["verb"])

    async def callback(self, interaction: Interaction) -> None:
        if not self.game:
            await refuse(interaction, FORGED)
            return
        desk: TutorialPresses = interaction.client.tutorial_presses  # type: ignore[attr-defined]
        await desk(interaction, self.game, self.verb)


def tutorial_view(game_id: int) -> discord.ui.View:
    """The buttons of a lesson message."""
    view = discord.ui.View(timeout=None)
    for verb, (text, style) in BUTTONS.items():
        item: discord.ui.Button[Any] = discord.ui.Button(
            label=tr(text), style=style, custom_id=f"swg:{game_id}:{verb}"
        )
        view.add_item(TutorialButton(item, game_id, verb))
    return unstored(view)


__all__ = ["BUTTONS", "TEMPLATE", "TutorialButton", "TutorialPresses", "tutorial_view"]
