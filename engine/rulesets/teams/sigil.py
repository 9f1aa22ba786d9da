"""The Sigil of Sacrifice [TEAMS "Sigil of Sacrifice"], a team-play Place, and the standing
orders that answer for a player when a sacrifice is asked of them.

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
  asked in the middle of the turn (a ``sigil`` entry of ``TurnState.pending``, the core's
  ``interrupts``): sacrifice a token from a region of their choice (``SigilSacrifice``) or
  refuse (``SigilRefuse``, the default). The token saved goes back to its race's hand, to be
  redeployed as any defender's.
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

from engine.core.abilities import Ability, after_action, treasure_ability, treasure_spots
from engine.core.actions import Action, register_action
from engine.core.board import event, regions_of, take_token
from engine.core.interrupts import free_actions, register_interrupt, watch_losses
from engine.core.market import remove_race
from engine.core.names import race as race_name
from engine.core.state import CONQUER, REDEPLOY, GameState, Pending, RaceState
from lang import N_, tr

from .seats import partner

KEY = "sigil"
#: The kind of the pending decision a sacrifice asks for.
KIND = "sigil"
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
class SigilSacrifice(Action):
    """Sacrifice one of your tokens in ``region`` for the race the Sigil asks about."""

    verb: ClassVar[str] = "sacrifice"
    region: int

    def describe(self, s: GameState) -> str | None:
        ask = _current_ask(s)
        if ask is None:
            return None
        return tr(
            "Sacrifice a token in region {region} so that {race} keeps theirs",
            region=self.region,
            race=race_name(ask["for"]),
        )


@register_action
@dataclass(slots=True, unsafe_hash=True)
class SigilRefuse(Action):
    """Refuse the sacrifice the Sigil asks of you: the loss stands."""

    verb: ClassVar[str] = "refuse"

    def describe(self, s: GameState) -> str | None:
        return tr("Refuse the sacrifice (the loss stands)")


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


# --- losses and the sacrifices asked ---------------------------------------------------


@watch_losses
def sigil_loss(s: GameState, defender: RaceState, rid: int, lost: int, attacker: RaceState) -> None:
    """A conquest made ``defender`` lose ``lost`` tokens: ask for a sacrifice per token if the
    Sigil's mode covers that race and the one who would sacrifice is willing to be asked."""
    if KEY not in s.extras:
        return
    h = holder(s)
    if h is None:
        return
    st = s.extras[KEY]
    named = s.races.get(st["target"]) if st["target"] else None
    if named is None or named.owner != st.get("target_seat", named.owner):
        # The race named has left the map (a race In Decline whose last region this was
        # included; its banner may be back in play for someone else since).
        return
    if st["mode"] == "take" and defender is named:
        giver, saved = h, named
    elif st["mode"] == "give" and defender is h:
        giver, saved = named, h
    else:
        return
    # The holder named the race it protects: only "never" keeps it from being asked. The
    # race named to take the holder's losses did not choose: its player's order decides.
    if not _may_ask(s, giver, saved, st["mode"]):
        return
    # Queued, and asked once the action under way is over (``ask_queued``): the rest of
    # this action (a final conquest ends the conquests) is still the active race's.
    queued = st.setdefault("queued", [])
    for _ in range(lost):
        queued.append({"seat": giver.owner, "race": giver.name, "for": saved.name})
        queued[-1]["mode"] = st["mode"]


@after_action(KEY)
def ask_queued(s: GameState) -> None:
    """After each action: the sacrifices its losses call for are asked, in order, before
    anything else (``TurnState.pending``, the core's ``interrupts``)."""
    st = s.extras.get(KEY)
    if not st or not st.get("queued"):
        return
    for q in st["queued"]:
        s.turn.pending.insert(len(st["asked"]), Pending(q["seat"], q["race"], KIND))
        st["asked"].append({"for": q["for"], "mode": q["mode"]})
    st["queued"] = []
    _prune(s)


def _may_ask(s: GameState, giver: RaceState, saved: RaceState, mode: str) -> bool:
    """Whether ``giver``'s player may be asked to sacrifice for ``saved`` (ruling 88)."""
    if mode == "take":
        return standing_order(s, giver.owner) != "never"
    return willing_to_be_asked(s, giver.owner, saved.owner)


