"""Team play in pictures: seat names, the order of the legend's rows and the team marks.

A view of a team game carries ``view["rulesets"]["teams"]`` (``engine.rulesets.teams``
``team_view``): the teams with their seats and the seat names A1 B1 C1 A2 B2 C2. The legend
groups partners under their team's letter, seat discs say the seat name instead of the seat
number, and the score sheet ranks the teams (the lower partner's coins) above the players.
Nothing here reads coins: they are in the view only once the game is over.
"""

from __future__ import annotations

from typing import Any

from lang import tr


def team_word(letter: str) -> str:
    """A team by its letter, in the language spoken: "Team A"."""
    return tr("Team {letter}", letter=letter)


def team_info(view: dict[str, Any]) -> dict[str, Any] | None:
    """The teams of a team game's view (``team_view``), None in a game without teams."""
    teams = (view.get("rulesets") or {}).get("teams")
    return teams if teams and teams.get("teams") else None


def seat_label(view: dict[str, Any], seat: int) -> str:
    """What a seat's disc says: its seat name in a team game (``A1``), else its number."""
    teams = team_info(view)
    names = teams.get("seat_names") if teams else None
    if names and 0 <= seat < len(names):
        return str(names[seat])
    return str(seat + 1)


def team_of_seat(view: dict[str, Any], seat: int) -> str | None:
    """The letter of the team a seat plays in, None without teams."""
    teams = team_info(view)
    if not teams:
        return None
    return next((str(t["team"]) for t in teams["teams"] if seat in t["seats"]), None)


def legend_order(view: dict[str, Any]) -> list[int]:
    """The seats in the order of the legend's rows: seat order, or in a team game the
    partners together, team by team (A1 A2 B1 B2 C1 C2); the seat names keep the order of
    play readable."""
    seats = [p["seat"] for p in view["players"]]
    teams = team_info(view)
    if not teams:
        return seats
    grouped = [x for t in teams["teams"] for x in t["seats"] if x in seats]
    return grouped + [x for x in seats if x not in grouped]


def team_spans(view: dict[str, Any]) -> list[tuple[str, list[int]]]:
    """Each team's letter and its seats, in the legend's order (empty without teams)."""
    teams = team_info(view)
    if not teams:
        return []
    return [(str(t["team"]), list(t["seats"])) for t in teams["teams"]]


def team_names(view: dict[str, Any], seats: list[int]) -> str:
    """The players of a team by name: "Ann & Bob"."""
    players = view["players"]
    return " & ".join(players[x]["name"] for x in seats if 0 <= x < len(players))


__all__ = [
    "legend_order",
    "seat_label",
    "team_info",
    "team_names",
    "team_of_seat",
    "team_spans",
    "team_word",
]
