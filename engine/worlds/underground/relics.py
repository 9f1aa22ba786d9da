"""The six Righteous Relics of Small World Underground [SWU p.14], one small class each.

The rules they share (optional, not in decline, once a turn, lying where last used, the final
conquest with the die) are told in ``treasures``, with the base classes. Every Relic's use can
also be made by the Magic power's Bag-o'-Many-Things (``magic``): its actions then carry
``bag``, the Bag moves instead of the Relic, and the Bag's one use of the turn is spent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import TREASURES, in_force, treasure_ability
from engine.core.actions import Action, register_action
from engine.core.board import event, is_immune, mapdef, regions_of, tray
from engine.core.conquest import (
    BASE_COST,
    RIVER_COST,
    priced_targets,
    region_problem,
    target_problem,
    targets,
)
from engine.core.content import treasures
from engine.core.defences import lone_active_token, power_proof
from engine.core.names import race as race_name
from engine.core.names import the_treasure
from engine.core.overrides import cost_abilities, flag
from engine.core.prices import Breakdown, register_pricer
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from engine.core.taking import take_region
from engine.worlds.underground.treasures import (
    ConquestRelic,
    Relic,
    RelicAction,
    acting,
    marker_region,
    move_piece,
    own_turn,
    spent_key,
    where,
)
from lang import N_, ntr, tr

#: Tokens the Sword of the Killer Rabbit saves on one conquest.
SWORD_SAVING = 2


@register_action
@dataclass(slots=True, unsafe_hash=True)
class DoormatConquer(RelicAction):
    """Flying Doormat: conquer any region, adjacent or not (``bag``: the Bag does it)."""

    verb: ClassVar[str] = "doormat"

    def describe(self, s: GameState) -> str | None:
        by = tr("the Bag as Doormat") if self.bag else the_treasure("doormat")
        return RELICS["doormat"].label(s, self.region, N_("Fly to {region} on {relic}"), by)


@treasure_ability
class FlyingDoormat(ConquestRelic):
    """[SWU p.14] "Once per turn, the player whose troops control the Flying Doormat may
    conquer any Region, even one that is not adjacent to his. The Flying Doormat is placed in
    this new region. If the conquest attempt fails, the Doormat remains where it was prior to
    the conquest attempt."

    Every rule of conquest but adjacency still applies (immune regions, Chasms, the cost);
    Gnome regions are out of its reach on other players' turns [SWU p.10].
    """

    name = "doormat"
    action = DoormatConquer
    handles = (DoormatConquer,)

    def candidates(self, s: GameState, race: RaceState) -> list[int]:
        defs = mapdef(s).regions
        water = flag(race, "enters_water", s)
        return [
            rid
            for rid in range(len(s.regions))
            if region_problem(s, race, rid, defs[rid], water, None) is None
        ]

    def priced(self, s: GameState, race: RaceState) -> list[tuple[int, int]]:
        # ``candidates`` with their costs (``conquest_cost``), found and priced in one pass.
        return priced_targets(s, race, cost_abilities(race, s), anywhere=True)

    def target_why(self, s: GameState, race: RaceState, rid: int) -> str | None:
        return region_problem(
            s, race, rid, mapdef(s).regions[rid], flag(race, "enters_water", s), None
        )


@register_action
@dataclass(slots=True, unsafe_hash=True)
class SocksConquer(RelicAction):
    """Stinky Troll's Socks: conquer a region as if it were empty (``bag``: the Bag does it)."""

    verb: ClassVar[str] = "socks"

    def describe(self, s: GameState) -> str | None:
        by = tr("the Bag as Socks") if self.bag else the_treasure("socks")
        message = N_("Conquer {region} as if empty with {relic}")
        return RELICS["socks"].label(s, self.region, message, by)


