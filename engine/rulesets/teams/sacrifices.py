"""The sacrifices the Sigil of Sacrifice asks for [TEAMS "Sigil of Sacrifice"]: a loss
heard, the question queued and put to the player who would sacrifice, and their answer.

The Place itself (taking it, its mode, its record, the standing orders) is in ``sigil``;
this module is the other half of how it plays, the interruption in the middle of a turn
(a ``sigil`` entry of ``TurnState.pending``, the core's ``interrupts``): when a conquest
makes the race concerned lose a token, the player who would sacrifice is asked, as their
standing order allows, to sacrifice a token from a region of their choice
(``SigilSacrifice``) or to refuse (``SigilRefuse``, the default). The token saved goes
back to its race's hand, to be redeployed as any defender's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.abilities import Ability, after_action
from engine.core.actions import Action, register_action
from engine.core.board import event, regions_of, take_token
from engine.core.interrupts import register_interrupt, watch_losses
from engine.core.market import remove_race
from engine.core.names import race as race_name
from engine.core.state import GameState, Pending, RaceState
from lang import tr

from .sigil import (
    KEY,
    ORDERS,
    SigilOrder,
    holder,
    set_order,
    sigil_state,
    standing_order,
    willing_to_be_asked,
)

#: The kind of the pending decision a sacrifice asks for.
KIND = "sigil"


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


# --- losses and the questions they ask ---------------------------------------------------


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


ANSWER = register_interrupt(KIND, SigilAnswer())
