"""The turn: who must act, what they may do, and what each action does.

``legal_actions`` and ``apply`` share the same checks (``problem``), so no rule is written
twice. ``apply`` mutates the state in place after validating; callers that need the old
state keep a copy (``Game`` replays its log instead).
"""

from __future__ import annotations

from typing import Any, TypeVar

from . import powers as _powers  # noqa: F401  (registers the special powers)
from . import powers_underground as _powers_u  # noqa: F401
from . import races as _races  # noqa: F401  (registers the races)
from . import races_underground as _races_u  # noqa: F401
from . import treasures as _treasures  # noqa: F401  (registers the Relics and Places)
from .abilities import (
    POWERS,
    Ability,
    cost_abilities,
    flag,
    hooked,
    in_force,
    map_hooks,
    overriders,
)
from .actions import (
    Abandon,
    Action,
    Conquer,
    Decline,
    Deploy,
    EndConquests,
    EndTurn,
    Finish,
    Move,
    PickCombo,
    Reinforce,
)
from .board import clear_region, event, regions_of, river_regions, roll_die, tokens_on_board
from .conquest import (
    MAX_SHORT,
    conquest_cost,
    region_costs,
    take_region,
    target_problem,
    targets,
)
from .content import combo_tokens, races
from .errors import IllegalAction, NotYourTurn
from .market import refill_market, remove_race
from .state import (
    CLOSING,
    CONQUER,
    OVER,
    PICK,
    REDEPLOY,
    GameState,
    Pending,
    RaceState,
    TurnState,
    from_dict,
    to_dict,
)
from .stonehedge import follow_stonehedge

# --- who acts -------------------------------------------------------------------------------


def to_act(s: GameState) -> int | None:
    """The seat that must act now (a defender while the turn closes), or None when over."""
    t = s.turn
    if t.phase == OVER:
        return None
    if t.phase == CLOSING:
        return t.pending[0].seat
    return t.seat


def acting_race(s: GameState) -> RaceState | None:
    """The race whose tokens the acting seat is moving, if any."""
    t = s.turn
    if t.phase == CLOSING:
        return s.races[t.pending[0].race]
    return s.races[t.race] if t.race else None


# --- legal actions --------------------------------------------------------------------------


def legal_actions(s: GameState, seat: int | None = None) -> list[Action]:
    """Every action the seat to act may take now (empty for any other seat).

    Deploy and Move are listed for one token and for as many as possible; every count in
    between is legal too and ``apply`` accepts it.
    """
    actor = to_act(s)
    if actor is None or (seat is not None and seat != actor):
        return []
    t = s.turn
    if t.phase == PICK:
        coins = s.players[actor].coins
        return [PickCombo(i + 1) for i, c in enumerate(s.market) if coins + c.coins >= i]
    race = acting_race(s)
    assert race is not None
    working = in_force(s, race)
    if "must" in map_hooks(s.map_id):
        forced = _must(s, race, working)
        if forced:
            return forced
    out: list[Action] = []
    phase = t.phase
    if phase == CONQUER:
        if can_decline(s):
            out.append(_DECLINE)
        own = regions_of(s, race.name)
        if not _conquered_by(s, race):
            abandon = _per_region(Abandon, s)
            out += [abandon[rid] for rid in own]
        hand = race.hand
        if hand >= 1:
            die = t.berserk_die or 0
            berserk = False
            for a in working:
                if a.name == "Berserk":
                    berserk = True
                    break
            costers = cost_abilities(race, s)
            conquer = _per_region(Conquer, s)
            reinforce = _per_region(Reinforce, s)
            rids = targets(s, race, working, own)
            for rid, cost in zip(rids, region_costs(s, race, rids, costers), strict=True):
                if die:
                    cost = max(1, cost - die)
                if cost <= hand:
                    out.append(conquer[rid])
                elif not berserk and cost - hand <= MAX_SHORT:
                    out.append(reinforce[rid])
        out += _ability_actions(s, race, working)
        out.append(_END_CONQUESTS)
    elif phase in (REDEPLOY, CLOSING):
        own = regions_of(s, race.name)
        hand = race.hand
        if hand and own:
            counts = _counts(hand)
            out += [Deploy(rid, n) for rid in own for n in counts]
        if phase == REDEPLOY:
            regions = s.regions
            for src in own:
                spare = regions[src].tokens - 1
                if spare < 1:
                    continue
                ones = _one_token_moves(s, src)
                if spare == 1:
                    out += [ones[dst] for dst in own if dst != src]
                    continue
                for dst in own:
                    if dst != src:
                        out.append(ones[dst])
                        out.append(Move(src, dst, spare))
        out += _ability_actions(s, race, working)
        # A choice still owed (the Amazons' 4) must be made before the redeployment ends.
        if owed(s, race, working) is None:
            closing = closing_action(s)
            out.append(closing)
            if isinstance(closing, EndTurn) and flag(race, "declines_after_scoring", s):
                out.append(EndTurn(decline=True))
    return out


