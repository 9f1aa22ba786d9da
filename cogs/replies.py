"""Short replies of the ``/sw`` commands: a member follows a game or stops (what a lobby is
told of seats taken and left is ``bot.lobby_desk``'s, for its taps and commands alike)."""

from __future__ import annotations

from lang import slash, tr


def following(on: bool) -> str:
    """What ``/sw follow`` tells a member who now follows the game (``on``) or stops."""
    if not on:
        return tr("You no longer follow this game.")
    return tr(
        "You follow this game: each finished turn reaches you by DM, as the channel sees it. "
        "`{follow}` again stops it.",
        follow=slash("sw follow"),
    )
