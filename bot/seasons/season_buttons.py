"""The buttons under a rounds season's opening message: a member signs up or withdraws by a
tap, as by ``/league signup`` and ``/league withdraw``.

Each button names its season (``swr:<season>:signup``), so a tap on the message of a season
that has closed since is refused rather than applied to the next one. The answer is the
member's own (ephemeral), as the commands' are.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from lang import N_, tr

from ..controls import NUMBER, fits, refuse
from ..desk import reply_error
from ..errors import ServiceError
from ..speech import Spoken

Interaction = discord.Interaction[Any]

SEASON_BUTTON = rf"swr:(?P<game>{NUMBER}):(?P<verb>signup|withdraw)"
#: The buttons' labels, translated when the message is posted (the server's language).
LABELS = {"signup": N_("✅ Sign up"), "withdraw": N_("Withdraw")}
#: A button whose id is not one the bot makes.
FORGED = N_("That button is not one of this server's: nothing was done.")
#: A tap on the buttons of a season that is not the server's open one.
OTHER_SEASON = N_("That season is over: its buttons do nothing now.")


def signup_view(season_id: int) -> discord.ui.View:
    """The buttons of a season's opening message (labels in the language spoken)."""
    view = discord.ui.View(timeout=None)
    for verb, style in (("signup", discord.ButtonStyle.success), ("withdraw", None)):
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=tr(LABELS[verb]),
            style=style or discord.ButtonStyle.secondary,
            custom_id=f"swr:{season_id}:{verb}",
        )
        view.add_item(button)
    return view


class SeasonButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"swr:(?P<rest>[\s\S]*)"
):
    """A tap on Sign up or Withdraw (``verb`` empty: forged)."""

    def __init__(self, item: discord.ui.Button[Any], season_id: int, verb: str) -> None:
        super().__init__(item)
        self.season_id, self.verb = season_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Any, match: re.Match[str], /
    ) -> SeasonButton:
        # The season's id sits in the group ``fits`` checks as a game's.
        found = fits(re.fullmatch(SEASON_BUTTON, match.string))
        if found is None or not isinstance(item, discord.ui.Button):
            return cls(item, 0, "")
        return cls(item, int(found["game"]), found["verb"])

    async def callback(self, interaction: Interaction) -> None:
        if not self.verb:
            await refuse(interaction, FORGED)
            return
        desk: Any = interaction.client.season_desk
        try:
            season = await desk.season(interaction)
            if season.id != self.season_id:
                await refuse(interaction, OTHER_SEASON)
                return
            if self.verb == "signup":
                await desk.signup(interaction, None)
            else:
                await desk.withdraw(interaction)
        except ServiceError as exc:
            await reply_error(interaction, str(exc))
