"""The bot's CPU work: AI decisions and pictures, as plain functions of plain data.

Each function here runs in a worker process (``bot.workers``) or, with ``WORKERS=0``, in a
thread; either way it is given what it needs as plain, picklable data (a state's JSON, a view
dict, a league table's dict) and rebuilds the rest itself, and it returns plain data too:
an action's text, PNG bytes. Nothing here touches Discord or the database, and the module
imports only the engine, the AI and the renderer, so a worker starts without the bot's
Discord and database libraries.

A server's own map reaches a worker with the job (``bot.workers`` registers it there first),
so the functions below may name any map the bot process knows.
"""

from __future__ import annotations

from typing import Any

import renderer
from ai import make_player
from engine import from_json, new_game, view
from engine.core.game import GameConfig, turn_ends


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
    """The board image of a view (``engine.view``), as PNG."""
    # ``renderer.x`` looked up at each call, not imported by name: tests may replace one.
    return renderer.render_board(state_view)


def final_png(state_view: dict[str, Any]) -> bytes:
    """The score sheet of a finished game's view, as PNG."""
    return renderer.render_final(state_view)


def combos_png(state_view: dict[str, Any]) -> bytes:
    """The combos panel of a public view, as PNG."""
    return renderer.render_combos(state_view)


def announcement_pngs(state_view: dict[str, Any], image: str) -> list[tuple[str, bytes]]:
    """The images of a turn announcement, as (file name, PNG bytes): the board, and first
    the score sheet when ``image`` is ``"final"``."""
    board = ("board.png", renderer.render_board(state_view))
    if image == "final":
        return [("final.png", renderer.render_final(state_view)), board]
    return [board]


def standings_png(data: dict[str, Any]) -> bytes:
    """A season's standings table (``bot.league_desk`` builds ``data``), as PNG."""
    return renderer.render_standings(data)


def points_png(data: dict[str, Any]) -> bytes:
    """A rounds season's standings by points (``bot.seasons.reports`` builds ``data``)."""
    return renderer.render_points(data)


def card_png(data: dict[str, Any]) -> bytes:
    """A player's league card, as PNG."""
    return renderer.render_card(data)


def turn_views(config: GameConfig, log: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """The public board after every turn of a game, rebuilt from its config and action log."""
    return [view(state) for state, _seat in turn_ends(config, log)]


def replay_image(config: GameConfig, log: list[tuple[int, str]]) -> tuple[bytes, str]:
    """A finished game turn by turn, as an animated image: (bytes, file extension)."""
    return renderer.render_replay(turn_views(config, log))


def map_preview_png(map_key: str, players: int) -> bytes:
    """A map's board as set up for ``players`` players, as PNG (``/maps add`` shows it)."""
    return renderer.render_board(view(new_game([f"P{i + 1}" for i in range(players)], 1, map_key)))


__all__ = [
    "announcement_pngs",
    "board_png",
    "card_png",
    "choose_move",
    "combos_png",
    "map_preview_png",
    "points_png",
    "replay_image",
    "standings_png",
    "turn_views",
]
