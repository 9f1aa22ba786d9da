"""The Magic power [SWU p.13]: the Bag-o'-Many-Things copies one Righteous Relic a turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, power_ability, treasure_spots
from engine.core.actions import Action, register_action
from engine.core.board import drop_marker, event
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from engine.core.words import where
from engine.worlds.underground.relics import RELIC_ACTIONS, RELICS, doubled
from engine.worlds.underground.treasures import BAG, RelicAction, own_turn, the
from lang import tr


@register_action
@dataclass(slots=True, unsafe_hash=True)
class ChooseBag(Action):
    """Magic: the Bag-o'-Many-Things copies, this turn, the Relic lying in ``region``."""

    verb: ClassVar[str] = "bag"
    #: The region only names the Relic the Bag copies; the copy's use is aimed (ruling 84).
    harmless: ClassVar[bool] = True
    region: int

    def describe(self, s: GameState) -> str | None:
        key = relic_in(s, self.region)
        if key is None:
            return None
        return tr(
            "Use the Bag-o'-Many-Things as {relic} (in {region})",
            relic=the(key),
            region=where(s, self.region),
        )


def relic_in(s: GameState, rid: int) -> str | None:
    """The Relic lying in ``rid``, if any."""
    if not 0 <= rid < len(s.regions):
        return None
    for key in s.regions[rid].markers:
        if key in RELICS:
            return key
    return None


def bag_choice(s: GameState) -> str | None:
    """The Relic the Bag copies this turn, once chosen."""
    for u in s.turn.used:
        if u.startswith(BAG + "="):
            return u[len(BAG) + 1 :]
    return None


@power_ability
class Magic(Ability):
    """Each turn, the Bag-o'-Many-Things copies one Righteous Relic on the map (your choice);
    it cannot be stolen and comes back to hand when its region is lost or abandoned.

    [SWU p.13] "The Bag-o'-Many-Things duplicates the power of 1 Righteous Relic currently in
    play. You decide which one each turn, using the Bag to represent the Relic you choose.
    The bag may not be stolen. If a Region containing the bag is conquered or abandoned, you
    do not leave the Bag behind; rather you take it back in hand."

    "In play" means revealed on the map, whoever holds it (U-P6). The choice is an action
    (``bag <region of the Relic>``), once a turn; the Bag then offers that Relic's use once,
    by its own rules. Like a Relic, the Bag lies where it was last used (the conquered region,
    the region where it was placed as Ring or Scepter); until then it is in hand. The power
    ends in decline and the Bag leaves the map.
    """

    name = "Magic"
    needs_treasures = ("relic",)
    handles = (ChooseBag, *RELIC_ACTIONS)

    def on_pick(self, s: GameState, race: RaceState) -> None:
        # There is one Bag: wherever it still was (kept by a race that forwent the
        # Stonehedge's Magic on the turn it declined, so that ``on_decline`` never ran for
        # it), it is now this race's.
        for rid in range(len(s.regions)):
            drop_marker(s, rid, BAG)
        for other in s.races.values():
            other.pieces.pop(BAG, None)
        race.pieces[BAG] = 1

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if not own_turn(s, race) or t.phase not in (CONQUER, REDEPLOY):
            return []
        chosen = bag_choice(s)
        if chosen is None:
            # Redeploying, only a Relic of the end of the turn (Ring, Scepter) is of any use.
            # Relics lie only where the index of revealed pieces says (``treasure_spots``).
            spots = sorted({rid for key, rid in treasure_spots(s).items() if key in RELICS})
            return [
                ChooseBag(rid)
                for rid in spots
                if (key := relic_in(s, rid)) is not None
                and (t.phase == CONQUER or RELICS[key].phase == REDEPLOY)
            ]
        if BAG in t.used or t.phase != RELICS[chosen].phase:
            return []
        return RELICS[chosen].offers(s, race, True)

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        if isinstance(action, ChooseBag):
            key = relic_in(s, action.region)
            assert key is not None
            s.turn.used.append(f"{BAG}={key}")
            event(s, "bag", seat=race.owner, relic=key, region=action.region)
            return
        # A Relic's own action: the Relic (held by this race, or copied by the Bag) acts.
        RELICS[action.verb].perform(s, race, action)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        if isinstance(action, ChooseBag):
            if not own_turn(s, race):
                return tr("The Bag-o'-Many-Things works only for your active race, on your turn.")
            if bag_choice(s) is not None:
                return tr("This turn the Bag is already {relic}.", relic=the(bag_choice(s) or ""))
            if relic_in(s, action.region) is None:
                return tr(
                    "There is no Righteous Relic in region {region} to copy.", region=action.region
                )
            return None
        assert isinstance(action, RelicAction)
        if not action.bag:
            return RELICS[action.verb].refusal(s, race, action)
        chosen = bag_choice(s)
        if chosen is None:
            return tr(
                "First choose the Relic the Bag copies this turn (bag <region of the Relic>)."
            )
        if chosen != action.verb:
            return tr("This turn the Bag is {relic}.", relic=the(chosen))
        return RELICS[chosen].refusal(s, race, action)

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        if bag_choice(s) != "scepter" or BAG not in s.turn.used or not own_turn(s, race):
            return 0
        return doubled(s, race, regions, BAG)

    def on_decline(self, s: GameState, race: RaceState) -> None:
        for rid in range(len(s.regions)):
            drop_marker(s, rid, BAG)
        race.pieces.pop(BAG, None)
