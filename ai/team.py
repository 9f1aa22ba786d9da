"""Who plays with whom: the AI's reading of team play [TEAMS].

[TEAMS "End of the Game"] "each team's score is the lowest of the two player's scores! The
team with the highest score wins." So in a team game (``engine.rulesets.teams``, option
``teams``) a seat's worth is its team's: ``team_worth`` combines the seat's own worth and
its ally's, the lower counting most. The AI never reads the ally's real purse: the
evaluation and the playouts run on a determinization (``ai.hidden``), where every other
seat's coins, the ally's included, are an estimate from the board [TEAMS "Their individual
stash of victory coins remains secret and should not be shared with their partner"].

Outside team play every seat is its own team, and these functions give the base game's
answers (``allies`` is the seat alone, ``team_worth`` the seat's own worth).
"""

from __future__ import annotations

from collections.abc import Callable

from engine import GameState
from engine.rulesets.teams import OPTION, members, partner, team_of

#: Weight of the higher of the partners' worths in ``team_worth`` (the lower counts fully):
#: the team's score is the lower one, but a lead is not worthless while purses are guesses
#: and turns remain, and a seat ahead must still want its own gains.
AHEAD_WEIGHT = 0.5


def is_team_game(s: GameState) -> bool:
    """Whether team play is on in ``s``."""
    return bool(s.options.get(OPTION))


def ally(s: GameState, seat: int) -> int | None:
    """The seat's partner in a team game, else None."""
    return partner(seat) if is_team_game(s) else None


def allies(s: GameState, seat: int) -> tuple[int, ...]:
    """The seats on ``seat``'s side, itself first."""
    other = ally(s, seat)
    return (seat,) if other is None else (seat, other)


def friendly(s: GameState, seat: int, owner: int | None) -> bool:
    """Whether a region owned by ``owner`` is on ``seat``'s side (its own or its ally's)."""
    return owner is not None and (owner == seat or owner == ally(s, seat))


def combine(mine: float, theirs: float) -> float:
    """A team's worth from its two members' worths: the lower plus ``AHEAD_WEIGHT`` of the
    higher."""
    return min(mine, theirs) + AHEAD_WEIGHT * max(mine, theirs)


def team_worth(s: GameState, seat: int, worth: Callable[[GameState, int], float]) -> float:
    """``seat``'s worth as its team sees it: ``combine`` of its own and its ally's ``worth``
    in a team game, its own alone otherwise."""
    other = ally(s, seat)
    if other is None:
        return worth(s, seat)
    return combine(worth(s, seat), worth(s, other))


def sides(s: GameState) -> list[tuple[int, ...]]:
    """Every side of the table: the three teams (their seats) in a team game, else every
    seat alone."""
    if not is_team_game(s):
        return [(seat,) for seat in range(len(s.players))]
    return [tuple(members(t)) for t in sorted({team_of(x) for x in range(len(s.players))})]


def side_of(s: GameState, seat: int) -> int:
    """The index in ``sides(s)`` of ``seat``'s side."""
    return team_of(seat) if is_team_game(s) else seat
