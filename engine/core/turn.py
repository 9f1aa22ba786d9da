"""Who acts now, and what the abilities in force for them offer or owe.

The small questions every other part of the turn asks: the seat to act (a defender while
the turn closes) and the race it moves, the choice an ability forces first (``must``) or
that is owed before the redeployment ends (``owed``), the special actions on offer and who
performs one, whether declining is possible, and which action closes the redeployment.
"""

from __future__ import annotations

from lang import tr

from .abilities import Ability, in_force
from .actions import Action, EndTurn, Finish
from .defences import spare_proof
from .errors import IllegalAction
from .gamehooks import hooked
from .interrupts import FREE_ACTIONS, interrupt
from .overrides import overriders
from .state import CLOSING, CONQUER, OVER, GameState, RaceState

#: The two closing actions, shared (actions are values, never changed once made).
END_TURN = EndTurn()
FINISH = Finish()


def to_act(s: GameState) -> int | None:
    """The seat that must act now (a defender while the turn closes, a seat a mid-turn
    decision falls on: ``interrupts``), or None when over."""
    t = s.turn
    if t.phase == OVER:
        return None
    if t.pending:
        return t.pending[0].seat
    return t.seat


def acting_race(s: GameState) -> RaceState | None:
    """The race whose tokens the acting seat is moving (or the race a mid-turn decision
    names), if any."""
    t = s.turn
    if t.pending:
        return s.races[t.pending[0].race]
    return s.races[t.race] if t.race else None


def must(s: GameState, race: RaceState, working: tuple[Ability, ...] | None = None) -> list[Action]:
    """The choice the acting race must make before anything else (``Ability.must``), or [].

    ``working`` is ``in_force(s, race)`` when the caller has it already (``legal_actions``).
    No choice aimed at a power-proof region is forced (``defences.spare_proof``).
    """
    for a in overriders(in_force(s, race) if working is None else working, "must"):
        forced = a.must(s, race)
        if forced:
            forced = spare_proof(s, race, forced)
            if forced:
                return forced
    return []


def ability_actions(
    s: GameState, race: RaceState, working: tuple[Ability, ...] | None = None
) -> list[Action]:
    """The special actions on offer: those of the abilities in force for ``race`` (``working``
    when the caller has them), then those of the seat's races In Decline, none aimed at a
    power-proof region (``defences.spare_proof``: every ability's actions come this way)."""
    out: list[Action] = []
    for a in overriders(in_force(s, race) if working is None else working, "actions"):
        out += a.actions(s, race)
    if s.players[s.turn.seat].declined:
        for other in declined_partners(s, race):
            for a in hooked(s, other, "actions"):
                out += a.actions(s, other)
    if s.options:
        # Free actions are rule sets' (``interrupts.FREE_ACTIONS``): a game with no option
        # turned on has none to offer.
        for a in FREE_ACTIONS:
            out += a.actions(s, race)
    return spare_proof(s, race, out) if out else out


def declined_partners(s: GameState, race: RaceState) -> list[RaceState]:
    """The seat's other races In Decline, whose abilities may offer actions on the seat's own
    turn besides the acting race's (Reborn: "at the start of each of your turns")."""
    t = s.turn
    declined = s.players[t.seat].declined
    if not declined or t.phase == CLOSING:
        return []
    return [s.races[n] for n in declined if n != race.name]


def owed(
    s: GameState, race: RaceState, working: tuple[Ability, ...] | None = None
) -> Action | None:
    """The default of a choice ``race``'s owner must make before this redeployment ends.

    None when nothing is owed. While something is, ending the redeployment is refused, and a
    deadline applies this default instead (``default_action``).
    """
    for a in overriders(in_force(s, race) if working is None else working, "owed"):
        due = a.owed(s, race)
        if due is not None:
            return due
    return None


def owed_reason(s: GameState, race: RaceState) -> str | None:
    """The sentence telling the owner what the first owed choice asks (``Ability.owed_reason``),
    or None when nothing is owed."""
    for a in in_force(s, race):
        if a.owed(s, race) is not None:
            return a.owed_reason(s, race)
    return None


def perform(s: GameState, race: RaceState, action: Action) -> None:
    """Hand a special action to the race's banner or badge that handles it (or to the
    handler of the mid-turn decision under way, or to a rule set's free action)."""
    asked = interrupt(s)
    if asked is not None:
        asked[1].perform(s, race, action)
        return
    free = next((a for a in FREE_ACTIONS if isinstance(action, a.handles)), None)
    if free is not None:
        free.perform(s, race, action)
        return
    owner = next((a for a in in_force(s, race) if isinstance(action, a.handles)), None)
    if owner is None:
        for other in declined_partners(s, race):
            found = next((a for a in in_force(s, other) if isinstance(action, a.handles)), None)
            if found is not None:
                found.perform(s, other, action)
                return
        raise IllegalAction(tr("{action} is not possible now.", action=repr(action.text)))
    owner.perform(s, race, action)


def can_decline(s: GameState) -> bool:
    """Decline is a whole turn: only before any conquest or abandonment, never on pick turns."""
    t = s.turn
    p = s.players[t.seat]
    return t.phase == CONQUER and p.active is not None and not t.picked and not t.acted


def closing_action(s: GameState) -> Action:
    """The action that ends the redeployment under way.

    The active race ends the turn (and scores); In-Decline Ghouls and defenders finish.
    """
    t = s.turn
    race = acting_race(s)
    if t.phase != CLOSING and race is not None and race.name == s.players[t.seat].active:
        return END_TURN
    return FINISH
