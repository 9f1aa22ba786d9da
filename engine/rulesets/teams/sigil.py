"""The Sigil of Sacrifice [TEAMS "Sigil of Sacrifice"], a team-play Place, its record, and
the standing orders that answer for a player when a sacrifice is asked of them. The
sacrifices themselves, asked in the middle of a turn and answered, are in ``sacrifices``.

[TEAMS] "As soon as your troops occupy the Sigil of Sacrifice, you may, at your choice and
depending on circumstances: Choose to take losses in lieu of another race (your own In
Decline, one of your ally's or even one of your enemies). In this case, whenever that race
would normally lose a token, you may sacrifice one of your own active tokens instead,
allowing the race you protected to redeploy their token while you lose yours. Or ask another
race to take losses in your stead; that player must be willing to do so (and could be
yourself, if you're willing to sacrifice your own In Decline race!). In this case, whenever
you would normally lose a race token, that player may sacrifice one his race token instead;
the player chooses which Region to take it from, and could refuse, in which case no
sacrifice occurs. You can then redeploy your own token as normal, instead of losing it.
All sacrificed tokens are voluntarily lost; this means they can never be kept, regardless
of their (or their player's) particular powers; Elves are still lost, Pygmies throw no
dice, etc."

How it plays (rulings 86-90 in ``docs/rulings.md``, "Team play"):

- Taking the Sigil's region (or discovering it there) asks the occupier for a mode at once
  (``SigilMode``, a ``must`` choice; the deadline's default is no mode): take another race's
  losses (``take``), or ask another race to take yours (``give``).
- When a conquest makes the race concerned lose a token, the player who would sacrifice is
  asked in the middle of the turn (``sacrifices``: a ``sigil`` entry of
  ``TurnState.pending``, the core's ``interrupts``): sacrifice a token from a region of
  their choice (``SigilSacrifice``) or refuse (``SigilRefuse``, the default). The token
  saved goes back to its race's hand, to be redeployed as any defender's.
- A player is asked only as their standing order allows (``SigilOrder``): ``ask`` ("always
  offer": ask me every time), ``ally`` ("only my ally": ask me only when my ally or I am on
  the other side; otherwise refuse for me, the default) or ``never``. The holder, who
  named the race it protects, is asked unless its order is ``never``. The order is set on
  one's own turn (a free action once the Sigil is in play) or while being asked; when it
  does not allow asking, no one waits.
- [TEAMS "Righteous Relics and Popular Places"] "Relics & Places can never be used by Races
  that are In Decline, even Ghouls": an In-Decline holder has no mode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.abilities import Ability, treasure_ability, treasure_spots
from engine.core.actions import Action, register_action
from engine.core.board import event, regions_of
from engine.core.interrupts import free_actions
from engine.core.names import race as race_name
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from lang import N_, tr

from .seats import partner

#: The Sigil's key: its treasure name, and its record's in ``GameState.extras``.
KEY = "sigil"
#: The modes: none, take another race's losses, ask another race to take yours.
MODES = ("", "take", "give")
#: Standing orders, by number: "always offer" (ask me), "only my ally", "never".
ORDERS = ("ask", "ally", "never")
ORDER_TEXT = {"ask": N_("always offer (ask me)"), "ally": N_("only my ally"), "never": N_("never")}
#: The standing order of a player who has set none (ruling 88).
DEFAULT_ORDER = "ally"


# --- state -----------------------------------------------------------------------------


def sigil_state(s: GameState) -> dict[str, Any]:
    """The Sigil's record in the game (``GameState.extras``): the holder ``race``, its
    ``mode`` and ``target`` race, whether the holder is ``choosing``, the players'
    standing ``orders`` (by seat, as text), the sacrifices being ``asked`` (one per
    ``sigil`` entry of ``TurnState.pending``, in order) and those ``queued`` by the action
    under way."""
    st = s.extras.get(KEY)
    if st is None:
        st = s.extras[KEY] = {
            "race": None,
            "mode": "",
            "target": None,
            "choosing": False,
            "orders": {},
            "asked": [],
            "queued": [],
        }
    return st


def standing_order(s: GameState, seat: int) -> str:
    """A player's standing order (``DEFAULT_ORDER`` until they set one)."""
    st = s.extras.get(KEY)
    found = st["orders"].get(str(seat)) if st else None
    return found if isinstance(found, str) else DEFAULT_ORDER


