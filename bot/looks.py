"""The pictures a member asks to look at: the board (the channel's, or their own with the
regions they can conquer and their costs) and the combos for sale.

Apart from ``bot.desk`` because a look plays nothing: it reads the game the service
loaded, has a worker draw it and answers the interaction, as ``bot.text_board`` does for
the board in words. Both the slash commands and the game message's buttons call these.
"""

from __future__ import annotations

from typing import Any

import discord

from engine import view
from engine.core.changes import attack_costs, turn_marks
from lang import current, speaking, tr

from .attachments import attach
from .jobs import board_picture, combos_picture
from .narrate import combo_line
from .service.loaded import LoadedGame
from .workers import Workers

Interaction = discord.Interaction[Any]


async def show_board(
    interaction: Interaction, lg: LoadedGame, seat: int | None, mine: bool, workers: Workers
) -> None:
    """The board, drawn by ``workers``. ``mine``: privately, with the targets of the member
    playing ``seat`` and their costs marked when they are conquering, and what this turn (or
    the last one) changed."""
    assert lg.game is not None
    s = lg.game.state
    board = view(s)
    board["marks"] = turn_marks(s, s.events or s.last_events)
    at = {"round": s.round, "turns": s.turns}
    # A board for the whole channel speaks the game's language; one's own, one's own.
    with speaking(current() if mine else lg.language):
        text = tr("Round {round}/{turns}", **at)
        if mine:
            costs = attack_costs(s, seat) if seat is not None else {}
            board["marks"]["costs"] = costs
            if costs:
                text = tr(
                    "Round {round}/{turns} · the regions you can conquer now, "
                    "with their cost in tokens.",
                    **at,
                )
            else:
                text = tr("Round {round}/{turns} · you have nothing to conquer right now.", **at)
        await interaction.response.defer(ephemeral=mine, thinking=True)
        picture = await workers.run(board_picture, board, map_key=s.map_id)
        await interaction.followup.send(text, file=attach(picture), ephemeral=mine)


async def show_combos(interaction: Interaction, lg: LoadedGame, workers: Workers) -> None:
    """The combos panel, drawn by ``workers``, privately (it is public information, but
    spares the channel)."""
    assert lg.game is not None
    await interaction.response.defer(ephemeral=True, thinking=True)
    public = view(lg.game.state)
    picture = await workers.run(combos_picture, public)
    lines = [combo_line(c) for c in public["market"]]
    await interaction.followup.send("\n".join(lines), file=attach(picture), ephemeral=True)
