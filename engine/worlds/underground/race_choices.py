"""The Underground races whose player makes choices during the turn with pieces or dice of
their own [SWU pp.10-12]: Iron Dwarves (Silver Hammers), Shadow Mimes (the mimicked power) and
Will-o'-Wisps (the die before a conquest). Each choice is an action defined and registered
here. The package imports this module before ``races`` (ten races) and ``landmarks`` (the
Cultists and the Flames), so these three come first in the registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core import withdrawal
from engine.core.abilities import POWERS, Ability, race_ability
from engine.core.actions import Action, register_action
from engine.core.board import (
    clear_region,
    count_regions,
    event,
    held_regions,
    mapdef,
    marker_limit,
    regions_of,
    roll_die,
)
from engine.core.conquest import MAX_SHORT, conquest_cost, targets
from engine.core.content import combo_tokens, powers, races
from engine.core.costs import cost_terms
from engine.core.defences import power_proof
from engine.core.names import power as power_name
from engine.core.names import race as race_name
from engine.core.overrides import cost_abilities
from engine.core.prices import Breakdown, register_pricer
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from engine.core.taking import take_region
from engine.core.turns import end_conquests
from engine.core.words import where
from lang import ntr, tr


def conquering(s: GameState, race: RaceState) -> bool:
    """The race is the one conquering now (its owner's turn, conquest phase)."""
    t = s.turn
    return t.phase == CONQUER and t.race == race.name and not race.in_decline


# --- Iron Dwarves (U-R5) ---------------------------------------------------------------------

HAMMER = "hammer"


@register_action
@dataclass(slots=True, unsafe_hash=True)
class TakeHammers(Action):
    """Iron Dwarves: take ``count`` Silver Hammers off a region after redeploying."""

    verb: ClassVar[str] = "hammer"
    region: int
    count: int

    def describe(self, s: GameState) -> str | None:
        return ntr(
            "Take {n} Silver Hammer off {region} · back next turn",
            "Take {n} Silver Hammers off {region} · back next turn",
            self.count,
            region=where(s, self.region),
        )


@race_ability
class IronDwarves(Ability):
    """Silver Hammers: one more per Mine at each redeployment, conquering on later turns.

    [SWU p.10] "During the Troop redeployment phase of each of your turn, take 1 additional
    Silver Hammer token from the tray for each Mine Region you occupy and place it in front of
    you. From now on, and until the Dwarves go In Decline, you may use these Silver Hammers for
    conquests only, but not for defense, during the Conquest phase of your subsequent turns. At
    the end of the Troop Redeployments ... of each of your turns, remove all the Silver Hammers
    from the map, making sure to leave at least one Iron Dwarf token in each Region."

    The Hammers in front of the player are ``race.pieces["hammer"]`` (at most the 7 of the
    box, with those in play). When the troops are readied they join the hand and count as
    tokens for every conquest; ``race.borrowed`` counts them while in play, so ``board.tray``
    never counts them as Dwarves. After redeploying the player takes them off the map
    (``hammer REGION COUNT``), tokens still in hand counting first; a region is emptied only
    when no other can spare a token ("if possible", the French text), and is then abandoned
    (checklist §6.1 #5, §6.2 #16). The Hammers go back to the box on decline.
    """

    name = "Iron Dwarves"
    needs = ("Mine",)
    handles = (TakeHammers,)

    def on_ready(self, s: GameState, race: RaceState) -> None:
        n = race.pieces.pop(HAMMER, 0)
        if n:
            race.hand += n
            race.borrowed += n
            event(s, "hammers_ready", seat=race.owner, race=race.name, hammers=n)

    def on_conquests_end(self, s: GameState, race: RaceState) -> None:
        mines = count_regions(s, regions_of(s, race.name), "Mine")
        room = marker_limit(HAMMER) - race.pieces.get(HAMMER, 0) - race.borrowed
        gain = min(mines, room)
        if gain > 0:
            race.pieces[HAMMER] = race.pieces.get(HAMMER, 0) + gain
            event(s, "hammers_gained", seat=race.owner, race=race.name, hammers=gain)

    def _due(self, s: GameState, race: RaceState) -> int:
        """Hammers still on the map once the tokens in hand are counted, in the race's own
        redeployment (elsewhere none are in play)."""
        t = s.turn
        if t.phase != REDEPLOY or t.race != race.name:
            return 0
        return max(0, race.borrowed - race.hand)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        due = self._due(s, race)
        if not due:
            return []
        return withdrawal.options(s, race, due, TakeHammers)

    def owed(self, s: GameState, race: RaceState) -> Action | None:
        if not self._due(s, race):
            return None
        return withdrawal.default(s, race, TakeHammers)

    def owed_reason(self, s: GameState, race: RaceState) -> str:
        due = self._due(s, race)
        return ntr(
            "Take your Silver Hammers off the map first: {n} more "
            "(tokens still in hand count), leaving one Iron Dwarf in each "
            "region while any region holds two or more.",
            "Take your Silver Hammers off the map first: {n} more "
            "(tokens still in hand count), leaving one Iron Dwarf in each "
            "region while any region holds two or more.",
            due,
        )

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, TakeHammers)
        rid = action.region
        why = withdrawal.problem(s, race, rid, action.count, self._due(s, race))
        if why is None:
            return None
        reason, n = why
        if reason == "none_due":
            return tr("No Silver Hammer needs to leave the map now (tokens in hand count).")
        if reason == "not_yours":
            return tr("Region {region} is not one of your Iron Dwarf regions.", region=rid)
        if reason == "none":
            return tr("Take at least one Silver Hammer.")
        if reason == "too_many":
            return ntr(
                "Only {n} Silver Hammer must still leave the map.",
                "Only {n} Silver Hammers must still leave the map.",
                n,
            )
        if reason == "not_held":
            return ntr(
                "Region {region} holds only {n} token.",
                "Region {region} holds only {n} tokens.",
                n,
                region=rid,
            )
        return tr(
            "Leave one Iron Dwarf in region {region}: region {other} can still spare a token, "
            "and a Dwarf must stay in each region if possible.",
            region=rid,
            other=n,
        )

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, TakeHammers)
        region = s.regions[action.region]
        region.tokens -= action.count
        race.borrowed -= action.count
        race.pieces[HAMMER] = race.pieces.get(HAMMER, 0) + action.count
        if region.tokens == 0:
            clear_region(s, action.region)
            event(s, "abandon", seat=race.owner, race=race.name, region=action.region)

    def on_redeploy_end(self, s: GameState, race: RaceState) -> None:
        # Tokens still in hand count first: they never reached the map.
        take = min(race.borrowed, race.hand)
        if take > 0:
            race.hand -= take
            race.borrowed -= take
            race.pieces[HAMMER] = race.pieces.get(HAMMER, 0) + take

    def on_decline(self, s: GameState, race: RaceState) -> None:
        race.pieces.pop(HAMMER, None)
        race.borrowed = 0


