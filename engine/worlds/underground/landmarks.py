"""Where the Great Ancient and the Volcano stand, and what they reach: the Cultists' and the
Flames' pieces [SWU "Cultists", "Flames"], which their costs ask of every region priced."""

from __future__ import annotations

from engine.core.board import held_regions, mapdef
from engine.core.state import GameState, RaceState

#: The Great Ancient's marker key (the Cultists').
ANCIENT = "ancient"
#: The Volcano's marker key (the Flames').
VOLCANO = "volcano"


def ancient_region(s: GameState, race: RaceState) -> int | None:
    """The region of ``race`` where the Great Ancient stands, if any."""
    regions = s.regions
    for rid in held_regions(s, race.name):  # it stands in one of the race's regions
        m = regions[rid].markers
        if m and ANCIENT in m:
            return rid
    return None


def volcano_sites(s: GameState) -> list[int]:
    """The Chasms marked with a Volcano symbol (worked out once per map)."""
    found = _SITES.get(s.map_id)
    if found is None:
        found = _SITES[s.map_id] = [
            r.id for r in mapdef(s).regions if r.impassable and "Volcano" in r.features
        ]
    return list(found)


#: ``volcano_sites`` by map key (a key always names the same board).
_SITES: dict[str, list[int]] = {}


def volcano_reach(s: GameState, race: RaceState) -> set[int]:
    """Regions adjacent to the Volcano, or to a Flames region linked to it through Flames
    regions."""
    defs = mapdef(s).regions
    regions = s.regions
    # The Flames place it on a Volcano site (``volcano_sites``): those first, the whole map
    # only when it is on none of them.
    found = [rid for rid in volcano_sites(s) if VOLCANO in regions[rid].markers] or [
        rid for rid, r in enumerate(regions) if r.markers and VOLCANO in r.markers
    ]
    if not found:
        return set()
    out = set(defs[found[0]].adjacent)
    todo = [n for n in out if s.regions[n].race == race.name]
    linked = set(todo)
    while todo:
        rid = todo.pop()
        for n in defs[rid].adjacent:
            out.add(n)
            if n not in linked and s.regions[n].race == race.name:
                linked.add(n)
                todo.append(n)
    return out
