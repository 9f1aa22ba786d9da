"""Issue 23's shortcuts answer exactly what the long way answers.

Each shortcut of the hot paths (``docs/notes/engine-speed.md``) is checked against the long way
it replaces, along random legal games of both worlds, with and without Relics and Places,
team play and mixed markets, at every action and for every race in play:

- ``conquest.targets`` asks ``region_problem`` only of a region that may be refused (a marker
  that makes it immune, a guard to ask, the race's own region, an opponent at peace): the
  long way asks it of every region of the map; ``priced_targets`` prices them in the same
  loop, as ``region_costs`` prices them;
- ``conquest.reach`` skips the hooks when nothing in force overrides them: the long way asks
  each of them;
- ``board.tokens_on_board`` and ``board.held_regions`` read the region index: the long way
  scans the board;
- ``withdrawal.options`` and ``withdrawal.default`` (the Amazons' 4, the Silver Hammers):
  the long way is their first form, kept below;
- ``rules.apply`` runs the after-action hooks only in a game with Relics or Places, and
  only those of the pieces the game may hold (``gamehooks.followers``): each of the others
  changes nothing; ``turn.ability_actions`` asks the free actions
  only in a game with options: in any other, each of them offers nothing;
- ``legal_actions`` lends the targets it found to the abilities it asks next (the Dragon,
  the Sorcerers: ``GameState.listing``): they offer what they offer when asked alone;
- the Vampire's substitutions and the conquering Relics' offers (the Flying Doormat's,
  priced with ``priced_targets(anywhere=True)``) are found in one pass: the long way checks
  one region at a time;
- ``rules.apply`` tests the action kinds in an order of its own: no kind derives from another;
- ``abilities.in_force`` reads which Places and Relics each race holds from a cache the
  board's moves drop (``abilities.holdings``): the long way looks at every region of the
  race, in id order [SWU p.13: a Place or Relic works for the race that occupies it];
- ``legal_actions`` asks ``must`` only of a race whose banner or badge may force a choice or
  that holds a piece, and the Stout's decline only where the game's pool has it; the
  Flames and the Cultists price a list through a view worked out once
  (``Ability.for_costs``), which prices each region as ``cost_delta`` does.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from engine import legal_actions
from engine.core import actions as acts
from engine.core.abilities import (
    AFTER_ACTION,
    LENDERS,
    POWERS,
    TREASURES,
    Ability,
    abilities,
    forgo_key,
    hidden_total,
    holdings,
    holds_pieces,
    in_force,
    may_lend,
    works,
)
from engine.core.board import held_regions, mapdef, regions_of, tokens_on_board
from engine.core.conquest import (
    neighbourhood,
    priced_targets,
    reach,
    region_problem,
    targets,
)
from engine.core.copying import clone
from engine.core.costs import region_costs
from engine.core.defences import lone_active_token
from engine.core.gamehooks import BANNER_MUST, followers, map_hooks
from engine.core.interrupts import FREE_ACTIONS
from engine.core.overrides import cost_abilities, flag, overriders, overriding
from engine.core.rulesets import barred_in_decline
from engine.core.state import CONQUER, GameState, RaceState, to_dict
from engine.core.turn import ability_actions, must
from engine.core.withdrawal import default, options
from engine.worlds.surface.actions import Withdraw
from engine.worlds.underground.treasures import ConquestRelic
from engine.worlds.underground.vampire import Vampirize

from .helpers import random_positions

#: Players, world, options and seed: plain games of both worlds (no Relic or Place on the
#: surface), then Places and Relics, team play and mixed markets.
GAMES = [
    (4, "surface", {}, 7),
    (5, "surface", {}, 8),
    (3, "underground", {}, 7),
    (5, "underground", {}, 9),
    (4, "surface", {"surface_relics": True}, 3),
    (6, "surface", {"teams": True}, 5),
    (6, "underground", {"teams": True}, 14),
    (5, "underground", {"mix": True}, 3),
]


def _long_reach(s: GameState, race: RaceState) -> set[int] | None:
    """``reach`` asking every hook, as it did before its shortcut."""
    working = in_force(s, race)
    own = regions_of(s, race.name)
    first = not own
    for a in overriders(working, "reaches_anywhere"):
        if a.reaches_anywhere(s, race, first):
            return None
    if first:
        entries = {r.id for r in mapdef(s).regions if r.entry}
        for a in overriders(working, "extra_entries"):
            entries |= a.extra_entries(s, race)
        return entries
    return neighbourhood(s, race, own, working)


def _long_targets(s: GameState, race: RaceState) -> list[int]:
    """``targets`` asking ``region_problem`` of every region of the map, in id order."""
    reachable = _long_reach(s, race)
    water_ok = flag(race, "enters_water", s)
    defs = mapdef(s).regions
    return [
        rid
        for rid in range(len(s.regions))
        if region_problem(s, race, rid, defs[rid], water_ok, reachable) is None
    ]


def _long_options(s: GameState, race: RaceState, due: int) -> list[acts.Action]:
    """``withdrawal.options`` in its first form (with ``Withdraw`` as the action)."""
    own = regions_of(s, race.name)
    full = [rid for rid in own if s.regions[rid].tokens >= 2]
    out: list[acts.Action] = []
    for rid in own:
        have = s.regions[rid].tokens
        counts = list(range(1, min(due, have - 1) + 1))
        if have <= due and not any(o != rid for o in full):
            counts.append(have)
        out.extend(_withdraw(rid, n) for n in counts)
    return out


def _long_default(s: GameState, race: RaceState) -> acts.Action | None:
    """``withdrawal.default`` in its first form."""
    own = regions_of(s, race.name)
    if not own:
        return None
    rid = max(own, key=lambda i: (s.regions[i].tokens, -i))
    if s.regions[rid].tokens <= 1:
        rid = own[0]
    return _withdraw(rid, 1)


def _withdraw(rid: int, n: int) -> acts.Action:
    return Withdraw(rid, n)


def _long_in_force(s: GameState, race: RaceState) -> tuple[Ability, ...]:
    """``in_force`` the long way: the banner and badge, then every Place and Relic in the
    race's regions, in region order, each followed by what it lends."""
    own = abilities(race)
    if not hidden_total(s) or (race.in_decline and s.options and barred_in_decline(s)):
        return own
    used = s.turn.used if s.turn.seat == race.owner else []
    found: list[Ability] = []
    for r in s.regions:
        if r.race != race.name:
            continue
        for key in r.markers:
            t = TREASURES.get(key)
            if t is None or not works(t, race.in_decline) or forgo_key(key) in used:
                continue
            found.append(t)
            lent = t.lends(s, race) if key in LENDERS else None
            if lent is not None:
                found.append(lent)
    return own + tuple(found)


