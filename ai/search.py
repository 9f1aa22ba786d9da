"""What the searching levels share: which actions are worth searching, playouts, and how a
playout's end position is scored.

A playout continues a determinized copy (``ai.hidden``) with the quick player in every seat
until the searching seat has finished its next turn after the current one (``HORIZON_TURNS``
of its own turns counting the one under way) or the game ends. Its score is the seat's coins
plus a share of next turn's income (its regions), minus the same for the best opponent: how
far ahead of the leader the seat stands, in coins. ``reward`` squashes that into 0..1.
"""

from __future__ import annotations

import math

from engine import Action, GameState, apply, legal_actions, to_act
from engine.actions import (
    Abandon,
    Conquer,
    Decline,
    Deploy,
    EndConquests,
    EndTurn,
    Finish,
    Move,
    PickCombo,
    Reinforce,
)
from engine.conquest import conquest_cost
from engine.rules import acting_race
from engine.state import CONQUER, PICK

from . import quick

#: Own turns a playout covers, counting the one under way when it is the seat's.
HORIZON_TURNS = 2
#: Safety net: no playout is longer than this many actions.
MAX_PLAYOUT = 600
#: Share of next turn's income (one coin a region) counted at the end of a playout.
FUTURE_SHARE = 0.5
#: Coins of lead that make a reward of about 0.73 (the logistic scale).
REWARD_SCALE = 6.0
#: Conquests kept for search, the quick player's favourites first.
MAX_CONQUESTS = 5
#: Special actions kept for search, in listed order.
MAX_SPECIALS = 4


def searched(s: GameState) -> bool:
    """Whether a decision now is one the search levels think about: picking a combo and
    conquering. Redeployments and defenders' placements follow the easy player's rules."""
    return s.turn.phase in (PICK, CONQUER)


def candidates(s: GameState, seat: int, actions: list[Action]) -> list[Action]:
    """The actions worth searching among ``actions``: every pick; declining; the best few
    conquests by the quick player's measure, the likeliest final conquest, a few special
    actions, and stopping. Never an abandonment or a token shuffle."""
    if s.turn.phase == PICK:
        return [a for a in actions if isinstance(a, PickCombo)] or actions
    race = acting_race(s)
    out: list[Action] = []
    conquests: list[tuple[float, Action]] = []
    specials: list[Action] = []
    for a in actions:
        if isinstance(a, Decline | EndConquests | EndTurn | Finish):
            out.append(a)
        elif type(a) is Conquer and race is not None:
            cost = conquest_cost(s, race, a.region)
            conquests.append((quick.conquest_value(s, seat, a.region, cost), a))
        elif isinstance(a, Abandon | Deploy | Move | Reinforce):
            continue
        else:
            specials.append(a)
    conquests.sort(key=lambda x: -x[0])
    out.extend(a for _, a in conquests[:MAX_CONQUESTS])
    roll = quick.best_reinforce(s, actions)
    if roll is not None:
        out.append(roll)
    out.extend(specials[:MAX_SPECIALS])
    if not out:
        out.append(quick.fallback(s, actions))
    return out


def own_turns_done(s: GameState, seat: int) -> int:
    """How many turns ``seat`` has finished (its own score history: its own to know)."""
    return len(s.players[seat].score_history)


def playout(s: GameState, seat: int, start_turns: int) -> None:
    """Play ``s`` on with the quick player until ``seat`` has finished ``HORIZON_TURNS`` more
    turns than ``start_turns`` (its count when the search began) or the game ends."""
    goal = start_turns + HORIZON_TURNS
    if s.turn.seat != seat:
        goal -= 1  # the turn under way is not the seat's: the horizon is its next turn
    for _ in range(MAX_PLAYOUT):
        who = to_act(s)
        if who is None or own_turns_done(s, seat) >= goal:
            return
        actions = legal_actions(s, who)
        apply(s, who, quick.choose(s, who, actions), validate=False)


def standing(s: GameState, seat: int) -> float:
    """A seat's coins plus a share of next turn's income unless the game is over."""
    coins = float(s.players[seat].coins)
    if s.over:
        return coins
    held = sum(1 for r in s.regions if r.owner == seat and r.race is not None)
    return coins + FUTURE_SHARE * held


def margin(s: GameState, seat: int) -> float:
    """How far ``seat`` stands ahead of the best opponent (negative when behind), in coins."""
    mine = standing(s, seat)
    best = max(standing(s, other) for other in range(len(s.players)) if other != seat)
    return mine - best


def reward(s: GameState, seat: int) -> float:
    """``margin`` squashed into 0..1 (a logistic of scale ``REWARD_SCALE``)."""
    return 1.0 / (1.0 + math.exp(-margin(s, seat) / REWARD_SCALE))
