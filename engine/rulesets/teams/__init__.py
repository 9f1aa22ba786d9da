"""Team play [TEAMS]: 6 players in 3 teams of 2, on either world.

[TEAMS "Playing in Teams"] "The players pair up in 3 teams of 2 players each (i.e. Team A,
B, and C). Players sit around the table, opposite from their team partner (i.e. A1, B1, C1,
A2, B2, C2), and play proceeds clockwise, starting with the first player of Team A, A1."
So a team game's seats, in order, are A1 B1 C1 A2 B2 C2: seat ``i`` plays for team
``i % 3`` and its partner is seat ``(i + 3) % 6``; ``seating`` puts three pairs in that order.

[TEAMS "End of the Game"] "With 6 players, the game ends after 8 turns. ... each team's
score is the lowest of the two player's scores! The team with the highest score wins. In
case of a tie, the team with the highest individual player score from among those teams
tied wins the game." A tie after that goes to the team with more race tokens on the board,
then is shared (``docs/rulings.md``, team play).

[TEAMS "Playing in Teams"] "Their individual stash of victory coins remains secret and
should not be shared with their partner": the core's view already shows a player's coins
to that player only until the end (``engine.core.view.coins_visible``); this package adds
no exception for partners.

The option is ``teams`` (``new_game(..., options={"teams": True})``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from engine.core.rulesets import RuleSet, register_ruleset
from engine.core.state import GameState
from engine.rulesets.monsters import lays_monsters
from lang import N_

from .monsters import MONSTERS_EACH, team_hiding, team_setup

#: The game option that turns team play on.
OPTION = "teams"
lays_monsters(OPTION, MONSTERS_EACH)
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


def team_view(s: GameState, viewer: int | None) -> dict[str, Any]:
    """What everyone sees of the teams: who plays with whom and under which seat name (no
    coins: the scores stay secret until the end, partner included)."""
    return {
        "teams": [{"team": letter, "seats": members(t)} for t, letter in enumerate(TEAM_LETTERS)],
        "seat_names": [seat_name(x) for x in range(len(s.players))],
        "partner": None if viewer is None else partner(viewer),
    }


TEAMS = register_ruleset(
    RuleSet(
        name=OPTION,
        players=(PLAYERS,),
        turns=TURNS,
        result=team_result,
        view=team_view,
        title=N_("team play"),
        setup=team_setup,
        hiding=team_hiding,
        # [TEAMS "Righteous Relics and Popular Places"] "Relics & Places can never be used by
        # Races that are In Decline, even Ghouls." (ruling 94)
        treasures_in_decline=False,
        # [TEAMS] "Shuffle the 4 Places & 1 Relic (along with others you may already own if
        # playing with Small World Underground)": the team pieces join the hidden stack.
        treasure_sets=lambda world_set: (OPTION,),
    )
)

# The team pieces register themselves on import, after the worlds' (``pieces``, then
# ``boneyard`` and ``mirror``, which import it; the Sigil needs the seats above).
# isort: off
from . import pieces  # noqa: E402
from . import boneyard  # noqa: E402
from . import mirror  # noqa: E402
from . import sigil  # noqa: E402, F401

# isort: on

__all__ = [
    "OPTION",
    "PLAYERS",
    "TEAMS",
    "TURNS",
    "boneyard",
    "members",
    "mirror",
    "partner",
    "pieces",
    "seat_name",
    "seating",
    "team_of",
    "team_result",
    "team_view",
]
