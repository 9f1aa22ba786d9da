"""The end of a team game [TEAMS "End of the Game"]: "The players each reveal their own
individual score, and each team's score is the lowest of the two player's scores! The team
with the highest score wins. In case of a tie, the team with the highest individual player
score from among those teams tied wins the game." A tie after that goes to the team with
more race tokens on the board, then is shared (ruling 73).
"""

from __future__ import annotations

from typing import Any

from engine.core.state import GameState

from .seats import TEAM_LETTERS, members


def team_result(s: GameState, result: dict[str, Any]) -> dict[str, Any]:
    """[TEAMS "End of the Game"] The teams ranked by the lower of the partners' scores, then
    by the higher, then by their race tokens on the board (ruling); the winners are the
    seats of every team still tied first. Each team carries its ``place`` (1 first); teams
    tied on all three share it."""
    by_seat = {row["seat"]: row for row in result["ranking"]}
    teams = []
    for t, letter in enumerate(TEAM_LETTERS):
        seats = members(t)
        coins = [by_seat[x]["coins"] for x in seats]
        teams.append(
            {
                "team": letter,
                "seats": seats,
                "score": min(coins),
                "best": max(coins),
                "tokens": sum(by_seat[x]["tokens"] for x in seats),
            }
        )
    teams.sort(key=lambda e: (-e["score"], -e["best"], -e["tokens"], e["team"]))
    for e in teams:
        # Teams still tied on score, best and tokens share a place (ruling 73).
        e["place"] = 1 + sum(1 for o in teams if _rank_key(o) < _rank_key(e))
    top = teams[0]
    tied = [e for e in teams if e["score"] == top["score"]]
    first = [e for e in tied if (e["best"], e["tokens"]) == (top["best"], top["tokens"])]
    winners = sorted(x for e in first for x in e["seats"])
    return {
        **result,
        "teams": teams,
        "winning_teams": [e["team"] for e in first],
        "winners": winners,
        "tiebreak_used": len(tied) > 1,
    }


def _rank_key(e: dict[str, Any]) -> tuple[int, int, int]:
    """A team's ranking: its score, then its best player's, then its tokens (high first)."""
    return (-e["score"], -e["best"], -e["tokens"])