# --- Shadow Mimes (U-R12) --------------------------------------------------------------------

MIME = "mime"
#: [SWU p.12] the power is taken "from among the 5 others visible in the list of combos".
MIME_CHOICES = 5


@register_action
@dataclass(slots=True, unsafe_hash=True)
class MimePower(Action):
    """Shadow Mimes: swap their power with the one of the combo at ``slot``."""

    verb: ClassVar[str] = "mime"
    slot: int

    def describe(self, s: GameState) -> str | None:
        if not 1 <= self.slot <= len(s.market):
            return None
        c = s.market[self.slot - 1]
        tokens = races()["Shadow Mimes"].tokens + powers()[c.power].tokens
        return ntr(
            "Mimic {power} (combo {slot}) · {n} token",
            "Mimic {power} (combo {slot}) · {n} tokens",
            tokens,
            power=power_name(c.power),
            slot=self.slot,
        )


@register_action
@dataclass(slots=True, unsafe_hash=True)
class KeepMime(Action):
    """Shadow Mimes: keep the power they were picked with."""

    verb: ClassVar[str] = "keepmime"

    def describe(self, s: GameState) -> str | None:
        return tr("Keep your power")


@race_ability
class ShadowMimes(Ability):
    """As they are picked, they may swap their power with one of the 5 other visible combos.

    [SWU p.12] "When picking a Race and Special Power combo (p. 4), if you select the Shadow
    Mimes you may immediately swap their Special Power with the Special Power of your choice,
    from among the 5 others visible in the list of combos. You do not swap or pick up the coins
    (if any) that may be on the Combo initially associated with the Special Power you are
    mimicking. You only swap the Special Power."

    The choice comes first after the pick (``keepmime`` first, so a deadline keeps the power,
    or ``mime SLOT``); the 5 are the combos that were visible beside them, now slots 1-5. The
    old power goes to that combo; the Mimes hold the banner's tokens plus the new badge's
    (checklist U-R12), and the new power starts as if picked with them.
    """

    name = "Shadow Mimes"
    handles = (MimePower, KeepMime)

    def _due(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        return conquering(s, race) and t.picked and not t.acted and MIME not in t.used

    def must(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._due(s, race):
            return []
        others = min(MIME_CHOICES, len(s.market))
        if not others:
            return []
        return [KeepMime(), *(MimePower(i + 1) for i in range(others))]

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        if not self._due(s, race):
            return tr("The Shadow Mimes choose their power only as they are picked.")
        return tr(
            "Pick a combo from 1 to {last}, or keep your power.",
            last=min(MIME_CHOICES, len(s.market)),
        )

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        s.turn.used.append(MIME)
        if isinstance(action, KeepMime):
            event(s, "mime", seat=race.owner, race=race.name, power=race.power, kept=True)
            return
        assert isinstance(action, MimePower)
        combo = s.market[action.slot - 1]
        old = race.power
        race.power, combo.power = combo.power, old
        rdef = races()[race.name]
        race.hand = min(combo_tokens(race.name, race.power), rdef.tray)
        # The old badge's pieces stay with the old badge; the new one starts afresh.
        race.pieces.clear()
        race.camps_free = 0
        event(
            s,
            "mime",
            seat=race.owner,
            race=race.name,
            power=race.power,
            gave=old,
            slot=action.slot,
        )
        new = POWERS.get(race.power)
        if new is not None:
            new.on_pick(s, race)


# --- Will-o'-Wisps (U-R15) -------------------------------------------------------------------

CRYSTALS = "Mystic Crystals"
#: The Mystic Crystal regions of each map (``WillOWisps``), by map key.
_CRYSTALS: dict[str, frozenset[int]] = {}


@register_action
@dataclass(slots=True, unsafe_hash=True)
class WispRoll(Action):
    """Will-o'-Wisps: name a region, roll the die, and conquer it if tokens and die suffice."""

    verb: ClassVar[str] = "wisp"
    reveals: ClassVar[bool] = True
    region: int

    def describe(self, s: GameState) -> str | None:
        # The player sees what the die must make up before rolling: the cost and the hand.
        race = s.races.get(s.turn.race) if s.turn.race else None
        if race is None:
            return tr("Roll the die, then conquer {region}", region=where(s, self.region))
        cost = conquest_cost(s, race, self.region)
        short = cost - race.hand
        if short > 0:
            return tr(
                "Roll the die, then conquer {region} · {short} short",
                region=where(s, self.region),
                short=short,
            )
        return ntr(
            "Roll the die, then conquer {region} · {n} token, the die may save some",
            "Roll the die, then conquer {region} · {n} tokens, the die may save some",
            cost,
            region=where(s, self.region),
        )


@register_pricer(WispRoll)
def wisp_breakdown(s: GameState, race: RaceState, action: Action) -> Breakdown | None:
    """A ``WispRoll``'s cost term by term (``conquest_cost``'s): the die, rolled once the
    region is named, makes up what the hand lacks (``WillOWisps.perform``)."""
    assert isinstance(action, WispRoll)
    rid = action.region
    if not 0 <= rid < len(s.regions):
        return None
    terms = cost_terms(s, race, rid, cost_abilities(race, s))
    return Breakdown(rid, tuple(terms), race.hand, final=True)


@race_ability
class WillOWisps(Ability):
    """They may roll the die before conquering a Mystic Crystal region or a region next to a
    Mystic Crystal region of theirs; the die lowers that conquest's cost.

    [SWU p.12] "You may use the Reinforcement die before any conquest of a Mystic Crystal
    Region or any Region adjacent to a Mystic Crystal Region your Will-o'-Wisps occupy.
    Designate the Region you wish to conquer before you roll the die. Regardless of your die
    roll result, if you have enough Will-o'-Wisp tokens left to conquer this Region, you must
    conquer it once your roll was made."

    ``wisp REGION`` names the region and rolls: when the tokens in hand cover the cost less
    the die (at least 1), the region is taken with that many; when they are still short, the
    attempt fails and the conquests end, as a failed final conquest (ruling §6.2 #15). It is
    offered only where the die could make up the difference (at most 3 short), and never
    against Gnomes in another player's turn (ruling U-R4). Adjacency is the printed borders.
    """

    name = "Will-o'-Wisps"
    needs = (CRYSTALS,)
    handles = (WispRoll,)

    def _eligible(self, s: GameState, race: RaceState) -> set[int]:
        defs = mapdef(s).regions
        crystals = _CRYSTALS.get(s.map_id)
        if crystals is None:
            crystals = _CRYSTALS[s.map_id] = frozenset(r.id for r in defs if CRYSTALS in r.kinds)
        out = set(crystals)
        for rid in held_regions(s, race.name):
            if rid in crystals:
                out |= defs[rid].adjacent
        return out

    def _may_roll(self, s: GameState, race: RaceState) -> bool:
        return conquering(s, race) and race.hand >= 1 and s.turn.berserk_die is None

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        if not self._may_roll(s, race):
            return []
        eligible = self._eligible(s, race)
        return [
            WispRoll(rid)
            for rid in targets(s, race)
            if rid in eligible and conquest_cost(s, race, rid) - race.hand <= MAX_SHORT
        ]

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, WispRoll)
        if not self._may_roll(s, race):
            return tr("The Will-o'-Wisps roll before a conquest, with a token in hand.")
        if not 0 <= action.region < len(s.regions):
            return tr("There is no region {region}.", region=action.region)
        if action.region not in self._eligible(s, race):
            return tr(
                "Region {region} is neither a Mystic Crystal region nor next to a Mystic "
                "Crystal region of yours.",
                region=action.region,
            )
        if power_proof(s, action.region, race):
            return tr(
                "Region {region} is held by {race}: your die does not work on them.",
                region=action.region,
                race=race_name("Gnomes"),
            )
        short = conquest_cost(s, race, action.region) - race.hand
        if short > MAX_SHORT:
            return ntr(
                "Region {region} is {n} token short; the die adds at most 3.",
                "Region {region} is {n} tokens short; the die adds at most 3.",
                short,
                region=action.region,
            )
        return None

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, WispRoll)
        rid = action.region
        cost = conquest_cost(s, race, rid)
        die = roll_die(s)
        need = max(1, cost - die)
        success = need <= race.hand
        event(s, "roll", seat=race.owner, region=rid, die=die, success=success, how="wisp")
        if success:
            take_region(s, race, rid, need)
            return
        # Still short: the attempt fails and, as a final conquest, ends the conquests.
        end_conquests(s)