@treasure_ability
class StinkySocks(ConquestRelic):
    """[SWU p.14] "Once per turn, the player whose troops control the Stinky Troll's Socks may
    conquer 1 Region as if it was empty. The opponent player whose Race tokens were in that
    Region gets to redeploy them all in his other Regions at turn's end (or back in hand, if
    he has no Troops left on the board)."

    "As if empty" drops the occupants only, race tokens and Monsters (ruling §6.2 #12): Black
    Mountains, Mushroom Armor and the Keep still count. The victims lose no token (FR "sans
    perdre de pion") and redeploy them when the turn closes; an In-Decline victim left with no
    region loses them with its race (RR-U3).
    """

    name = "socks"
    action = SocksConquer
    handles = (SocksConquer,)
    loss = 0

    def candidates(self, s: GameState, race: RaceState) -> list[int]:
        return [
            rid
            for rid in super().candidates(s, race)
            if s.regions[rid].tokens or s.regions[rid].markers.get("monster")
        ]

    def saving(self, s: GameState, race: RaceState, rid: int) -> int:
        # The region is taken as if empty: its tokens, Monsters and Lost Tribes cost nothing.
        region = s.regions[rid]
        m = region.markers
        saved = region.tokens + m.get("monster", 0) + m.get("lost_tribe", 0)
        if region.tokens and mapdef(s).regions[rid].river:
            saved += BASE_COST - RIVER_COST  # an empty River costs 1, not 2
        return saved

    def why_not(self, s: GameState, race: RaceState, rid: int) -> str | None:
        r = s.regions[rid]
        if not r.tokens and not r.markers.get("monster"):
            return tr(
                "Region {region} is empty already: the Socks have nobody to drive out.", region=rid
            )
        return super().why_not(s, race, rid)


@register_action
@dataclass(slots=True, unsafe_hash=True)
class SwordConquer(RelicAction):
    """Sword of the Killer Rabbit: conquer a region with 2 tokens fewer (``bag``: the Bag)."""

    verb: ClassVar[str] = "sword"

    def describe(self, s: GameState) -> str | None:
        by = tr("the Bag as Sword") if self.bag else the_treasure("sword")
        message = N_("Conquer {region} with {relic} (2 fewer)")
        return RELICS["sword"].label(s, self.region, message, by)


@treasure_ability
class KillerRabbitSword(ConquestRelic):
    """[SWU p.14] "Once per turn, the player whose troops control the Sword of the Killer
    Rabbit may conquer 1 Region using 2 less tokens than normal."

    With "un minimum de 1 pion" (FR; §6.1 #9). The player chooses the conquest: ``sword``
    names the region, ``conquer`` leaves the Sword unused. Not against Gnomes on other
    players' turns [SWU p.10].
    """

    name = "sword"
    action = SwordConquer
    handles = (SwordConquer,)

    def saving(self, s: GameState, race: RaceState, rid: int) -> int:
        return SWORD_SAVING


@register_action
@dataclass(slots=True, unsafe_hash=True)
class OrbConquer(RelicAction):
    """Shiny Orb: replace a lone active enemy token with one of yours (``bag``: the Bag)."""

    verb: ClassVar[str] = "orb"

    def describe(self, s: GameState) -> str | None:
        by = tr("the Bag as Orb") if self.bag else the_treasure("orb")
        if not 0 <= self.region < len(s.regions):
            return None
        return tr(
            "Take {region} with {relic} · 1 bonus token", region=where(s, self.region), relic=by
        )


@treasure_ability
class ShinyOrb(Relic):
    """[SWU p.14] "Once per turn, the player whose troops control the Shiny Orb may use it to
    substitute a single active opponent token with a bonus token of his to conquer that
    Region. For the purpose of this relic, a "single" token is defined the same way as for
    the Vampire Special Power."

    Vampire [SWU p.13]: the token "must be the only race token in its Region" (a Black
    Mountain, the Keep or Mushroom Armor do not protect it, a Gnome does); it goes back to
    the tray, an Immortal one too. The bonus token comes from the tray, else from hand
    (general rule; §6.1 #8). The region must be one the race could attack (§6.2 #20), and the
    player needs a token in hand to start a conquest.
    """

    name = "orb"
    action = OrbConquer
    handles = (OrbConquer,)

    def offers(self, s: GameState, race: RaceState, bag: bool) -> list[Action]:
        if s.turn.phase != CONQUER or race.hand < 1:
            return []
        return [OrbConquer(rid, bag) for rid in targets(s, race) if self._lone(s, race, rid)]

    def _lone(self, s: GameState, race: RaceState, rid: int) -> bool:
        return lone_active_token(s, race, rid)

    def use(self, s: GameState, race: RaceState, rid: int, bag: bool) -> None:
        if tray(s, race.name) >= 1:
            race.hand += 1  # the bonus token, from the tray
        take_region(s, race, rid, 1, "orb", losses=1)
        move_piece(s, race, spent_key(self.name, bag), rid)

    def why_not(self, s: GameState, race: RaceState, rid: int) -> str | None:
        if race.hand < 1:
            return tr("You need at least one token in hand to conquer.")
        why = target_problem(s, race, rid)
        if why:
            return why
        if power_proof(s, rid, race):
            return tr(
                "Region {region} is held by {race}: the Orb cannot touch them.",
                region=rid,
                race=race_name(s.regions[rid].race or ""),
            )
        if not self._lone(s, race, rid):
            return tr(
                "Region {region} does not hold a single token of an opponent's active race.",
                region=rid,
            )
        return None


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceRing(RelicAction):
    """Froggy's Ring: place it in one of your regions; neighbours pay 1 coin (``bag``)."""

    verb: ClassVar[str] = "ring"

    def describe(self, s: GameState) -> str | None:
        by = tr("the Bag as Ring") if self.bag else the_treasure("ring")
        if not 0 <= self.region < len(s.regions):
            return None
        n = len(ring_payers(s, s.turn.seat, self.region))
        region = where(s, self.region)
        if not n:
            return tr("Place {relic} on {region} · no neighbour pays", relic=by, region=region)
        return ntr(
            "Place {relic} on {region} · {n} neighbour pay 1 coin",
            "Place {relic} on {region} · {n} neighbours pay 1 coin",
            n,
            relic=by,
            region=region,
        )


