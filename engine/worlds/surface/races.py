"""The fourteen races of Small World [SW pp.8-9], one small class each."""

from __future__ import annotations

from engine.core import withdrawal
from engine.core.abilities import Ability, race_ability
from engine.core.actions import Action
from engine.core.board import (
    add_marker,
    clear_region,
    count_regions,
    drop_marker,
    event,
    mapdef,
    marker_limit,
    marker_total,
    nonempty_conquests,
    regions_of,
    tray,
)
from engine.core.conquest import neighbourhood, targets
from engine.core.defences import lone_active_token
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from engine.core.taking import take_region
from lang import ntr, tr

from .actions import Enchant, Withdraw

#: Amazon tokens that conquer but never defend [SW p.8].
AMAZON_LOAN = 4


@race_ability
class Amazons(Ability):
    """Four tokens conquer but never defend: the player withdraws them after redeploying, and
    they come back when the troops are readied.

    [SW p.8] "At the end of each of your Troop Redeployments ..., remove four tokens from the
    map, making sure to leave at least one Amazon token in each of your Regions if possible".
    The player chooses which (``Withdraw``); tokens still in hand when the redeployment ends
    count first, as they never reached the map. The 4 wait in ``race.reserve``.
    """

    name = "Amazons"
    handles = (Withdraw,)

    def on_ready(self, s: GameState, race: RaceState) -> None:
        race.hand += race.reserve
        race.reserve = 0

    def _due(self, s: GameState, race: RaceState) -> int:
        """Tokens that must still come off the map: 4, less those withdrawn and those in hand.

        Only in the Amazons' own redeployment, where the reserve starts empty (``on_ready``
        put it in hand); a defender's placement is not their Troop Redeployment.
        """
        t = s.turn
        if t.phase != REDEPLOY or t.race != race.name:
            return 0
        return max(0, AMAZON_LOAN - race.reserve - race.hand)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        due = self._due(s, race)
        if not due:
            return []
        # "leave at least one Amazon token in each of your Regions if possible".
        return withdrawal.options(s, race, due, Withdraw)

    def owed(self, s: GameState, race: RaceState) -> Action | None:
        if not self._due(s, race):
            return None
        # None once nothing is left to withdraw: no choice remains.
        return withdrawal.default(s, race, Withdraw)

    def owed_reason(self, s: GameState, race: RaceState) -> str:
        due = self._due(s, race)
        return ntr(
            "Remove your {loan} Amazon tokens first: {n} more must come off the map "
            "(tokens still in hand count), leaving one in each region "
            "while any region holds two or more.",
            "Remove your {loan} Amazon tokens first: {n} more must come off the map "
            "(tokens still in hand count), leaving one in each region "
            "while any region holds two or more.",
            due,
            loan=AMAZON_LOAN,
        )

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, Withdraw)
        region = s.regions[action.region]
        region.tokens -= action.count
        race.reserve += action.count
        if region.tokens == 0:
            clear_region(s, action.region)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, Withdraw)
        t = s.turn
        if t.phase != REDEPLOY or t.race != race.name:
            return tr(
                "The Amazons withdraw their {loan} tokens at the end of their own redeployment.",
                loan=AMAZON_LOAN,
            )
        rid = action.region
        why = withdrawal.problem(s, race, rid, action.count, self._due(s, race))
        if why is None:
            return None
        reason, n = why
        if reason == "none_due":
            return tr("No more Amazon tokens need to leave the map (tokens in hand count).")
        if reason == "not_yours":
            return tr("Region {region} is not one of your Amazon regions.", region=rid)
        if reason == "none":
            return tr("Withdraw at least one token.")
        if reason == "too_many":
            return ntr(
                "Only {n} more Amazon token must leave the map.",
                "Only {n} more Amazon tokens must leave the map.",
                n,
            )
        if reason == "not_held":
            return ntr(
                "Region {region} holds only {n} Amazon token.",
                "Region {region} holds only {n} Amazon tokens.",
                n,
                region=rid,
            )
        return tr(
            "Leave one token in region {region}: region {other} can still spare one, and a "
            "token must stay in each region if possible.",
            region=rid,
            other=n,
        )

    def on_redeploy_end(self, s: GameState, race: RaceState) -> None:
        # Tokens still in hand count first toward the 4: placing and lifting them again
        # would come to the same.
        take = min(max(0, AMAZON_LOAN - race.reserve), race.hand)
        race.hand -= take
        race.reserve += take


