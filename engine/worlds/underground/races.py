"""The fifteen races of Small World Underground [SWU pp.10-12], one small class each.

This module holds the races whose benefit is a cost, a reach, a score or a marker on the map
(the Cultists' Great Ancient, the Flames' Volcano). The three whose player makes choices
during the turn with pieces or dice of their own (Iron Dwarves, Shadow Mimes, Will-o'-Wisps)
live in ``races_underground_choices``, imported here so that importing this module registers
all fifteen.

[SWU p.10] "Unless stated otherwise, the benefits granted by an Active Race banner and its
associated Special Power badge always accumulate, and no longer apply once the race is put In
Decline": only the Kraken (``in_decline``) and the Liches (``active`` false) say otherwise."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, race_ability
from engine.core.actions import Action, register_action
from engine.core.board import (
    add_marker,
    count_regions,
    drop_marker,
    event,
    mapdef,
    marker_limit,
    marker_total,
    regions_of,
    tray,
)
from engine.core.conquest import neighbourhood
from engine.core.content import MapDef
from engine.core.protocol import CostView
from engine.core.state import GameState, RaceState
from engine.core.words import where
from engine.worlds.underground.race_choices import conquering
from lang import tr

from .landmarks import ANCIENT, VOLCANO, ancient_region, volcano_reach, volcano_sites


def _no_delta(rid: int) -> int:
    """A ``cost_deltas`` that changes no cost (no Ancient, no Volcano on the map)."""
    return 0


_NONE: frozenset[int] = frozenset()


@race_ability
class Drow(Ability):
    """+1 coin per region that borders no region holding another race or Monsters.

    [SWU p.10] "collect 1 bonus Victory coin for each Region they occupy that is not sharing
    any border with any Region containing another race (including any other, non-Drow, race
    you may have; all of your opponents' races, even those In Decline; and Monsters)."
    Borders are the printed ones; a Lost Tribe (surface maps) counts as another race.
    """

    name = "Drow"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        defs = mapdef(s).regions
        alone = 0
        for rid in regions:
            for n in defs[rid].adjacent:
                r = s.regions[n]
                if (r.race is not None and r.race != race.name) or (
                    r.markers and ("monster" in r.markers or "lost_tribe" in r.markers)
                ):
                    break
            else:
                alone += 1
        return alone


@race_ability
class Gnomes(Ability):
    """Other players' powers, Places and Relics never help them take a Gnome region.

    [SWU p.10] "During their turns, other players cannot use their racial & special powers or
    any effect of the Places or Relics they control, to conquer Regions occupied by your
    Gnomes. ... The Gnomes immunity to all these effects is only valid during other players'
    turns however." The rules read ``power_proof`` (``defences.power_proof``): discounts,
    power-given reach and the powers' own actions do not work against a Gnome region, while
    penalties (Mummies) and the plain final-conquest die do (ruling U-R4). Like every banner,
    it stops working once the Gnomes are In Decline.
    """

    name = "Gnomes"
    power_proof = True


@race_ability
class Kraken(Ability):
    """They may stay in River regions and score them, even In Decline.

    [SWU p.11] "At the end of your turn, you do not have to empty any of the River regions your
    Kraken may be in. You can leave them in and score Victory coins for these River Regions -
    even once you are in Decline! And of course, any Race hoping to pass through a River Region
    occupied by Kraken must conquer it first." An occupied River costs 2 + its tokens
    (``conquest.conquest_cost``); every region held scores one coin, River regions included.
    """

    name = "Kraken"
    in_decline = True
    stays_in_river = True
    needs = ("River",)
    #: [SWU "Compatibility"] "Powers and effects associated with the Seas and Lake region are
    #: transferred to the River Regions and vice versa": on the surface they may conquer and
    #: hold Seas and the Lake, as their River.
    enters_water = True


@race_ability
class Liches(Ability):
    """In decline only: an opponent who takes a Liches region pays their owner 1 coin, and an
    opponent with no coins may not attack them.

    [SWU p.11] "Collect 1 bonus Victory coin from any opponent each time they successfully
    conquer one of your In-Decline Liches region. An opponent with no coins remaining cannot
    conquer a Region occupied by your Liches." The ban covers In-Decline Liches only (the
    French text, checklist §6.2 #26). Coins stay secret: the refusal says only that the
    attacker has none, and the payment is a public event naming payer, payee and 1 coin.
    """

    name = "Liches"
    active = False
    in_decline = True

    def guard(self, s: GameState, race: RaceState, attacker: RaceState, rid: int) -> str | None:
        if attacker.owner != race.owner and s.players[attacker.owner].coins <= 0:
            return tr(
                "Region {region} is held by In-Decline Liches: a player with no coins cannot "
                "conquer it.",
                region=rid,
            )
        return None

    def on_lost(self, s: GameState, race: RaceState, attacker: RaceState, rid: int) -> None:
        payer = s.players[attacker.owner]
        if payer.coins <= 0:
            return  # only a conquest the guard did not see (none in the rules) gets here
        payer.coins -= 1
        s.players[race.owner].coins += 1
        event(s, "pay", seat=attacker.owner, to=race.owner, coins=1, why="Liches", region=rid)


#: Per map: the River chain(s) each region touches, as the regions beyond them.
_ACROSS: dict[str, dict[int, frozenset[int]]] = {}


def across_river(s: GameState, rid: int) -> frozenset[int]:
    """Regions a race passing through the River reaches from ``rid``: every region bordering a
    River region of a chain that ``rid`` borders (or lies in), and that chain's River regions."""
    found = _ACROSS.get(s.map_id)
    if found is None:
        found = _ACROSS[s.map_id] = _river_banks(mapdef(s))
    return found.get(rid, _NONE)


def _river_banks(m: MapDef) -> dict[int, frozenset[int]]:
    # "River" regions, or what counts as one on another world (Seas and the Lake).
    river = {r.id for r in m.regions if "River" in r.kinds}
    chains: list[set[int]] = []
    seen: set[int] = set()
    for start in sorted(river):
        if start in seen:
            continue
        chain, todo = set(), [start]
        while todo:
            rid = todo.pop()
            if rid in chain:
                continue
            chain.add(rid)
            todo.extend(n for n in m.regions[rid].adjacent if n in river)
        seen |= chain
        chains.append(chain)
    out: dict[int, set[int]] = {}
    for chain in chains:
        banks = set(chain)
        for rid in chain:
            banks |= m.regions[rid].adjacent
        for rid in banks:
            out.setdefault(rid, set()).update(banks)
    return {rid: frozenset(found - {rid}) for rid, found in out.items()}


@race_ability
class Lizardmen(Ability):
    """They pass through River regions, occupied or not: lands across the River are adjacent.

    [SWU p.11] "Your Lizardmen pass through any River Region, occupied or empty, without having
    to conquer it or leaving any token in it. If the Lizardmen wish to conquer a River Region
    that is occupied (by Kraken for instance) they must have enough tokens to conquer it as
    normal however; but once all their conquests are done for the turn, they do not leave any
    tokens in the River". A region of theirs bordering the River is adjacent to every region
    bordering the same River chain (ruling: passing through one River region or several in a
    row is alike). Conquering a River region is priced and emptied as usual.
    """

    name = "Lizardmen"
    needs = ("River",)

    def neighbours_of(self, s: GameState, race: RaceState, rid: int) -> frozenset[int]:
        return across_river(s, rid)


_CHASM_BORDERS: dict[str, frozenset[int]] = {}


def chasm_borders(s: GameState) -> frozenset[int]:
    """Regions bordering an Abysmal Chasm (the Chasms themselves excluded)."""
    found = _CHASM_BORDERS.get(s.map_id)
    if found is None:
        m = mapdef(s)
        found = frozenset(
            n for r in m.regions if r.impassable for n in r.adjacent if not m.regions[n].impassable
        )
        _CHASM_BORDERS[s.map_id] = found
    return found


@race_ability
class Spiderines(Ability):
    """Every region bordering a Chasm is adjacent to theirs, and a way in for a first conquest.

    [SWU p.12] "For conquest purposes, your Spiderines consider all Regions bordering a Chasm
    as adjacent to the Regions they already occupy. For your first conquest, you may enter the
    board through any Region bordering a Chasm."
    """

    name = "Spiderines"
    needs = ("Abysmal Chasm",)

    def neighbours_of(self, s: GameState, race: RaceState, rid: int) -> frozenset[int]:
        return chasm_borders(s)

    def extra_entries(self, s: GameState, race: RaceState) -> frozenset[int]:
        return chasm_borders(s)


@race_ability
class Mudmen(Ability):
    """+1 token from the tray per Mudpool region, at each redeployment.

    [SWU p.11] "During the Troop redeployment phase of your turn, take 1 new Mudman token from
    the tray for each Mudpool Region you occupy and deploy them in any Region(s) your Mudmen
    occupy." Bounded by the tray [SWU p.4]: "a player with 12 Mudmen tokens underground won't
    be able to use his Mudmen power again until some of his tokens become available." The new
    tokens come in hand as the redeployment begins, to be placed with the others.
    """

    name = "Mudmen"
    needs = ("Mudpool",)

    def on_conquests_end(self, s: GameState, race: RaceState) -> None:
        mud = count_regions(s, regions_of(s, race.name), "Mudpool")
        gain = min(mud, tray(s, race.name))
        if gain:
            race.hand += gain
            event(s, "grow", seat=race.owner, race=race.name, tokens=gain)


@race_ability
class Mummies(Ability):
    """Every conquest costs 1 more token, the River's included.

    [SWU p.11] "All your conquests require 1 more Mummy token than usual." An empty River
    region costs them 2 (checklist U-R10, §6.2 #13); the Gnomes' immunity does not spare them
    this penalty.
    """

    name = "Mummies"

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        return 1


@race_ability
class Ogres(Ability):
    """Every conquest costs 1 token less, never under 1.

    [SWU p.11] "Your Ogres may conquer any Region with 1 less Ogre token than usual. A minimum
    of 1 Ogre token is still required."
    """

    name = "Ogres"

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        return -1


@race_ability
class Shrooms(Ability):
    """+1 coin per Mushroom Forest region.

    [SWU p.12] "Each Mushroom Forest Region your Shrooms occupy is worth 1 bonus Victory coin,
    at turn's end."
    """

    name = "Shrooms"
    needs = ("Mushroom Forest",)

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return count_regions(s, regions, "Mushroom Forest")


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
