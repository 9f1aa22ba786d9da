"""The Popular Places of Small World Underground [SWU pp.14-15]; the two used at the end of
their occupant's turn (the Altar of Souls, the Crypt of the Tomb-raider) are in
``turn_end_places``, the Wickedest Pentacle and its Balrog in ``balrog``.

General rules [SWU p.14] "Popular Places": "A Popular Place never moves; it always remains in
the Region where it was first discovered"; "Using a Popular Place's power is always optional";
"Popular Places' powers cannot be used by Races that are In Decline" unless the Place says so
(the Altar, the Crypt's Ghost keeps protecting, the Diamond Fields, the Keep, the Mine of the
Lost Dwarf: ``in_decline``); bonus tokens come from the tray, else from hand, except where a
Place says otherwise (the Fountain).

Choices are actions of the occupant: the Altar (``altar``), the Ghost (``ghost``) and the
Fountain's token (``fountain``, which a deadline takes, as anyone would); the Balrog's are in
``balrog``. The Places that work by themselves (the Diamond Fields, the Keep, the Mine, the
Stonehedge's power) may be forgone by their owner for the rest of his turn (``forgo``); the
Great Brass Pipe's reach is used only through a conquest the player chooses, and its links
never cost its holder a Quarreling set (``powers_underground.groups``). The Stonehedge is in
``stonehedge``.

The Keep's +1 defence is counted by ``conquest.conquest_cost`` (never against its occupant's
own player, who would not use it on himself); the Ghost's and the Balrog's immunity by
``board.is_immune`` (both are immune to everyone, ruling §6.2 #21).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import TREASURES, Ability, forgo_key, treasure_ability
from engine.core.actions import Action, register_action
from engine.core.board import (
    event,
    mapdef,
    regions_of,
    tray,
)
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from engine.worlds.underground.treasures import holder_region, own_turn, the
from lang import ntr, tr

#: Coins of the Keep and the Mine of the Lost Dwarf.
KEEP_COINS = 1
LOST_MINE_COINS = 2


# --- Places that work by themselves, and forgoing them ---------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Forgo(Action):
    """Do without the Popular Place in ``region`` for the rest of this turn."""

    verb: ClassVar[str] = "forgo"
    region: int

    def describe(self, s: GameState) -> str | None:
        key = place_in(s, self.region)
        r = s.regions[self.region] if key is not None else None
        if key is None or r is None or r.race is None:
            return None
        place = TREASURES[key]
        assert isinstance(place, SelfActingPlace)
        return tr(
            "Forgo {place} this turn · {loss}",
            place=the(key),
            loss=place.forgone(s, s.races[r.race]),
        )


def place_in(s: GameState, rid: int) -> str | None:
    """The Popular Place that works by itself in ``rid``, if any."""
    if not 0 <= rid < len(s.regions):
        return None
    for key in s.regions[rid].markers:
        if isinstance(TREASURES.get(key), SelfActingPlace):
            return key
    return None


class SelfActingPlace(Ability):
    """A Place whose power works for its occupant without an action of his (coins at the end
    of his turn, the Stonehedge's power). "Using a Popular Place's power is always optional"
    [SWU p.14]: during his own turn, conquering or redeploying, the owner may forgo it for
    the rest of the turn (``forgo REGION``); ``abilities.in_force`` then leaves it out for him
    until the turn ends. Doing nothing keeps it working, as a player would want; a deadline
    never forgoes it."""

    handles = (Forgo,)

    def forgone(self, s: GameState, race: RaceState) -> str:
        """What forgoing the Place costs ``race`` this turn, for the label."""
        coins = self.score(s, race, regions_of(s, race.name))
        return ntr("{n} coin fewer", "{n} coins fewer", coins)

    def gives(self, s: GameState, race: RaceState) -> bool:
        """The Place does something for ``race`` that it could forgo."""
        return True

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if t.seat != race.owner or t.phase not in (CONQUER, REDEPLOY):
            return []
        rid = holder_region(s, race, self.name)
        if rid is None or not self.gives(s, race):
            return []
        return [Forgo(rid)]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, Forgo)
        key = place_in(s, action.region)
        assert key is not None
        s.turn.used.append(forgo_key(key))
        # The Place's own race (the handler may be another Place of the same player's).
        holder = s.regions[action.region].race
        event(s, "forgo", seat=race.owner, race=holder, place=key, region=action.region)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, Forgo)
        if s.turn.seat != race.owner or s.turn.phase not in (CONQUER, REDEPLOY):
            return tr("A Place is forgone during your own turn, conquering or redeploying.")
        key = place_in(s, action.region)
        if key is None or s.regions[action.region].race != race.name:
            return tr(
                "Region {region} holds no Place of yours that works by itself.",
                region=action.region,
            )
        return None


@treasure_ability
class DiamondFields(SelfActingPlace):
    """[SWU p.15] "At the end of his turn, the player collects 1 bonus Victory coin for the
    Region his Diamond Fields are on and for any other Region his (same Race) troops occupy
    that is of same Terrain type. The Diamond Fields function even when the troops that occupy
    it are In Decline."
    """

    name = "diamonds"
    in_decline = True

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return sum(self.region_score(s, race, rid) for rid in regions)

    def region_score(self, s: GameState, race: RaceState, rid: int) -> int:
        """1 for a region of the Fields' terrain held with the Fields (the Scepter doubles it)."""
        fields = holder_region(s, race, self.name)
        defs = mapdef(s).regions
        held = s.regions[rid].race == race.name
        return int(held and fields is not None and defs[rid].terrain == defs[fields].terrain)


@treasure_ability
class KeepOnTheMotherland(SelfActingPlace):
    """[SWU p.15] "The Keep on the Motherland is worth 1 bonus Victory coin for the player
    whose troops occupy it at turn's end. The Keep also augments that Region's defense by 1.
    Both of these benefits persist even once the troops occupying the Keep are In Decline."

    The defence is counted by ``conquest.conquest_cost`` ("+ 1 additional Race token for
    ... the Keep on the Motherland marker" [SWU p.5]), against opponents only: its occupant's
    own player would never use it against his other race (``markers.OWNER_SPARED``). Forgoing
    the Keep gives up its coin of the turn.
    """

    name = "keep"
    in_decline = True

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return sum(self.region_score(s, race, rid) for rid in regions)

    def region_score(self, s: GameState, race: RaceState, rid: int) -> int:
        """The Keep's coin belongs to its region."""
        r = s.regions[rid]
        return KEEP_COINS if r.race == race.name and r.markers.get(self.name) else 0


@treasure_ability
class MineOfTheLostDwarf(SelfActingPlace):
    """[SWU p.15] "At the end of his turn, the player whose troops occupy the Mine of the Lost
    Dwarf's Region collects 2 bonus Victory coins. The Mine of the Lost Dwarf yields these
    bonus coins even if the Troops that occupy its Region are In Decline. The Scepter of
    Avarice has no effect, if placed in the Mine."
    """

    name = "lost_mine"
    in_decline = True

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return sum(self.region_score(s, race, rid) for rid in regions)

    def region_score(self, s: GameState, race: RaceState, rid: int) -> int:
        """The Mine's coins belong to its region (the Scepter is never placed there)."""
        r = s.regions[rid]
        return LOST_MINE_COINS if r.race == race.name and r.markers.get(self.name) else 0


# --- the Pipe and the Fountain --------------------------------------------------------------


@treasure_ability
class GreatBrassPipe(Ability):
    """[SWU p.15] "All Regions of the same Terrain type as the one in which the Great Brass
    Pipe is discovered are considered adjacent, for the player's whose Troops occupy that
    Region."

    Not against Gnomes on other players' turns: "A player whose troops are not in a Region
    next to your Gnomes could not attack them, even if he controlled the Great Brass Pipe"
    [SWU p.10] (``conquest.region_problem``).
    """

    name = "pipe"

    def extra_neighbours(self, s: GameState, race: RaceState) -> frozenset[int]:
        at = holder_region(s, race, self.name)
        if at is None:
            return frozenset()
        terrain = mapdef(s).regions[at].terrain
        found = _BY_TERRAIN.get((s.map_id, terrain))
        if found is None:
            defs = mapdef(s).regions
            found = _BY_TERRAIN[s.map_id, terrain] = frozenset(
                d.id for d in defs if d.terrain == terrain
            )
        return found


#: The regions of each terrain, by map and terrain (a key always names the same board).
_BY_TERRAIN: dict[tuple[str, str], frozenset[int]] = {}


@register_action
@dataclass(slots=True, unsafe_hash=True)
class TakeFountainToken(Action):
    """Fountain of Youth: take its bonus token from the tray, at the start of your turn."""

    verb: ClassVar[str] = "fountain"
    bonus: ClassVar[bool] = True

    def describe(self, s: GameState) -> str | None:
        return tr("Take the Fountain of Youth's bonus token · +1 token from the tray")


@treasure_ability
class FountainOfYouth(Ability):
    """[SWU p.15] "At the start of his turn, the player whose troops occupy the Fountain of
    Youth's Region receives 1 bonus Race token (provided there is at least one left in the
    tray)."

    "Using a Popular Place's power is always optional" [SWU p.14]: the token is the player's
    to take (``fountain``) at the start of his turn, before any conquest or abandonment, once;
    a deadline takes it (a free token), as the turn's first default. With the tray empty it
    is not offered, and nothing comes from hand: the Fountain's own words beat the general
    rule (§6.2 #25). A public ``fountain`` event tells it.
    """

    name = "fountain"
    handles = (TakeFountainToken,)

    def _open(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        return (
            t.phase == CONQUER
            and own_turn(s, race)
            and not t.acted
            and self.name not in t.used
            and tray(s, race.name) >= 1
        )

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        return [TakeFountainToken()] if self._open(s, race) else []

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        s.turn.used.append(self.name)
        race.hand += 1
        event(s, "fountain", seat=race.owner, race=race.name, tokens=1)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        t = s.turn
        if not own_turn(s, race) or t.phase != CONQUER or t.acted:
            return tr(
                "The Fountain of Youth's token is taken at the start of your turn, before any "
                "conquest or abandonment."
            )
        if self.name in t.used:
            return tr("You have already taken the Fountain of Youth's token this turn.")
        return tr("The tray holds no token of your race: the Fountain gives none from your hand.")
