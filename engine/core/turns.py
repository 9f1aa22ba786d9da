"""The turn's end and the next turn's start: conquests end, the redeployment ends, decline,
defenders redeploy in turn, and the next seat's turn begins.
"""

from __future__ import annotations

from .abilities import POWERS, Ability
from .board import clear_region, event, held_regions, regions_of, river_regions, tokens_on_board
from .gamehooks import hooked
from .market import remove_race
from .overrides import flag
from .readying import ready, spread, unready
from .scoring import game_over, score
from .state import CLOSING, CONQUER, PICK, REDEPLOY, GameState, Pending, RaceState, TurnState
from .turn import acting_race, owed, perform


def end_conquests(s: GameState) -> None:
    """Conquests are over (stopped, or a final conquest rolled): the race's ``on_conquests_end``
    hooks run, the River is emptied, and the redeployment begins."""
    race = acting_race(s)
    assert race is not None
    s.turn.berserk_die = None
    for a in hooked(s, race, "on_conquests_end"):
        a.on_conquests_end(s, race)
    empty_river(s, race)
    s.turn.phase = REDEPLOY


def empty_river(s: GameState, race: RaceState) -> None:
    """[SWU p.7] "If the player conquered any River Regions during his turn, he must now empty
    these Regions and redeploy the corresponding Troops into other (non-River) regions",
    unless a power lets the race stay (Kraken).

    The tokens come back to hand at the start of the redeployment, where the player places
    them like any other; a public ``river`` event says how many left which regions.
    """
    rivers = river_regions(s)
    if not rivers:
        return
    # The race's River regions, from the index (in id order) before any is cleared.
    left = [rid for rid in held_regions(s, race.name) if rid in rivers]
    if not left or flag(race, "stays_in_river", s):
        return
    count = 0
    for rid in left:
        r = s.regions[rid]
        race.hand += r.tokens
        count += r.tokens
        clear_region(s, rid)
    event(s, "river", seat=race.owner, race=race.name, tokens=count, regions=left)


def _settle_owed(s: GameState, race: RaceState) -> None:
    # Ending is refused while a choice is owed, so this acts only on an unvalidated action
    # (a log replayed from before the choice existed): the defaults keep the state whole.
    while (due := owed(s, race)) is not None:
        perform(s, race, due)


def end_turn(s: GameState, stout_decline: bool) -> None:
    """The active race ends its redeployment: owed choices settled, tokens in hand put
    back, the turn scored (then Stout may decline), and the defenders queued."""
    t = s.turn
    race = s.races[t.race]  # type: ignore[index]
    _settle_owed(s, race)
    for a in hooked(s, race, "on_redeploy_end"):
        a.on_redeploy_end(s, race)
    unready(s, race)
    for a in hooked(s, race, "place_defaults"):
        a.place_defaults(s, race)
    score(s, t.seat)
    race.turns += 1
    if stout_decline:
        go_into_decline(s, t.seat)
    close_turn(s)


def finish(s: GameState) -> None:
    """In-Decline Ghouls or a defender end their redeployment: a defender's tokens in hand
    are spread, and the next defender (or the active race's turn) follows."""
    t = s.turn
    race = acting_race(s)
    assert race is not None
    _settle_owed(s, race)
    if t.phase == CLOSING:
        # A defender's tokens in hand were driven out: nowhere to return them to.
        spread(s, race)
    else:
        unready(s, race)
    for a in hooked(s, race, "place_defaults"):
        a.place_defaults(s, race)
    if t.phase == CLOSING:
        t.pending.pop(0)
        _next_pending(s)
        return
    # Ghouls finished their conquests: the active race's turn begins.
    t.ghouls_done = True
    _begin_active(s)


def go_into_decline(s: GameState, seat: int) -> None:
    """[SW p.6] Flip the banner, one token per region, drop the older decline race."""
    p = s.players[seat]
    race = s.races[p.active]  # type: ignore[index]
    keep_all = flag(race, "decline_keeps_all", s)
    exempt = flag(race, "decline_limit_exempt", s)
    for a in hooked(s, race, "on_decline"):
        a.on_decline(s, race)
    if not exempt:
        for old in list(p.declined):
            if not flag(s.races[old], "decline_limit_exempt", s):
                remove_race(s, old)
    race.hand = 0
    race.reserve = 0
    race.camps_free = 0
    for r in s.regions:
        if r.race == race.name and not keep_all:
            r.tokens = 1
    race.in_decline = True
    if not exempt and not _badge_stays(race):
        s.power_discard.append(race.power)
    p.active = None
    p.declined.append(race.name)
    event(s, "decline", seat=seat, race=race.name, power=race.power)


