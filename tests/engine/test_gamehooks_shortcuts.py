"""The hot paths' shortcuts answer exactly what the long way answers (docs/notes/team-speed.md).

``gamehooks.hooked`` asks the banner and badge alone for a race that holds no piece that
overrides the moment and no lender; ``abilities.lent`` answers at once for a race that holds
no piece while no lender lends to others; ``overrides.flag``, ``cost_abilities`` and
``defence_traits`` skip ``lent`` when ``abilities.may_lend`` says nothing lent may change
what they read; a lender's ``lendable`` names everything its ``lends`` may return. These
checks replay random legal games (team play on both worlds, Places and Relics on the
surface, mixed markets) and compare, at every few actions and for every race, the shortcut
with the long way.
"""

from __future__ import annotations

import pytest

from engine.core.abilities import LENDERS, Ability, abilities, forgo_key, in_force, lent, works
from engine.core.defences import defence_traits
from engine.core.gamehooks import hooked
from engine.core.overrides import cost_abilities, flag, overriders, overriding
from engine.core.rulesets import barred_in_decline
from engine.core.state import GameState, RaceState

from .helpers import random_positions

#: The moments the turn rules ask through ``hooked``.
HOOKS = (
    "actions",
    "on_pick",
    "on_ready",
    "score",
    "on_conquests_end",
    "on_redeploy_end",
    "place_defaults",
    "on_decline",
    "on_turn_start",
    "on_conquer",
    "on_lost",
    "on_seat_lost",
)
#: The flags the turn rules read through ``flag``.
FLAGS = ("enters_water", "power_proof", "declines_after_scoring", "conquers_in_decline")

#: Players, world, options and seed: the team games' seeds put Bony the Lich on a banner for
#: much of the game; the other two draw the Stonehedge's power.
GAMES = [
    (6, "surface", {"teams": True}, 5),
    (6, "surface", {"teams": True}, 11),
    (6, "underground", {"teams": True}, 14),
    (6, "underground", {"teams": True}, 20),
    (4, "surface", {"surface_relics": True}, 3),
    (5, "underground", {"mix": True}, 3),
]


def _long_lent_traits(s: GameState, race: RaceState) -> tuple[tuple[Ability, ...], bool]:
    """``defence_traits`` the long way: the banner and badge, then everything lent."""
    guards = overriding(race, "guard")
    proof = any(a.power_proof for a in abilities(race))
    for p in lent(s, race):
        if type(p).guard is not Ability.guard:
            guards = (*guards, p)
        proof = proof or p.power_proof
    return guards, proof


def _long_lent(s: GameState, race: RaceState) -> tuple[Ability, ...]:
    """``lent`` the long way: every lender in registration order, its region found on the
    board; one that lends to others asked whoever holds it, the others only by their
    occupant, in its state, when a rule set does not bar them and the owner has not
    forgone them this turn."""
    found: tuple[Ability, ...] = ()
    for key, t in LENDERS.items():
        where = [rid for rid, r in enumerate(s.regions) if key in r.markers]
        if not where or not getattr(s, t.lends_after):
            continue
        occupied = s.regions[where[0]].race == race.name and works(t, race.in_decline)
        barred = race.in_decline and bool(s.options) and barred_in_decline(s)
        forgone = s.turn.seat == race.owner and forgo_key(key) in s.turn.used
        if t.lends_to_others or (occupied and not barred and not forgone):
            p = t.lends(s, race)
            if p is not None:
                found += (p,)
    return found


def _check(s: GameState) -> None:
    for race in list(s.races.values()):
        assert lent(s, race) == _long_lent(s, race), race.name
        working = in_force(s, race)
        for hook in HOOKS:
            assert hooked(s, race, hook) == overriders(working, hook), (race.name, hook)
        given = lent(s, race)
        for attr in FLAGS:
            own = any(getattr(a, attr) for a in abilities(race))
            assert flag(race, attr, s) == (own or any(getattr(p, attr) for p in given))
        costers = overriding(race, "cost_delta") + tuple(
            p for p in given if type(p).cost_delta is not Ability.cost_delta
        )
        assert cost_abilities(race, s) == costers
        traits = defence_traits(race, s)
        assert traits == _long_lent_traits(s, race)
    for lender in LENDERS.values():
        if lender.lendable is not None:
            for race in s.races.values():
                p = lender.lends(s, race)
                assert p is None or p in lender.lendable, (lender.name, p)


@pytest.mark.parametrize(("players", "world", "options", "seed"), GAMES)
def test_shortcuts_answer_as_the_long_way(
    players: int, world: str, options: dict[str, bool], seed: int
) -> None:
    lending = 0
    for s in random_positions(players, world, options, seed):
        _check(s)
        lending += bool(not s.over and (s.bony or s.stonehedge))
    assert lending > 40  # the lenders had something to lend for a good part of the game
