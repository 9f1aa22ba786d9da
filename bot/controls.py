"""Buttons on game messages, as ``DynamicItem``s: the game id, the moment they belong to
and the verb live in the ``custom_id``, so they keep working after a restart.

A button only parses a press and hands it to the desk; every check is made there, inside
the game's lock.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from .panel import Menu, Panel

#: ``sw:<game id>:<key>:<verb>``. The key is the decision (``round.seat.pending``) for verbs
#: that end a decision, or ``v<version>`` for Undo, which must undo what the member saw.
TEMPLATE = r"sw:(?P<game>\d+):(?P<key>\d+\.\d+\.\d+|v\d+):(?P<verb>[a-z]+)"

#: New messages carry only play, combos and coins (``messages.buttons_for``); end, finish,
#: undo and decline stay because messages posted before the panel still show them.
BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "play": ("▶ Play", discord.ButtonStyle.success),
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

    async def panel_press(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        settings: str,
        payload: str,
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
    """A view holding the buttons for ``verbs`` (routed by custom id, never stored)."""
    view = discord.ui.View(timeout=None)
    for verb in verbs:
        view.add_item(TurnButton(game_id, f"v{version}" if verb in EXACT else key, verb))
    return unstored(view)


# --- a player's own panel ------------------------------------------------------------------

#: ``swb:<game>:<version>:<settings>:<payload>`` for a panel button; ``sws:...:<menu name>``
#: for a select menu, whose chosen value is the payload (see ``bot.panel``).
PANEL_BUTTON = r"swb:(?P<game>\d+):(?P<version>\d+):(?P<settings>[a-z0-9]+):(?P<payload>.+)"
PANEL_SELECT = r"sws:(?P<game>\d+):(?P<version>\d+):(?P<settings>[a-z0-9]+):(?P<name>[a-z]+)"

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


#: Where a panel component belongs: game id, state version, panel settings.
Where = tuple[int, int, str]


def _where(match: re.Match[str]) -> Where:
    return int(match["game"]), int(match["version"]), match["settings"]


def _desk(interaction: discord.Interaction[Any]) -> PressDesk:
    return interaction.client.desk  # type: ignore[attr-defined,no-any-return]


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PANEL_BUTTON):
    """A button of a player's panel; its payload is in its custom id."""

    def __init__(self, item: discord.ui.Button[Any], where: Where, payload: str) -> None:
        super().__init__(item)
        self.where, self.payload = where, payload

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str], /
    ) -> PanelButton:
        return cls(item, _where(match), match["payload"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _desk(interaction).panel_press(interaction, *self.where, self.payload)


class PanelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PANEL_SELECT):
    """A select menu of a player's panel: the chosen option's value is the payload."""

    def __init__(self, item: discord.ui.Select[Any], where: Where) -> None:
        super().__init__(item)
        self.where = where

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str], /
    ) -> PanelSelect:
        return cls(item, _where(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # discord.py fills the chosen values in before the callback.
        payload = self.item.values[0] if self.item.values else ""
        await _desk(interaction).panel_press(interaction, *self.where, payload)


def panel_view(game_id: int, version: int, panel: Panel) -> discord.ui.View:
    """A player's panel as a view (routed by custom id, so it survives timeouts and restarts)."""
    view = discord.ui.View(timeout=None)
    settings = panel.settings.encode()
    for row, content in enumerate(panel.rows):
        if isinstance(content, Menu):
            select: discord.ui.Select[Any] = discord.ui.Select(
                custom_id=f"sws:{game_id}:{version}:{settings}:{content.name}",
                placeholder=content.placeholder[:150],
                options=[
                    discord.SelectOption(label=o.label, value=o.value, description=o.description)
                    for o in content.options
                ],
                row=row,
            )
            view.add_item(PanelSelect(select, (game_id, version, settings)))
            continue
        for b in content:
            button: discord.ui.Button[Any] = discord.ui.Button(
                label=b.label,
                style=STYLES[b.style],
                custom_id=f"swb:{game_id}:{version}:{settings}:{b.payload}",
                row=row,
            )
            view.add_item(PanelButton(button, (game_id, version, settings), b.payload))
    return unstored(view)


def unstored(view: discord.ui.View) -> discord.ui.View:
    """A view that discord.py sends but never keeps (it stores only unfinished views).

    Every item of our views is a ``DynamicItem`` registered once on the client, which routes
    presses by custom id (after a restart too); a stored copy would only keep a listener,
    and a 15-minute timer for each private panel, alive for nothing.
    """
    view.stop()
    return view
