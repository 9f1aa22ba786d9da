"""The two Popular Places of Small World Underground whose occupant acts at the end of his
turn, while redeploying [SWU p.14]: the Altar of Souls (an In-Decline token for coins) and
the Crypt of the Tomb-raider (where its Ghost goes).

Both work for a race In Decline (the Altar fully; the Crypt only in that its conquest still
frees the Ghost), and each offers its choice once a turn, during its occupant's
redeployment, as an action of its own (``altar``, ``ghost``). The general rules of Popular
Places and the others are in ``places``; the Ghost's immunity is counted by
``board.is_immune``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, treasure_ability
from engine.core.actions import Action, register_action
from engine.core.board import add_marker, drop_marker, event, held_regions, mapdef, take_token
from engine.core.state import REDEPLOY, GameState, RaceState
from engine.core.words import where
from engine.worlds.underground.treasures import holder_region, marker_region, own_turn
from lang import tr

#: Coins of the Altar of Souls.
ALTAR_COINS = 3


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
        return tr(
            "Sacrifice 1 In-Decline token on the Altar from {region} · +3 coins",
            region=where(s, self.region),
        )


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
        # The declined races' regions from the index, not a scan of the board.
        regions = s.regions
        return sorted(
            rid
            for name in set(s.players[race.owner].declined)
            for rid in held_regions(s, name)
            if regions[rid].tokens
        )

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, AltarDiscard)
        r = s.regions[action.region]
        victim = r.race
        s.turn.used.append(self.name)
        take_token(s, action.region)
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
            return tr("The Altar of Souls is used at the end of your turn, while redeploying.")
        if self.name in s.turn.used:
            return tr("You have already used the Altar of Souls this turn.")
        if action.region not in self._victims(s, race):
            return tr("Region {region} holds none of your In-Decline tokens.", region=action.region)
        return None


# --- the Crypt of the Tomb-raider -----------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceGhost(Action):
    """Crypt of the Tomb-raider: put the Ghost in ``region`` to make it immune."""

    verb: ClassVar[str] = "ghost"
    #: The Ghost shields its region, whoever holds it (ruling 84).
    harmless: ClassVar[bool] = True
    region: int

    def describe(self, s: GameState) -> str | None:
        if not 0 <= self.region < len(s.regions):
            return None
        return tr(
            "Put the Tomb-raider's Ghost on {region} · immune to everyone",
            region=where(s, self.region),
        )


def _ghosts(n: int) -> list[PlaceGhost]:
    """``PlaceGhost(rid)`` for every region id of a board of ``n`` regions, made once (the
    Ghost may go almost anywhere, so the Crypt offers most of them at every step)."""
    found = _GHOSTS.get(n)
    if found is None:
        found = _GHOSTS[n] = [PlaceGhost(rid) for rid in range(n)]
    return found


def _passable(s: GameState) -> list[int]:
    """The regions of the map that are not impassable, in id order (once per map)."""
    found = _PASSABLE.get(s.map_id)
    if found is None:
        found = _PASSABLE[s.map_id] = [r.id for r in mapdef(s).regions if not r.impassable]
    return found


_GHOSTS: dict[int, list[PlaceGhost]] = {}
_PASSABLE: dict[str, list[int]] = {}


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
    races included (ruling §6.2 #21, ``markers.SEALING_MARKERS``). The Crypt works in decline
    only in that its conquest, by anyone, still frees the Ghost.
    """

    name = "crypt"
    in_decline = True
    handles = (PlaceGhost,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._open(s, race):
            return []
        ghosts = _ghosts(len(s.regions))
        return [ghosts[rid] for rid in self._spots(s, race)]

    def _open(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        return t.phase == REDEPLOY and own_turn(s, race) and "ghost" not in t.used

    def _spots(self, s: GameState, race: RaceState) -> list[int]:
        crypt = holder_region(s, race, self.name)
        ghost = marker_region(s, "ghost")
        regions = s.regions
        return [
            rid
            for rid in _passable(s)
            if rid != crypt and rid != ghost and not regions[rid].markers.get("balrog")
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
            return tr("Troops In Decline in the Crypt can no longer move the Ghost.")
        if s.turn.phase != REDEPLOY or not own_turn(s, race):
            return tr("The Ghost is placed at the end of your turn, while redeploying.")
        if "ghost" in s.turn.used:
            return tr("You have already placed the Ghost this turn.")
        if action.region == holder_region(s, race, self.name):
            return tr("The Ghost may go anywhere but the Crypt's own region.")
        return tr("The Ghost cannot go to region {region}.", region=action.region)

    def on_conquer(self, s: GameState, race: RaceState, rid: int) -> None:
        if s.regions[rid].markers.get(self.name):
            free_ghost(s, race.owner)