def ring_payers(s: GameState, seat: int, rid: int) -> list[int]:
    """The other seats with an active token in a region bordering ``rid``, in seat order.

    Tokens in an immune region do not count: an immune region "is unaffected by ... any
    Popular Place or Righteous Relics under their control" [SWU p.13].
    """
    found: set[int] = set()
    for n in mapdef(s).regions[rid].adjacent:
        r = s.regions[n]
        if r.race is None or r.owner == seat or is_immune(s, n):
            continue
        if s.players[r.owner].active == r.race:
            found.add(r.owner)
    return sorted(found)


@treasure_ability
class FroggysRing(Relic):
    """[SWU p.14] "At the end of his turn, the player whose troops control Froggy's Ring
    places it in a Region his troops occupy to collect 1 Victory coin from each player with at
    least 1 active race token in a Region bordering the Region the Ring is placed in. Should
    an opponent have no coins left, Froggy's Ring may still be placed in a Region next to his
    Troops, but no coin is collected."

    Placed during the redeployment (the end of the turn); the coins change hands at once.
    The public ``ring`` event names who paid (``paid``, 1 coin ``each``), never a balance;
    tokens in an immune region do not make their owner pay (``ring_payers``).
    """

    name = "ring"
    phase = REDEPLOY
    action = PlaceRing
    handles = (PlaceRing,)

    def offers(self, s: GameState, race: RaceState, bag: bool) -> list[Action]:
        if s.turn.phase != REDEPLOY:
            return []
        return [PlaceRing(rid, bag) for rid in regions_of(s, race.name)]

    def use(self, s: GameState, race: RaceState, rid: int, bag: bool) -> None:
        piece = spent_key(self.name, bag)
        move_piece(s, race, piece, rid)
        me = s.players[race.owner]
        paid = []
        for seat in ring_payers(s, race.owner, rid):
            p = s.players[seat]
            if p.coins >= 1:
                p.coins -= 1
                me.coins += 1
                paid.append(seat)
        event(s, "ring", seat=race.owner, region=rid, piece=piece, paid=paid, each=1)

    def why_not(self, s: GameState, race: RaceState, rid: int) -> str | None:
        if s.regions[rid].race != race.name:
            return tr("Place the Ring in one of your {race} regions.", race=race_name(race.name))
        return None


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceScepter(RelicAction):
    """Scepter of Avarice: place it in one of your regions to double its coins (``bag``)."""

    verb: ClassVar[str] = "scepter"

    def describe(self, s: GameState) -> str | None:
        by = tr("the Bag as Scepter") if self.bag else the_treasure("scepter")
        race = acting(s)
        if race is None or not 0 <= self.region < len(s.regions):
            return None
        extra = region_coins(s, race, self.region)
        return ntr(
            "Place {relic} on {region} · +{n} coin when you score",
            "Place {relic} on {region} · +{n} coins when you score",
            extra,
            relic=by,
            region=where(s, self.region),
        )