def _check_holdings(s: GameState) -> None:
    """``holdings`` (kept between the board's moves) is what a look at the board finds, and
    ``in_force`` answers as the long way."""
    found = {name: sorted(pieces, key=lambda p: p[1]) for name, pieces in holdings(s).items()}
    scan: dict[str, list[tuple[int, str]]] = {}
    for rid, r in enumerate(s.regions):
        for key in r.markers:
            if key in TREASURES and r.race is not None:
                scan.setdefault(r.race, []).append((rid, key))
    assert found == {name: sorted(p, key=lambda p: p[1]) for name, p in scan.items()}
    for race in s.races.values():
        assert in_force(s, race) == _long_in_force(s, race), race.name


def _check_skipped_asks(s: GameState) -> None:
    """What ``legal_actions`` no longer asks would answer nothing: ``must`` of a race whose
    banner and badge force no choice and that holds no piece, the Stout's decline in a game
    whose pool lacks it; and a coster's view for a whole list (``Ability.for_costs``) prices
    each region as its ``cost_delta`` does."""
    hooks = map_hooks(s)
    for race in s.races.values():
        if not (BANNER_MUST in hooks and overriding(race, "must")) and not holds_pieces(s, race):
            assert must(s, race) == [], race.name
        if "declines_after_scoring" not in hooks and not may_lend(s, "declines_after_scoring"):
            assert not flag(race, "declines_after_scoring", s)
        for a in cost_abilities(race, s):
            view = a.for_costs(s, race)
            for rid in range(len(s.regions)):
                assert view.cost_delta(s, race, rid) == a.cost_delta(s, race, rid), a.name


