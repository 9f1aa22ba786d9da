"""Sets of a race's regions joined by borders and by the adjacency its abilities give:
what Flocking and Quarreling count [SWU "Flocking", "Quarreling"]."""

from __future__ import annotations

from engine.core.abilities import TREASURES, Ability, in_force
from engine.core.board import mapdef
from engine.core.state import GameState, RaceState


def groups(s: GameState, race: RaceState, regions: list[int], *, places: bool = True) -> int:
    """How many separate sets ``regions`` form for ``race``.

    Two regions are in one set when they share a border or when a race, power, Relic or Place
    in force makes them adjacent: ``Ability.extra_neighbours`` (a set of regions all adjacent
    to one another, as Underworld's Caverns or the Great Brass Pipe's terrain) or
    ``Ability.neighbours_of`` (Spiderines, Lizardmen). Ruling §6.2 #28: Flocking and
    Quarreling both use this effective adjacency, as the Flocking example and the French
    Quarreling text say. ``places`` false leaves out the adjacency of Relics and Places,
    whose use is optional [SWU p.14]: Quarreling, which they could only cost a set.
    """
    own = set(regions)
    if not own:
        return 0
    parent = {rid: rid for rid in own}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(a: int, b: int) -> None:
        parent[find(a)] = find(b)

    m = mapdef(s)
    for rid in own:
        for n in m.regions[rid].adjacent & own:
            join(rid, n)
    for a in in_force(s, race):
        if not places and TREASURES.get(a.name) is a:
            continue
        linked = sorted(a.extra_neighbours(s, race) & own)
        for rid in linked[1:]:
            join(linked[0], rid)
        if type(a).neighbours_of is not Ability.neighbours_of:
            for rid in own:
                for n in a.neighbours_of(s, race, rid) & own:
                    join(rid, n)
    return len({find(rid) for rid in own})
