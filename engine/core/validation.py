"""Why an action is refused: ``problem`` answers with a sentence a player understands.

It shares its checks with ``legal.legal_actions`` (an action is allowed when listed), so no
rule is written twice; redeployments, whose counts are not all listed, are checked here.
"""

from __future__ import annotations

from .abilities import in_force
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
from .board import regions_of
from .conquest import conquest_cost, target_problem
from .errors import NotYourTurn
from .gamehooks import map_hooks
from .interrupts import interrupt
from .legal import legal_actions
from .state import CLOSING, CONQUER, PICK, REDEPLOY, SETUP, GameState
from .turn import acting_race, declined_partners, must, owed_reason, to_act


def problem(s: GameState, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not take ``action`` now, or None if it may."""
    actor = to_act(s)
    if actor is None:
        return "The game is over."
    if seat != actor:
        raise NotYourTurn(f"It is {s.players[actor].name}'s move, not yours.")
    # A setup decision and another seat's mid-turn answer are closed lists: the legal
    # actions are the whole rule.
    setup = s.turn.phase == SETUP
    if setup or interrupt(s) is not None:
        offered = legal_actions(s, seat)
        if action in offered:
            return None
        head = "Before the first turn: " if setup else "First: "
        return head + "; or ".join(a.text for a in offered[:3]) + "."
    race = acting_race(s)
    if race is not None and s.turn.phase != PICK and "must" in map_hooks(s):
        forced = must(s, race)
        if forced:
            if action in forced:
                return None
            return "First: " + "; or ".join(sorted({a.text for a in forced[:3]})) + "."
    if isinstance(action, (Deploy, Move)):
        return _redeploy_problem(s, action)
    if action in legal_actions(s, seat):
        return None
    return _explain(s, action)


def _redeploy_problem(s: GameState, action: Deploy | Move) -> str | None:
    t = s.turn
    race = acting_race(s)
    if t.phase not in (REDEPLOY, CLOSING) or race is None:
        return "Tokens are redeployed after conquests end."
    if action.count < 1:
        return "Move at least one token."
    own = regions_of(s, race.name)
    if isinstance(action, Deploy):
        if action.region not in own:
            return f"Region {action.region} is not one of your {race.name} regions."
        if action.count > race.hand:
            return f"You hold {race.hand} {race.name} tokens in hand, not {action.count}."
        return None
    if t.phase == CLOSING:
        return "Defenders only place the tokens they hold."
    if action.source not in own or action.target not in own:
        return "Both regions must be yours."
    if action.source == action.target:
        return "Pick two different regions."
    spare = s.regions[action.source].tokens - 1
    if action.count > spare:
        return f"Region {action.source} can spare {spare} tokens (one must stay)."
    return None


def _explain(s: GameState, action: Action) -> str:
    """A sentence telling a player why an unlisted action is refused."""
    t = s.turn
    race = acting_race(s)
    if isinstance(action, PickCombo):
        if t.phase != PICK:
            return "You already have an active race; pick a new one after declining."
        if not 1 <= action.slot <= len(s.market):
            return f"There is no combo {action.slot}; pick 1 to {len(s.market)}."
        return f"Combo {action.slot} costs {action.slot - 1} coins: you cannot afford it."
    if isinstance(action, Decline):
        if t.picked:
            return "You cannot decline the race you just picked."
        if t.acted:
            return "Decline takes the whole turn: you have already conquered or abandoned."
        return "You have no active race to put in decline."
    if isinstance(action, (Conquer, Reinforce)) and race is not None:
        if t.phase != CONQUER:
            return "Conquests are over for this turn."
        if not 0 <= action.region < len(s.regions):
            return f"There is no region {action.region}."
        why = target_problem(s, race, action.region)
        if why:
            return why
        if race.hand < 1:
            return "You need at least one token in hand to conquer."
        cost = conquest_cost(s, race, action.region)
        if t.berserk_die is not None:
            cost = max(1, cost - t.berserk_die)
        short = cost - race.hand
        if isinstance(action, Conquer):
            return (
                f"Region {action.region} needs {cost} tokens and you hold {race.hand}: "
                f"{short} short (try a final conquest with the die)."
            )
        if short <= 0:
            return f"You can conquer region {action.region} outright: use conquer."
        return f"Region {action.region} is {short} tokens short; the die adds at most 3."
    if isinstance(action, Abandon):
        return "You can only abandon your own regions, before conquering."
    if isinstance(action, (EndTurn, Finish, EndConquests)):
        why = owed_reason(s, race) if race is not None and t.phase != CONQUER else None
        return why or "That step is not available now."
    if race is not None:
        for holder in (race, *declined_partners(s, race)):
            for a in in_force(s, holder):
                if isinstance(action, a.handles):
                    why = a.refusal(s, holder, action)
                    if why:
                        return why
    region = getattr(action, "region", None)
    if race is not None and isinstance(region, int) and 0 <= region < len(s.regions):
        why = target_problem(s, race, region) if t.phase == CONQUER else None
        if why and not why.startswith("You already hold"):
            return why
    return f"{action.text!r} is not possible now."