def willing_to_be_asked(s: GameState, seat: int, other: int) -> bool:
    """Whether ``seat``'s standing order lets them be asked to sacrifice for (or accept a
    sacrifice from) the player in ``other``."""
    order = standing_order(s, seat)
    if order == "ask":
        return True
    if order == "ally":
        return other in (seat, partner(seat))
    return False


def race_ref(s: GameState, race: RaceState) -> tuple[int, int]:
    """A race as (owner seat, 0 for the active race or 1 + its place among the declined)."""
    p = s.players[race.owner]
    if p.active == race.name:
        return race.owner, 0
    return race.owner, 1 + p.declined.index(race.name)


def race_at(s: GameState, seat: int, which: int) -> RaceState | None:
    """The race ``race_ref`` names, if it is in play."""
    if not 0 <= seat < len(s.players):
        return None
    p = s.players[seat]
    name = p.active if which == 0 else None
    if 1 <= which <= len(p.declined):
        name = p.declined[which - 1]
    return s.races.get(name) if name else None


def holder(s: GameState) -> RaceState | None:
    """The active race holding the Sigil's region with a mode chosen, if any."""
    st = s.extras.get(KEY)
    if not st or not st["mode"] or st["race"] is None:
        return None
    spot = treasure_spots(s).get(KEY)
    race = s.races.get(st["race"])
    if spot is None or race is None or race.in_decline or s.regions[spot].race != race.name:
        return None
    return race


def sigil_view(s: GameState) -> dict[str, Any] | None:
    """What everyone sees of the Sigil (None before it is discovered): who holds it and in
    which mode, and each player's standing order (orders are given at the table)."""
    st = s.extras.get(KEY)
    if st is None:
        return None
    h = holder(s)
    target = s.races.get(st["target"]) if h is not None and st["target"] else None
    if target is not None and target.owner != st.get("target_seat", target.owner):
        target = None  # the race named left the map; its banner is someone else's now
    return {
        "region": treasure_spots(s).get(KEY),
        "holder_seat": h.owner if h is not None else None,
        "race": h.name if h is not None else None,
        "mode": st["mode"] if h is not None else "",
        "target": target.name if target is not None else None,
        "target_seat": target.owner if target is not None else None,
        "orders": [standing_order(s, seat) for seat in range(len(s.players))],
    }


# --- actions ---------------------------------------------------------------------------


@register_action
@dataclass(slots=True, unsafe_hash=True)
class SigilMode(Action):
    """Choose the Sigil's mode on occupying it: ``mode`` 0 none, 1 take the losses of the
    race ``(seat, which)`` (see ``race_ref``), 2 ask that race to take yours."""

    verb: ClassVar[str] = "sigil"
    mode: int
    seat: int
    which: int

    def describe(self, s: GameState) -> str | None:
        if self.mode == 0:
            return tr("Sigil of Sacrifice: no sacrifices")
        race = race_at(s, self.seat, self.which)
        if race is None:
            return None
        who, name = s.players[race.owner].name, race_name(race.name)
        if self.mode == 1:
            return tr("Sigil of Sacrifice: take the losses of {who}'s {race}", who=who, race=name)
        return tr("Sigil of Sacrifice: ask {who}'s {race} to take your losses", who=who, race=name)


