"""Taking tokens back off the map after a redeployment, leaving one in each region if possible.

The Amazons' 4 [SW p.8] and the Iron Dwarves' Silver Hammers [SWU p.10] follow the same rule:
"making sure to leave at least one ... token in each Region" (FR: "dans la mesure du
possible"). The player chooses where they come from; these helpers list the choices, give a
deadline's default, and say why a withdrawal breaks the rule (each race words it its own way).
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .board import held_regions, regions_of
from .state import GameState, RaceState

#: Builds the race's own action for ``count`` tokens off ``region``.
MakeAction = Callable[[int, int], Action]


def options(s: GameState, race: RaceState, due: int, make: MakeAction) -> list[Action]:
    """Every legal withdrawal of 1 to ``due`` tokens: a region may be emptied only once no
    other region can spare a token."""
    regions = s.regions
    own = held_regions(s, race.name)
    full = [rid for rid in own if regions[rid].tokens >= 2]
    out: list[Action] = []
    for rid in own:
        have = regions[rid].tokens
        out += [make(rid, n) for n in range(1, min(due, have - 1) + 1)]
        # Emptied only when no other region can spare a token: none can, or only this one.
        if have <= due and (not full or (len(full) == 1 and full[0] == rid)):
            out.append(make(rid, have))
    return out


def default(s: GameState, race: RaceState, make: MakeAction) -> Action | None:
    """The deadline's choice, one token a step: from the fullest region (lowest id on a tie);
    once every region is down to one token, empty the lowest id first. None: no region."""
    own = held_regions(s, race.name)
    if not own:
        return None
    # The first of the fullest (``own`` is in id order): the lowest id on a tie.
    regions = s.regions
    rid, most = own[0], regions[own[0]].tokens
    for i in own:
        if regions[i].tokens > most:
            rid, most = i, regions[i].tokens
    return make(rid, 1)


def spare_region(s: GameState, race: RaceState, rid: int) -> int | None:
    """Another region of the race that can still spare a token, if any (the lowest id)."""
    return next(
        (o for o in regions_of(s, race.name) if o != rid and s.regions[o].tokens >= 2), None
    )


def problem(
    s: GameState, race: RaceState, rid: int, count: int, due: int
) -> tuple[str, int] | None:
    """Why taking ``count`` tokens off ``rid`` breaks the rule when ``due`` must still leave,
    as ``(reason, number)``; None when it is allowed. The reasons, in the order checked:
    ``none_due`` (0), ``not_yours`` (the region), ``none`` (0: fewer than one), ``too_many``
    (what is due), ``not_held`` (the tokens there), ``leave_one`` (a region that can still
    spare a token, so this one may not be emptied)."""
    if not due:
        return ("none_due", 0)
    if not 0 <= rid < len(s.regions) or s.regions[rid].race != race.name:
        return ("not_yours", rid)
    have = s.regions[rid].tokens
    if count < 1:
        return ("none", 0)
    if count > due:
        return ("too_many", due)
    if count > have:
        return ("not_held", have)
    spare = spare_region(s, race, rid)
    if count == have and spare is not None:
        return ("leave_one", spare)
    return None
