"""Who plays with whom in team play [TEAMS "Playing in Teams"]: the option, the seats and
the teams, and what everyone sees of them.

"The players pair up in 3 teams of 2 players each (i.e. Team A, B, and C). Players sit around
the table, opposite from their team partner (i.e. A1, B1, C1, A2, B2, C2), and play proceeds
clockwise, starting with the first player of Team A, A1." So a team game's seats, in order,
are A1 B1 C1 A2 B2 C2: seat ``i`` plays for team ``i % 3`` and its partner is seat
``(i + 3) % 6``; ``seating`` puts three pairs in that order.

The package's ``__init__`` registers the rule set with these; the team pieces (``pieces``,
``boneyard``, ``mirror``, ``sigil``) read them here, so nothing imports the package back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from engine.core.state import GameState

#: The game option that turns team play on.
OPTION = "teams"
#: [TEAMS "End of the Game"] "With 6 players, the game ends after 8 turns."
TURNS = 8
#: Teams and their size: "3 teams of 2 players each (i.e. Team A, B, and C)".
TEAM_LETTERS = "ABC"
TEAM_SIZE = 2
PLAYERS = len(TEAM_LETTERS) * TEAM_SIZE


def team_of(seat: int) -> int:
    """The team (0 for A, 1 for B, 2 for C) of a seat, seated A1 B1 C1 A2 B2 C2."""
    return seat % len(TEAM_LETTERS)


def members(team: int) -> list[int]:
    """The seats of a team, first player first."""
    return [team + k * len(TEAM_LETTERS) for k in range(TEAM_SIZE)]


def partner(seat: int) -> int:
    """The seat of a player's ally, sitting opposite."""
    return (seat + len(TEAM_LETTERS)) % PLAYERS


def seat_name(seat: int) -> str:
    """``A1`` … ``C2``: the team's letter and the player's number in it."""
    return f"{TEAM_LETTERS[team_of(seat)]}{seat // len(TEAM_LETTERS) + 1}"


T = TypeVar("T")


def seating(pairs: Sequence[Sequence[T]]) -> list[T]:
    """Three pairs of players (team A's, B's, C's) in seat order: A1 B1 C1 A2 B2 C2."""
    if len(pairs) != len(TEAM_LETTERS) or any(len(p) != TEAM_SIZE for p in pairs):
        raise ValueError("Team play needs 3 teams of 2 players.")
    return [pairs[t][k] for k in range(TEAM_SIZE) for t in range(len(TEAM_LETTERS))]


def team_view(s: GameState, viewer: int | None) -> dict[str, Any]:
    """What everyone sees of the teams: who plays with whom and under which seat name (no
    coins: the scores stay secret until the end, partner included)."""
    return {
        "teams": [{"team": letter, "seats": members(t)} for t, letter in enumerate(TEAM_LETTERS)],
        "seat_names": [seat_name(x) for x in range(len(s.players))],
        "partner": None if viewer is None else partner(viewer),
    }
