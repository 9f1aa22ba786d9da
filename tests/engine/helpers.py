"""Compact scenario fixtures for rule tests.

Two kinds: ``put``/``turn`` stage a position without playing to it; ``start``/``pass_turns``
play a real game from ``new_game``, where only the combos on offer are chosen in advance.
Around them: ``force_die`` fixes the next roll, and ``gain_at_end``/``gain_on_decline`` end a
staged turn and return what it scored.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import IllegalAction, apply, default_action, legal_actions, new_game, parse, to_act
from engine.core.actions import Action
from engine.core.board import regions_of
from engine.core.conquest import conquest_cost
from engine.core.content import components
from engine.core.readying import ready
from engine.core.rng import mix
from engine.core.state import CONQUER, REDEPLOY, Combo, GameState, RaceState, TurnState
from engine.core.turns import start_turn
from engine.simulate import choose

#: The badge paired with an Underground race under test: it changes no cost, reach or score.
NEUTRAL = "Stout"


def fresh(
    players: int = 2, seed: int = 1, map_id: str | None = None, world: str = "surface"
) -> GameState:
    """A new game whose turn state is reset so a test can stage any position."""
    return new_game([f"P{i + 1}" for i in range(players)], seed, map_id, world=world)


def ug(seed: int = 1) -> GameState:
    """A new 2-player Underground game, to stage a position on."""
    return fresh(world="underground", seed=seed)


def offer(s: GameState, race: str, power: str) -> GameState:
    """Make ``race`` + ``power`` the free combo at the top of the market."""
    for combo in list(s.market):
        if combo.race in (race,) or combo.power in (power,):
            s.market.remove(combo)
    for stack, name in ((s.race_stack, race), (s.power_stack, power)):
        if name in stack:
            stack.remove(name)
    s.market.insert(0, Combo(race, power))
    return s


def start(
    *combos: tuple[str, str],
    players: int = 2,
    seed: int = 1,
    world: str = "surface",
    map_id: str | None = None,
) -> GameState:
    """A new game (its first turn really started) whose market opens with ``combos`` in order.

    Seat 0 picks the first for free with ``pick 1``; the others slide up, so the next seat's
    ``pick 1`` takes the second. Nothing else is staged.
    """
    s = new_game([f"P{i + 1}" for i in range(players)], seed, map_id, world=world)
    for race, power in reversed(combos):
        offer(s, race, power)
    return s


def pass_turns(s: GameState, seat: int) -> GameState:
    """Every other seat plays on until ``seat``'s next turn has started.

    Each takes what a deadline would (pick the free combo, stop conquering, end the turn),
    checked to be one of its legal actions: they conquer nothing and move nothing.
    """
    while not (s.turn.seat == seat and to_act(s) == seat):
        actor = to_act(s)
        assert actor is not None and actor != seat, "the game ended or the seat must act"
        action = default_action(s)
        assert action is not None and action in legal_actions(s, actor)
        apply(s, actor, action)
    return s


def hide(s: GameState, key: str) -> None:
    """Make the Place or Relic ``key`` the top of the face-down stack (the stack keeps its
    size: a key not in it replaces the top)."""
    if key in s.treasures:
        s.treasures.remove(key)
        s.treasures.insert(0, key)
    else:
        s.treasures[0] = key


def reveal(s: GameState, rid: int, key: str) -> None:
    """Stage the Place or Relic ``key`` as already revealed in region ``rid``.

    It leaves the face-down stack (or, if it is not there, the stack's last marker does), as
    in a real game, where every marker on the map was drawn from the stack.
    """
    if key in s.treasures:
        s.treasures.remove(key)
    else:
        s.treasures.pop()
    s.regions[rid].markers[key] = 1
    s.held = None  # staged by hand: the engine's indexes of the board are rebuilt


def board(s: GameState) -> list[tuple[Any, ...]]:
    """Every region's race, owner, tokens and markers: the whole board, to compare."""
    return [(r.race, r.owner, r.tokens, sorted(r.markers.items())) for r in s.regions]


def clear_board(s: GameState) -> GameState:
    """Remove every Lost Tribe (Mountains stay) so costs are easy to read."""
    for r in s.regions:
        r.markers.pop("lost_tribe", None)
    return s


def put(
    s: GameState,
    seat: int,
    race: str,
    power: str,
    regions: dict[int, int],
    *,
    hand: int = 0,
    decline: bool = False,
    active: bool | None = None,
) -> RaceState:
    """Give ``seat`` a race with tokens in ``regions`` ({region: tokens}) and ``hand`` in hand.

    The combo is taken out of the market and stacks so it exists once in the game.
    """
    for combo in list(s.market):
        if combo.race == race or combo.power == power:
            s.market.remove(combo)
    for stack, name in ((s.race_stack, race), (s.power_stack, power)):
        if name in stack:
            stack.remove(name)
    rs = RaceState(race, power, seat, in_decline=decline, hand=hand)
    s.races[race] = rs
    for rid, n in regions.items():
        r = s.regions[rid]
        r.markers.pop("lost_tribe", None)
        r.race, r.owner, r.tokens = race, seat, n
    s.held = None  # staged by hand: the engine's index of held regions is rebuilt
    p = s.players[seat]
    if decline:
        p.declined.append(race)
    elif active is not False:
        p.active = race
    return rs


def turn(
    s: GameState,
    seat: int,
    race: str | None = None,
    *,
    phase: str = CONQUER,
    do_ready: bool = False,
    picked: bool = False,
) -> GameState:
    """Make it ``seat``'s turn in ``phase`` with ``race`` acting (default: the active race)."""
    s.turn = t = TurnState(
        seat=seat, phase=phase, race=race or s.players[seat].active, picked=picked
    )
    s.events = []
    if do_ready and t.race:
        ready(s, s.races[t.race])
    return s


def texts(s: GameState, seat: int | None = None) -> list[str]:
    """Text forms of the legal actions of the seat to act."""
    return [a.text for a in legal_actions(s, seat)]


def play(s: GameState, *actions: str | Action) -> GameState:
    """Apply actions (text or objects) for whoever must act, validating each."""
    from engine import parse

    for a in actions:
        action = parse(a) if isinstance(a, str) else a
        seat = to_act(s)
        assert seat is not None, "game is over"
        apply(s, seat, action)
    return s


def refused(s: GameState, text: str) -> str:
    """Apply ``text`` for the seat to act, expect ``IllegalAction``, return its message."""
    seat = to_act(s)
    assert seat is not None
    with pytest.raises(IllegalAction) as err:
        apply(s, seat, parse(text))
    return str(err.value)


def begin(s: GameState, seat: int = 0) -> GameState:
    """Begin ``seat``'s turn for real (``start_turn``): its active race is readied."""
    start_turn(s, seat)
    return s


def cost(s: GameState, race: str, rid: int) -> int:
    """What conquering ``rid`` costs ``race`` now."""
    return conquest_cost(s, s.races[race], rid)


def owned(s: GameState, race: str) -> dict[int, int]:
    """{region: tokens} of a race."""
    return {rid: s.regions[rid].tokens for rid in regions_of(s, race)}


def where_is(s: GameState, key: str) -> list[int]:
    """The regions holding the marker ``key``."""
    return [rid for rid, r in enumerate(s.regions) if r.markers.get(key)]


def force_die(s: GameState, face: int) -> None:
    """Set the RNG counter so that the next die roll shows ``face``."""
    faces = components()["die_faces"]
    c = s.rng_counter
    while faces[mix(s.seed, c + 1) % len(faces)] != face:
        c += 1
    s.rng_counter = c


def gain_at_end(s: GameState, seat: int, action: str = "end") -> int:
    """Stage ``seat``'s redeployment, end the turn, and return the coins it scored."""
    turn(s, seat, phase=REDEPLOY)
    before = s.players[seat].coins
    play(s, action)
    return s.players[seat].coins - before


def end_turn_gain(s: GameState, seat: int = 0) -> int:
    """``gain_at_end`` with a plain ``end``, for seat 0 unless told otherwise."""
    return gain_at_end(s, seat)


def gain_on_decline(s: GameState, seat: int) -> int:
    """Stage ``seat``'s turn, put its active race in decline, return the coins it scored."""
    turn(s, seat)
    before = s.players[seat].coins
    play(s, "decline")
    return s.players[seat].coins - before


__all__ = [
    "NEUTRAL",
    "REDEPLOY",
    "begin",
    "board",
    "clear_board",
    "cost",
    "end_turn_gain",
    "force_die",
    "fresh",
    "gain_at_end",
    "gain_on_decline",
    "hide",
    "offer",
    "owned",
    "pass_turns",
    "play",
    "put",
    "refused",
    "reveal",
    "start",
    "texts",
    "turn",
    "ug",
    "where_is",
]


#: The repository's root, where a person runs the project's commands.
ROOT = Path(__file__).resolve().parents[2]


def run_python(
    *args: str, timeout: float = 120, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` run from the repository's root as a person would, output kept as text."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=check,
    )


def random_positions(
    players: int, world: str, options: dict[str, Any], seed: int
) -> Iterator[GameState]:
    """Every position of a random legal game (the benchmark's player, seeded by ``seed``),
    from its start to its end: the state before each action, then the finished one. The
    same object each time, played on between yields: check it before asking for the next."""
    s = new_game([f"P{i + 1}" for i in range(players)], seed, world=world, options=options)
    rng = random.Random(seed)
    while (seat := to_act(s)) is not None:
        yield s
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
    yield s