def _current_ask(s: GameState) -> dict[str, Any] | None:
    st = s.extras.get(KEY)
    pending = s.turn.pending
    if not st or not st["asked"] or not pending or pending[0].kind != KIND:
        return None
    ask: dict[str, Any] = st["asked"][0]
    return ask


def saving(s: GameState) -> RaceState | None:
    """The race the Sigil's question now put would save (None when nothing is asked)."""
    ask = _current_ask(s)
    return s.races.get(ask["for"]) if ask is not None else None


def _prune(s: GameState) -> None:
    """Drop the asks at the front of the queue that can no longer be answered: the Sigil
    left its holder (a sacrifice emptied its region), the race that would sacrifice has no
    region left, or the race it would save left the map."""
    st = s.extras[KEY]
    pending = s.turn.pending
    held = holder(s) is not None
    while st["asked"] and pending and pending[0].kind == KIND:
        giver = s.races.get(pending[0].race)
        saved = st["asked"][0]["for"]
        if held and giver is not None and regions_of(s, giver.name) and saved in s.races:
            return
        pending.pop(0)
        st["asked"].pop(0)


class SigilAnswer(Ability):
    """The answer to a sacrifice the Sigil asks for (the ``sigil`` pending decision)."""

    name = "sigil answer"
    handles = (SigilSacrifice, SigilRefuse, SigilOrder)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        out: list[Action] = [SigilRefuse()]
        out += [SigilSacrifice(rid) for rid in regions_of(s, race.name)]
        ask = _current_ask(s)
        if ask is not None and not ask.get("ordered"):
            # The order may be set once while asked (then answer, or be answered by it).
            current = standing_order(s, race.owner)
            out += [SigilOrder(i) for i, o in enumerate(ORDERS) if o != current]
        return out

    def owed_reason(self, s: GameState, race: RaceState) -> str:
        """The question put to the player asked (for a panel or a message)."""
        saved = saving(s)
        if saved is None:
            return tr("The Sigil of Sacrifice asks nothing now.")
        name, who = race_name(saved.name), s.players[saved.owner].name
        mine = saved.owner == race.owner
        whose = tr("Your {race}", race=name) if mine else tr("{who}'s {race}", who=who, race=name)
        return tr(
            "Sigil of Sacrifice: {whose} just lost a token. Sacrifice one of your {race} tokens "
            "(from a region you choose) so they keep it, or refuse?",
            whose=whose,
            race=race_name(race.name),
        )

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        st = sigil_state(s)
        ask = st["asked"][0]
        if isinstance(action, SigilOrder):
            set_order(s, race.owner, action.order)
            ask["ordered"] = True
            saved = s.races.get(ask["for"])
            if saved is not None and _may_ask(s, race, saved, ask["mode"]):
                return  # still asked: the order allows it
            action = SigilRefuse()
        s.turn.pending.pop(0)
        st["asked"].pop(0)
        if isinstance(action, SigilSacrifice):
            sacrifice(s, race, action.region, s.races[ask["for"]])
        else:
            event(s, "sigil_refused", seat=race.owner, race=race.name, saved=ask["for"])
        _prune(s)


def sacrifice(s: GameState, giver: RaceState, rid: int, saved: RaceState) -> None:
    """[TEAMS] The giver loses a token of ``rid`` for good ("voluntarily lost ... never
    kept, regardless of ... particular powers"): no power hears of it. A region left empty
    is the giver's no more; a race In Decline with no region left leaves the map. The saved
    race takes its token back in hand, to redeploy as any defender's."""
    emptied = take_token(s, rid)
    saved.hand += 1
    event(
        s,
        "sacrifice",
        seat=giver.owner,
        race=giver.name,
        region=rid,
        saved=saved.name,
        saved_seat=saved.owner,
        emptied=emptied,
    )
    if emptied and giver.in_decline and not regions_of(s, giver.name):
        giver.hand = 0
        remove_race(s, giver.name)


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


ANSWER = register_interrupt(KIND, SigilAnswer())
ORDERS_ACTION = free_actions(SigilOrders())