def _badge_stays(race: RaceState) -> bool:
    """[SWU p.8] The badge is discarded on decline "unless dictated otherwise (e.g. Muddy,
    Reborn, Royal, etc...)": a power that still works in decline stays with its race and is
    discarded when the race leaves the map (``remove_race``)."""
    return POWERS.get(race.power, Ability()).in_decline


def decline_turn(s: GameState) -> None:
    """Decline instead of conquering: score, and the turn ends [SW p.6].

    The race being readied (the active race, or In-Decline Ghouls in their sub-phase) first
    gets its tokens back where they stood: Ghouls that decline keep every token on the map
    [SW p.8], and In-Decline Ghouls make no move on a decline turn. An active race that holds
    River regions (a Reborn token put there this turn) empties them first [SWU p.7], as a
    redeployment would: the River is never held In Decline but by a race that may stay.
    """
    t = s.turn
    race = acting_race(s)
    if race is not None:
        if not race.in_decline:
            empty_river(s, race)
        # Tokens put back under a banner that is flipped at once (one token per region
        # stays) are not worth telling; Ghouls keep them all, so theirs are told.
        told = race.in_decline or flag(race, "decline_keeps_all", s)
        unready(s, race, tell=told)
    go_into_decline(s, t.seat)
    score(s, t.seat)
    close_turn(s)


def close_turn(s: GameState) -> None:
    """Queue the defenders who must redeploy, in seat order from the active player."""
    t = s.turn
    n = len(s.players)
    for name in list(s.races):
        race = s.races[name]
        if race.in_decline and race.hand == 0 and tokens_on_board(s, name) == 0:
            remove_race(s, name)
    pending: list[Pending] = []
    for name, race in list(s.races.items()):
        if race.hand <= 0 and race.camps_free <= 0:
            continue
        if s.players[race.owner].active == name and race.owner == t.seat:
            continue
        if not regions_of(s, name):
            if race.in_decline:
                race.hand = 0
                remove_race(s, name)
            continue
        pending.append(Pending(race.owner, name))
    if len(pending) > 1:
        # Seat order starting from the active player: seats after it, then those before.
        seat = t.seat
        pending.sort(key=lambda p: (p.seat - seat) % n)
    t.pending = pending
    t.phase = CLOSING
    _next_pending(s)


def _next_pending(s: GameState) -> None:
    if s.turn.pending:
        return
    _next_turn(s)


def _next_turn(s: GameState) -> None:
    t = s.turn
    n = len(s.players)
    p = s.players[t.seat]
    p.score_history.append(p.coins)
    nxt = (t.seat + 1) % n
    if nxt == 0:
        if s.round >= s.turns:
            game_over(s)
            return
        s.round += 1
    start_turn(s, nxt)


def start_turn(s: GameState, seat: int) -> None:
    """Begin ``seat``'s turn: Ghouls in decline first, then pick or ready the active race."""
    s.last_events = s.events
    s.events = []
    s.turn = t = new_turn(seat)
    p = s.players[seat]
    p.peace_with = None
    for name in [p.active, *p.declined]:
        if name:
            race = s.races[name]
            for a in hooked(s, race, "on_turn_start"):
                a.on_turn_start(s, race)
    event(s, "turn", seat=seat, round=s.round)
    for name in p.declined:
        race = s.races[name]
        if flag(race, "conquers_in_decline", s) and regions_of(s, name):
            t.race = name
            t.phase = CONQUER
            ready(s, race)
            return
    _begin_active(s)


def _begin_active(s: GameState) -> None:
    t = s.turn
    p = s.players[t.seat]
    # Conquest counts (Orcs, Pillaging, Skeletons) and attacks (Diplomat) are the active
    # race's alone: what In-Decline Ghouls did earlier this turn does not count.
    t.conquered = []
    t.nonempty_conquests = 0
    t.attacked = []
    # What In-Decline Ghouls readied is theirs alone, and already settled by their finish.
    t.readied = []
    if p.active is None:
        t.phase = PICK
        t.race = None
        return
    t.phase = CONQUER
    t.race = p.active
    ready(s, s.races[p.active])


def new_turn(seat: int) -> TurnState:
    """``TurnState(seat=seat)``, made as ``copying.clone`` makes records (every slot set directly):
    a turn begins some forty times a game. ``tests/engine/test_clone.py`` checks that it
    equals the generated ``__init__``'s, field by field."""
    t = TurnState.__new__(TurnState)
    t.seat = seat
    t.phase = PICK
    t.race = None
    t.picked = False
    t.acted = False
    t.ghouls_done = False
    t.conquered = []
    t.nonempty_conquests = 0
    t.attacked = []
    t.enchanted = []
    t.dragon_used = False
    t.fortified = False
    t.heroes_placed = 0
    t.berserk_die = None
    t.pending = []
    t.readied = []
    t.used = []
    t.steps = 0
    return t