#: Actions are values, never changed once made (``engine.actions``), so the lists above share
#: one instance of the most frequent ones instead of building thousands per game.
_DECLINE = Decline()
_END_CONQUESTS = EndConquests()
_END_TURN = EndTurn()
_FINISH = Finish()
_RegionAction = TypeVar("_RegionAction", Abandon, Conquer, Reinforce)
_PER_REGION: dict[tuple[type[Action], int], list[Any]] = {}


def _per_region(kind: type[_RegionAction], s: GameState) -> list[_RegionAction]:
    """``kind(rid)`` for every region id of the board, made once per kind and board size."""
    key = (kind, len(s.regions))
    found = _PER_REGION.get(key)
    if found is None:
        found = _PER_REGION[key] = [kind(rid) for rid in range(key[1])]
    return found


def _one_token_moves(s: GameState, src: int) -> list[Move]:
    """``Move(src, dst, 1)`` for every region id ``dst`` of the board (the most frequent
    redeployment choices), made once per source region and board size."""
    key = (len(s.regions), src)
    found = _ONE_TOKEN_MOVES.get(key)
    if found is None:
        found = _ONE_TOKEN_MOVES[key] = [Move(src, dst, 1) for dst in range(key[0])]
    return found


_ONE_TOKEN_MOVES: dict[tuple[int, int], list[Move]] = {}


def _counts(most: int) -> tuple[int, ...]:
    """The token counts listed for a Deploy or Move of up to ``most`` (at least 1): one, and
    all of them when that is more."""
    return (1,) if most == 1 else (1, most)


def must(s: GameState, race: RaceState) -> list[Action]:
    """The choice the acting race must make before anything else (``Ability.must``), or []."""
    return _must(s, race, in_force(s, race))


def _must(s: GameState, race: RaceState, working: tuple[Ability, ...]) -> list[Action]:
    for a in overriders(working, "must"):
        forced = a.must(s, race)
        if forced:
            return forced
    return []


def _ability_actions(
    s: GameState, race: RaceState, working: tuple[Ability, ...] | None = None
) -> list[Action]:
    out: list[Action] = []
    for a in overriders(in_force(s, race) if working is None else working, "actions"):
        out += a.actions(s, race)
    for other in _declined_partners(s, race):
        for a in hooked(s, other, "actions"):
            out += a.actions(s, other)
    return out


def _declined_partners(s: GameState, race: RaceState) -> list[RaceState]:
    """The seat's other races In Decline, whose abilities may offer actions on the seat's own
    turn besides the acting race's (Reborn: "at the start of each of your turns")."""
    t = s.turn
    declined = s.players[t.seat].declined
    if not declined or t.phase == CLOSING:
        return []
    return [s.races[n] for n in declined if n != race.name]


def owed(
    s: GameState, race: RaceState, working: tuple[Ability, ...] | None = None
) -> Action | None:
    """The default of a choice ``race``'s owner must make before this redeployment ends.

    None when nothing is owed. While something is, ending the redeployment is refused, and a
    deadline applies this default instead (``default_action``).
    """
    for a in overriders(in_force(s, race) if working is None else working, "owed"):
        due = a.owed(s, race)
        if due is not None:
            return due
    return None


