"""The special powers of Small World Underground [SWU "Special Powers"], one small class each.

This module holds the powers that score and those that act on their own when a region is
lost or a race goes into decline (Immortal, Martyr, Thieving, Vanishing, Vengeful, Wise).
The Vampire's substitution, a conquest of its own, is in ``vampire``; the powers that place
pieces or change the turn (Royal, Shield, Reborn, Tomb) in ``power_acts``. The package
imports them in that order, after this module. Magic is with the Relics
(``engine.worlds.underground.magic``).

[SWU "Special Powers"] "when we use the term "you" or "your", we mean the Race tokens of your
race associated with this Special Power": every count below is over the race's own regions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, power_ability
from engine.core.actions import Action, register_action
from engine.core.board import (
    clear_region,
    event,
    mapdef,
    marker_limit,
    regions_of,
)
from engine.core.bonuses import terrain_bonus
from engine.core.content import treasures
from engine.core.state import GameState, RaceState
from engine.core.turn import can_decline
from engine.core.turns import decline_turn
from lang import tr

from .regionsets import groups

# --- scoring ----------------------------------------------------------------------------------


@power_ability
class Adventurous(Ability):
    """[SWU "Adventurous"] "Collect 1 bonus Victory coin for each Region containing a Popular
    Place that you occupy at turn's end." """

    name = "Adventurous"
    needs_treasures = ("place",)

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        places = {k for k, t in treasures().items() if t.kind == "place"}
        return sum(1 for rid in regions if places.intersection(s.regions[rid].markers))


@power_ability
class Fisher(Ability):
    """[SWU "Fisher"] "Collect 1 bonus Victory coin for each complete pair of Coastal Regions
    that you occupy at turn's end. Coastal Regions are all those sharing a border with the
    River, excluding the River Regions themselves." """

    name = "Fisher"
    needs = ("River",)

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        m = mapdef(s)
        # On the surface the Seas and the Lake are its River ("transferred ... vice versa").
        coastal = sum(
            1
            for rid in regions
            if m.regions[rid].coastal and not (m.regions[rid].river or m.regions[rid].water)
        )
        return coastal // 2


@power_ability
class Flocking(Ability):
    """[SWU "Flocking"] "Collect 2 bonus Victory coins if all of your Regions form a single
    set of Regions on the map at turn's end." Adjacency a power gives counts (``groups``)."""

    name = "Flocking"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return 2 if groups(s, race, regions) == 1 else 0


@power_ability
class Frightened(Ability):
    """[SWU "Frightened"] "Collect 1 bonus Victory coin for each Region you occupy with at
    least 3 Race tokens at turn's end." """

    name = "Frightened"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return sum(1 for rid in regions if s.regions[rid].tokens >= 3)


Mining = power_ability(
    terrain_bonus(
        "Mine",
        name="Mining",
        doc='[SWU "Mining"] "Collect 1 bonus Victory coin for each Mining Region you occupy at '
        "turn's end.\"",
    )
)


Muddy = power_ability(
    terrain_bonus(
        "Mudpool",
        name="Muddy",
        in_decline=True,
        doc='[SWU "Muddy"] "Collect 1 bonus Victory coin for each Muddy Region you occupy at '
        "turn's end, even when In Decline.\" The badge stays with the race in decline "
        "[SWU p.8].",
    )
)


Mystic = power_ability(
    terrain_bonus(
        "Mystic Crystals",
        name="Mystic",
        doc='[SWU "Mystic"] "Collect 1 bonus Victory coin for each Mystic Crystal Region you '
        "occupy at turn's end.\"",
    )
)


@power_ability
class Quarreling(Ability):
    """[SWU "Quarreling"] "Collect 1 bonus Victory coin for each separate set of Regions ...
    your Quarreling tokens occupy at turn's end." Sets as for Flocking (``groups``), except
    that a Place's links (the Great Brass Pipe's), which could only merge sets and cost the
    player coins, are not used: "Using a Popular Place's power is always optional"."""

    name = "Quarreling"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return groups(s, race, regions, places=False)


Stone = power_ability(
    terrain_bonus(
        "Black Mountain",
        name="Stone",
        doc='[SWU "Stone"] "Collect 1 bonus Victory coin for each Black Mountain Region you '
        "occupy at turn's end.\"",
    )
)


@power_ability
class Wise(Ability):
    """[SWU "Wise"] "At the end of any turn your Wise tokens are In Decline (including the turn
    you send them In Decline), if they still occupy at least 1 Region on the board, score 2
    bonus Victory coins." Scores are counted at the end of the owner's own turns only."""

    name = "Wise"
    active = False
    in_decline = True

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        return 2 if regions else 0


@power_ability
class Thieving(Ability):
    """[SWU "Thieving"] "Collect 1 bonus Victory coin from each player with at least one active
    Race token bordering one of the Regions your Thieves occupy at turn's end."

    Each such player pays once, whatever the number of bordering regions; a player with no
    coin pays nothing (ruling §6.2 #27). Each payment is a public ``steal`` event saying who
    paid whom how much (0 tells only that the player had no coin), never a balance. The coins
    taken count in the thief's private score of the turn.
    """

    name = "Thieving"

    def score(self, s: GameState, race: RaceState, regions: list[int]) -> int:
        m = mapdef(s)
        near: set[int] = set()
        for rid in regions:
            near |= m.regions[rid].adjacent
        victims = sorted(
            {
                s.regions[rid].owner
                for rid in near
                if s.regions[rid].owner not in (-1, race.owner)
                and s.players[s.regions[rid].owner].active == s.regions[rid].race
            }
        )
        taken = 0
        for seat in victims:
            paid = 1 if s.players[seat].coins > 0 else 0
            s.players[seat].coins -= paid
            taken += paid
            event(s, "steal", seat=race.owner, race=race.name, victim=seat, coins=paid)
        return taken


