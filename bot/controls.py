"""Buttons on game messages, as ``DynamicItem``s: the game id, the moment they belong to
and the verb live in the ``custom_id``, so they keep working after a restart.

A button only parses a press and hands it to the desk; every check is made there, inside
the game's lock. Parsing is the boundary with the outside: each item claims every custom id
of its prefix (``sw:``, ``swb:``, ``sws:``) and reads it strictly, so an id that is forged,
mangled or out of date gets one private line (``FORGED``) and reaches nothing else, and a
panel control pressed anywhere but on the member's own private panel never edits the
message it was pressed on.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from lang import N_, tr

from .panel import Menu, Panel
from .speech import Spoken

#: A number in a custom id: ASCII digits, at most 19 of them; ``fits`` also checks that it
#: fits SQLite's 64-bit integers (a larger one cannot name anything the bot made).
NUMBER = r"[0-9]{1,19}"
#: One more than the largest integer SQLite stores.
TOO_BIG = 2**63
#: ``sw:<game id>:<key>:<verb>``. The key is the decision (``round.seat.pending``) for verbs
#: that end a decision, or ``v<version>`` for Undo, which must undo what the member saw.
TEMPLATE = (
    rf"sw:(?P<game>{NUMBER}):(?P<key>{NUMBER}\.{NUMBER}\.{NUMBER}|v{NUMBER}):(?P<verb>[a-z]+)"
)
#: The answer to a custom id that is not one the bot makes.
FORGED = N_("That control is not one of this game's (or no longer exists): nothing was done.")
#: The answer to a panel control pressed anywhere but on the member's own private panel.
NOT_A_PANEL = N_("That control belongs to a player's own panel: tap ▶ Play to open yours.")

#: New messages carry only play, combos, coins and the board in words
#: (``messages.buttons_for``); end, finish,
#: undo and decline stay because messages posted before the panel still show them. The
#: labels are translated when a message is posted.
BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "play": (N_("▶ Play"), discord.ButtonStyle.success),
    "answer": (N_("▶ Answer"), discord.ButtonStyle.success),
    "end": (N_("End turn"), discord.ButtonStyle.primary),
    "finish": (N_("Done placing"), discord.ButtonStyle.primary),
    "undo": (N_("Undo"), discord.ButtonStyle.secondary),
    "decline": (N_("Decline"), discord.ButtonStyle.danger),
    "combos": (N_("Combos"), discord.ButtonStyle.secondary),
    "coins": (N_("My coins"), discord.ButtonStyle.secondary),
    "words": (N_("📝 In words"), discord.ButtonStyle.secondary),
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


def fits(found: re.Match[str] | None) -> re.Match[str] | None:
    """The match, if every number in it fits SQLite's integers; otherwise None."""
    if found is None:
        return None
    ids = " ".join(found[g] for g in ("game", "version", "key") if g in found.re.groupindex)
    if any(int(n) >= TOO_BIG for n in re.findall("[0-9]+", ids)):
        return None
    return found


def _everything(prefix: str) -> str:
    """A template claiming every custom id that starts with ``prefix`` (newlines too)."""
    return rf"{prefix}:(?P<rest>[\s\S]*)"


#: The prefixes of the custom ids of the bot's controls: each is claimed by one item class
#: (``swl:`` and ``swp:``: a team lobby's, ``bot.lobby_desk``; ``swq:``: the league's
#: queue, ``bot.seasons.queue_controls``; ``swt:``: the pages of the board in words,
#: ``bot.text_board``; ``swg:``: a tutorial's lessons, ``bot.tutorial_desk``; ``swr:``: a
#: rounds season's sign-up buttons, ``bot.seasons.season_buttons``).
PREFIXES = ("sw:", "swb:", "sws:", "swl:", "swp:", "swq:", "swt:", "swg:", "swr:")


def claimed(custom_id: str) -> bool:
    """Whether one of the bot's item classes answers a press with this custom id."""
    return custom_id.startswith(PREFIXES)