def _check_listing(s: GameState) -> None:
    """The special actions ``legal_actions`` lists while it lends its targets to the abilities
    (``GameState.listing``) are those the abilities offer when asked alone, and the loan ends
    with the call."""
    listed = legal_actions(s)
    assert s.listing is None
    t = s.turn
    if t.phase != CONQUER or t.pending or not listed or listed[-1] != acts.EndConquests():
        return
    race = s.races[t.race]  # type: ignore[index]
    alone = ability_actions(s, race)
    assert listed[len(listed) - 1 - len(alone) : -1] == alone


def _check_pieces(s: GameState, race: RaceState) -> None:
    """The Vampire's substitutions and the conquering Relics' offers, found in one pass, are
    those the checks of one region at a time allow (``refusal``, ``candidates``, ``cost``)."""
    vampire = POWERS["Vampire"]
    if s.turn.phase == CONQUER and not s.turn.pending and s.turn.race == race.name:
        every = [Vampirize(rid) for rid in range(len(s.regions))]
        alone = [a for a in every if lone_active_token(s, race, a.region)]
        assert (
            vampire.actions(s, race) == [a for a in alone if vampire.refusal(s, race, a) is None]
            or race.hand < 1
        )
    for relic in TREASURES.values():
        if isinstance(relic, ConquestRelic):
            long = [(rid, relic.cost(s, race, rid)) for rid in relic.candidates(s, race)]
            assert relic.priced(s, race) == long, relic.name


def _check(s: GameState) -> None:
    _check_listing(s)
    _check_holdings(s)
    _check_skipped_asks(s)
    for race in list(s.races.values()):
        _check_pieces(s, race)
    for race in list(s.races.values()):
        assert reach(s, race) == _long_reach(s, race), race.name
        assert targets(s, race) == _long_targets(s, race), race.name
        costers = cost_abilities(race, s)
        priced = priced_targets(s, race, costers)
        rids = [rid for rid, _ in priced]
        assert rids == targets(s, race)
        assert [cost for _, cost in priced] == region_costs(s, race, rids, costers)
        scan = [rid for rid, r in enumerate(s.regions) if r.race == race.name]
        assert held_regions(s, race.name) == scan
        assert tokens_on_board(s, race.name) == sum(s.regions[rid].tokens for rid in scan)
        for due in (1, 2, 4):
            assert options(s, race, due, _withdraw) == _long_options(s, race, due)
        assert default(s, race, _withdraw) == _long_default(s, race)
    if not s.options:
        # No option turned on, so no rule set: every free action offers nothing.
        for race in s.races.values():
            for a in FREE_ACTIONS:
                assert a.actions(s, race) == [], a.name
    # The after-action hooks ``rules.apply`` skips (all of them in a game without Relics or
    # Places; those of pieces the game cannot hold in any other) leave the state as it is.
    run = followers(s) if hidden_total(s) else ()
    for _, follow in AFTER_ACTION:
        if follow not in run:
            c = clone(s)
            follow(c)
            assert to_dict(c) == to_dict(s), follow.__name__


@pytest.mark.parametrize(("players", "world", "options_", "seed"), GAMES)
def test_shortcuts_answer_as_the_long_way(
    players: int, world: str, options_: dict[str, bool], seed: int
) -> None:
    steps = 0
    for s in random_positions(players, world, options_, seed):
        _check(s)
        steps += 1
    assert steps > 101  # more than 100 actions, and the end


def test_no_action_kind_that_apply_tests_derives_from_another() -> None:
    # ``rules.apply`` tests Conquer, EndTurn, ... in an order of its own, most frequent first:
    # the order only matters if an action could be an instance of two of them.
    kinds = [
        acts.Conquer,
        acts.EndTurn,
        acts.EndConquests,
        acts.Reinforce,
        acts.Deploy,
        acts.Abandon,
        acts.Move,
        acts.PickCombo,
        acts.Finish,
        acts.Decline,
    ]
    every: list[type] = []
    todo: list[type] = [acts.Action]
    while todo:
        cls = todo.pop()
        every.append(cls)
        todo += cls.__subclasses__()
    for a, b in permutations(kinds, 2):
        assert not issubclass(a, b), (a, b)
    for cls in every:
        assert sum(issubclass(cls, k) for k in kinds) <= 1, cls
