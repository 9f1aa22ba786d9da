"""What changed on the board in a turn, and what a seat could attack now, for the board image.

Both functions return plain data the bot puts into a view as ``view["marks"]``::

    {"taken": {12: 0, 7: 0},   # region -> seat of the attacker who took it this turn
     "lost": [3],              # regions left empty this turn
     "costs": {4: 3, 9: 5}}    # region -> tokens it costs (only in a player's own view)

``turn_marks`` gives the first two entries and ``attack_costs`` the third. Region keys are
ints here; once the dict has been through JSON they are strings, and the renderer reads both.
Nothing here mutates a state, and nothing is hidden information: coins never appear.
"""

from __future__ import annotations

from typing import Any

from .actions import Conquer, Reinforce
from .conquest import conquest_cost
from .legal import legal_actions
from .state import CONQUER, GameState
from .turn import acting_race, to_act

#: Event kinds by which a region changes hands (``taking.take_region`` records them).
TAKING = ("conquer", "enchant", "dragon")


def is_taking(e: dict[str, Any]) -> bool:
    """Whether an event records a region changing hands.

    Every event ``taking.take_region`` writes carries ``lost_tribe``, whatever its kind:
    the base game's three kinds, and those of the Underground's special conquests (the
    Vampire's bite, the Shiny Orb, the Sword, the Stinky Socks, the Flying Doormat), so a
    new way of conquering is marked on the board without being listed here.
    """
    return e.get("kind") in TAKING or "lost_tribe" in e


def turn_marks(
    s: GameState, events: list[dict[str, Any]], before: GameState | None = None
) -> dict[str, Any]:
    """Regions taken and regions left empty by the events of one turn.

    ``events`` are the engine's event dicts of that turn (``s.last_events`` right after the
    turn ended, or ``s.events`` while it is being played) and ``s`` is the state after them.
    The result is ``{"taken": {region: attacker seat}, "lost": [region, ...]}``, JSON-able.

    How the edge cases are settled:

    - A region taken more than once in the turn (In-Decline Ghouls, then the active race of
      the same seat) keeps the last attacker.
    - A region abandoned and then taken again in the same turn counts as taken, not lost.
    - A region taken and then left empty before the turn ended (an Amazon withdrawal can
      empty one) is no longer marked as taken; it is lost if someone held it before the
      conquest, and unmarked if it was empty all along.
    - A region whose holder changed again after the turn (``s`` is a later state) is not
      marked as taken: the mark would name the wrong owner.
    - A race that leaves the map at once ("vanish", e.g. the older race in decline dropped
      when a player declines) loses every region its event lists (events stored before the
      list was kept name none). A withdrawal names no emptied region: pass ``before``, the
      state when the turn began, to mark every region held then and empty now as lost.
    - Failed die rolls, picks, declines and scores change no region and are ignored.
    """
    taken: dict[int, int] = {}
    held_before: set[int] = set()  # regions someone held before this turn emptied or took them
    lost: list[int] = []
    for e in events:
        kind = e.get("kind")
        if kind == "vanish":
            # A race leaving the map at once empties every region it held.
            for gone in e.get("regions") or []:
                if isinstance(gone, int) and 0 <= gone < len(s.regions) and gone not in lost:
                    held_before.add(gone)
                    lost.append(gone)
            continue
        rid = e.get("region")
        if not isinstance(rid, int) or not 0 <= rid < len(s.regions):
            continue
        if is_taking(e):
            seat = e.get("seat")
            if not isinstance(seat, int):
                continue
            if e.get("defender") is not None or e.get("lost_tribe"):
                held_before.add(rid)
            taken[rid] = seat
            if rid in lost:
                lost.remove(rid)
        elif kind != "abandon" and e.get("defender") is not None:
            # Tokens lost without a conquest (the Balrog): the region is lost if it stayed
            # empty, which the check after this loop settles.
            held_before.add(rid)
            if rid not in lost and rid not in taken:
                lost.append(rid)
        elif kind == "abandon":
            held_before.add(rid)
            taken.pop(rid, None)
            if rid not in lost:
                lost.append(rid)
    for rid, seat in list(taken.items()):
        region = s.regions[rid]
        if region.race is None:
            del taken[rid]
            if rid in held_before and rid not in lost:
                lost.append(rid)
        elif region.owner != seat:
            del taken[rid]
    lost = [rid for rid in lost if s.regions[rid].race is None]
    if before is not None and len(before.regions) == len(s.regions):
        for rid, (old, new) in enumerate(zip(before.regions, s.regions, strict=True)):
            if old.race is not None and new.race is None and rid not in lost:
                lost.append(rid)
    return {"taken": taken, "lost": sorted(lost)}


def attack_costs(s: GameState, seat: int) -> dict[int, int]:
    """Each region ``seat`` could conquer now, with the tokens the conquest costs.

    Only for the seat to act in the conquer phase, which is also where a turn starts once
    the active race (or In-Decline Ghouls) has been readied; otherwise empty. The regions are
    those of the legal Conquer actions and of the final conquests with the die (Reinforce),
    which show their full cost too, although the die may make up for up to three of it. The
    Berserk die already rolled lowers the costs as it lowers the conquest. Special attacks
    that cost one token whatever the region (Dragon, Sorcerers' enchantment) are not listed.
    """
    if to_act(s) != seat or s.turn.phase != CONQUER:
        return {}
    race = acting_race(s)
    if race is None:
        return {}
    die = s.turn.berserk_die or 0
    out: dict[int, int] = {}
    for action in legal_actions(s, seat):
        if isinstance(action, (Conquer, Reinforce)):
            cost = conquest_cost(s, race, action.region)
            out[action.region] = max(1, cost - die) if die else cost
    return dict(sorted(out.items()))
