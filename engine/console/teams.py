"""Team play in the terminal: seat names beside player names, who plays with whom, and the
end as the final score sheet shows it (the teams ranked by their score above the players).

Read from the public view (``view["rulesets"]["teams"]``, ``engine.rulesets.teams.team_view``:
the teams with their seats and the seat names A1 B1 C1 A2 B2 C2) and its result; a game without
teams has none of it, and every function here gives way to the plain game's text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import tr

from .events import coins, tokens


def team_info(v: dict[str, Any]) -> dict[str, Any] | None:
    """The teams of a team game's view, None in a game without teams."""
    teams = (v.get("rulesets") or {}).get("teams")
    return teams if teams and teams.get("teams") else None


def seat_names(v: dict[str, Any]) -> list[str]:
    """Each seat's player as the terminal names them: ``P1 (A1)`` in a team game, as the
    bot's public lines do, else ``P1``."""
    names = [str(p["name"]) for p in v["players"]]
    teams = team_info(v)
    if teams is None:
        return names
    seats = teams["seat_names"]
    return [tr("{name} ({seat})", name=n, seat=seats[i]) for i, n in enumerate(names)]


def team_word(letter: str) -> str:
    """A team by its letter: ``Team A``."""
    return tr("Team {letter}", letter=letter)


def members(names: Sequence[str], seats: Sequence[int]) -> str:
    """A team's players: ``P1 (A1) & P4 (A2)``."""
    return " & ".join(names[x] for x in seats)


def teams_line(v: dict[str, Any]) -> list[str]:
    """``Teams: Team A: P1 (A1) & P4 (A2) · Team B: …`` in a team game, else nothing."""
    teams = team_info(v)
    if teams is None:
        return []
    names = seat_names(v)
    each = [
        tr("{team}: {players}", team=team_word(t["team"]), players=members(names, t["seats"]))
        for t in teams["teams"]
    ]
    return [tr("Teams: {teams}", teams=" · ".join(each))]


def team_result(v: dict[str, Any]) -> list[str] | None:
    """The end of a team game, as the final score sheet shows it: the teams by their score
    (the lower partner's coins), the winners marked, then the players with their coins;
    None when the game was not played in teams."""
    result = v.get("result") or {}
    teams = result.get("teams")
    if not teams or team_info(v) is None:
        return None
    names = seat_names(v)
    won = set(result.get("winning_teams") or [])
    lines = [tr("Final ranking:"), tr("Teams (a team scores its lower partner's coins):")]
    for t in teams:
        fields = {
            "team": team_word(t["team"]),
            "who": members(names, t["seats"]),
            "coins": coins(t["score"]),
            "best": coins(t["best"]),
        }
        if t["team"] in won:
            line = tr("{team} · {who}: {coins}, best partner {best} (winners)", **fields)
        else:
            line = tr("{team} · {who}: {coins}, best partner {best}", **fields)
        lines.append(f"  {t['place']}. {line}")
    if result.get("tiebreak_used") and len(won) == 1:
        lines.append(
            "  "
            + tr(
                "Tie on the team score, broken by the better partner's coins, then the tokens "
                "on the board."
            )
        )
    if len(won) > 1:
        shared = " & ".join(team_word(t["team"]) for t in teams if t["team"] in won)
        lines.append(tr("Shared victory: {who}", who=shared))
    lines.append(tr("Players:"))
    for place, row in enumerate(result.get("ranking", []), start=1):
        line = tr(
            "{who}: {coins}, {tokens} on the board",
            who=names[row["seat"]],
            coins=coins(row["coins"]),
            tokens=tokens(row["tokens"]),
        )
        lines.append(f"  {place}. {line}")
    return lines


def team_game_over(v: dict[str, Any], e: dict[str, Any]) -> str | None:
    """The game-over line of a team game: the winning team, not its two players as if they
    had shared a victory; None without teams."""
    result = v.get("result") or {}
    teams = result.get("teams")
    if e.get("kind") != "game_over" or not teams or team_info(v) is None:
        return None
    names = seat_names(v)
    won = [t for t in teams if t["team"] in (result.get("winning_teams") or [])]
    who = [f"{team_word(t['team'])} ({members(names, t['seats'])})" for t in won]
    if len(who) == 1:
        return tr("Game over: {who} wins", who=who[0])
    return tr("Game over: {who} share the victory", who=" & ".join(who))


__all__ = [
    "members",
    "seat_names",
    "team_game_over",
    "team_info",
    "team_result",
    "team_word",
    "teams_line",
]
