"""The fourteen races of Small World [SW pp.8-9], one small class each."""

from __future__ import annotations

from .abilities import Ability, race_ability
from .actions import Action, Enchant
from .board import (
    add_marker,
    clear_region,
    drop_marker,
    event,
    mapdef,
    marker_limit,
    marker_total,
    nonempty_conquests,
    regions_of,
    tray,
)
from .conquest import neighbourhood, take_region, targets
from .state import CONQUER, GameState, RaceState


def _count(s: GameState, regions: list[int], terrain: str = "", feature: str = "") -> int:
    m = mapdef(s)
    return sum(
        1
        for rid in regions
        if (not terrain or m.regions[rid].terrain == terrain)
        and (not feature or feature in m.regions[rid].features)
    )


@race_ability
class Amazons(Ability):
    """Four tokens conquer but never defend: removed after redeploying, back when readied."""

    name = "Amazons"

    def on_ready(self, s: GameState, race: RaceState) -> None:
        race.hand += race.reserve
        race.reserve = 0

    def on_redeploy_end(self, s: GameState, race: RaceState) -> None:
        # "remove four tokens from the map, making sure to leave at least one Amazon token in
        # each of your Regions if possible": take from the fullest regions first; only when
        # every region is down to one token does a region empty (lowest id first).
        need = 4
        own = [i for i, r in enumerate(s.regions) if r.race == race.name]
        while need and own:
            rid = max(own, key=lambda i: (s.regions[i].tokens, -i))
            region = s.regions[rid]
            if region.tokens <= 1:
                rid = min(own)
                region = s.regions[rid]
            region.tokens -= 1
            race.reserve += 1
            need -= 1
            if region.tokens == 0:
                clear_region(s, rid)
                own.remove(rid)
        # Tokens still in hand (no region to hold them) also wait off the board.
        take = min(need, race.hand)
        race.hand -= take
        race.reserve += take


@race_ability
class Dwarves(Ability):
    """+1 coin per Mine region, even in decline."""

    name = "Dwarves"
    in_decline = True

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return _count(s, regions, feature="Mine")


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

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        m = mapdef(s)
        for n in m.regions[rid].adjacent:
            if s.regions[n].race == race.name and m.regions[n].terrain == "Mountain":
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

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return _count(s, regions, terrain="Farmland")


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
        near = neighbourhood(s, race, own) if own else set()
        out: list[Action] = []
        for rid in targets(s, race):
            r = s.regions[rid]
            if r.tokens != 1 or r.owner in (-1, race.owner) or r.owner in t.enchanted:
                continue
            if s.players[r.owner].active != r.race or r.markers.get("camp"):
                continue
            if rid not in near:
                continue
            out.append(Enchant(rid))
        return out

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, Enchant)
        victim = s.regions[action.region].owner
        s.turn.enchanted.append(victim)
        take_region(s, race, action.region, 1, how="enchant")


@race_ability
class Tritons(Ability):
    """-1 token to conquer a region bordering a Sea or the Lake."""

    name = "Tritons"

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

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return _count(s, regions, feature="Magic Source")
