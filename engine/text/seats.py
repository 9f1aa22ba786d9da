"""How the words name the players: the one place a seat becomes a name in a sentence.

In a team game every public line names a player with their seat (``ann (A1)``), so that a
reader knows whose ally acted; otherwise by name alone. Every sentence of the narration gets
its names from ``seat_names`` (the bot's turn summaries, its panels and status, the Underground
and team play's sentences through ``Teller``), so a new sentence cannot forget the seat.
"""

from __future__ import annotations

from engine.core.state import GameState
from engine.rulesets.teams import OPTION, seat_name


def seat_names(s: GameState) -> list[str]:
    """Every seat's player as public texts name them, in seat order: ``ann (A1)`` in a team
    game, else ``ann``."""
    return [named(s, seat) for seat in range(len(s.players))]


def named(s: GameState, seat: int) -> str:
    """One seat's player as public texts name them (``seat_names``)."""
    name = s.players[seat].name
    return f"{name} ({seat_name(seat)})" if s.options.get(OPTION) else name