def _owed_reason(s: GameState, race: RaceState) -> str | None:
    for a in in_force(s, race):
        if a.owed(s, race) is not None:
            return a.owed_reason(s, race)
    return None


def _conquered_by(s: GameState, race: RaceState) -> bool:
    return any(s.regions[rid].race == race.name for rid in s.turn.conquered)


def can_decline(s: GameState) -> bool:
    """Decline is a whole turn: only before any conquest or abandonment, never on pick turns."""
    t = s.turn
    p = s.players[t.seat]
    return t.phase == CONQUER and p.active is not None and not t.picked and not t.acted


# --- validation -----------------------------------------------------------------------------


def problem(s: GameState, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not take ``action`` now, or None if it may."""
    actor = to_act(s)
    if actor is None:
        return "The game is over."
    if seat != actor:
        raise NotYourTurn(f"It is {s.players[actor].name}'s move, not yours.")
    race = acting_race(s)
    if race is not None and s.turn.phase != PICK and "must" in map_hooks(s.map_id):
        forced = must(s, race)
        if forced:
            if action in forced:
                return None
            return "First: " + "; or ".join(sorted({a.text for a in forced[:3]})) + "."
    if isinstance(action, (Deploy, Move)):
        return _redeploy_problem(s, action)
    if action in legal_actions(s, seat):
        return None
    return _explain(s, action)


def _redeploy_problem(s: GameState, action: Deploy | Move) -> str | None:
    t = s.turn
    race = acting_race(s)
    if t.phase not in (REDEPLOY, CLOSING) or race is None:
        return "Tokens are redeployed after conquests end."
    if action.count < 1:
        return "Move at least one token."
    own = regions_of(s, race.name)
    if isinstance(action, Deploy):
        if action.region not in own:
            return f"Region {action.region} is not one of your {race.name} regions."
        if action.count > race.hand:
            return f"You hold {race.hand} {race.name} tokens in hand, not {action.count}."
        return None
    if t.phase == CLOSING:
        return "Defenders only place the tokens they hold."
    if action.source not in own or action.target not in own:
        return "Both regions must be yours."
    if action.source == action.target:
        return "Pick two different regions."
    spare = s.regions[action.source].tokens - 1
    if action.count > spare:
        return f"Region {action.source} can spare {spare} tokens (one must stay)."
    return None


def _explain(s: GameState, action: Action) -> str:
    """A sentence telling a player why an unlisted action is refused."""
    t = s.turn
    race = acting_race(s)
    if isinstance(action, PickCombo):
        if t.phase != PICK:
            return "You already have an active race; pick a new one after declining."
        if not 1 <= action.slot <= len(s.market):
            return f"There is no combo {action.slot}; pick 1 to {len(s.market)}."
        return f"Combo {action.slot} costs {action.slot - 1} coins: you cannot afford it."
    if isinstance(action, Decline):
        if t.picked:
            return "You cannot decline the race you just picked."
        if t.acted:
            return "Decline takes the whole turn: you have already conquered or abandoned."
        return "You have no active race to put in decline."
    if isinstance(action, (Conquer, Reinforce)) and race is not None:
        if t.phase != CONQUER:
            return "Conquests are over for this turn."
        if not 0 <= action.region < len(s.regions):
            return f"There is no region {action.region}."
        why = target_problem(s, race, action.region)
        if why:
            return why
        if race.hand < 1:
            return "You need at least one token in hand to conquer."
        cost = conquest_cost(s, race, action.region)
        if t.berserk_die is not None:
            cost = max(1, cost - t.berserk_die)
        short = cost - race.hand
        if isinstance(action, Conquer):
            return (
                f"Region {action.region} needs {cost} tokens and you hold {race.hand}: "
                f"{short} short (try a final conquest with the die)."
            )
        if short <= 0:
            return f"You can conquer region {action.region} outright: use conquer."
        return f"Region {action.region} is {short} tokens short; the die adds at most 3."
    if isinstance(action, Abandon):
        return "You can only abandon your own regions, before conquering."
    if isinstance(action, (EndTurn, Finish, EndConquests)):
        why = _owed_reason(s, race) if race is not None and t.phase != CONQUER else None
        return why or "That step is not available now."
    if race is not None:
        for holder in (race, *_declined_partners(s, race)):
            for a in in_force(s, holder):
                if isinstance(action, a.handles):
                    why = a.refusal(s, holder, action)
                    if why:
                        return why
    region = getattr(action, "region", None)
    if race is not None and isinstance(region, int) and 0 <= region < len(s.regions):
        why = target_problem(s, race, region) if t.phase == CONQUER else None
        if why and not why.startswith("You already hold"):
            return why
    return f"{action.text!r} is not possible now."


# --- applying -------------------------------------------------------------------------------


def apply(s: GameState, seat: int, action: Action, *, validate: bool = True) -> GameState:
    """Apply an action for ``seat``; raise ``IllegalAction`` (state unchanged) if it is refused."""
    if validate:
        why = problem(s, seat, action)
        if why is not None:
            raise IllegalAction(why)
    t = s.turn
    if isinstance(action, PickCombo):
        _pick(s, seat, action.slot - 1)
    elif isinstance(action, Decline):
        _decline_turn(s)
    elif isinstance(action, Abandon):
        _abandon(s, action.region)
    elif isinstance(action, Conquer):
        race = acting_race(s)
        assert race is not None
        cost = conquest_cost(s, race, action.region)
        if t.berserk_die is not None:
            cost = max(1, cost - t.berserk_die)
            t.berserk_die = None
        take_region(s, race, action.region, cost)
    elif isinstance(action, Reinforce):
        _reinforce(s, action.region)
    elif isinstance(action, EndConquests):
        _end_conquests(s)
    elif isinstance(action, Deploy):
        race = acting_race(s)
        assert race is not None
        race.hand -= action.count
        s.regions[action.region].tokens += action.count
    elif isinstance(action, Move):
        s.regions[action.source].tokens -= action.count
        s.regions[action.target].tokens += action.count
    elif isinstance(action, EndTurn):
        _end_turn(s, action.decline)
    elif isinstance(action, Finish):
        _finish(s)
    else:
        race = acting_race(s)
        assert race is not None
        _perform(s, race, action)
    if s.stonehedge is not None:
        # The Stonehedge's power goes with its region, whatever took or emptied it.
        follow_stonehedge(s)
    s.version += 1
    return s


def _perform(s: GameState, race: RaceState, action: Action) -> None:
    """Hand a special action to the race's banner or badge that handles it."""
    owner = next((a for a in in_force(s, race) if isinstance(action, a.handles)), None)
    if owner is None:
        for other in _declined_partners(s, race):
            found = next((a for a in in_force(s, other) if isinstance(action, a.handles)), None)
            if found is not None:
                found.perform(s, other, action)
                return
        raise IllegalAction(f"{action.text!r} is not possible now.")
    owner.perform(s, race, action)


# --- picking a combo ------------------------------------------------------------------------


def _pick(s: GameState, seat: int, index: int) -> None:
    """[SW p.3] Pay one coin on each combo above, pocket the coins on the chosen one."""
    p = s.players[seat]
    combo = s.market.pop(index)
    for above in s.market[:index]:
        above.coins += 1
    p.coins += combo.coins - index
    rdef = races()[combo.race]
    hand = combo_tokens(combo.race, combo.power)
    race = RaceState(combo.race, combo.power, seat, hand=min(hand, rdef.tray))
    s.races[combo.race] = race
    p.active = combo.race
    s.turn.picked = True
    s.turn.phase = CONQUER
    s.turn.race = combo.race
    event(
        s,
        "pick",
        seat=seat,
        race=combo.race,
        power=combo.power,
        slot=index + 1,
        paid=index,
        took=combo.coins,
    )
    for a in hooked(s, race, "on_pick"):
        a.on_pick(s, race)
    refill_market(s)


# --- conquests ------------------------------------------------------------------------------


def _abandon(s: GameState, rid: int) -> None:
    """[SW p.6] Emptied regions are no longer yours; their tokens return to hand."""
    region = s.regions[rid]
    race = s.races[region.race]  # type: ignore[index]
    race.hand += region.tokens
    clear_region(s, rid)
    s.turn.acted = True
    event(s, "abandon", seat=race.owner, race=race.name, region=rid)


def _reinforce(s: GameState, rid: int) -> None:
    """[SW p.5] Name the region, roll once; success places every token left there."""
    race = acting_race(s)
    assert race is not None
    cost = conquest_cost(s, race, rid)
    die = roll_die(s)
    if race.hand + die >= cost:
        event(s, "roll", seat=race.owner, region=rid, die=die, success=True)
        take_region(s, race, rid, race.hand)
    else:
        event(s, "roll", seat=race.owner, region=rid, die=die, success=False)
    _end_conquests(s)


def _end_conquests(s: GameState) -> None:
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
    if not rivers or flag(race, "stays_in_river", s):
        return
    left = []
    count = 0
    for rid in sorted(rivers):
        r = s.regions[rid]
        if r.race == race.name:
            race.hand += r.tokens
            count += r.tokens
            clear_region(s, rid)
            left.append(rid)
    if left:
        event(s, "river", seat=race.owner, race=race.name, tokens=count, regions=left)


# --- end of turn ----------------------------------------------------------------------------


def spread(s: GameState, race: RaceState) -> None:
    """Default redeployment: each token in hand goes to the race's weakest region.

    Records a public ``spread`` event (seat, race, tokens, regions that got some) when it
    placed anything, so a front end can say what the engine did for the player.
    """
    if race.hand <= 0:
        return
    own = regions_of(s, race.name)
    if not own:
        return
    count = race.hand
    placed: set[int] = set()
    while race.hand > 0:
        rid = min(own, key=lambda i: (s.regions[i].tokens, i))
        s.regions[rid].tokens += 1
        race.hand -= 1
        placed.add(rid)
    event(s, "spread", seat=race.owner, race=race.name, tokens=count, regions=sorted(placed))


def _settle_owed(s: GameState, race: RaceState) -> None:
    # Ending is refused while a choice is owed, so this acts only on an unvalidated action
    # (a log replayed from before the choice existed): the defaults keep the state whole.
    while (due := owed(s, race)) is not None:
        _perform(s, race, due)


def _end_turn(s: GameState, stout_decline: bool) -> None:
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
    _close_turn(s)


def _finish(s: GameState) -> None:
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


def score(s: GameState, seat: int) -> int:
    """[SW p.5] One coin per region of every race of the seat, plus the bonuses in force."""
    p = s.players[seat]
    total = 0
    names = ([p.active] if p.active else []) + p.declined
    for name in names:
        race = s.races[name]
        own = regions_of(s, name)
        total += len(own)
        for a in hooked(s, race, "score"):
            total += a.score(s, race, own)
    p.coins += total
    event(s, "score", seat=seat, coins=total, private=True)
    return total


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


def _decline_turn(s: GameState) -> None:
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
    _close_turn(s)


def _close_turn(s: GameState) -> None:
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
            _game_over(s)
            return
        s.round += 1
    start_turn(s, nxt)


def start_turn(s: GameState, seat: int) -> None:
    """Begin ``seat``'s turn: Ghouls in decline first, then pick or ready the active race."""
    s.last_events = s.events
    s.events = []
    s.turn = t = TurnState(seat=seat)
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


def ready(s: GameState, race: RaceState) -> None:
    """[SW p.6] Leave one token in each region and take the others in hand.

    Readying is automatic, so what was taken is remembered (``turn.readied``): tokens the
    player does not use go back where they stood (``unready``). When it put tokens in hand,
    a public ``ready`` event says how many came off the map (``tokens``) and how many the
    race now holds (``hand``: with the Amazons' 4 back from last turn, say).
    """
    before = race.hand
    taken = []
    took = 0
    for rid, r in enumerate(s.regions):
        if r.race == race.name and r.tokens > 1:
            n = r.tokens - 1
            taken.append([rid, n])
            took += n
            r.tokens = 1
    race.hand += took
    s.turn.readied = taken
    for a in hooked(s, race, "on_ready"):
        a.on_ready(s, race)
    if race.hand > before:
        event(s, "ready", seat=race.owner, race=race.name, tokens=took, hand=race.hand)


def unready(s: GameState, race: RaceState, *, tell: bool = True) -> None:
    """Settle the tokens still in hand when the acting race's redeployment ends (or it declines).

    They go back first to the regions they were readied from, no more than each region gave
    and only to regions the race still holds; only the rest is spread (ruling 5). So a turn in
    which the player neither conquers nor redeploys leaves every token where it stood.

    Tokens put back are recorded as a public ``return`` event (seat, race, tokens, regions)
    unless ``tell`` is false; the rest as ``spread``.
    """
    back = 0
    regions = []
    for rid, n in s.turn.readied:
        if race.hand <= 0:
            break
        region = s.regions[rid]
        if region.race == race.name:
            k = min(n, race.hand)
            region.tokens += k
            race.hand -= k
            back += k
            regions.append(rid)
    s.turn.readied = []
    if back and tell:
        event(s, "return", seat=race.owner, race=race.name, tokens=back, regions=regions)
    spread(s, race)


def _game_over(s: GameState) -> None:
    """[SW p.6] Highest coins wins; ties go to the most tokens on the board."""
    s.turn.phase = OVER
    rows: list[dict[str, Any]] = []
    for seat, p in enumerate(s.players):
        on_board = sum(r.tokens for r in s.regions if r.owner == seat)
        rows.append({"seat": seat, "name": p.name, "coins": p.coins, "tokens": on_board})
    rows.sort(key=lambda r: (-r["coins"], -r["tokens"], r["seat"]))
    best = rows[0]
    tied = [r for r in rows if r["coins"] == best["coins"]]
    winners = [r["seat"] for r in tied if r["tokens"] == best["tokens"]]
    s.result = {
        "ranking": rows,
        "winners": winners,
        "tiebreak_used": len(tied) > 1,
    }
    event(s, "game_over", winners=winners)


def default_action(s: GameState) -> Action | None:
    """What a deadline applies for the seat to act, so an absent player never stalls a game.

    Not picked: the free combo at the top of the column. A choice the race must make first
    (``Ability.must``): its first option. Conquering: a free gain on offer (``Action.bonus``,
    the Fountain of Youth's token), else stop (tokens stay where they are).
    Redeploying: first any choice still owed (the Amazons' 4, one token a step), then end the
    turn (tokens in hand go back where they were readied from, the rest is
    spread). A defender: finish (their tokens are spread over their regions).
    """
    t = s.turn
    if t.phase == OVER:
        return None
    if t.phase == PICK:
        return PickCombo(1)
    race = acting_race(s)
    forced = must(s, race) if race is not None else []
    if forced:
        return forced[0]
    if t.phase == CONQUER:
        # A free gain on offer (the Fountain of Youth's token) is taken first.
        offered = _ability_actions(s, race) if race is not None else []
        return next((a for a in offered if a.bonus), None) or EndConquests()
    due = owed(s, race) if race is not None else None
    return due if due is not None else closing_action(s)


def closing_action(s: GameState) -> Action:
    """The action that ends the redeployment under way.

    The active race ends the turn (and scores); In-Decline Ghouls and defenders finish.
    """
    t = s.turn
    race = acting_race(s)
    if t.phase != CLOSING and race is not None and race.name == s.players[t.seat].active:
        return _END_TURN
    return _FINISH


def end_actions(s: GameState) -> list[Action]:
    """What an "End turn" button does now: stop conquering if need be, then close.

    It never makes a choice the player owes. Redeploying, it is the closing action, and while
    a choice is owed its refusal says what to do. Conquering, when the redeployment that
    follows will owe a choice, it only stops: refusing the whole press would leave the player
    where the owed choice cannot be made yet. Picking a combo (or a game over), nothing
    ends the step: the list is empty.
    """
    if s.turn.phase in (PICK, OVER):
        # Nothing ends a pick: the combo is the decision (and Finish would be refused).
        return []
    if s.turn.phase == CONQUER:
        probe = from_dict(to_dict(s))
        _end_conquests(probe)
        race = acting_race(probe)
        if race is not None and owed(probe, race) is not None:
            return [EndConquests()]
        return [EndConquests(), closing_action(s)]
    return [closing_action(s)]
