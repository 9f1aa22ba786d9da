"""The legal actions of the seat to act, and the defaults a deadline or an "End turn" uses.

``legal_actions`` is the one list that autocomplete, buttons, AI players and tests read;
``validation.problem`` checks an action against it. Region actions are made once per board
and reused, as the lists are built thousands of times per game.
"""

from __future__ import annotations

from .abilities import holds_pieces, in_force, may_lend
from .actions import (
    Abandon,
    Action,
    Conquer,
    Decline,
    Deploy,
    EndConquests,
    EndTurn,
    Move,
    PickCombo,
    Reinforce,
)
from .board import held_regions
from .conquest import MAX_SHORT, priced_targets
from .gamehooks import BANNER_MUST, map_hooks
from .interrupts import interrupt
from .overrides import cost_abilities, flag, overriding
from .setupphase import choices
from .state import (
    CLOSING,
    CONQUER,
    OVER,
    PICK,
    REDEPLOY,
    SETUP,
    GameState,
    RaceState,
    from_dict,
    to_dict,
)
from .turn import ability_actions, acting_race, can_decline, closing_action, must, owed
from .turns import end_conquests

#: Actions are values, never changed once made (``engine.core.actions``), so the lists share
#: one instance of the most frequent ones instead of building thousands per game.
_DECLINE = Decline()
_END_CONQUESTS = EndConquests()
_PER_REGION: dict[int, tuple[list[Abandon], list[Conquer], list[Reinforce]]] = {}
_ONE_TOKEN_MOVES: dict[tuple[int, int], list[Move]] = {}
#: ``Deploy(rid, n)`` by its fields, made once each.
_DEPLOYS: dict[tuple[int, int], Deploy] = {}


def legal_actions(s: GameState, seat: int | None = None) -> list[Action]:
    """Every action the seat to act may take now (empty for any other seat).

    Deploy and Move are listed for one token and for as many as possible; every count in
    between is legal too and ``apply`` accepts it.
    """
    # ``to_act`` and ``acting_race`` spelled out: this runs before every action.
    t = s.turn
    if t.phase == OVER:
        return []
    pending = t.pending
    actor = pending[0].seat if pending else t.seat
    if seat is not None and seat != actor:
        return []
    if pending:
        asked = interrupt(s)
        if asked is not None:
            # A decision falling on another seat mid-turn: its choices only.
            return asked[1].actions(s, s.races[asked[0].race])
    if t.phase == PICK:
        coins = s.players[actor].coins
        return [PickCombo(i + 1) for i, c in enumerate(s.market) if coins + c.coins >= i]
    if t.phase == SETUP:
        return choices(s)
    race = s.races[pending[0].race if pending else t.race]  # type: ignore[index]
    working = in_force(s, race)
    hooks = map_hooks(s)
    # Only an ability that overrides ``must`` forces a choice: one of the race's banner and
    # badge (when the game has such a banner or badge at all), or a Relic or Place the race
    # holds (``holds_pieces``).
    if "must" in hooks and (
        (BANNER_MUST in hooks and overriding(race, "must")) or holds_pieces(s, race)
    ):
        forced = must(s, race, working)
        if forced:
            return forced
    out: list[Action] = []
    phase = t.phase
    if phase == CONQUER:
        if can_decline(s):
            out.append(_DECLINE)
        own = held_regions(s, race.name)
        abandon, conquer, reinforce = _region_actions(s)
        if not _conquered_by(s, race):
            out += map(abandon.__getitem__, own)
        hand = race.hand
        if hand >= 1:
            die = t.berserk_die or 0
            berserk = False
            for a in working:
                if a.name == "Berserk":
                    berserk = True
                    break
            append = out.append
            priced = priced_targets(s, race, cost_abilities(race, s), working, own)
            for rid, cost in priced:
                if die:
                    cost = max(1, cost - die)
                if cost <= hand:
                    append(conquer[rid])
                elif not berserk and cost - hand <= MAX_SHORT:
                    append(reinforce[rid])
            # The abilities asked next may want the same targets (the Dragon's): lent to
            # ``conquest.targets`` while they are asked.
            s.listing = (race, priced)
        try:
            out += ability_actions(s, race, working)
        finally:
            s.listing = None
        out.append(_END_CONQUESTS)
    elif phase in (REDEPLOY, CLOSING):
        own = held_regions(s, race.name)
        hand = race.hand
        if hand and own:
            counts = _counts(hand)
            deploys = _DEPLOYS
            for rid in own:
                for n in counts:
                    found = deploys.get((rid, n))
                    if found is None:
                        found = deploys[rid, n] = Deploy(rid, n)
                    out.append(found)
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
        out += ability_actions(s, race, working)
        # A choice still owed (the Amazons' 4) must be made before the redeployment ends.
        if owed(s, race, working) is None:
            closing = closing_action(s)
            out.append(closing)
            if (
                isinstance(closing, EndTurn)
                # A badge of the game's pool, or one a Place lends (the Stonehedge's).
                and ("declines_after_scoring" in hooks or may_lend(s, "declines_after_scoring"))
                and flag(race, "declines_after_scoring", s)
            ):
                out.append(EndTurn(decline=True))
    return out


