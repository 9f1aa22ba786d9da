"""The queue by taps: ▶ Join queue and Leave queue on the queue's messages, the menu of
player counts a tap on ▶ Join queue opens, and a partner's Team up / No thanks, as
``DynamicItem``s whose ``custom_id`` holds all they need, so they keep working after a
restart.

``swq:join`` and ``swq:leave`` are buttons; ``swq:counts`` the menu (its chosen values are
the counts); ``swq:pair:<inviter>:yes|no`` the answer to an invitation (only the member
invited may give it). Each press goes to the queue's desk (``bot.seasons.queue_desk``),
counted once when tapped twice at once (``bot.once``); an id the bot never made gets one
private line (``bot.controls.FORGED``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord

from lang import tr

from ..controls import FORGED, NUMBER, TOO_BIG, refuse, unstored
from ..speech import Spoken
from .balance import TEAM_GAME
from .counts import counts_text
from .matching import COUNTS

Interaction = discord.Interaction[Any]

QUEUE_BUTTON = rf"swq:(?P<verb>join|leave|pair:(?P<inviter>{NUMBER}):(?P<answer>yes|no))"
QUEUE_SELECT = r"swq:counts"
#: The counts a tap on ▶ Join queue offers chosen already, when the member waits for none.
USUAL = frozenset({3, 4})


def queue_buttons() -> discord.ui.View:
    """▶ Join queue and Leave queue (labels in the language spoken now)."""
    view = discord.ui.View(timeout=None)
    join: discord.ui.Button[Any] = discord.ui.Button(
        label=tr("▶ Join queue"), style=discord.ButtonStyle.success, custom_id="swq:join"
    )
    leave: discord.ui.Button[Any] = discord.ui.Button(
        label=tr("Leave queue"), style=discord.ButtonStyle.secondary, custom_id="swq:leave"
    )
    view.add_item(QueueButton(join, "join"))
    view.add_item(QueueButton(leave, "leave"))
    return unstored(view)


def counts_menu(chosen: Iterable[int] = USUAL) -> discord.ui.View:
    """The menu of player counts (several may be chosen); ``chosen`` are ticked already."""
    ticked = set(chosen)
    options = [
        discord.SelectOption(
            label=counts_text([n]) if n != TEAM_GAME else tr("6: a team game (3 teams of 2)"),
            value=str(n),
            default=n in ticked,
        )
        for n in COUNTS
    ]
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=QUEUE_SELECT,
        placeholder=tr("How many players do you accept? Choose one or more."),
        min_values=1,
        max_values=len(options),
        options=options,
    )
    view = discord.ui.View(timeout=None)
    view.add_item(QueueSelect(select))
    return unstored(view)


def invitation_buttons(inviter: int) -> discord.ui.View:
    """Team up and No thanks, for the member ``inviter`` named as partner."""
    view = discord.ui.View(timeout=None)
    for answer, label, style in (
        ("yes", tr("🤝 Team up"), discord.ButtonStyle.success),
        ("no", tr("No thanks"), discord.ButtonStyle.secondary),
    ):
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=style, custom_id=f"swq:pair:{inviter}:{answer}"
        )
        view.add_item(QueueButton(button, f"pair:{inviter}:{answer}"))
    return unstored(view)


class QueueButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"swq:(?P<rest>[\s\S]*)"
):
    """▶ Join queue, Leave queue, or an answer to an invitation (``verb`` empty: an id
    the bot never made)."""

    def __init__(self, item: discord.ui.Button[Any], verb: str) -> None:
        super().__init__(item)
        self.verb = verb

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # a menu's press becomes a QueueSelect
        cls, interaction: Interaction, item: Any, match: re.Match[str], /
    ) -> QueueButton | QueueSelect:
        if isinstance(item, discord.ui.Select):
            return QueueSelect(item, valid=re.fullmatch(QUEUE_SELECT, match.string) is not None)
        found = re.fullmatch(QUEUE_BUTTON, match.string)
        if found is None or not isinstance(item, discord.ui.Button):
            return cls(item, "")
        if found["inviter"] is not None and int(found["inviter"]) >= TOO_BIG:
            return cls(item, "")  # no member has such an id
        return cls(item, found["verb"])

    async def callback(self, interaction: Interaction) -> None:
        if not self.verb:
            await refuse(interaction, FORGED)
            return
        await _desk(interaction).press(interaction, self.verb, [])


class QueueSelect(Spoken, discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"swq:counts"):
    """The menu of player counts (``valid`` False: an id the bot never made). It is not
    registered on the client: ``QueueButton`` claims every ``swq:`` id (discord.py calls
    every item whose template matches) and hands a menu's press to it."""

    def __init__(self, item: discord.ui.Select[Any], valid: bool = True) -> None:
        super().__init__(item)
        self.valid = valid

    async def callback(self, interaction: Interaction) -> None:
        values = list(self.item.values) if self.valid else []
        if not values:
            await refuse(interaction, FORGED)
            return
        await _desk(interaction).press(interaction, "counts", values)


def _desk(interaction: Interaction) -> Any:
    """The queue's desk of the bot that got the press."""
    return interaction.client.queue_desk