#: Powers and races whose ``score`` adds coins region by region, so that ``score(s, race,
#: [rid])`` is what ``rid`` alone earns: the Scepter of Avarice doubles that part. The others
#: (Alchemist, Flocking, Quarreling, Fisher's pairs, Wise, Liches, Thieving...) earn for no
#: single region, or take coins from players, and are never doubled (ruling §6.2 #22).
PER_REGION_SCORES = frozenset(
    {
        # Small World
        "Forest",
        "Hill",
        "Swamp",
        "Fortified",
        "Merchant",
        "Dwarves",
        "Humans",
        "Wizards",
        # Underground
        "Adventurous",
        "Drow",
        "Frightened",
        "Mining",
        "Muddy",
        "Mystic",
        "Shrooms",
        "Stone",
    }
)


def region_coins(s: GameState, race: RaceState, rid: int) -> int:
    """The coins ``race`` collects from region ``rid`` alone at scoring: 1, plus the bonuses
    of its abilities, Places and Stonehedge power that belong to that region."""
    total = 1
    for a in in_force(s, race):
        own = getattr(a, "region_score", None)
        if own is not None:
            total += int(own(s, race, rid))
        elif a.name in PER_REGION_SCORES:
            total += a.score(s, race, [rid])
    return total


@treasure_ability
class ScepterOfAvarice(Relic):
    """[SWU p.14] "At the end of his turn, before scoring, the player who controls the Scepter
    of Avarice places it in a Region his troops occupy to double the number of Victory coins
    collected *from that Region*. ... The Scepter will have no effect if placed in a Region
    containing the Mine of the Lost Dwarf. Note that the Scepter never doubles the number of
    Victory coins received from other players."

    Placed during the redeployment; at scoring it adds that region's coins once more: the
    base coin plus the bonuses that belong to the region (terrain powers, the Keep, the
    Diamond Fields), never bonuses of the whole race (ruling §6.2 #22). The French text
    forbids the Mine of the Lost Dwarf (§6.1 #11): it is not offered there.
    """

    name = "scepter"
    phase = REDEPLOY
    action = PlaceScepter
    handles = (PlaceScepter,)

    def offers(self, s: GameState, race: RaceState, bag: bool) -> list[Action]:
        if s.turn.phase != REDEPLOY:
            return []
        return [
            PlaceScepter(rid, bag)
            for rid in regions_of(s, race.name)
            if not s.regions[rid].markers.get("lost_mine")
        ]

    def use(self, s: GameState, race: RaceState, rid: int, bag: bool) -> None:
        piece = spent_key(self.name, bag)
        move_piece(s, race, piece, rid)
        event(s, "scepter", seat=race.owner, region=rid, piece=piece)

    def why_not(self, s: GameState, race: RaceState, rid: int) -> str | None:
        if s.regions[rid].race != race.name:
            return tr("Place the Scepter in one of your {race} regions.", race=race_name(race.name))
        if s.regions[rid].markers.get("lost_mine"):
            return tr(
                "Dwarves will not accept the Scepter of Avarice in the Mine of the Lost Dwarf."
            )
        return None

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        if self.name not in s.turn.used or not own_turn(s, race):
            return 0
        return doubled(s, race, regions, self.name)


def doubled(s: GameState, race: RaceState, regions: list[int], piece: str) -> int:
    """The extra coins of the region where ``piece`` (the Scepter or the Bag) was placed."""
    rid = marker_region(s, piece)
    if rid is None or rid not in regions or s.regions[rid].markers.get("lost_mine"):
        return 0
    return region_coins(s, race, rid)


#: The Relics by key, for the Bag and the labels.
RELICS: dict[str, Relic] = {
    k: a for k, a in TREASURES.items() if isinstance(a, Relic) and treasures()[k].relic
}
RELIC_ACTIONS: tuple[type[Action], ...] = tuple(type(r).action for r in RELICS.values())


@register_pricer(DoormatConquer, SocksConquer, SwordConquer)
def relic_breakdown(s: GameState, race: RaceState, action: Action) -> Breakdown | None:
    """A conquest Relic's use, by the Relic or by the Bag that copies it, term by term
    (``ConquestRelic.breakdown``)."""
    assert isinstance(action, RelicAction)
    relic = RELICS[action.verb]
    assert isinstance(relic, ConquestRelic)
    return relic.breakdown(s, race, action)