# --- losses -----------------------------------------------------------------------------------


@power_ability
class Immortal(Ability):
    """[SWU "Immortal"] "When the enemy conquers one of your Regions, keep all your Immortal
    tokens in hand for redeployment at the end of the current player's turn, rather than
    discarding 1 back in the storage tray."

    A substitution still costs the token: [SWU "Vampire"] "If an Immortal token is vampirized,
    its token is lost" (``Vampire.perform`` passes ``losses=1`` to ``take_region``).
    """

    name = "Immortal"
    losses = 0


@power_ability
class Martyr(Ability):
    """[SWU "Martyr"] "Collect 1 bonus Victory coin from the bank each time one of the Regions
    your Martyrs occupy is conquered by an opponent."

    The coin comes at once (FR "immédiatement"), told by a public ``martyr`` event (the gain,
    never the balance). Active Martyrs only: the badge says nothing of decline.
    """

    name = "Martyr"

    def on_lost(self, s: GameState, race: RaceState, attacker: RaceState, rid: int) -> None:
        s.players[race.owner].coins += 1
        event(s, "martyr", seat=race.owner, race=race.name, region=rid, by=attacker.owner, coins=1)


# --- decline ----------------------------------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Vanish(Action):
    """Decline using the Vanishing power the Stonehedge drew: every token leaves the map and
    each region pays 2 coins."""

    verb: ClassVar[str] = "vanish"

    def describe(self, s: GameState) -> str:
        return tr("Go into decline with the Stonehedge's Vanishing · 2 coins per region")


@power_ability
class Vanishing(Ability):
    """[SWU "Vanishing"] "When sending your Vanishing tokens In Decline, remove them all but
    collect 2 Victory coins per region they occupy, instead of 1."

    The tokens leave the map as the race goes into decline, so the decline turn's scoring
    finds none of its regions; the 2 coins per region are paid here, told by a public
    ``vanishing`` event (regions and coins: the count is public, the balance is not). The
    player's older race In Decline is still removed (ruling §6.2 #18): ``go_into_decline``
    does that after this hook, and the empty banner leaves when the turn closes.
    """

    name = "Vanishing"
    handles = (Vanish,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        # Drawn by the Stonehedge, the power is the player's to use or not [SWU p.15]:
        # "that player is not forced to use Vanishing" — so declining offers both.
        if race.power == self.name or race.in_decline or not can_decline(s):
            return []
        return [Vanish()]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        s.turn.used.append("vanish")
        decline_turn(s)

    def on_decline(self, s: GameState, race: RaceState) -> None:
        if race.power != self.name and "vanish" not in s.turn.used:
            return  # the Stonehedge's Vanishing, not chosen: a plain decline
        own = regions_of(s, race.name)
        tokens = sum(s.regions[rid].tokens for rid in own)
        for rid in own:
            clear_region(s, rid)
        s.players[race.owner].coins += 2 * len(own)
        event(
            s,
            "vanishing",
            seat=race.owner,
            race=race.name,
            regions=own,
            tokens=tokens,
            coins=2 * len(own),
        )


@power_ability
class Vengeful(Ability):
    """[SWU "Vengeful"] "Give 1 Vengeance marker to each player that attacks any of your races
    during his turn. During your next turn, you can attack any Region occupied by that
    player's tokens (active or In Decline) at a cost of 1 less token than normal. A minimum
    of 1 Vengeful troops token is still required. At the end of your turn, take any
    Vengeance markers you had given to your opponents earlier back in your hand."

    "Attacks" means conquers a region of any of the player's races, substitutions included
    (ruling §6.2 #19); a failed final conquest takes nothing and gives nothing. One marker per
    player, 4 in the box. ``PlayerState.marks`` lists the seats holding one. The markers come
    back at the end of each of the owner's turns, and when the Vengeful race goes into
    decline (its power ends there).
    """

    name = "Vengeful"

    def on_seat_lost(self, s: GameState, race: RaceState, attacker: RaceState, rid: int) -> None:
        marks = s.players[race.owner].marks
        seat = attacker.owner
        if seat in marks or len(marks) >= marker_limit("vengeance"):
            return
        marks.append(seat)
        event(s, "vengeance", seat=race.owner, race=race.name, to=seat, region=rid)

    def cost_delta(self, s: GameState, race: RaceState, rid: int) -> int:
        owner = s.regions[rid].owner
        if s.turn.seat != race.owner or owner in (-1, race.owner):
            return 0
        return -1 if owner in s.players[race.owner].marks else 0

    def on_redeploy_end(self, s: GameState, race: RaceState) -> None:
        if s.turn.seat == race.owner:
            self._reclaim(s, race)

    def on_decline(self, s: GameState, race: RaceState) -> None:
        self._reclaim(s, race)

    @staticmethod
    def _reclaim(s: GameState, race: RaceState) -> None:
        marks = s.players[race.owner].marks
        if marks:
            event(s, "vengeance_back", seat=race.owner, race=race.name, seats=list(marks))
            marks.clear()
