"""What the searching levels share: which actions are worth searching, playouts, and how a
playout's end position is scored.

A playout continues a determinized copy (``ai.hidden``) with the quick player in every seat
(the searching seat may finish its turn under way with the easy player instead) until the
searching seat has finished ``horizon`` of its own turns, counting the one under way, or the
game ends. Its score is the seat's coins plus a share of next turn's income (its regions),
minus the same for its opponents on average: how far ahead the seat stands, in coins.
``reward`` squashes that into 0..1. In a team game [TEAMS] the sides are the teams: a team
stands where ``ai.team.combine`` puts its partners' standings (the lower counting fully, the
higher half), and the seat's team is compared with the other teams on average.

``trial`` plays one option on its own copy of a determinization and returns that reward;
both searching levels compare their options by trials on the same determinizations (common
random numbers), which tells them apart with fewer playouts.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import Action, GameState, apply, legal_actions, to_act
from engine.core.actions import Decline, EndTurn, PickCombo
from engine.core.copying import clone
from engine.core.state import CONQUER, PICK

from . import quick
from .team import combine, side_of, sides

if TYPE_CHECKING:
    from .easy import Easy

#: Own turns a playout covers, counting the one under way when it is the seat's.
HORIZON_TURNS = 2
#: Safety net: no playout is longer than this many actions.
MAX_PLAYOUT = 600
#: Share of next turn's income (one coin a region) counted at the end of a playout.
FUTURE_SHARE = 0.5
#: Worth of each token of the active race at the end of a playout (it conquers later).
TOKEN_SHARE = 0.0
#: Coins of lead that make a reward of about 0.73 (the logistic scale).
REWARD_SCALE = 6.0


def turn_choices(
    s: GameState, seat: int, actions: list[Action], easy: Easy, first_moves: int = 1
) -> list[Action] | None:
    """The options of a decision that shapes a whole turn, or None for any other decision.

    ``s`` is a private copy (``ai.hidden``). Searched are: which combo to pick (every
    affordable one); at the start of a turn with an active race, declining against the easy
    player's first move, or against its ``first_moves`` best-rated first moves
    (``Easy.candidates``), which are compared on the first move of every conquest phase
    when ``first_moves`` > 1; and the Stout's choice, when the easy player would end its
    turn, between ending it and ending it then declining. Later conquests, redeployments and
    defenders' placements are left to the easy player: searching each conquest with quick
    playouts measured weaker than its evaluation (see README, "AI players").
    """
    if s.turn.phase == PICK:
        return [a for a in actions if isinstance(a, PickCombo)] or None
    first = s.turn.phase == CONQUER and s.turn.seat == seat and not s.turn.conquered
    if Decline() in actions or (first and first_moves > 1):
        # The turn's first move: declining, or one of the easy player's best first moves.
        rest = [a for a in actions if a != Decline()]
        options = easy.candidates(s, seat, rest, first_moves if first else 1)
        if Decline() in actions:
            options.insert(0, Decline())
        return options if len(options) > 1 else None
    stout = EndTurn(decline=True)
    if stout in actions and isinstance(easy.act(s, seat, actions), EndTurn):
        return [EndTurn(), stout]
    return None


def own_turns_done(s: GameState, seat: int) -> int:
    """How many turns ``seat`` has finished (its own score history: its own to know)."""
    return len(s.players[seat].score_history)


#: A policy for one seat in a playout: (private state, seat, legal actions) -> action.
Policy = Callable[[GameState, int, list[Action]], Action]


def playout(
    s: GameState,
    seat: int,
    start_turns: int,
    *,
    horizon: int = HORIZON_TURNS,
    own: Policy | None = None,
    others: Policy | None = None,
) -> None:
    """Play ``s`` on until ``seat`` has finished ``horizon`` more turns than ``start_turns``
    (its count when the search began) or the game ends.

    Every seat plays the quick player (or ``others`` when given), except that ``own`` (when
    given) plays ``seat``'s moves until the turn under way is over: the search then judges
    its choice as the rest of the turn will really be played."""
    rest = others if others is not None else quick.choose
    goal = start_turns + horizon
    if s.turn.seat != seat:
        goal -= 1  # the turn under way is not the seat's: the horizon is its next turn
    for _ in range(MAX_PLAYOUT):
        who = to_act(s)
        if who is None or own_turns_done(s, seat) >= goal:
            return
        actions = legal_actions(s, who)
        if own is not None and who == seat and own_turns_done(s, seat) == start_turns:
            action = own(s, who, actions)
        else:
            action = rest(s, who, actions)
        apply(s, who, action, validate=False)


def standing(s: GameState, seat: int) -> float:
    """A seat's coins plus a share of next turn's income unless the game is over, and
    ``TOKEN_SHARE`` for each token of its active race."""
    coins = float(s.players[seat].coins)
    if s.over:
        return coins
    held = sum(1 for r in s.regions if r.owner == seat and r.race is not None)
    worth = coins + FUTURE_SHARE * held
    active = s.players[seat].active
    if TOKEN_SHARE and active is not None:
        tokens = s.races[active].hand + sum(r.tokens for r in s.regions if r.race == active)
        worth += TOKEN_SHARE * tokens
    return worth


def margin(s: GameState, seat: int) -> float:
    """How far ``seat`` stands ahead of its opponents on average (negative when behind), in
    coins. The average rather than the leader: opponents' purses are estimates in a private
    copy, and measured against three easy players the average chose better."""
    worth = [side_standing(s, side) for side in sides(s)]
    own = side_of(s, seat)
    others = [w for i, w in enumerate(worth) if i != own]
    return worth[own] - sum(others) / len(others)


def side_standing(s: GameState, side: tuple[int, ...]) -> float:
    """Where a side stands: a seat's ``standing``, or a team's (``ai.team.combine``)."""
    if len(side) == 1:
        return standing(s, side[0])
    a, b = side
    return combine(standing(s, a), standing(s, b))


def reward(s: GameState, seat: int) -> float:
    """``margin`` squashed into 0..1 (a logistic of scale ``REWARD_SCALE``)."""
    return 1.0 / (1.0 + math.exp(-margin(s, seat) / REWARD_SCALE))


def trial(
    d: GameState,
    seat: int,
    action: Action,
    start_turns: int,
    *,
    horizon: int = HORIZON_TURNS,
    own: Policy | None = None,
    others: Policy | None = None,
) -> float:
    """The reward of playing ``action`` on a copy of determinization ``d``, then a playout.

    An action the guessed world refuses (the real one allowed it) scores 0."""
    c = clone(d)
    try:
        apply(c, seat, action, validate=False)
    except Exception:  # illegal in this guessed world only
        return 0.0
    playout(c, seat, start_turns, horizon=horizon, own=own, others=others)
    return reward(c, seat)
