"""The twenty special powers of Small World [SW pp.9-11], one small class each."""

from __future__ import annotations

from engine.core.abilities import Ability, power_ability
from engine.core.actions import Action
from engine.core.board import (
    add_marker,
    drop_marker,
    event,
    mapdef,
    marker_limit,
    marker_total,
    nonempty_conquests,
    regions_of,
    roll_die,
)
from engine.core.bonuses import terrain_bonus
from engine.core.conquest import targets
from engine.core.state import CLOSING, CONQUER, REDEPLOY, GameState, RaceState
from engine.core.taking import take_region

from .actions import (
    Decamp,
    DragonAttack,
    Encamp,
    Fortify,
    MakePeace,
    PlaceHero,
    RollBerserk,
)

Forest = power_ability(terrain_bonus("Forest"))
Hill = power_ability(terrain_bonus("Hill"))
Swamp = power_ability(terrain_bonus("Swamp"))


def _discount(name: str, doc: str, applies, needs: tuple[str, ...] = ()) -> type[Ability]:  # type: ignore[no-untyped-def]
    """A power that conquers some regions with one token less (minimum 1), on the regions
    of the terrains ``needs`` (every region if none)."""

    class Discount(Ability):
        __doc__ = doc

        def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
            return -1 if applies(mapdef(s).regions[rid]) else 0

    Discount.name = name
    Discount.needs = needs
    Discount.__name__ = Discount.__qualname__ = name.replace(" ", "")
    return Discount


Commando = power_ability(_discount("Commando", "-1 token on every conquest.", lambda r: True))
Mounted = power_ability(
    _discount(
        "Mounted",
        "-1 token on Hill and Farmland.",
        lambda r: not r.kinds.isdisjoint(("Hill", "Farmland")),
        ("Hill", "Farmland"),
    )
)


@power_ability
class Underworld(Ability):
    """-1 token on Cavern regions, and all Caverns are adjacent to each other."""

    name = "Underworld"
    needs = ("Cavern",)

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        return -1 if "Cavern" in mapdef(s).regions[rid].features else 0

    def extra_neighbours(self, s: GameState, race: RaceState) -> frozenset[int]:
        return mapdef(s).with_feature("Cavern")


@power_ability
class Alchemist(Ability):
    """+2 coins every turn while active."""

    name = "Alchemist"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return 2


@power_ability
class Merchant(Ability):
    """+1 coin per region occupied."""

    name = "Merchant"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return len(regions)


@power_ability
class Pillaging(Ability):
    """+1 coin per non-empty region conquered this turn."""

    name = "Pillaging"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return nonempty_conquests(s, race)


@power_ability
class Wealthy(Ability):
    """+7 coins once, at the end of the race's first turn."""

    name = "Wealthy"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return 7 if race.turns == 0 else 0


@power_ability
class Flying(Ability):
    """Conquer any region but Seas and the Lake, adjacent or not."""

    name = "Flying"

    def reaches_anywhere(self, s: GameState, race: RaceState, first: bool) -> bool:
        return True


@power_ability
class Seafaring(Ability):
    """Seas and the Lake may be conquered as empty regions and are kept in decline."""

    name = "Seafaring"
    enters_water = True
    needs = ("Sea", "Lake")
    #: [SWU "Compatibility"] "Powers and effects associated with the Seas and Lake region are
    #: transferred to the River Regions": Seafaring tokens may stay in River regions.
    stays_in_river = True


@power_ability
class Spirit(Ability):
    """In decline this race does not count toward the one-race-in-decline limit."""

    name = "Spirit"
    in_decline = True
    decline_limit_exempt = True


@power_ability
class Stout(Ability):
    """May go into decline right after scoring a turn of conquests."""

    name = "Stout"
    declines_after_scoring = True


@power_ability
class Berserk(Ability):
    """Roll the die before each conquest; the result lowers that conquest's cost."""

    name = "Berserk"
    handles = (RollBerserk,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if t.phase == CONQUER and t.berserk_die is None and race.hand >= 1:
            return [RollBerserk()]
        return []

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        s.turn.berserk_die = roll_die(s)
        s.turn.acted = True
        event(s, "berserk", seat=race.owner, die=s.turn.berserk_die)


@power_ability
class Bivouacking(Ability):
    """Five Encampments, +1 defence each, placed and moved during redeployment."""

    name = "Bivouacking"
    handles = (Encamp, Decamp)

    def on_pick(self, s: GameState, race: RaceState) -> None:
        race.camps_free = marker_limit("camp")

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if s.turn.phase not in (REDEPLOY, CLOSING):
            return []
        own = regions_of(s, race.name)
        out: list[Action] = []
        if race.camps_free:
            out.extend(Encamp(rid) for rid in own)
        if s.turn.phase == REDEPLOY:
            out.extend(Decamp(rid) for rid in own if s.regions[rid].markers.get("camp"))
        return out

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, (Encamp, Decamp))
        if isinstance(action, Encamp):
            add_marker(s, action.region, "camp")
            race.camps_free -= 1
        else:
            drop_marker(s, action.region, "camp", 1)
            race.camps_free += 1

    def place_defaults(self, s: GameState, race: RaceState) -> None:
        own = regions_of(s, race.name)
        placed = []
        while race.camps_free and own:
            rid = min(
                own, key=lambda i: (s.regions[i].tokens + s.regions[i].markers.get("camp", 0), i)
            )
            add_marker(s, rid, "camp")
            race.camps_free -= 1
            placed.append(rid)
        if placed:
            # The player left them unplaced: say where the engine put them.
            event(s, "placed", seat=race.owner, race=race.name, piece="camp", regions=placed)

    def on_decline(self, s: GameState, race: RaceState) -> None:
        for rid in regions_of(s, race.name):
            drop_marker(s, rid, "camp")
        race.camps_free = 0


