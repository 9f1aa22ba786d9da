"""What the tutorial suggests the learner tap next, and how its computer opponent plays.

The coach is a plain, deterministic policy over the legal actions: the combo the arrangement
pins, the cheapest conquest (the lowest region on a tie), a final conquest with the die when
no conquest is affordable, going into decline in the arranged round, tokens in hand deployed
on the thinnest region, then the end of the turn. A choice a race, power, Relic or Place owes
first is taken as a deadline would take it (``default_action``). Whatever the learner plays,
the next suggestion is worked out from the position reached, so a learner who plays otherwise
is still told what to tap.

The opponent is the engine's weighted random player (``engine.simulate.choose``), drawing
from the game's seed and the state's version: the same position always gives the same move,
so an arranged tutorial plays the same way in the terminal and in Discord.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.core.actions import (
    ACTION_TYPES,
    Action,
    Conquer,
    Decline,
    Deploy,
    EndConquests,
    EndTurn,
    PickCombo,
    Reinforce,
)
from engine.core.conquest import conquest_cost
from engine.core.legal import default_action, legal_actions
from engine.core.state import PICK, REDEPLOY, GameState
from engine.core.turn import acting_race, to_act
from engine.simulate import choose


class Arranged(Protocol):
    """What the coach reads of an arrangement (``engine.tutorial.arrangement``)."""

    @property
    def picks(self) -> tuple[int, ...]:
        """The combo slot the learner takes at each pick, first race first."""
        ...

    @property
    def decline_round(self) -> int:
        """The round the learner is told to go into decline."""
        ...


def races_had(s: GameState, seat: int) -> int:
    """How many races the seat has picked so far."""
    p = s.players[seat]
    return len(p.declined) + (1 if p.active else 0)


def suggestion(s: GameState, seat: int, plan: Arranged) -> Action | None:
    """The action the tutorial suggests to ``seat`` now, or None when it is not theirs to act."""
    if to_act(s) != seat:
        return None
    actions = legal_actions(s, seat)
    if s.turn.phase == PICK:
        had = races_had(s, seat)
        slot = plan.picks[had] if had < len(plan.picks) else 1
        picks = [a for a in actions if isinstance(a, PickCombo)]
        return PickCombo(slot) if PickCombo(slot) in picks else picks[0]
    if Decline() in actions and s.round >= plan.decline_round and not s.players[seat].declined:
        return Decline()
    owed = default_action(s)
    if owed is not None and type(owed) not in ACTION_TYPES:
        return owed
    return _core_move(s, actions) or owed or actions[0]


def _core_move(s: GameState, actions: list[Action]) -> Action | None:
    """The coach's conquest, final conquest, deployment or end of turn, if one is legal."""
    race = acting_race(s)
    conquests = [a for a in actions if isinstance(a, Conquer)]
    if conquests and race is not None:
        return min(conquests, key=lambda a: (conquest_cost(s, race, a.region), a.region))
    finals = [a for a in actions if isinstance(a, Reinforce)]
    if finals and race is not None:
        return min(finals, key=lambda a: (conquest_cost(s, race, a.region), a.region))
    if EndConquests() in actions:
        return EndConquests()
    if s.turn.phase == REDEPLOY:
        deploys = [a for a in actions if isinstance(a, Deploy)]
        if deploys:
            return min(deploys, key=lambda a: (s.regions[a.region].tokens, -a.count, a.region))
        ends = [a for a in actions if isinstance(a, EndTurn)]
        if ends:
            return ends[0]
    return None


def opponent_action(s: GameState, seat: int) -> Action:
    """The computer opponent's move for ``seat``, the seat to act."""
    rng = random.Random(s.seed * 1_000_003 + s.version)
    return choose(rng, s, legal_actions(s, seat))


__all__ = ["Arranged", "opponent_action", "races_had", "suggestion"]
