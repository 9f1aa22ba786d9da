"""How good a position looks to a seat: the evaluation every level is built on.

``value`` counts, in coins: the seat's purse; the coins its races would score if its turn
ended now (when that turn has not been scored yet); a little for what defends its active
race's regions; and minus a little for every region its opponents hold, since each of those
pays an opponent next turn. Callers compare values of states that differ by one action, so
only the differences matter.

``value`` reads only the seat's own purse, so it may be called on a determinized copy
(``ai.hidden``) or on a throwaway clone; it scores a copy of the state to project the turn's
coins, because some scoring hooks move coins or tokens.

In a team game [TEAMS] a seat weighs its team's score, the lower of the partners' (``ai.team``):
``value`` combines the seat's own worth with its ally's (``ai.team.team_worth``), each being
the purse, the coins a turn under way would score or else next turn's income (one coin a
region held), and the board terms; the ally's regions are not an opponent's, and the ally's
purse is the determinization's estimate, never the real one (``ai.hidden``).
"""

from __future__ import annotations

from engine import GameState
from engine.core.board import defence, is_immune, mapdef
from engine.core.copying import clone
from engine.core.scoring import score
from engine.core.state import CONQUER, REDEPLOY

from .team import ally, team_worth

#: Weight of one defence point (token or marker) on a region of the active race, up to
#: ``DEFENCE_CAP`` points a region: past that an attack rarely pays.
DEFENCE_WEIGHT = 0.08
DEFENCE_CAP = 4
#: An immune region (Hero, Hole, Dragon...) is safe for a whole round.
IMMUNE_WEIGHT = 0.4
#: What one region held by an opponent is worth to us (negative): it pays them next turn.
OPPONENT_REGION = 0.3
#: Tokens still in hand keep a little value: they defend once placed, or conquer later.
HAND_WEIGHT = 0.05


def projected_score(s: GameState, seat: int) -> int:
    """The coins ``seat`` would score if its turn ended now, or 0 when no score is due.

    Only during the seat's own conquests and redeployment is a score still to come.
    """
    t = s.turn
    if t.seat != seat or t.phase not in (CONQUER, REDEPLOY):
        return 0
    return score(clone(s), seat)


def exposure(s: GameState, rid: int, seat: int) -> float:
    """How open region ``rid`` is to attack: neighbours held by others' active races count
    most, empty neighbours and a board edge (where new races enter) a little."""
    m = mapdef(s)
    d = m.regions[rid]
    friend = ally(s, seat)
    friends = () if friend is None else (friend,)
    threat = 0.5 if (d.edge or d.entry) else 0.0
    for n in d.adjacent:
        r = s.regions[n]
        nd = m.regions[n]
        if nd.impassable:
            continue
        if r.race is None:
            threat += 0.2
        elif r.owner != seat and r.owner not in friends and not s.races[r.race].in_decline:
            threat += 1.0
    return threat


def board_value(s: GameState, seat: int) -> float:
    """Defence of the seat's active regions, minus opponents' regions (see module doc); the
    ally's regions, in a team game, are neither."""
    active = s.players[seat].active
    friend = ally(s, seat)
    total = 0.0
    for rid, r in enumerate(s.regions):
        if r.race is None:
            continue
        if r.owner == seat:
            if r.race == active:
                if is_immune(s, rid):
                    total += IMMUNE_WEIGHT
                else:
                    total += DEFENCE_WEIGHT * min(defence(s, rid), DEFENCE_CAP)
        elif friend is None or r.owner != friend:
            total -= OPPONENT_REGION
    if active is not None:
        total += HAND_WEIGHT * s.races[active].hand
    return total


def income(s: GameState, seat: int) -> int:
    """Next turn's income of ``seat`` at one coin a region held: a public guess."""
    return sum(1 for r in s.regions if r.owner == seat and r.race is not None)


def member_worth(s: GameState, seat: int) -> float:
    """One partner's worth in a team game: its purse (an estimate for the ally), the coins of
    its turn under way or else next turn's income, and its board terms."""
    due = s.turn.seat == seat and s.turn.phase in (CONQUER, REDEPLOY)
    coming = projected_score(s, seat) if due else income(s, seat)
    return s.players[seat].coins + coming + board_value(s, seat)


def own_value(s: GameState, seat: int) -> float:
    """The evaluation of ``s`` for ``seat`` alone: the base game's."""
    return s.players[seat].coins + projected_score(s, seat) + board_value(s, seat)


def value(s: GameState, seat: int) -> float:
    """The evaluation of ``s`` for ``seat``, in coins (see module doc): its own, or in a team
    game its team's."""
    if ally(s, seat) is None:
        return own_value(s, seat)
    return team_worth(s, seat, member_worth)
