"""Scoring: coins at the end of a turn, and the ranking when the game ends."""

from __future__ import annotations

from typing import Any

from .board import event, regions_of
from .gamehooks import hooked
from .names import RACE
from .rulesets import ruled_result
from .state import OVER, GameState
from .terms import BONUS, REGIONS, Term, sort_of


def score(s: GameState, seat: int) -> int:
    """[SW p.5] One coin per region of every race of the seat, plus the bonuses in force: the
    sum of the terms of ``score_terms``, added to the seat's coins and told in a private
    ``score`` event that carries them (``scored_terms`` reads them back)."""
    terms = scoring_data(s, seat)
    got = 0
    for term in terms:
        got += term[1]
    s.players[seat].coins += got
    event(s, "score", seat=seat, coins=got, private=True, terms=terms)
    return got


def score_terms(s: GameState, seat: int) -> list[Term]:
    """What ``seat`` scores at its turn's end, term by term: for each of its races (the
    active one first, then those in decline) the regions it holds (``REGIONS``), then each
    bonus of a race, power, Relic or Place in force that is not 0 (``BONUS``, from its
    ``score`` hook). The hooks are called: some act as they count (Thieving takes its coins),
    so the turn's end asks this once, through ``score``; ask it of a copy (``copying.clone``)
    to know what ending the turn would score."""
    return [Term.read(data) for data in scoring_data(s, seat)]


def scoring_data(s: GameState, seat: int) -> list[list[Any]]:
    """``score_terms`` as the terms' data (``Term.data``), as the ``score`` event holds them:
    the one walk over the scoring hooks, built without objects (a turn's end is frequent)."""
    p = s.players[seat]
    out: list[list[Any]] = []
    for name in [p.active, *p.declined] if p.active else p.declined:
        race = s.races[name]
        own = regions_of(s, name)
        out.append([REGIONS, len(own), name, RACE])
        for a in hooked(s, race, "score"):
            bonus = a.score(s, race, own)
            if bonus:
                out.append([BONUS, bonus, a.name, sort_of(a)])
    return out


def scored_terms(e: dict[str, Any]) -> list[Term]:
    """The terms of a ``score`` event (none in one recorded before they were)."""
    return [Term.read(data) for data in e.get("terms", ())]


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
