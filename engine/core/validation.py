"""Why an action is refused: ``problem`` answers with a sentence a player understands.

It shares its checks with ``legal.legal_actions`` (an action is allowed when listed), so no
rule is written twice; redeployments, whose counts are not all listed, are checked here.
"""

from __future__ import annotations

from lang import ntr, tr

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
from .defences import proof_problem
from .errors import NotYourTurn
from .gamehooks import map_hooks
from .interrupts import interrupt
from .legal import legal_actions
from .names import race as race_name
from .state import CLOSING, CONQUER, PICK, REDEPLOY, SETUP, GameState
from .turn import acting_race, declined_partners, must, owed_reason, to_act
from .words import or_list


def problem(s: GameState, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not take ``action`` now, or None if it may."""
    actor = to_act(s)
    if actor is None:
        return tr("The game is over.")
    if seat != actor:
        raise NotYourTurn(tr("It is {who}'s move, not yours.", who=s.players[actor].name))
    # A setup decision and another seat's mid-turn answer are closed lists: the legal
    # actions are the whole rule.
    setup = s.turn.phase == SETUP
    if setup or interrupt(s) is not None:
        offered = legal_actions(s, seat)
        if action in offered:
            return None
        choices = or_list([a.text for a in offered[:3]])
        if setup:
            return tr("Before the first turn: {choices}.", choices=choices)
        return tr("First: {choices}.", choices=choices)
    race = acting_race(s)
    if race is not None and s.turn.phase != PICK and "must" in map_hooks(s):
        forced = must(s, race)
        if forced:
            if action in forced:
                return None
            if any(type(a) is type(action) for a in forced):
                # The forced choice, aimed where a shield stands (``turn.must`` left it out).
                why = proof_problem(s, race, action)
                if why:
                    return why
            return tr("First: {choices}.", choices=or_list(sorted({a.text for a in forced[:3]})))
    if isinstance(action, (Deploy, Move)):
        return _redeploy_problem(s, action)
    if action in legal_actions(s, seat):
        return None
    return _explain(s, action)


def _redeploy_problem(s: GameState, action: Deploy | Move) -> str | None:
    t = s.turn
    race = acting_race(s)
    if t.phase not in (REDEPLOY, CLOSING) or race is None:
        return tr("Tokens are redeployed after conquests end.")
    if action.count < 1:
        return tr("Move at least one token.")
    own = regions_of(s, race.name)
    if isinstance(action, Deploy):
        if action.region not in own:
            return tr(
                "Region {region} is not one of your {race} regions.",
                region=action.region,
                race=race_name(race.name),
            )
        if action.count > race.hand:
            return ntr(
                "You hold {n} {race} token in hand, not {count}.",
                "You hold {n} {race} tokens in hand, not {count}.",
                race.hand,
                race=race_name(race.name),
                count=action.count,
            )
        return None
    if t.phase == CLOSING:
        return tr("Defenders only place the tokens they hold.")
    if action.source not in own or action.target not in own:
        return tr("Both regions must be yours.")
    if action.source == action.target:
        return tr("Pick two different regions.")
    spare = s.regions[action.source].tokens - 1
    if action.count > spare:
        return ntr(
            "Region {region} can spare {n} token (one must stay).",
            "Region {region} can spare {n} tokens (one must stay).",
            spare,
            region=action.source,
        )
    return None


def _explain(s: GameState, action: Action) -> str:
    """A sentence telling a player why an unlisted action is refused."""
    t = s.turn
    race = acting_race(s)
    if isinstance(action, PickCombo):
        if t.phase != PICK:
            return tr("You already have an active race; pick a new one after declining.")
        if not 1 <= action.slot <= len(s.market):
            return tr(
                "There is no combo {slot}; pick 1 to {last}.", slot=action.slot, last=len(s.market)
            )
        return ntr(
            "Combo {slot} costs {n} coin: you cannot afford it.",
            "Combo {slot} costs {n} coins: you cannot afford it.",
            action.slot - 1,
            slot=action.slot,
        )
    if isinstance(action, Decline):
        if t.picked:
            return tr("You cannot decline the race you just picked.")
        if t.acted:
            return tr("Decline takes the whole turn: you have already conquered or abandoned.")
        return tr("You have no active race to put in decline.")
    if isinstance(action, (Conquer, Reinforce)) and race is not None:
        if t.phase != CONQUER:
            return tr("Conquests are over for this turn.")
        if not 0 <= action.region < len(s.regions):
            return tr("There is no region {region}.", region=action.region)
        why = target_problem(s, race, action.region)
        if why:
            return why
        if race.hand < 1:
            return tr("You need at least one token in hand to conquer.")
        cost = conquest_cost(s, race, action.region)
        if t.berserk_die is not None:
            cost = max(1, cost - t.berserk_die)
        short = cost - race.hand
        if isinstance(action, Conquer):
            return ntr(
                "Region {region} needs {n} token and you hold {hand}: "
                "{short} short (try a final conquest with the die).",
                "Region {region} needs {n} tokens and you hold {hand}: "
                "{short} short (try a final conquest with the die).",
                cost,
                region=action.region,
                hand=race.hand,
                short=short,
            )
        if short <= 0:
            return tr(
                "You can conquer region {region} outright: use conquer.", region=action.region
            )
        return ntr(
            "Region {region} is {n} token short; the die adds at most 3.",
            "Region {region} is {n} tokens short; the die adds at most 3.",
            short,
            region=action.region,
        )
    if isinstance(action, Abandon):
        return tr("You can only abandon your own regions, before conquering.")
    if isinstance(action, (EndTurn, Finish, EndConquests)):
        why = owed_reason(s, race) if race is not None and t.phase != CONQUER else None
        return why or tr("That step is not available now.")
    if race is not None:
        for holder in (race, *declined_partners(s, race)):
            for a in in_force(s, holder):
                if isinstance(action, a.handles):
                    why = a.refusal(s, holder, action)
                    if why:
                        return why
        # Aimed at a power-proof region: the ability's own sentence first, else the core's.
        why = proof_problem(s, race, action)
        if why:
            return why
    region = getattr(action, "region", None)
    if race is not None and isinstance(region, int) and 0 <= region < len(s.regions):
        why = target_problem(s, race, region) if t.phase == CONQUER else None
        if why and s.regions[region].race != race.name:
            return why
    return tr("{action} is not possible now.", action=repr(action.text))
