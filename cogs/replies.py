"""Short replies of the ``/sw`` commands: a member or an AI seat joins a lobby, a member
leaves it, a member follows a game or stops."""

from __future__ import annotations

from bot.service.loaded import LoadedGame
from lang import slash, speaking, tr


def seats(lg: LoadedGame) -> dict[str, int]:
    """A lobby's ``{seated}`` and ``{players}`` fields: the seats taken and the seats."""
    return {"seated": len(lg.seats), "players": lg.player_count}


def joined(who: str, lg: LoadedGame) -> str:
    """``who`` (a mention) took a seat; told in the game's language, as the lobby is."""
    with speaking(lg.language):
        return tr("{who} joined ({seated}/{players}).", who=who, **seats(lg))


def ai_joined(name: str, lg: LoadedGame) -> str:
    """An AI seat named ``name`` was added by the host (in the game's language)."""
    with speaking(lg.language):
        return tr(
            "🤖 **{name}** joined ({seated}/{players}). A game with an AI player does not "
            "count for the league.",
            name=name,
            **seats(lg),
        )


def left(who: str, lg: LoadedGame) -> str:
    """``who`` (a mention) left the lobby (in the game's language)."""
    with speaking(lg.language):
        return tr("{who} left ({seated}/{players}).", who=who, **seats(lg))


def following(on: bool) -> str:
    """What ``/sw follow`` tells a member who now follows the game (``on``) or stops."""
    if not on:
        return tr("You no longer follow this game.")
    return tr(
        "You follow this game: each finished turn reaches you by DM, as the channel sees it. "
        "`{follow}` again stops it.",
        follow=slash("sw follow"),
    )
