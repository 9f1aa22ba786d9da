"""A fast rule-of-thumb player: the rollout policy of the searching levels.

It never copies the state, so a search can play thousands of its turns a second. It picks the
combo with the most tokens for the coins, declines when its race can take at most one more
region, conquers the best region for its cost until none is affordable, tries a final conquest
when the die is likely enough to help, takes a free gain on offer (the Fountain's token),
builds defences offered by its power in its most exposed region, and otherwise ends its
redeployment (the engine then puts tokens back where they came from). Actions it does not know
are left alone unless nothing else is legal (a choice the race must make first), when it takes
what a deadline would (``default_action``) or the first listed. In a team game it leaves its
ally's regions alone unless nothing else is worth taking.
"""

from __future__ import annotations

from engine import Action, GameState, default_action
from engine.core.actions import (
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
from engine.core.conquest import conquest_cost
from engine.core.content import combo_tokens, components
from engine.core.state import CONQUER, PICK, REDEPLOY
from engine.core.turn import acting_race
from engine.worlds.surface.actions import DragonAttack, Encamp, Enchant, Fortify, PlaceHero

from .evaluate import exposure
from .team import ally

#: A conquest is worth its region, more when it takes the region from another player (the
#: region stops paying them), less the tokens it ties up.
ENEMY_REGION = 0.5
ACTIVE_ENEMY = 0.3
COST_WEIGHT = 0.1
#: Taking a region from one's ally in a team game costs the team what the ally loses.
ALLY_REGION = 1.5


def _die_at_least() -> dict[int, float]:
    """Chance that the reinforcement die adds at least k tokens, from its faces in the box."""
    faces = components()["die_faces"]
    return {k: sum(f >= k for f in faces) / len(faces) for k in range(max(faces) + 1)}


#: Chance that the die adds at least this many tokens (faces 0,0,0,1,2,3: 1, 1/2, 1/3, 1/6).
DIE_AT_LEAST = _die_at_least()
#: A final conquest is tried when the die succeeds at least this often.
REINFORCE_ODDS = 1 / 3
#: A race declines when it can expect at most this many more regions this turn.
DECLINE_AT = 1
#: Defences the rollout player knows how to place.
DEFENCES = (Fortify, PlaceHero, Encamp)
CLOSERS = (EndTurn, Finish)


def pick_value(s: GameState, slot: int) -> float:
    """Tokens of the combo at ``slot`` plus the coins taken, minus the coins paid."""
    c = s.market[slot - 1]
    return combo_tokens(c.race, c.power) + c.coins - (slot - 1)


def conquest_value(s: GameState, seat: int, rid: int, cost: int) -> float:
    """What conquering ``rid`` for ``cost`` tokens is worth to ``seat`` (see constants)."""
    r = s.regions[rid]
    v = 1.0 - COST_WEIGHT * cost
    if r.race is not None and r.owner is not None and r.owner == ally(s, seat):
        return v - ALLY_REGION
    if r.race is not None and r.owner != seat:
        v += ENEMY_REGION
        if not s.races[r.race].in_decline:
            v += ACTIVE_ENEMY
    return v


def affordable_conquests(s: GameState, actions: list[Action]) -> int:
    """How many of the listed conquests the hand could pay for, cheapest first."""
    race = acting_race(s)
    if race is None:
        return 0
    costs = sorted(conquest_cost(s, race, a.region) for a in actions if type(a) is Conquer)
    hand = race.hand
    n = 0
    for c in costs:
        if c > hand:
            break
        hand -= c
        n += 1
    return n


def should_decline(s: GameState, actions: list[Action]) -> bool:
    """Decline when the race can expect at most ``DECLINE_AT`` more regions and a later round
    remains in which a fresh race would pay."""
    if s.round >= s.turns:
        return False
    return affordable_conquests(s, actions) <= DECLINE_AT


def stout_should_decline(s: GameState, seat: int) -> bool:
    """Stout: decline after scoring when next turn's hand would be thin."""
    if s.round >= s.turns:
        return False
    race = acting_race(s)
    if race is None:
        return False
    on_board = [r.tokens for r in s.regions if r.race == race.name]
    spare = sum(on_board) - len(on_board) + race.hand
    return spare < 4


def best_conquest(s: GameState, seat: int, actions: list[Action]) -> Action | None:
    """The listed conquest (plain or with the Dragon, or an enchantment) worth most."""
    race = acting_race(s)
    if race is None:
        return None
    best: Action | None = None
    best_v = float("-inf")
    for a in actions:
        if type(a) is Conquer:
            cost = conquest_cost(s, race, a.region)
        elif isinstance(a, (DragonAttack, Enchant)):
            cost = 1
        else:
            continue
        v = conquest_value(s, seat, a.region, cost)
        if v > best_v:
            best, best_v = a, v
    return best


def best_reinforce(s: GameState, actions: list[Action]) -> Action | None:
    """The final conquest the die is most likely to win, if likely enough."""
    race = acting_race(s)
    if race is None:
        return None
    best: Action | None = None
    best_p = REINFORCE_ODDS - 1e-9
    for a in actions:
        if type(a) is Reinforce:
            short = conquest_cost(s, race, a.region) - race.hand
            p = DIE_AT_LEAST.get(max(short, 0), 0.0)
            if p > best_p:
                best, best_p = a, p
    return best


def most_exposed(s: GameState, seat: int, regions: list[int]) -> int:
    """The region of ``regions`` most open to attack (lowest id on ties)."""
    return max(regions, key=lambda rid: (exposure(s, rid, seat), -rid))


def free_gain(actions: list[Action]) -> Action | None:
    """A free gain on offer (``Action.bonus``: the Fountain of Youth's token), taken first."""
    return next((a for a in actions if a.bonus), None)


def fallback(s: GameState, actions: list[Action]) -> Action:
    """What a deadline would do (``default_action``: a choice owed or forced first), else
    the first listed action that is not a token shuffle or an abandonment."""
    due = default_action(s)
    if due is not None and due in actions:
        return due
    for a in actions:
        if not isinstance(a, (Deploy, Move, Abandon)):
            return a
    return actions[0]


def choose(s: GameState, seat: int, actions: list[Action]) -> Action:
    """The quick player's choice among ``actions`` (the legal actions of ``seat`` now)."""
    if len(actions) == 1:
        return actions[0]
    phase = s.turn.phase
    if phase == PICK:
        picks = [a for a in actions if isinstance(a, PickCombo)]
        if picks:
            return max(picks, key=lambda a: (pick_value(s, a.slot), -a.slot))
    if phase == CONQUER:
        decline = Decline()
        if decline in actions and should_decline(s, actions):
            return decline
        gain = free_gain(actions)
        if gain is not None:
            return gain
        best = best_conquest(s, seat, actions)
        if best is not None:
            return best
        best = best_reinforce(s, actions)
        if best is not None:
            return best
        stop = EndConquests()
        return stop if stop in actions else fallback(s, actions)
    if phase == REDEPLOY:
        defences = [a for a in actions if isinstance(a, DEFENCES)]
        if defences:
            spots = [a.region for a in defences]
            where = most_exposed(s, seat, spots)
            return next(a for a in defences if a.region == where)
    for a in actions:
        if isinstance(a, CLOSERS):
            if isinstance(a, EndTurn) and EndTurn(decline=True) in actions:
                return EndTurn(decline=stout_should_decline(s, seat))
            return a
    return fallback(s, actions)