@power_ability
class Diplomat(Ability):
    """At the end of the turn, make peace with an opponent whose active race you spared."""

    name = "Diplomat"
    handles = (MakePeace,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        me = s.players[race.owner]
        if t.phase != REDEPLOY or me.peace_with is not None:
            return []
        return [
            MakePeace(seat)
            for seat in range(len(s.players))
            if seat != race.owner and seat not in t.attacked
        ]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, MakePeace)
        s.players[race.owner].peace_with = action.seat
        event(s, "peace", seat=race.owner, ally=action.seat)


@power_ability
class DragonMaster(Ability):
    """Once a turn, conquer with one token; the Dragon's region is immune."""

    name = "Dragon Master"
    handles = (DragonAttack,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if t.phase != CONQUER or t.dragon_used or race.hand < 1:
            return []
        return [DragonAttack(rid) for rid in targets(s, race)]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, DragonAttack)
        for rid in range(len(s.regions)):
            drop_marker(s, rid, "dragon")
        s.turn.dragon_used = True
        s.turn.berserk_die = None
        take_region(s, race, action.region, 1, how="dragon")
        add_marker(s, action.region, "dragon")

    def on_decline(self, s: GameState, race: RaceState) -> None:
        for rid in range(len(s.regions)):
            drop_marker(s, rid, "dragon")


@power_ability
class Fortified(Ability):
    """Once a turn, a Fortress (+1 defence, +1 coin while active); 6 at most on the map."""

    name = "Fortified"
    handles = (Fortify,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if t.phase not in (CONQUER, REDEPLOY) or t.fortified:
            return []
        if marker_total(s, "fortress") >= marker_limit("fortress"):
            return []
        return [
            Fortify(rid)
            for rid in regions_of(s, race.name)
            if not s.regions[rid].markers.get("fortress")
        ]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, Fortify)
        add_marker(s, action.region, "fortress")
        s.turn.fortified = True
        # Declining is a whole turn chosen at its start; building first rules it out.
        s.turn.acted = True
        event(s, "fortify", seat=race.owner, region=action.region)

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return sum(1 for rid in regions if s.regions[rid].markers.get("fortress"))


@power_ability
class Heroic(Ability):
    """At the end of the turn two Heroes make two of the race's regions immune."""

    name = "Heroic"
    handles = (PlaceHero,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if t.phase != REDEPLOY or t.heroes_placed >= marker_limit("hero"):
            return []
        own = regions_of(s, race.name)
        placed_now = t.heroes_placed > 0
        return [
            PlaceHero(rid) for rid in own if not (placed_now and s.regions[rid].markers.get("hero"))
        ]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, PlaceHero)
        if s.turn.heroes_placed == 0:
            # Both Heroes leave their regions; the player now places them again.
            for rid in range(len(s.regions)):
                drop_marker(s, rid, "hero")
        add_marker(s, action.region, "hero")
        s.turn.heroes_placed += 1

    def place_defaults(self, s: GameState, race: RaceState) -> None:
        # "At the end of your turn, place each of your 2 Heroes": the owner's own
        # redeployment only, once its tokens are all placed, never as a defender.
        if s.turn.phase != REDEPLOY:
            return
        own = regions_of(s, race.name)
        placed = sum(1 for rid in own if s.regions[rid].markers.get("hero"))
        free = sorted(
            (rid for rid in own if not s.regions[rid].markers.get("hero")),
            key=lambda i: (-s.regions[i].tokens, i),
        )
        chosen = free[: marker_limit("hero") - placed]
        for rid in chosen:
            add_marker(s, rid, "hero")
        if chosen:
            # The player left them unplaced: say where the engine put them.
            event(s, "placed", seat=race.owner, race=race.name, piece="hero", regions=chosen)

    def on_decline(self, s: GameState, race: RaceState) -> None:
        for rid in range(len(s.regions)):
            drop_marker(s, rid, "hero")
