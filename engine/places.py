"""The Popular Places of Small World Underground [SWU pp.14-15]; the Wickedest Pentacle and
its Balrog are in ``balrog``.

General rules [SWU p.14] "Popular Places": "A Popular Place never moves; it always remains in
the Region where it was first discovered"; "Using a Popular Place's power is always optional";
"Popular Places' powers cannot be used by Races that are In Decline" unless the Place says so
(the Altar, the Crypt's Ghost keeps protecting, the Diamond Fields, the Keep, the Mine of the
Lost Dwarf: ``in_decline``); bonus tokens come from the tray, else from hand, except where a
Place says otherwise (the Fountain).

Choices are actions of the occupant, never taken by default: the Altar (``altar``) and the
Ghost (``ghost``); the Balrog's are in ``balrog``.

The Keep's +1 defence is counted by ``conquest.conquest_cost``; the Ghost's and the Balrog's
immunity by ``board.is_immune`` (both are immune to everyone, ruling §6.2 #21).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .abilities import Ability, treasure_ability
from .actions import Action, register_action
from .board import (
    add_marker,
    clear_region,
    drop_marker,
    event,
    mapdef,
    tray,
)
from .rng import mix, shuffled
from .state import REDEPLOY, GameState, RaceState
from .treasures import holder_region, marker_region, own_turn
from .words import where

#: Coins of the Altar of Souls, the Keep and the Mine of the Lost Dwarf.
ALTAR_COINS = 3
KEEP_COINS = 1
LOST_MINE_COINS = 2


# --- scoring Places -------------------------------------------------------------------------


@treasure_ability
class DiamondFields(Ability):
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
class KeepOnTheMotherland(Ability):
    """[SWU p.15] "The Keep on the Motherland is worth 1 bonus Victory coin for the player
    whose troops occupy it at turn's end. The Keep also augments that Region's defense by 1.
    Both of these benefits persist even once the troops occupying the Keep are In Decline."

    The defence is counted by ``conquest.conquest_cost`` ("+ 1 additional Race token for
    ... the Keep on the Motherland marker" [SWU p.5]).
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
class MineOfTheLostDwarf(Ability):
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
    [SWU p.10] (``conquest._problem``).
    """

    name = "pipe"

    def extra_neighbours(self, s: GameState, race: RaceState) -> frozenset[int]:
        at = holder_region(s, race, self.name)
        if at is None:
            return frozenset()
        defs = mapdef(s).regions
        terrain = defs[at].terrain
        return frozenset(d.id for d in defs if d.terrain == terrain)


@treasure_ability
class FountainOfYouth(Ability):
    """[SWU p.15] "At the start of his turn, the player whose troops occupy the Fountain of
    Youth's Region receives 1 bonus Race token (provided there is at least one left in the
    tray)."

    The token comes to hand before the troops are readied; with the tray empty nothing comes,
    not even from hand: the Fountain's own words beat the general rule (§6.2 #25). A public
    ``fountain`` event tells it. Taking it is not a choice: a token in hand costs nothing.
    """

    name = "fountain"

    def on_turn_start(self, s: GameState, race: RaceState) -> None:
        if tray(s, race.name) >= 1:
            race.hand += 1
            event(s, "fountain", seat=race.owner, race=race.name, tokens=1)


# --- the Altar of Souls ---------------------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class AltarDiscard(Action):
    """Altar of Souls: discard one of your In-Decline tokens from ``region`` for 3 coins."""

    verb: ClassVar[str] = "altar"
    region: int

    def describe(self, s: GameState) -> str | None:
        if not 0 <= self.region < len(s.regions):
            return None
        return f"Sacrifice 1 In-Decline token on the Altar from {where(s, self.region)} · +3 coins"


@treasure_ability
class AltarOfSouls(Ability):
    """[SWU p.14] "At the end of each of his turn, the player whose troops occupy the Region
    containing the Altar of Souls may discard a single of his In Decline tokens in the Region
    of his choice to collect 3 bonus Victory coins at turn's end. The Altar functions even
    when the troops that occupy it are In Decline."

    Offered during the player's own redeployment (the end of the turn), whichever of his races
    occupies the Altar; the token goes back to the tray and the 3 coins are his at once. A
    region left without a token is emptied. On a decline turn there is no redeployment, so
    there is no Altar either.
    """

    name = "altar"
    in_decline = True
    handles = (AltarDiscard,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._open(s, race):
            return []
        return [AltarDiscard(rid) for rid in self._victims(s, race)]

    def _open(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        return t.phase == REDEPLOY and t.seat == race.owner and self.name not in t.used

    def _victims(self, s: GameState, race: RaceState) -> list[int]:
        names = set(s.players[race.owner].declined)
        return [rid for rid, r in enumerate(s.regions) if r.race in names and r.tokens]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, AltarDiscard)
        r = s.regions[action.region]
        victim = r.race
        s.turn.used.append(self.name)
        r.tokens -= 1
        if r.tokens == 0:
            clear_region(s, action.region)
        s.players[race.owner].coins += ALTAR_COINS
        event(
            s,
            "altar",
            seat=race.owner,
            race=victim,
            region=action.region,
            coins=ALTAR_COINS,
        )

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, AltarDiscard)
        if s.turn.phase != REDEPLOY or s.turn.seat != race.owner:
            return "The Altar of Souls is used at the end of your turn, while redeploying."
        if self.name in s.turn.used:
            return "You have already used the Altar of Souls this turn."
        if action.region not in self._victims(s, race):
            return f"Region {action.region} holds none of your In-Decline tokens."
        return None


# --- the Crypt of the Tomb-raider -----------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceGhost(Action):
    """Crypt of the Tomb-raider: put the Ghost in ``region`` to make it immune."""

    verb: ClassVar[str] = "ghost"
    region: int

    def describe(self, s: GameState) -> str | None:
        if not 0 <= self.region < len(s.regions):
            return None
        return f"Put the Tomb-raider's Ghost on {where(s, self.region)} · immune to everyone"


def free_ghost(s: GameState, seat: int) -> None:
    """The Crypt changed hands: the Ghost leaves the region it protected."""
    at = marker_region(s, "ghost")
    if at is not None:
        drop_marker(s, at, "ghost")
        event(s, "ghost", seat=seat, region=None, left=at)


@treasure_ability
class CryptOfTheTombRaider(Ability):
    """[SWU p.14] "At the end of his turn, the player's whose troops occupy the Region
    containing the Crypt of the Tomb-raider places its Ghost in any Region, except the one
    containing the Crypt, to make it immune. A player whose troops are In Decline in the
    Tomb-raider's Crypt can no longer move the Ghost, but the Region containing the Ghost
    remains immune. When a player conquers the Crypt, the Ghost immediately leaves the Region
    it was protecting, and falls under the control of the conquering player."

    Placing the Ghost is optional, once a turn, during the occupant's redeployment. "Any
    Region" includes empty regions and other players' regions (§6.2 #21), but not a Chasm
    nor the Balrog's region. Nobody may conquer the Ghost's region, its occupant's other
    races included (ruling §6.2 #21, ``board.SEALING_MARKERS``). The Crypt works in decline
    only in that its conquest, by anyone, still frees the Ghost.
    """

    name = "crypt"
    in_decline = True
    handles = (PlaceGhost,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._open(s, race):
            return []
        return [PlaceGhost(rid) for rid in self._spots(s, race)]

    def _open(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        return t.phase == REDEPLOY and own_turn(s, race) and "ghost" not in t.used

    def _spots(self, s: GameState, race: RaceState) -> list[int]:
        crypt = holder_region(s, race, self.name)
        ghost = marker_region(s, "ghost")
        defs = mapdef(s).regions
        return [
            rid
            for rid, r in enumerate(s.regions)
            if rid not in (crypt, ghost)
            and not defs[rid].impassable
            and not r.markers.get("balrog")
        ]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, PlaceGhost)
        s.turn.used.append("ghost")
        before = marker_region(s, "ghost")
        if before is not None:
            drop_marker(s, before, "ghost")
        add_marker(s, action.region, "ghost")
        event(s, "ghost", seat=race.owner, region=action.region, left=before)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, PlaceGhost)
        if race.in_decline:
            return "Troops In Decline in the Crypt can no longer move the Ghost."
        if s.turn.phase != REDEPLOY or not own_turn(s, race):
            return "The Ghost is placed at the end of your turn, while redeploying."
        if "ghost" in s.turn.used:
            return "You have already placed the Ghost this turn."
        if action.region == holder_region(s, race, self.name):
            return "The Ghost may go anywhere but the Crypt's own region."
        return f"The Ghost cannot go to region {action.region}."

    def on_conquer(self, s: GameState, race: RaceState, rid: int) -> None:
        if s.regions[rid].markers.get(self.name):
            free_ghost(s, race.owner)


# --- the Stonehedge -------------------------------------------------------------------------


@treasure_ability
class Stonehedge(Ability):
    """[SWU p.15] "The Player who discovers the Stonehedge immediately draws a Special Power at
    random from the stack of Special Powers. This becomes the power associated with the
    Stonehedge for the rest of the game. Ignore any Race tokens value indicated on that
    Special Power's badge". FR: the occupant has it "en plus de son Pouvoir normal".

    The draw leaves out the badge on top of the stack, which players can see (§6.2 #23); when
    nothing else is left the discarded badges are shuffled under it first, and when even
    those are gone the top badge is drawn. The power comes into force for the occupant through
    ``abilities.in_force`` (a decline-only power only once the occupant is In Decline); its
    pick-time setup (``on_pick``) never runs, as nobody picks it. The draw happens whoever
    discovers the Stonehedge, In Decline or not: it belongs to the Place, not to its use.
    """

    name = "stonehedge"
    # In force for an occupant In Decline too, so that a decline power drawn here (Wise,
    # Reborn) can work (``abilities.in_force`` adds the drawn power after the Place itself).
    in_decline = True

    def on_discover(self, s: GameState, race: RaceState, rid: int) -> None:
        power = draw_power(s)
        s.stonehedge = power
        event(s, "stonehedge", seat=race.owner, region=rid, power=power)


def draw_power(s: GameState) -> str | None:
    """Take a power badge at random from the stack, the visible top badge left out."""
    if len(s.power_stack) < 2 and s.power_discard:
        s.rng_counter += 1
        s.power_stack = s.power_stack + shuffled(s.power_discard, s.seed, s.rng_counter)
        s.power_discard = []
    first = 1 if len(s.power_stack) >= 2 else 0
    pool = s.power_stack[first:]
    if not pool:
        return None
    s.rng_counter += 1
    pick = first + mix(s.seed, s.rng_counter) % len(pool)
    power = s.power_stack.pop(pick)
    return power