async def refuse(interaction: discord.Interaction[Any], text: str) -> None:
    """One private line, and nothing else: the pressed message stays as it is. ``text`` is
    translated here (``FORGED``, ``NOT_A_PANEL``: constants marked with ``N_``)."""
    text = tr(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def on_own_panel(interaction: discord.Interaction[Any]) -> bool:
    """Whether the press came from a private message, which only its member can press: the
    only kind of message a panel control may edit."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


class TurnButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=_everything("sw")
):
    """One button of a game message (or a forged ``sw:`` id, refused: ``verb`` is empty)."""

    def __init__(
        self, game_id: int, key: str, verb: str, item: discord.ui.Button[Any] | None = None
    ) -> None:
        if item is None:
            label, style = BUTTONS[verb]
            custom_id = f"sw:{game_id}:{key}:{verb}"
            item = discord.ui.Button(label=tr(label), style=style, custom_id=custom_id)
        super().__init__(item)
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
        found = fits(re.fullmatch(TEMPLATE, match.string))
        if found is None or found["verb"] not in BUTTONS or not isinstance(item, discord.ui.Button):
            return cls(0, "", "", item)
        return cls(int(found["game"]), found["key"], found["verb"], item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not self.verb:
            await refuse(interaction, FORGED)
            return
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
PANEL_BUTTON = (
    rf"swb:(?P<game>{NUMBER}):(?P<version>{NUMBER}):(?P<settings>[a-z0-9]{{1,60}}):(?P<payload>.+)"
)
PANEL_SELECT = (
    rf"sws:(?P<game>{NUMBER}):(?P<version>{NUMBER}):(?P<settings>[a-z0-9]{{1,60}}):(?P<name>[a-z]+)"
)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


#: Where a panel component belongs: game id, state version, panel settings.
Where = tuple[int, int, str]


def _where(match: re.Match[str] | None) -> Where | None:
    if match is None:
        return None
    return int(match["game"]), int(match["version"]), match["settings"]


async def _panel_press(
    interaction: discord.Interaction[Any], where: Where | None, payload: str
) -> None:
    """Hand a panel press to the desk, or refuse it in one private line."""
    if where is None:
        await refuse(interaction, FORGED)
    elif not on_own_panel(interaction):
        await refuse(interaction, NOT_A_PANEL)
    else:
        await _desk(interaction).panel_press(interaction, *where, payload)


def _desk(interaction: discord.Interaction[Any]) -> PressDesk:
    return interaction.client.desk  # type: ignore[attr-defined,no-any-return]


class PanelButton(
    Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=_everything("swb")
):
    """A button of a player's panel; its payload is in its custom id (``where`` is None for
    an id the bot never made)."""

    def __init__(self, item: discord.ui.Button[Any], where: Where | None, payload: str) -> None:
        super().__init__(item)
        self.where, self.payload = where, payload

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str], /
    ) -> PanelButton:
        found = fits(re.fullmatch(PANEL_BUTTON, match.string))
        if not isinstance(item, discord.ui.Button):
            found = None  # a button's id on another kind of component
        return cls(item, _where(found), found["payload"] if found else "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _panel_press(interaction, self.where, self.payload)


class PanelSelect(
    Spoken, discord.ui.DynamicItem[discord.ui.Select[Any]], template=_everything("sws")
):
    """A select menu of a player's panel: the chosen option's value is the payload."""

    def __init__(self, item: discord.ui.Select[Any], where: Where | None) -> None:
        super().__init__(item)
        self.where = where

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str], /
    ) -> PanelSelect:
        found = fits(re.fullmatch(PANEL_SELECT, match.string))
        if not isinstance(item, discord.ui.Select):
            found = None  # a menu's id on another kind of component
        return cls(item, _where(found))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # discord.py fills the chosen values in before the callback.
        values = self.item.values if self.where is not None else []
        await _panel_press(interaction, self.where, values[0] if values else "")


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
