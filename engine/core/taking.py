"""What a conquest does: the region changes hands, the defender loses a token and takes the
rest back in hand, and whatever watches a loss or a region taken hears of it.

[SW p.4] The defender "must immediately take all of these Race tokens back in hand and:
Permanently discard one Race token back into the Storage tray; Keep the other Race tokens
in hand, and redeploy them ... as the final action of the current player's turn."
"""

from __future__ import annotations

from .abilities import TREASURES, in_force, note_spot
from .board import add_marker, clear_region, event, is_empty, occupy, record, regions_of
from .content import treasures
from .gamehooks import hooked, map_hooks
from .interrupts import LOSS_WATCHERS
from .market import remove_race
from .state import GameState, RaceState


def take_region(
    s: GameState,
    race: RaceState,
    rid: int,
    tokens: int,
    how: str = "conquer",
    *,
    losses: int | None = None,
) -> None:
    """Move ``tokens`` of the race from hand into ``rid``, resolving the defender's losses.

    [SW p.4] The defender "must immediately take all of these Race tokens back in hand and:
    Permanently discard one Race token back into the Storage tray; Keep the other Race tokens
    in hand, and redeploy them ... as the final action of the current player's turn."

    A race In Decline whose last region this was leaves the map at once, its tokens in hand
    with it [SW p.6]: "when the last token of a race In Decline is wiped off the map".

    ``losses``, when given, is what the defender loses whatever its powers (the Stinky Troll's
    Socks: none; the Shiny Orb: its single token).
    """
    region = s.regions[rid]
    turn = s.turn
    nonempty = not is_empty(s, rid)
    defender_name = region.race
    lost = 0
    defender = None
    defender_seat = -1
    if defender_name is not None:
        defender = s.races[defender_name]
        held = region.tokens
        if losses is not None:
            loss = losses
        elif how == "enchant":
            loss = 1
        else:
            loss = 1
            for a in in_force(s, defender):
                if a.losses < loss:
                    loss = a.losses
        lost = min(held, loss)
        defender.hand += held - lost
        if (
            region.owner != race.owner
            and s.players[region.owner].active == defender_name
            and region.owner not in turn.attacked
        ):
            turn.attacked.append(region.owner)
        defender_seat = region.owner
    markers = region.markers
    tribe = monsters = 0
    passing: list[str] = []
    if markers:
        tribe = markers.pop("lost_tribe", 0)
        monsters = markers.pop("monster", 0)
        # Relics and Places stay in the region and pass with it; the event names them so
        # the channel can say what changed hands ("..., and the Shiny Orb with it").
        if markers:
            known = treasures()
            passing = [k for k in markers if k in known]
    clear_region(s, rid)
    occupy(s, rid, race, tokens)
    race.hand -= tokens if how != "enchant" else 0
    turn.acted = True
    turn.conquered.append(rid)
    if nonempty:
        turn.nonempty_conquests += 1
    # The event's dict made directly (``event``'s order: its fields, then its kind), with
    # the two fields that are only sometimes there: a conquest is the commonest event.
    data: dict[str, object] = {
        "seat": race.owner,
        "race": race.name,
        "region": rid,
        "tokens": tokens,
        "defender": defender_name,
        # The owner is recorded, not looked up later: the race may leave the map at once.
        "defender_seat": defender.owner if defender is not None else None,
        "lost": lost,
        "lost_tribe": bool(tribe),
    }
    if monsters:
        data["monsters"] = monsters
    if passing:
        data["treasures"] = passing
    record(s, how, data)
    if defender is not None:
        after_loss(s, defender, defender_seat, race, rid, lost)
    for a in hooked(s, race, "on_conquer"):
        a.on_conquer(s, race, rid)
    if monsters and s.treasures:
        discover(s, race, rid)


def after_loss(
    s: GameState, defender: RaceState, seat: int, attacker: RaceState, rid: int, lost: int = 0
) -> None:
    """What follows the loss of ``rid`` by ``defender`` (owned by ``seat``) to ``attacker``,
    whatever took it (a conquest, the Balrog): the defending seat's abilities hear of it, a
    race In Decline with no region left leaves the map, and the pieces that answer the
    ``lost`` tokens (``interrupts.LOSS_WATCHERS``: the Sigil of Sacrifice) hear of them."""
    if seat != attacker.owner and ("on_lost" in map_hooks(s) or "on_seat_lost" in map_hooks(s)):
        for a in hooked(s, defender, "on_lost"):
            a.on_lost(s, defender, attacker, rid)
        # Every race of the defending seat hears of it (Vengeful: "any of your races").
        p = s.players[seat]
        for name in (p.active, *p.declined):
            if name in s.races:
                mine = s.races[name]
                for a in hooked(s, mine, "on_seat_lost"):
                    a.on_seat_lost(s, mine, attacker, rid)
    if defender.in_decline and not regions_of(s, defender.name):
        # Gone now, not when the turn closes: the banner is back under the stack before the
        # next conquest of this turn.
        defender.hand = 0
        remove_race(s, defender.name)
    if lost and LOSS_WATCHERS:
        for watch in LOSS_WATCHERS:
            watch(s, defender, rid, lost, attacker)


def discover(s: GameState, race: RaceState, rid: int) -> None:
    """[SWU p.5] Taking a Monster region "immediately draws a marker from the top of the
    stack of Popular Places & Righteous Relics, and places it into the Region just captured";
    its power "comes into play immediately" [SWU p.13]."""
    key = s.treasures.pop(0)
    add_marker(s, rid, key)
    note_spot(s, key, rid)
    t = treasures()[key]
    event(s, "discover", seat=race.owner, race=race.name, region=rid, treasure=key, sort=t.kind)
    ability = TREASURES.get(key)
    if ability is not None:
        ability.on_discover(s, race, rid)
