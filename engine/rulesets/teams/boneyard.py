"""Team play's Bony's Boneyard [TEAMS "Bony's Boneyard"] (checklist T-P2).

"As soon as your troops occupy the Boneyard, place Bony the Lich on one In Decline banner of
your choice (your own, your ally's one of your enemies'). This immediately makes all
corresponding In Decline tokens on the board immune to any opponents' racial & special powers,
as well as to any Relic or Popular place under their control. If your troops occupying the
Boneyard go In Decline or abandon the region that contains it, Bony immediately abandons the In
Decline banner he was protecting and goes back next to the board, waiting for some new active
troops to conquer the Boneyard."

Where Bony sits is ``GameState.bony`` (the banner's name; public, ``view["bony"]``). The
immunity is the core's Gnome rule (``power_proof``: "no power, Place or Relic works against
this region" during other players' turns): the Boneyard lends it to the banner under Bony
(``lends_to_others``), never to normal conquest. Bony's placement is a choice the occupier
must make at once (``must``, a deadline takes the first banner offered: the occupier's own,
then the ally's, then the others in seat order). Bony leaves (``follow_bony``, after every
action) when the Boneyard is no longer held by active troops, or by other troops than those
that placed him (conquered: ruling 80), or when his banner leaves the board (ruling 81).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, after_action, treasure_ability
from engine.core.actions import Action, register_action
from engine.core.board import event, regions_of
from engine.core.names import race as race_name
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from lang import tr

from .pieces import own_turn, partner_of, seat_label, spot

BONEYARD = "boneyard"


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceBony(Action):
    """Bony's Boneyard: put Bony the Lich on the In Decline banner holding ``region``."""

    verb: ClassVar[str] = "bony"
    #: The region only names the banner Bony shields (ruling 84).
    harmless: ClassVar[bool] = True
    region: int

    def describe(self, s: GameState) -> str | None:
        if not 0 <= self.region < len(s.regions):
            return None
        r = s.regions[self.region]
        if r.race is None:
            return None
        if r.owner == s.turn.seat:
            return tr(
                "Put Bony the Lich on your In Decline {race} (immune to opponents' powers)",
                race=race_name(r.race),
            )
        return tr(
            "Put Bony the Lich on {who}'s In Decline {race} (immune to opponents' powers)",
            who=seat_label(s, r.owner),
            race=race_name(r.race),
        )


def banners(s: GameState, seat: int) -> list[str]:
    """The In Decline banners on the board Bony may sit on, for ``seat`` to choose: its own
    first, then its ally's, then the others in seat order."""
    ally = partner_of(s, seat)
    found = [r for r in s.races.values() if r.in_decline and regions_of(s, r.name)]
    found.sort(key=lambda r: (r.owner != seat, r.owner != ally, r.owner, r.name))
    return [r.name for r in found]


class BonyWard(Ability):
    """What Bony lends the banner he sits on: the core's Gnome rule (``power_proof``)."""

    name = "Bony"
    in_decline = True
    power_proof = True


WARD = BonyWard()


def keeper(s: GameState) -> RaceState | None:
    """The active troops occupying the Boneyard, if any."""
    rid = spot(s, BONEYARD)
    if rid is None:
        return None
    name = s.regions[rid].race
    race = s.races.get(name) if name else None
    return race if race is not None and not race.in_decline else None


@treasure_ability
class BonysBoneyard(Ability):
    """[TEAMS "Bony's Boneyard"] As soon as your troops occupy it, put Bony the Lich on an In
    Decline banner of your choice: its tokens are immune to opponents' race and special powers
    and to their Relics and Places (not to normal conquest), until your troops there go In
    Decline or leave.

    ``power_proof`` is set on the class so that ``gamehooks.map_hooks`` knows a game with the
    Boneyard may have a power-proof race; the flag works only through what it lends.
    """

    name = BONEYARD
    handles = (PlaceBony,)
    lends_after = "bony"
    lends_to_others = True
    lendable = (WARD,)
    power_proof = True

    def lends(self, s: GameState, race: RaceState) -> Ability | None:
        if s.bony != race.name or not race.in_decline or keeper(s) is None:
            return None
        return WARD

    def must(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if s.bony is not None or t.phase not in (CONQUER, REDEPLOY) or not own_turn(s, race):
            return []
        if keeper(s) is not race:
            return []
        return [PlaceBony(min(regions_of(s, name))) for name in banners(s, race.owner)]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, PlaceBony)
        name = s.regions[action.region].race
        assert name is not None
        s.bony = name
        event(
            s,
            "bony",
            seat=race.owner,
            race=race.name,
            banner=name,
            banner_seat=s.races[name].owner,
            region=spot(s, BONEYARD),
        )

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, PlaceBony)
        if s.bony is not None:
            return tr(
                "Bony the Lich already protects the In Decline {race}.", race=race_name(s.bony)
            )
        if keeper(s) is not race or not own_turn(s, race):
            return tr(
                "Bony is placed by the active troops occupying Bony's Boneyard, on their turn.",
            )
        rid = action.region
        name = s.regions[rid].race if 0 <= rid < len(s.regions) else None
        if name is None or name not in banners(s, race.owner):
            return tr("Region {region} holds no In Decline banner for Bony.", region=rid)
        return None

    def on_conquer(self, s: GameState, race: RaceState, rid: int) -> None:
        # New troops took the Boneyard: Bony leaves the banner the old ones chose (ruling 80).
        if rid == spot(s, BONEYARD) and s.bony is not None:
            bony_leaves(s, "conquered")

    def on_decline(self, s: GameState, race: RaceState) -> None:
        if s.bony is not None and keeper(s) is race:
            bony_leaves(s, "decline")


def bony_leaves(s: GameState, why: str) -> None:
    """Bony goes back next to the board."""
    name = s.bony
    s.bony = None
    event(s, "bony_leaves", banner=name, why=why, region=spot(s, BONEYARD))


@after_action(BONEYARD)
def follow_bony(s: GameState) -> None:
    """Bony stays only while active troops hold the Boneyard and his banner is In Decline on
    the board: after any action that ends that (an abandonment, a decline, the banner's last
    region lost), he goes back next to the board."""
    name = s.bony
    if name is None:
        return
    race = s.races.get(name)
    if race is None or not race.in_decline:
        bony_leaves(s, "gone")
    elif keeper(s) is None:
        bony_leaves(s, "left")
