"""The Underground special powers that place pieces or change the turn: Royal, Shield, Reborn
and Tomb [SWU "Special Powers"]. The package imports this module after ``powers`` and
``vampire``.

Every use is a choice offered by ``legal_actions``. Optional ones (a rebirth, keeping the
Tomb tokens) are never taken by a deadline; the placements the rulebook makes compulsory
(the Queen, Mushroom Armor) have a default, told by a public ``placed`` event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, power_ability
from engine.core.actions import Action, register_action
from engine.core.board import (
    add_marker,
    clear_region,
    drop_marker,
    event,
    is_sealed,
    mapdef,
    marker_limit,
    marker_total,
    occupy,
    regions_of,
    tray,
)
from engine.core.market import remove_race
from engine.core.names import race as race_name
from engine.core.readying import unready
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from engine.core.turn import can_decline
from engine.core.turns import go_into_decline
from engine.core.words import where
from lang import tr


def _region_ok(s: GameState, rid: int) -> bool:
    return 0 <= rid < len(s.regions)


# --- actions ----------------------------------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceQueen(Action):
    """Royal: put the Queen in one of your regions, which becomes immune."""

    verb: ClassVar[str] = "queen"
    region: int

    def describe(self, s: GameState) -> str | None:
        return tr("Place the Queen on {region}", region=where(s, self.region))


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceArmor(Action):
    """Shield: put one Mushroom Armor from your hand in one of your regions (+1 defence)."""

    verb: ClassVar[str] = "armor"
    region: int

    def describe(self, s: GameState) -> str | None:
        return tr("Place a Mushroom Armor on {region}", region=where(s, self.region))


@register_action
@dataclass(slots=True, unsafe_hash=True)
class TakeArmor(Action):
    """Shield: take back a Mushroom Armor placed in this region during this redeployment."""

    verb: ClassVar[str] = "unarmor"
    region: int

    def describe(self, s: GameState) -> str | None:
        return tr(
            "Take back the Mushroom Armor just placed on {region}", region=where(s, self.region)
        )


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Rebirth(Action):
    """Reborn: empty a region of your In-Decline Reborn and put one active token there."""

    verb: ClassVar[str] = "reborn"
    region: int

    def describe(self, s: GameState) -> str | None:
        return tr(
            "Rebirth on {region} · one new token replaces the Reborn", region=where(s, self.region)
        )


@register_action
@dataclass(slots=True, unsafe_hash=True)
class KeepTomb(Action):
    """Tomb: go into decline keeping every Tomb token on the map, redeploy them, then score."""

    verb: ClassVar[str] = "tomb"

    def describe(self, s: GameState) -> str | None:
        return tr("Decline, keeping all your Tomb tokens on the map to redeploy them")


# --- Royal ------------------------------------------------------------------------------------


@power_ability
class Royal(Ability):
    """[SWU "Royal"] "At the end of your turn, place your Queen in a Region your Royal tokens
    occupy, to make it immune. If you go In Decline, your Queen stays where it was and keeps
    that Region immune, but can no longer be moved."

    The player places (or moves) the Queen during their own redeployment; left unplaced, it
    goes to the Royal region with the most tokens (lowest id on a tie), told by a ``placed``
    event. Placing is compulsory: a Queen already on a Royal region stays there. The badge
    stays with the race in decline [SWU p.8], where the Queen no longer moves. The Queen
    leaves the map with its region (``markers.RACE_MARKERS``): when the Royal race abandons it or
    leaves the board, or when its owner conquers his own In-Decline Queen region.
    """

    name = "Royal"
    in_decline = True
    handles = (PlaceQueen,)

    @staticmethod
    def _placing(s: GameState, race: RaceState) -> bool:
        t = s.turn
        return t.phase == REDEPLOY and t.race == race.name and not race.in_decline

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._placing(s, race):
            return []
        return [
            PlaceQueen(rid)
            for rid in regions_of(s, race.name)
            if not s.regions[rid].markers.get("queen")
        ]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, PlaceQueen)
        self._put(s, action.region)
        event(s, "queen", seat=race.owner, race=race.name, region=action.region)

    @staticmethod
    def _put(s: GameState, rid: int) -> None:
        for other, region in enumerate(s.regions):
            if "queen" in region.markers:
                drop_marker(s, other, "queen")
        add_marker(s, rid, "queen")

    def place_defaults(self, s: GameState, race: RaceState) -> None:
        if not self._placing(s, race):
            return
        own = regions_of(s, race.name)
        if not own or any(s.regions[rid].markers.get("queen") for rid in own):
            return
        rid = max(own, key=lambda i: (s.regions[i].tokens, -i))
        self._put(s, rid)
        event(s, "placed", seat=race.owner, race=race.name, piece="queen", regions=[rid])

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, PlaceQueen)
        if race.in_decline:
            return tr("Your Royal race is In Decline: the Queen can no longer be moved.")
        if not self._placing(s, race):
            return tr("The Queen is placed at the end of your turn, during your redeployment.")
        if not _region_ok(s, action.region) or s.regions[action.region].race != race.name:
            return tr(
                "Region {region} is not one of your {race} regions.",
                region=action.region,
                race=race_name(race.name),
            )
        return tr("The Queen is already on region {region}.", region=action.region)


# --- Shield -----------------------------------------------------------------------------------


@power_ability
class Shield(Ability):
    """[SWU "Shield"] "For each Mushroom Forest Region you occupy at the end of your Conquest
    phase, take 1 Mushroom Armor from the tray in your hand. Deploy these Mushroom Armors in
    any of your Region(s), during your Troop Redeployment phase. Each Armor placed in a Region
    augments that Region's defense by 1, even when In Decline. ... You can stack multiple
    Mushroom Armor in the same Region. Remove the Armor and discard them back in the tray when
    you abandon the Region or an enemy conquers it."

    The Armor waits in ``race.pieces["armor"]``; the box holds 8 (``marker_limit``). Placed
    Armor stays put: the player may only take back what was placed during this same
    redeployment (``unarmor``). Armor still in hand when the redeployment ends goes, one at a
    time, to the region with the fewest tokens plus Armor (lowest id on a tie), told by a
    ``placed`` event. The defence of placed Armor (``armor`` markers, in the cost formula)
    outlives the badge in decline; ``board.clear_region`` removes it with the region.
    """

    name = "Shield"
    needs = ("Mushroom Forest",)
    handles = (PlaceArmor, TakeArmor)

    def on_conquests_end(self, s: GameState, race: RaceState) -> None:
        if s.turn.race != race.name:
            return
        m = mapdef(s)
        forests = sum(
            1 for rid in regions_of(s, race.name) if "Mushroom Forest" in m.regions[rid].kinds
        )
        held = sum(r.pieces.get("armor", 0) for r in s.races.values())
        free = marker_limit("armor") - marker_total(s, "armor") - held
        gain = max(0, min(forests, free))
        if gain:
            race.pieces["armor"] = race.pieces.get("armor", 0) + gain
            event(s, "armor", seat=race.owner, race=race.name, pieces=gain)

    @staticmethod
    def _placing(s: GameState, race: RaceState) -> bool:
        t = s.turn
        return t.phase == REDEPLOY and t.race == race.name and not race.in_decline

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._placing(s, race):
            return []
        own = regions_of(s, race.name)
        out: list[Action] = []
        if race.pieces.get("armor"):
            out.extend(PlaceArmor(rid) for rid in own)
        out.extend(TakeArmor(rid) for rid in own if f"armor:{rid}" in s.turn.used)
        return out

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, (PlaceArmor, TakeArmor))
        rid = action.region
        if isinstance(action, PlaceArmor):
            self._take_piece(race)
            add_marker(s, rid, "armor")
            s.turn.used.append(f"armor:{rid}")
        else:
            drop_marker(s, rid, "armor", 1)
            race.pieces["armor"] = race.pieces.get("armor", 0) + 1
            s.turn.used.remove(f"armor:{rid}")

    @staticmethod
    def _take_piece(race: RaceState) -> None:
        left = race.pieces.get("armor", 0) - 1
        if left > 0:
            race.pieces["armor"] = left
        else:
            race.pieces.pop("armor", None)

    def place_defaults(self, s: GameState, race: RaceState) -> None:
        if not race.pieces.get("armor") or not self._placing(s, race):
            return
        own = regions_of(s, race.name)
        if not own:
            # Nowhere to deploy them: they go back to the box.
            race.pieces.pop("armor", None)
            return
        placed = []
        while race.pieces.get("armor"):
            rid = min(
                own, key=lambda i: (s.regions[i].tokens + s.regions[i].markers.get("armor", 0), i)
            )
            self._take_piece(race)
            add_marker(s, rid, "armor")
            placed.append(rid)
        event(s, "placed", seat=race.owner, race=race.name, piece="armor", regions=placed)

    def on_decline(self, s: GameState, race: RaceState) -> None:
        race.pieces.pop("armor", None)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, (PlaceArmor, TakeArmor))
        if not self._placing(s, race):
            return tr("Mushroom Armor is placed during your own redeployment.")
        if not _region_ok(s, action.region) or s.regions[action.region].race != race.name:
            return tr(
                "Region {region} is not one of your {race} regions.",
                region=action.region,
                race=race_name(race.name),
            )
        if isinstance(action, PlaceArmor):
            return tr("You hold no Mushroom Armor to place.")
        return tr(
            "No Mushroom Armor was placed on region {region} this turn: placed Armor "
            "stays where it is.",
            region=action.region,
        )


# --- Reborn -----------------------------------------------------------------------------------


@power_ability
class Reborn(Ability):
    """[SWU "Reborn"] "Once your Reborn are In Decline, at the start of each of your turns you
    may empty 1 or 2 of their Regions, and replace these tokens with a single new token from
    your Active Race (taken from the tray, or from your hand if none are left in the tray)
    in each of these Regions."

    Offered on the owner's turn while the active race has done nothing yet (no conquest,
    abandonment or other act), the turn a new combo is picked included (ruling §6.2 #17). It
    is not a conquest: the Reborn tokens go back to the tray, the new token takes the region
    with its Place or Relic, and the active race, now on the map, conquers by adjacency from
    then on. Reborn whose last region is emptied leave the map. ``rules`` asks the seat's
    races In Decline for their actions (``Ability.actions`` with the Reborn race).
    """

    name = "Reborn"
    active = False
    in_decline = True
    handles = (Rebirth,)

    def _heir(self, s: GameState, race: RaceState) -> RaceState | None:
        """The active race that may receive a token now, or None."""
        t = s.turn
        p = s.players[race.owner]
        if t.seat != race.owner or t.phase != CONQUER or p.active is None or t.race != p.active:
            return None
        if t.acted or t.used.count("reborn") >= 2:
            return None
        heir = s.races[p.active]
        return heir if tray(s, heir.name) > 0 or heir.hand > 0 else None

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if self._heir(s, race) is None:
            return []
        return [Rebirth(rid) for rid in regions_of(s, race.name) if not is_sealed(s, rid)]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, Rebirth)
        heir = self._heir(s, race)
        assert heir is not None
        region = s.regions[action.region]
        gone = region.tokens
        from_tray = tray(s, heir.name) > 0
        clear_region(s, action.region)
        if not from_tray:
            heir.hand -= 1
        occupy(s, action.region, heir, 1)
        s.turn.used.append("reborn")
        event(
            s,
            "reborn",
            seat=race.owner,
            race=heir.name,
            reborn=race.name,
            region=action.region,
            lost=gone,
            source="tray" if from_tray else "hand",
        )
        if not regions_of(s, race.name):
            remove_race(s, race.name)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, Rebirth)
        t = s.turn
        if self._heir(s, race) is None:
            if t.used.count("reborn") >= 2:
                return tr("The Reborn empty at most 2 regions a turn.")
            if t.acted:
                return tr("Rebirth happens at the start of your turn, before anything else.")
            if t.phase != CONQUER or t.race != s.players[race.owner].active:
                return tr(
                    "Rebirth happens at the start of your turn, once you have an active race."
                )
            return tr("Your active race has no token left in the tray or in hand.")
        if not _region_ok(s, action.region) or s.regions[action.region].race != race.name:
            return tr(
                "Region {region} is not one of your {race} regions.",
                region=action.region,
                race=race_name(race.name),
            )
        return tr("Region {region} is immune to every player.", region=action.region)


# --- Tomb -------------------------------------------------------------------------------------


@power_ability
class Tomb(Ability):
    """[SWU "Tomb"] "When going In Decline, you may keep all of your Tomb tokens on the map; you
    may redeploy them one final time before scoring for your In Decline turn. If a Region
    containing your In Decline Tomb is conquered, at the end of the attacking player's turn,
    you may redeploy any Tomb tokens in excess of the ones lost to your opponent's conquests
    as if your Tombs were still active ... If your Tomb tokens have no Region left on the
    board, you may not redeploy them however. At this point, they are all permanently lost."

    Going into decline offers ``tomb`` next to the plain ``decline`` (which keeps one token a
    region, as usual). ``tomb`` ends the conquests at once: the player redeploys every token,
    and ending the turn puts the race In Decline with all its tokens where they stand, then
    scores it as a race In Decline. In decline nothing more is needed: a conquered region's
    survivors stay in hand and redeploy when the attacker's turn closes, like any defender's,
    and a race In Decline with no region left leaves the board with its tokens. It keeps the
    limit of one race In Decline (the older one is removed as usual).
    """

    name = "Tomb"
    in_decline = True
    handles = (KeepTomb,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if race.in_decline or s.turn.race != race.name or not can_decline(s):
            return []
        return [KeepTomb()]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        t = s.turn
        t.used.append("tomb")
        t.acted = True
        t.phase = REDEPLOY
        event(s, "tomb", seat=race.owner, race=race.name)

    def on_redeploy_end(self, s: GameState, race: RaceState) -> None:
        t = s.turn
        if "tomb" not in t.used or race.in_decline or t.race != race.name:
            return
        unready(s, race)
        kept = {rid: s.regions[rid].tokens for rid in regions_of(s, race.name)}
        go_into_decline(s, race.owner)
        # "you may keep all of your Tomb tokens on the map": put back what the flip removed.
        # (Regions Vanishing emptied meanwhile stay empty: a Stonehedge may give both.)
        for rid, n in kept.items():
            if s.regions[rid].race == race.name:
                s.regions[rid].tokens = n

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        if race.in_decline:
            return tr("Your Tomb race is already In Decline.")
        return tr(
            "Decline takes the whole turn: only before any conquest or abandonment, never on "
            "the turn the race was picked."
        )