@register_action
@dataclass(slots=True, unsafe_hash=True)
class SigilOrder(Action):
    """Set your standing order for the Sigil's sacrifices: ``order`` 0 always offer (ask
    me), 1 only my ally, 2 never."""

    verb: ClassVar[str] = "standing"
    order: int

    def describe(self, s: GameState) -> str | None:
        if not 0 <= self.order < len(ORDERS):
            return None
        return tr("Sigil standing order: {order}", order=tr(ORDER_TEXT[ORDERS[self.order]]))


# --- the Place -------------------------------------------------------------------------


@treasure_ability
class SigilOfSacrifice(Ability):
    """Team play. On taking it, choose: sacrifice your active tokens for another race's
    losses, or let another race's player sacrifice theirs for yours, if willing. Sacrificed
    tokens are always lost.

    Each loss asks the player who would sacrifice, as their standing order allows."""

    name = KEY
    handles = (SigilMode,)

    def on_discover(self, s: GameState, race: RaceState, rid: int) -> None:
        self.occupied(s, race)

    def on_conquer(self, s: GameState, race: RaceState, rid: int) -> None:
        if treasure_spots(s).get(KEY) == rid:
            self.occupied(s, race)

    def occupied(self, s: GameState, race: RaceState) -> None:
        """[TEAMS] "As soon as your troops occupy the Sigil": the occupier chooses a mode
        (none while in decline: Places never work for a race In Decline)."""
        st = sigil_state(s)
        st.update(race=race.name, mode="", target=None, choosing=not race.in_decline)

    def must(self, s: GameState, race: RaceState) -> list[Action]:
        st = s.extras.get(KEY)
        if not st or not st["choosing"] or st["race"] != race.name:
            return []
        out: list[Action] = [SigilMode(0, 0, 0)]
        others = [r for r in s.races.values() if r.name != race.name and _in_play(s, r)]
        refs = sorted(race_ref(s, r) for r in others)
        out += [SigilMode(1, seat, which) for seat, which in refs]
        out += [SigilMode(2, seat, which) for seat, which in refs]
        return out

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, SigilMode)
        st = sigil_state(s)
        target = race_at(s, action.seat, action.which) if action.mode else None
        st.update(
            mode=MODES[action.mode] if target is not None else "",
            target=target.name if target is not None else None,
            target_seat=target.owner if target is not None else None,
            choosing=False,
        )
        event(
            s,
            "sigil",
            seat=race.owner,
            race=race.name,
            mode=st["mode"],
            target=st["target"],
            target_seat=target.owner if target is not None else None,
        )


def _in_play(s: GameState, race: RaceState) -> bool:
    """A race a mode may name: on the board, or some player's active race."""
    return s.players[race.owner].active == race.name or bool(regions_of(s, race.name))


# --- standing orders -------------------------------------------------------------------


def set_order(s: GameState, seat: int, order: int) -> None:
    """Record a player's standing order."""
    sigil_state(s)["orders"][str(seat)] = ORDERS[order]
    event(s, "standing_order", seat=seat, order=ORDERS[order])


#: ``TurnState.used`` holds this once the player set their standing order this turn.
ORDER_USED = "sigil-order"


class SigilOrders(Ability):
    """The standing order, a free action on one's own turn once the Sigil is in play (once
    a turn: changing it back and forth changes nothing)."""

    name = "sigil orders"
    handles = (SigilOrder,)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if KEY not in s.extras:
            return []
        t = s.turn
        if t.pending or t.phase not in (CONQUER, REDEPLOY) or race.owner != t.seat:
            return []
        if ORDER_USED in t.used:
            return []
        return list(_OFFERS[standing_order(s, t.seat)])

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, SigilOrder)
        set_order(s, s.turn.seat, action.order)
        s.turn.used.append(ORDER_USED)


#: The standing orders on offer to a player whose order is the key (every other one), made
#: once: actions are values, never changed once made.
_OFFERS = {
    current: tuple(SigilOrder(i) for i, o in enumerate(ORDERS) if o != current)
    for current in ORDERS
}


ORDERS_ACTION = free_actions(SigilOrders())
