"""Applying an action: ``apply`` validates it, then plays the pick, the conquests and the
special actions, handing the turn's end to ``turns``.

``apply`` mutates the state in place after validating; callers that need the old state keep
a copy (``Game`` replays its log instead). After every action the hooks of
``abilities.AFTER_ACTION`` run (a world's pieces that follow the board, as the Stonehedge's
power follows its region).
"""

from __future__ import annotations

from .abilities import hidden_total
from .actions import (
    Abandon,
    Action,
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
from .board import clear_region, event, roll_die
from .conquest import conquest_cost
from .content import combo_tokens, races
from .errors import IllegalAction
from .gamehooks import followers, hooked
from .market import refill_market
from .setupphase import play
from .state import CONQUER, SETUP, GameState, RaceState
from .taking import take_region
from .turn import acting_race, perform
from .turns import decline_turn, end_conquests, end_turn, finish
from .validation import problem


def apply(s: GameState, seat: int, action: Action, *, validate: bool = True) -> GameState:
    """Apply an action for ``seat``; raise ``IllegalAction`` (state unchanged) if it is refused."""
    if validate:
        why = problem(s, seat, action)
        if why is not None:
            raise IllegalAction(why)
    t = s.turn
    # Counted in the turn it is taken in, even when it ends that turn.
    t.steps += 1
    # The kinds are tested most frequent first (no action kind derives from another).
    if t.phase == SETUP:
        play(s, action)
    elif isinstance(action, Conquer):
        race = acting_race(s)
        assert race is not None
        cost = conquest_cost(s, race, action.region)
        if t.berserk_die is not None:
            cost = max(1, cost - t.berserk_die)
            t.berserk_die = None
        take_region(s, race, action.region, cost)
    elif isinstance(action, EndTurn):
        end_turn(s, action.decline)
    elif isinstance(action, EndConquests):
        end_conquests(s)
    elif isinstance(action, Reinforce):
        _reinforce(s, action.region)
    elif isinstance(action, Deploy):
        race = acting_race(s)
        assert race is not None
        race.hand -= action.count
        s.regions[action.region].tokens += action.count
    elif isinstance(action, Abandon):
        _abandon(s, action.region)
    elif isinstance(action, Move):
        s.regions[action.source].tokens -= action.count
        s.regions[action.target].tokens += action.count
    elif isinstance(action, PickCombo):
        _pick(s, seat, action.slot - 1)
    elif isinstance(action, Finish):
        finish(s)
    elif isinstance(action, Decline):
        decline_turn(s)
    else:
        race = acting_race(s)
        assert race is not None
        perform(s, race, action)
    total = s.hidden_total
    if total is None:
        total = hidden_total(s)
    if total:
        for follow in followers(s):
            # Pieces that go with the board whatever the action did (the Stonehedge's power
            # goes with its region, whatever took or emptied it).
            follow(s)
    s.version += 1
    return s


def _pick(s: GameState, seat: int, index: int) -> None:
    """[SW p.3] Pay one coin on each combo above, pocket the coins on the chosen one."""
    p = s.players[seat]
    combo = s.market.pop(index)
    for above in s.market[:index]:
        above.coins += 1
    p.coins += combo.coins - index
    rdef = races()[combo.race]
    hand = combo_tokens(combo.race, combo.power)
    race = RaceState(combo.race, combo.power, seat, hand=min(hand, rdef.tray))
    s.races[combo.race] = race
    p.active = combo.race
    s.turn.picked = True
    s.turn.phase = CONQUER
    s.turn.race = combo.race
    event(
        s,
        "pick",
        seat=seat,
        race=combo.race,
        power=combo.power,
        slot=index + 1,
        paid=index,
        took=combo.coins,
    )
    for a in hooked(s, race, "on_pick"):
        a.on_pick(s, race)
    refill_market(s)


def _abandon(s: GameState, rid: int) -> None:
    """[SW p.6] Emptied regions are no longer yours; their tokens return to hand."""
    region = s.regions[rid]
    race = s.races[region.race]  # type: ignore[index]
    race.hand += region.tokens
    clear_region(s, rid)
    s.turn.acted = True
    event(s, "abandon", seat=race.owner, race=race.name, region=rid)


def _reinforce(s: GameState, rid: int) -> None:
    """[SW p.5] Name the region, roll once; success places every token left there."""
    race = acting_race(s)
    assert race is not None
    cost = conquest_cost(s, race, rid)
    die = roll_die(s)
    if race.hand + die >= cost:
        event(s, "roll", seat=race.owner, region=rid, die=die, success=True)
        take_region(s, race, rid, race.hand)
    else:
        event(s, "roll", seat=race.owner, region=rid, die=die, success=False)
    end_conquests(s)
