"""The Wickedest Pentacle [SWU p.15] and the Balrog it invokes.

The Balrog is the one piece that conquers for a player without his tokens: its conquests are
``balrog_enter``, beside ``taking.take_region``. Its region holds no race, so it is immune to
everyone (``markers.SEALING_MARKERS``) and scores for no one without more code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, in_force, treasure_ability
from engine.core.actions import Action, register_action
from engine.core.board import add_marker, clear_region, drop_marker, event, is_immune, mapdef
from engine.core.conquest import immunity_name
from engine.core.defences import guards, power_proof
from engine.core.names import race as race_name
from engine.core.names import terrain
from engine.core.state import CONQUER, REDEPLOY, GameState, RaceState
from engine.core.taking import after_loss
from engine.core.words import where
from engine.worlds.underground.treasures import holder_region, marker_region, own_turn
from engine.worlds.underground.turn_end_places import free_ghost
from lang import tr

#: Tokens a region's occupant loses to the Balrog [SWU p.15] "not 1, but 2 tokens".
BALROG_LOSS = 2


@register_action
@dataclass(slots=True, unsafe_hash=True)
class MoveBalrog(Action):
    """Wickedest Pentacle: send the Balrog into ``region``, conquering it."""

    verb: ClassVar[str] = "balrog"
    region: int

    def describe(self, s: GameState) -> str | None:
        if not 0 <= self.region < len(s.regions):
            return None
        r = s.regions[self.region]
        if r.race is None or r.race not in s.races:
            return tr("Send the Balrog to {region}", region=where(s, self.region))
        lost = min(r.tokens, balrog_loss(s, s.races[r.race]))
        return tr(
            "Send the Balrog to {region} · {race} lose {lost}",
            region=where(s, self.region),
            race=race_name(r.race),
            lost=lost,
        )


def balrog_loss(s: GameState, defender: RaceState) -> int:
    """Tokens a race loses to the Balrog: 2, or none for a race that loses none to conquests
    (Immortal; §6.2 #24)."""
    return 0 if any(a.losses < 1 for a in in_force(s, defender)) else BALROG_LOSS


#: ``TurnState.used`` entries: the Balrog must be sent now; the Balrog moved this turn.
BALROG_DUE = "balrog!"
BALROG_MOVED = "balrog"


def balrog_base(s: GameState, pentacle: int) -> int:
    """The region the Balrog moves from: its own, or the Pentacle's while it is off the map."""
    at = marker_region(s, "balrog")
    return pentacle if at is None else at


def balrog_problem(
    s: GameState, holder: RaceState, rid: int, where: tuple[int, int] | None = None
) -> str | None:
    """Why the Pentacle's occupant may not send the Balrog into ``rid`` now, or None.
    ``where``: the Pentacle's region and the Balrog's base, when the caller has them (one
    call per region bordering the base: ``balrog_targets``)."""
    if where is None:
        pentacle = holder_region(s, holder, "pentacle")
        if pentacle is None:
            return tr("Only the Wickedest Pentacle's occupant commands the Balrog.")
        base = balrog_base(s, pentacle)
    else:
        pentacle, base = where
    d = mapdef(s).regions[rid]
    region = s.regions[rid]
    if rid not in mapdef(s).regions[base].adjacent:
        return tr("The Balrog moves only to a region bordering region {region}.", region=base)
    if rid == pentacle:
        return tr("The Balrog never enters the Pentacle's own region.")
    if d.impassable:
        return tr(
            "Region {region} is an {terrain}: no one may enter it.",
            region=rid,
            terrain=terrain(d.terrain),
        )
    if d.water and not d.river:
        return tr(
            "Region {region} is a {terrain}: the Balrog does not swim.",
            region=rid,
            terrain=terrain(d.terrain),
        )
    if region.markers.get("monster"):
        return tr(
            "Region {region} is guarded by Monsters: the Balrog leaves them alone.", region=rid
        )
    if is_immune(s, rid):
        return tr("Region {region} is immune ({marker}).", region=rid, marker=immunity_name(s, rid))
    if region.race == holder.name:
        return tr(
            "Region {region} is yours: the Balrog does not attack your active race.", region=rid
        )
    if region.race is not None:
        if power_proof(s, rid, holder):
            return tr(
                "Region {region} is held by {race}: the Balrog cannot conquer them.",
                region=rid,
                race=race_name(region.race),
            )
        defender = s.races[region.race]
        owner = s.players[region.owner]
        if owner.peace_with == holder.owner and owner.active == region.race:
            return tr(
                "You are at peace with {who}: their active race is off limits.", who=owner.name
            )
        for a in guards(defender, s):
            why = a.guard(s, defender, holder, rid)
            if why:
                return why
    return None


def balrog_targets(s: GameState, holder: RaceState) -> list[int]:
    """Where the Balrog may go now: empty regions first, then other players' regions, then
    the holder's own regions of other races (a deadline takes the first)."""
    pentacle = holder_region(s, holder, "pentacle")
    if pentacle is None:
        return []
    base = balrog_base(s, pentacle)
    ok = [
        rid
        for rid in sorted(mapdef(s).regions[base].adjacent)
        if balrog_problem(s, holder, rid, (pentacle, base)) is None
    ]

    def rank(rid: int) -> tuple[int, int]:
        r = s.regions[rid]
        return (0 if r.race is None else 1 if r.owner != holder.owner else 2, rid)

    return sorted(ok, key=rank)


def balrog_enter(s: GameState, holder: RaceState, rid: int) -> None:
    """The Balrog conquers ``rid`` for the Pentacle's occupant.

    [SWU p.15] "If that Region is occupied, it is immediately conquered by the Balrog and that
    Region's prior occupant loses not 1, but 2 tokens (if any) into the tray". The survivors
    are redeployed when the turn closes, like any defender's. The conquest is the holder's
    for the defender's powers (Martyr, Vengeful, Liches: ``on_lost``) and an attack for the
    Diplomat; a race that loses no token to conquests (Immortal) loses none (§6.2 #24). The
    region is left with the Balrog alone: its Relic or Place stays, a Bag goes back to hand,
    and if it held the Crypt the Ghost leaves its region.
    """
    t = s.turn
    before = marker_region(s, "balrog")
    if before is not None:
        drop_marker(s, before, "balrog")
    region = s.regions[rid]
    name = region.race
    defender = s.races[name] if name is not None else None
    seat = region.owner
    lost = 0
    if defender is not None:
        lost = min(region.tokens, balrog_loss(s, defender))
        defender.hand += region.tokens - lost
        if seat != holder.owner and s.players[seat].active == name and seat not in t.attacked:
            t.attacked.append(seat)
    crypt = bool(region.markers.get("crypt"))
    clear_region(s, rid)
    add_marker(s, rid, "balrog")
    t.acted = True
    event(
        s,
        "balrog",
        seat=holder.owner,
        region=rid,
        left=before,
        defender=name,
        defender_seat=seat if defender is not None else None,
        lost=lost,
    )
    if defender is not None:
        after_loss(s, defender, seat, holder, rid, lost)
    if crypt:
        free_ghost(s, holder.owner)


@treasure_ability
class WickedestPentacle(Ability):
    """[SWU p.15] "The player who discovers the Wickedest Pentacle immediately sends the Balrog
    invoked by it into the neighboring (i.e. sharing a common border) Region of his choice.
    ... The Region now containing the Balrog is immune to all players, and does not score
    Victory coins for anyone ... In subsequent turns, the player whose troops occupy the
    Pentacle's Region may move the Balrog to the neighboring Region of his choice, once at any
    point during his turn, and repeat the process described above. The Balrog can conquer and
    occupy River Regions."

    The first move is owed (FR "doit"; §6.1 #12): it is the only legal choice until made, and
    a deadline takes the first region offered. Later moves are optional, once a turn, to a
    region bordering the Balrog's own (FR; §6.1 #13), or the Pentacle's while the Balrog is off
    the map (a discoverer In Decline, or one with no region to send it to). The Balrog never
    enters a Chasm, a Monster region, an immune region, a Gnome region on another player's
    turn [SWU p.10], nor the holder's active race's regions (§6.2 #24). An occupant In Decline
    cannot move it: it stays.
    """

    name = "pentacle"
    handles = (MoveBalrog,)

    def on_discover(self, s: GameState, race: RaceState, rid: int) -> None:
        if not own_turn(s, race):
            return
        if balrog_targets(s, race):
            s.turn.used.append(BALROG_DUE)
        else:
            event(s, "balrog_stays", seat=race.owner, region=rid)

    def must(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if BALROG_DUE not in t.used or not own_turn(s, race) or t.phase not in (CONQUER, REDEPLOY):
            return []
        return [MoveBalrog(rid) for rid in balrog_targets(s, race)]

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        t = s.turn
        if t.phase not in (CONQUER, REDEPLOY) or not own_turn(s, race):
            return []
        if BALROG_MOVED in t.used or BALROG_DUE in t.used:
            return []
        return [MoveBalrog(rid) for rid in balrog_targets(s, race)]

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        assert isinstance(action, MoveBalrog)
        t = s.turn
        if BALROG_DUE in t.used:
            t.used.remove(BALROG_DUE)
        t.used.append(BALROG_MOVED)
        balrog_enter(s, race, action.region)

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        assert isinstance(action, MoveBalrog)
        if not own_turn(s, race):
            return tr("The Balrog obeys only the Pentacle's active occupant, on his turn.")
        if BALROG_MOVED in s.turn.used:
            return tr("The Balrog has already moved this turn.")
        if not 0 <= action.region < len(s.regions):
            return tr("There is no region {region}.", region=action.region)
        return balrog_problem(s, race, action.region)