def _region_actions(s: GameState) -> tuple[list[Abandon], list[Conquer], list[Reinforce]]:
    """``Abandon(rid)``, ``Conquer(rid)`` and ``Reinforce(rid)`` for every region id of the
    board, made once per board size."""
    n = len(s.regions)
    found = _PER_REGION.get(n)
    if found is None:
        found = _PER_REGION[n] = (
            [Abandon(rid) for rid in range(n)],
            [Conquer(rid) for rid in range(n)],
            [Reinforce(rid) for rid in range(n)],
        )
    return found


def _one_token_moves(s: GameState, src: int) -> list[Move]:
    """``Move(src, dst, 1)`` for every region id ``dst`` of the board (the most frequent
    redeployment choices), made once per source region and board size."""
    key = (len(s.regions), src)
    found = _ONE_TOKEN_MOVES.get(key)
    if found is None:
        found = _ONE_TOKEN_MOVES[key] = [Move(src, dst, 1) for dst in range(key[0])]
    return found


def _counts(most: int) -> tuple[int, ...]:
    """The token counts listed for a Deploy or Move of up to ``most`` (at least 1): one, and
    all of them when that is more."""
    return (1,) if most == 1 else (1, most)


def _conquered_by(s: GameState, race: RaceState) -> bool:
    """Whether ``race`` holds a region it conquered this turn (then it may abandon none)."""
    # A loop, not ``any`` over a generator: this runs on every conquest step.
    name, regions = race.name, s.regions
    for rid in s.turn.conquered:  # noqa: SIM110
        if regions[rid].race == name:
            return True
    return False


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
    asked = interrupt(s)
    if asked is not None:
        # A mid-turn decision's handler lists its default first.
        return asked[1].actions(s, s.races[asked[0].race])[0]
    if t.phase == PICK:
        return PickCombo(1)
    if t.phase == SETUP:
        # A setup decision (placing a Monster): its first choice.
        return choices(s)[0]
    race = acting_race(s)
    forced = must(s, race) if race is not None else []
    if forced:
        return forced[0]
    if t.phase == CONQUER:
        # A free gain on offer (the Fountain of Youth's token) is taken first.
        offered = ability_actions(s, race) if race is not None else []
        return next((a for a in offered if a.bonus), None) or EndConquests()
    due = owed(s, race) if race is not None else None
    return due if due is not None else closing_action(s)


def end_actions(s: GameState) -> list[Action]:
    """What an "End turn" button does now: stop conquering if need be, then close.

    It never makes a choice the player owes. Redeploying, it is the closing action, and while
    a choice is owed its refusal says what to do. Conquering, when the redeployment that
    follows will owe a choice, it only stops: refusing the whole press would leave the player
    where the owed choice cannot be made yet. Picking a combo (or a game over), nothing
    ends the step: the list is empty.
    """
    if s.turn.phase in (PICK, SETUP, OVER) or interrupt(s) is not None:
        # Nothing ends a pick or a setup decision: the choice is the decision (and Finish
        # would be refused); nor a mid-turn decision another seat makes.
        return []
    if s.turn.phase == CONQUER:
        probe = from_dict(to_dict(s))
        end_conquests(probe)
        race = acting_race(probe)
        if race is not None and owed(probe, race) is not None:
            return [EndConquests()]
        return [EndConquests(), closing_action(s)]
    return [closing_action(s)]
