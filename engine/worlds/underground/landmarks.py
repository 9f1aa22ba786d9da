"""The two Underground races that set a landmark on the map, with the landmarks themselves:
the Cultists' Great Ancient and the Flames' Volcano [SWU p.10].

Each race brings its own action (``MoveAncient``, ``PlaceVolcano``) and prices the regions
near its landmark; where the landmark stands and what it reaches is worked out here once,
since their costs ask it of every region priced. They are apart from ``races`` because,
unlike the other races, they keep a piece of their own on the map across turns. The package
imports this module right after ``races``, so the registry keeps the box's order (Cultists
and Flames last).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, race_ability
from engine.core.actions import Action, register_action
from engine.core.board import (
    add_marker,
    drop_marker,
    event,
    held_regions,
    mapdef,
    marker_limit,
    marker_total,
    regions_of,
)
from engine.core.conquest import neighbourhood
from engine.core.protocol import CostView
from engine.core.state import GameState, RaceState
from engine.core.words import where
from engine.worlds.underground.race_choices import conquering
from lang import tr

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


def _no_delta(rid: int) -> int:
    """A ``cost_deltas`` that changes no cost (no Ancient, no Volcano on the map)."""
    return 0


# --- Cultists (U-R1) -------------------------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class MoveAncient(Action):
    """Cultists: at the start of the turn, move the Great Ancient to another Cultist region."""

    verb: ClassVar[str] = "ancient"
    region: int

    def describe(self, s: GameState) -> str | None:
        return tr("Move the Great Ancient to {region}", region=where(s, self.region))


@race_ability
class Cultists(Ability):
    """The Great Ancient makes one Cultist region immune; regions next to it cost 1 less.

    [SWU p.10] "Place the Great Ancient in the first Region your Cultists conquer. This region
    is immune. Conquer any region adjacent to the Great Ancient (this includes any Region that
    may be adjacent as a result of any Racial, Special Power, Popular Place or Righteous Relic
    you may control) at 1 less Cultist token than usual. A minimum of 1 Cultist token is still
    required. At the start of each of your following turns, you may move your Great Ancient to
    the Region of your choice that your Cultists already occupy."

    Rulings: the Great Ancient leaves the map with the Cultists when its region is abandoned
    (it is one of the race's own markers, ``markers.RACE_MARKERS``); while it is off the map,
    the next land region the Cultists conquer receives it, as the first one did, and the
    start-of-turn move may also put it back. A River region never receives it, since it must
    be emptied. It is removed when the Cultists go into decline (checklist §6.2 #29).
    """

    name = "Cultists"
    handles = (MoveAncient,)

    def on_conquer(self, s: GameState, race: RaceState, rid: int) -> None:
        if mapdef(s).regions[rid].river or marker_total(s, ANCIENT) >= marker_limit(ANCIENT):
            return
        add_marker(s, rid, ANCIENT)
        event(s, "ancient", seat=race.owner, race=race.name, region=rid)

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        home = ancient_region(s, race)
        if home is None:
            return 0
        if rid in mapdef(s).regions[home].adjacent:
            return -1  # a shared border: next to it whatever else makes regions adjacent
        return -1 if rid in neighbourhood(s, race, [home]) else 0

    def for_costs(self, s: GameState, race: RaceState) -> Ability:
        return CostView(self._deltas(s, race))

    def _deltas(self, s: GameState, race: RaceState) -> Callable[[int], int]:
        """``cost_delta`` in this state, as a function of the region."""
        home = ancient_region(s, race)
        if home is None:
            return _no_delta
        # Next to it: a shared border, or whatever else makes regions adjacent.
        near = neighbourhood(s, race, [home])
        return lambda rid: -1 if rid in near else 0

    def _may_move(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        return conquering(s, race) and not t.picked and not t.acted and ANCIENT not in t.used

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._may_move(s, race):
            return []
        home = ancient_region(s, race)
        defs = mapdef(s).regions
        return [
            MoveAncient(rid)
            for rid in regions_of(s, race.name)
            if rid != home and not defs[rid].river
        ]

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, MoveAncient)
        rid = action.region
        if not self._may_move(s, race):
            return tr(
                "The Great Ancient moves only at the start of one of your later turns, before "
                "any conquest or abandonment, once."
            )
        if not 0 <= action.region < len(s.regions) or s.regions[action.region].race != race.name:
            return tr("Region {region} is not one of your Cultist regions.", region=rid)
        if mapdef(s).regions[action.region].river:
            return tr("Region {region} is a River region: it must be emptied.", region=rid)
        return tr("The Great Ancient is already in region {region}.", region=rid)

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, MoveAncient)
        home = ancient_region(s, race)
        if home is not None:
            drop_marker(s, home, ANCIENT)
        add_marker(s, action.region, ANCIENT)
        s.turn.used.append(ANCIENT)
        event(s, "ancient", seat=race.owner, race=race.name, region=action.region, source=home)

    def on_decline(self, s: GameState, race: RaceState) -> None:
        for rid in regions_of(s, race.name):
            drop_marker(s, rid, ANCIENT)


# --- Flames (U-R3) ---------------------------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceVolcano(Action):
    """Flames: put the Volcano on an Abysmal Chasm with a Volcano symbol, as they are picked."""

    verb: ClassVar[str] = "volcano"
    region: int

    def describe(self, s: GameState) -> str | None:
        return tr("Place the Volcano on {region}", region=where(s, self.region))


@race_ability
class Flames(Ability):
    """The Volcano: regions next to it, or linked to it through Flames regions, cost as if empty.

    [SWU p.10] "When you select this race, place the Volcano on one of the Abysmal Chasm
    Regions marked with a Volcano symbol. Any region adjacent to the Volcano, or continuously
    linked to it via Regions occupied by your Flames, is attacked at the same Flames token cost
    as if the region was empty."

    Rulings: "as if empty" drops only the occupants, race tokens and Monsters (an occupied
    River then costs what an empty one does); Black Mountains, Mushroom Armor and the Keep
    still count (checklist §2.2, §6.2 #12). It changes the cost only: the usual adjacency
    still decides what may be attacked. The Volcano is placed by the player right after the
    pick (``volcano REGION``, first of the choices a deadline takes); it stays where it is,
    inert, when the Flames go into decline, and moves when Flames are picked again (§6.2 #29).
    """

    name = "Flames"
    needs = ("Volcano",)
    handles = (PlaceVolcano,)

    def _due(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        return conquering(s, race) and t.picked and VOLCANO not in t.used

    def must(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._due(s, race):
            return []
        return [PlaceVolcano(rid) for rid in volcano_sites(s)]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, PlaceVolcano)
        for rid, r in enumerate(s.regions):
            if r.markers and VOLCANO in r.markers:
                drop_marker(s, rid, VOLCANO)
        add_marker(s, action.region, VOLCANO)
        s.turn.used.append(VOLCANO)
        event(s, "volcano", seat=race.owner, race=race.name, region=action.region)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, PlaceVolcano)
        if not self._due(s, race):
            return tr("The Volcano is placed only when the Flames are picked.")
        rid = action.region
        return tr("Region {region} is not an Abysmal Chasm with a Volcano symbol.", region=rid)

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        return self._deltas(s, race)(rid)

    def for_costs(self, s: GameState, race: RaceState) -> Ability:
        return CostView(self._deltas(s, race))

    def _deltas(self, s: GameState, race: RaceState) -> Callable[[int], int]:
        """``cost_delta`` in this state, as a function of the region."""
        near = volcano_reach(s, race)
        if not near:
            return _no_delta
        regions, defs = s.regions, mapdef(s).regions

        def delta(rid: int) -> int:
            if rid not in near:
                return 0
            r = regions[rid]
            m = r.markers
            occupants = r.tokens + (m.get("monster", 0) + m.get("lost_tribe", 0) if m else 0)
            if r.tokens and defs[rid].river:
                occupants += 1  # an empty River costs 1, not 2
            return -occupants

        return delta