@race_ability
class Dwarves(Ability):
    """+1 coin per Mine region, even in decline."""

    name = "Dwarves"
    in_decline = True
    needs = ("Mine",)

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return count_regions(s, regions, feature="Mine")


@race_ability
class Elves(Ability):
    """Lose no token when an enemy takes one of their regions."""

    name = "Elves"
    losses = 0


@race_ability
class Ghouls(Ability):
    """All tokens stay on decline, and in decline they still conquer, before the active race."""

    name = "Ghouls"
    in_decline = True
    decline_keeps_all = True
    conquers_in_decline = True


@race_ability
class Giants(Ability):
    """-1 token to conquer a region next to a Mountain region they hold."""

    name = "Giants"
    needs = ("Mountain",)

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        m = mapdef(s)
        for n in m.regions[rid].adjacent:
            if s.regions[n].race == race.name and "Mountain" in m.regions[n].kinds:
                return -1
        return 0


@race_ability
class Halflings(Ability):
    """Enter anywhere; Holes-in-the-Ground make their first two regions immune."""

    name = "Halflings"

    def reaches_anywhere(self, s: GameState, race: RaceState, first: bool) -> bool:
        return first

    def on_conquer(self, s: GameState, race: RaceState, rid: int) -> None:
        if race.holes_placed < marker_limit("hole"):
            add_marker(s, rid, "hole")
            race.holes_placed += 1

    def on_decline(self, s: GameState, race: RaceState) -> None:
        for rid in range(len(s.regions)):
            drop_marker(s, rid, "hole")


@race_ability
class Humans(Ability):
    """+1 coin per Farmland region."""

    name = "Humans"
    needs = ("Farmland",)

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return count_regions(s, regions, terrain="Farmland")


@race_ability
class Orcs(Ability):
    """+1 coin per non-empty region conquered this turn."""

    name = "Orcs"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return nonempty_conquests(s, race)


@race_ability
class Ratmen(Ability):
    """No benefit: their numbers are enough."""

    name = "Ratmen"


@race_ability
class Skeletons(Ability):
    """+1 token from the tray for every 2 non-empty regions conquered this turn."""

    name = "Skeletons"

    def on_conquests_end(self, s: GameState, race: RaceState) -> None:
        gain = min(s.turn.nonempty_conquests // 2, tray(s, race.name))
        if gain:
            race.hand += gain
            event(s, "grow", seat=race.owner, race=race.name, tokens=gain)


@race_ability
class Sorcerers(Ability):
    """Once per opponent per turn, replace a lone active enemy token with one from the tray."""

    name = "Sorcerers"
    handles = (Enchant,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if t.phase != CONQUER or race.hand < 1 or tray(s, race.name) < 1:
            return []
        # "that Region must be adjacent to one of your Sorcerers'": no region, no spell;
        # adjacency granted by the power (Underworld's Caverns) counts.
        own = regions_of(s, race.name)
        if not own:
            return []
        near = neighbourhood(s, race, own)
        # The spell's own conditions first (a lone active token next to the Sorcerers, of a
        # player not yet enchanted this turn): they rarely hold, and then the whole
        # ``targets`` pass is skipped. The result is the same regions in the same id order.
        spells = [
            rid
            for rid in sorted(near)
            if lone_active_token(s, race, rid) and s.regions[rid].owner not in t.enchanted
        ]
        if not spells:
            return []
        open_ = set(targets(s, race))
        return [Enchant(rid) for rid in spells if rid in open_]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, Enchant)
        victim = s.regions[action.region].owner
        s.turn.enchanted.append(victim)
        take_region(s, race, action.region, 1, how="enchant")


@race_ability
class Tritons(Ability):
    """-1 token to conquer a region bordering a Sea or the Lake."""

    name = "Tritons"
    needs = ("Sea", "Lake")

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        return -1 if mapdef(s).regions[rid].coastal else 0


@race_ability
class Trolls(Ability):
    """A Troll's Lair in every region they take: +1 defence, kept in decline."""

    name = "Trolls"

    def on_conquer(self, s: GameState, race: RaceState, rid: int) -> None:
        if not s.regions[rid].markers.get("lair") and marker_total(s, "lair") < marker_limit(
            "lair"
        ):
            add_marker(s, rid, "lair")


@race_ability
class Wizards(Ability):
    """+1 coin per Magic Source region."""

    name = "Wizards"
    needs = ("Magic Source",)

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return count_regions(s, regions, feature="Magic Source")
