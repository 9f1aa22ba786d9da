"""The fifteen races of Small World Underground [SWU pp.10-12], one small class each.

This module holds the ten races whose benefit is a cost, a reach or a score. The three whose
player makes choices during the turn with pieces or dice of their own (Iron Dwarves, Shadow
Mimes, Will-o'-Wisps) live in ``race_choices``, imported here first; the two that set a
landmark on the map (the Cultists' Great Ancient, the Flames' Volcano) live in
``landmarks``, which the package imports right after this module, so the registry keeps the
box's order.

[SWU p.10] "Unless stated otherwise, the benefits granted by an Active Race banner and its
associated Special Power badge always accumulate, and no longer apply once the race is put In
Decline": only the Kraken (``in_decline``) and the Liches (``active`` false) say otherwise."""

from __future__ import annotations

from engine.core.abilities import Ability, race_ability
from engine.core.board import count_regions, event, mapdef, regions_of, tray
from engine.core.content import MapDef
from engine.core.state import GameState, RaceState
from lang import tr

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
