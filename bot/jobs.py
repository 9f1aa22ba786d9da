"""The bot's CPU work: AI decisions and pictures, as plain functions of plain data.

Each function here runs in a worker process (``bot.workers``) or, with ``WORKERS=0``, in a
thread; either way it is given what it needs as plain, picklable data (a state's JSON, a view
dict, a league table's dict) and rebuilds the rest itself, and it returns plain data too:
an action's text, PNG bytes, a picture with its description (``Picture``). Nothing here
touches Discord or the database, and the module imports only the engine, the AI and the
renderer, so a worker starts without the bot's Discord and database libraries.

A server's own map reaches a worker with the job (``bot.workers`` registers it there first),
so the functions below may name any map the bot process knows.
"""

from __future__ import annotations

from typing import Any

import renderer
from ai import make_player
from engine import from_json, new_game, view
from engine.core.game import GameConfig, turn_ends
from renderer import describe
from renderer.describe import Picture


def choose_move(
    level: str,
    seed: int,
    budget_s: float | None,
    iterations: int | None,
    state_json: str,
    seat: int,
) -> str:
    """The text of the move an AI seat of ``level`` plays in the position ``state_json``.

    The player is seeded by its position (``bot.ai_seats``), so at a fixed ``iterations`` the
    same position gives the same move in any process; a time budget may think further on a
    faster machine. The text is the action log's own form (``engine.parse`` reads it back).
    """
    player = make_player(level, seed, budget_s=budget_s, iterations=iterations)
    return player.choose(from_json(state_json), seat).text


def board_png(state_view: dict[str, Any]) -> bytes:
    """The board image of a view (``engine.view``), as PNG (the web pages' picture; its
    words are ``renderer.describe.board``)."""
    # ``renderer.x`` looked up at each call, not imported by name: tests may replace one.
    return renderer.render_board(state_view)


def final_png(state_view: dict[str, Any]) -> bytes:
    """The score sheet of a finished game's view, as PNG (the web pages' picture)."""
    return renderer.render_final(state_view)


# Every picture the bot posts comes as a ``Picture``: drawn and described together, in the
# language of the job (``bot.attachments`` turns it into the one kind of file it posts).


def board_picture(state_view: dict[str, Any]) -> Picture:
    """The board of a view, described."""
    return Picture("board.png", renderer.render_board(state_view), describe.board(state_view))


def final_picture(state_view: dict[str, Any]) -> Picture:
    """The score sheet of a finished game's view, described."""
    return Picture("final.png", renderer.render_final(state_view), describe.final(state_view))


def combos_picture(state_view: dict[str, Any]) -> Picture:
    """The combos panel of a public view, described."""
    drawn = renderer.render_combos(state_view)
    return Picture("combos.png", drawn, describe.combos(state_view))


def announcement_pictures(state_view: dict[str, Any], image: str) -> list[Picture]:
    """The images of a turn announcement: the board, and first the score sheet when
    ``image`` is ``"final"``."""
    board = board_picture(state_view)
    if image == "final":
        return [final_picture(state_view), board]
    return [board]


def standings_picture(data: dict[str, Any]) -> Picture:
    """A season's standings table (``bot.league_desk`` builds ``data``), described."""
    return Picture("standings.png", renderer.render_standings(data), describe.standings(data))


def points_picture(data: dict[str, Any]) -> Picture:
    """A rounds season's standings by points (``bot.seasons.reports`` builds ``data``),
    described."""
    return Picture("standings.png", renderer.render_points(data), describe.points(data))


def card_picture(data: dict[str, Any]) -> Picture:
    """A player's league card, described."""
    return Picture("player.png", renderer.render_card(data), describe.card(data))


def turn_views(config: GameConfig, log: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """The public board after every turn of a game, rebuilt from its config and action log."""
    return [view(state) for state, _seat in turn_ends(config, log)]


def replay_picture(config: GameConfig, log: list[tuple[int, str]], name: str) -> Picture:
    """A finished game turn by turn, as an animated image named ``name`` plus the format's
    extension (WebP, or GIF), described."""
    views = turn_views(config, log)
    data, ext = renderer.render_replay(views)
    return Picture(f"{name}.{ext}", data, describe.replay(views))


def map_preview_picture(map_key: str, players: int) -> Picture:
    """A map's board as set up for ``players`` players (``/maps add`` shows it), described."""
    return board_picture(view(new_game([f"P{i + 1}" for i in range(players)], 1, map_key)))


__all__ = [
    "announcement_pictures",
    "board_picture",
    "board_png",
    "card_picture",
    "choose_move",
    "combos_picture",
    "final_picture",
    "final_png",
    "map_preview_picture",
    "points_picture",
    "replay_picture",
    "standings_picture",
    "turn_views",
]
