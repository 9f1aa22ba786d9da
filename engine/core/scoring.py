"""Scoring: coins at the end of a turn, and the ranking when the game ends."""

from __future__ import annotations

from typing import Any

from .board import event, regions_of
from .gamehooks import hooked
from .rulesets import ruled_result
from .state import OVER, GameState


def score(s: GameState, seat: int) -> int:
    """[SW p.5] One coin per region of every race of the seat, plus the bonuses in force."""
    p = s.players[seat]
    total = 0
    names = ([p.active] if p.active else []) + p.declined
    for name in names:
        race = s.races[name]
        own = regions_of(s, name)
        total += len(own)
        for a in hooked(s, race, "score"):
            total += a.score(s, race, own)
    p.coins += total
    event(s, "score", seat=seat, coins=total, private=True)
    return total


def game_over(s: GameState) -> None:
    """[SW p.6] Highest coins wins; ties go to the most tokens on the board."""
    s.turn.phase = OVER
    rows: list[dict[str, Any]] = []
    for seat, p in enumerate(s.players):
        on_board = sum(r.tokens for r in s.regions if r.owner == seat)
        rows.append({"seat": seat, "name": p.name, "coins": p.coins, "tokens": on_board})
    rows.sort(key=lambda r: (-r["coins"], -r["tokens"], r["seat"]))
    best = rows[0]
    tied = [r for r in rows if r["coins"] == best["coins"]]
    winners = [r["seat"] for r in tied if r["tokens"] == best["tokens"]]
    result = {"ranking": rows, "winners": winners, "tiebreak_used": len(tied) > 1}
    # A rule set on (team play) may rank otherwise (``engine.core.rulesets``).
    s.result = ruled_result(s, result)
    event(s, "game_over", winners=s.result["winners"])
