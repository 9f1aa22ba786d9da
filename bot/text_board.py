"""The board in words for a member who cannot see the picture: ``/sw board text:true``.

The lines are the terminal's ``board`` command's (``engine.text.board.board_lines``, from
the public view), in the member's language, cut into pages that fit a Discord message
(``pages``). The first page is answered privately with ◀ ▶ buttons; a press shows another
page of the board as it stands then, in the same private message. The buttons route by
custom id (``swt:<game>:<page>``, a ``DynamicItem`` as every control of the bot), so they
keep working after a restart; an id the bot never made gets the one private refusal line.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from engine import view
from engine.text.board import board_lines
from lang import tr

from .controls import FORGED, NUMBER, fits, refuse, unstored
from .errors import ServiceError
from .service.loaded import LoadedGame
from .speech import Spoken

#: Discord's limit on a message's text, less room for the page line.
PAGE_CHARS = 2000 - 40
#: ``swt:<game id>:<page>`` (pages count from 1).
TEMPLATE = rf"swt:(?P<game>{NUMBER}):(?P<page>[0-9]{{1,4}})"

Interaction = discord.Interaction[Any]


def pages(lines: list[str], limit: int = PAGE_CHARS) -> list[str]:
    """The lines cut into pages of at most ``limit`` characters, between lines (a line
    longer than a page, which no board has, is cut)."""
    out: list[str] = []
    page: list[str] = []
    size = 0
    for line in lines:
        line = line[:limit]
        if page and size + 1 + len(line) > limit:
            out.append("\n".join(page))
            page, size = [], 0
        size += len(line) + (1 if page else 0)
        page.append(line)
    if page or not out:
        out.append("\n".join(page))
    return out


def board_pages(lg: LoadedGame) -> list[str]:
    """The game's board in words, in the language spoken, as pages."""
    assert lg.game is not None
    return pages(board_lines(view(lg.game.state)))


def page_message(lg: LoadedGame, page: int) -> tuple[str, discord.ui.View]:
    """Page ``page`` (clamped to the pages there are) with its line and its buttons."""
    told = board_pages(lg)
    page = min(max(page, 1), len(told))
    content = told[page - 1]
    buttons = discord.ui.View(timeout=None)
    if len(told) > 1:
        content = tr("Page {page}/{pages}", page=page, pages=len(told)) + "\n" + content
        for label, to in ((tr("◀ Previous"), page - 1), (tr("Next ▶"), page + 1)):
            item: discord.ui.Button[Any] = discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"swt:{lg.id}:{to}",
                disabled=not 1 <= to <= len(told),
            )
            buttons.add_item(TextPage(item, lg.id, to))
    return content, unstored(buttons)


async def show_text_board(interaction: Interaction, lg: LoadedGame) -> None:
    """The first page of the board in words, to the member alone."""
    content, buttons = page_message(lg, 1)
    await interaction.response.send_message(content, view=buttons, ephemeral=True)


class TextPage(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"swt:[\s\S]*"):
    """A ◀ or ▶ button of the board in words (``game`` is 0 for an id the bot never made)."""

    def __init__(self, item: discord.ui.Button[Any], game: int, page: int) -> None:
        super().__init__(item)
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Any, match: re.Match[str], /
    ) -> TextPage:
        found = fits(re.fullmatch(TEMPLATE, match.string))
        if found is None or not isinstance(item, discord.ui.Button):
            return cls(item, 0, 0)
        return cls(item, int(found["game"]), int(found["page"]))

    async def callback(self, interaction: Interaction) -> None:
        lg = None
        if self.game:
            service = interaction.client.service  # type: ignore[attr-defined]
            try:
                lg = await service.load(self.game)
            except ServiceError:  # no such game: refused as any id the bot never made
                lg = None
        # Only where the game is played: the buttons were answered there.
        if lg is None or lg.game is None or lg.channel_id != interaction.channel_id:
            await refuse(interaction, FORGED)
            return
        content, buttons = page_message(lg, self.page)
        await interaction.response.edit_message(content=content, view=buttons)


__all__ = [
    "PAGE_CHARS",
    "TEMPLATE",
    "TextPage",
    "board_pages",
    "page_message",
    "pages",
    "show_text_board",
]
