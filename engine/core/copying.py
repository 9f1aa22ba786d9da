"""``clone``: a fast, equal copy of a game state that shares nothing mutable with it.

Search (the AI seats) copies states thousands of times a decision, so the copy is written
out record by record rather than derived from the JSON form (``engine.core.state``): it is
hot, compiled with the rest of the state's code (``engine.compiled.MODULES``). It is apart
from the records it copies because it is a different job, copying for search, which only
the AI, benches and tests ask of the engine.
"""

from __future__ import annotations

import json

from .state import Combo, GameState, Pending, PlayerState, RaceState, RegionState, TurnState


def clone(s: GameState) -> GameState:
    """An equal copy of ``s`` that shares no mutable part with it.

    Search (the AI seats) copies states thousands of times a decision; this is several times
    faster than a JSON round trip. Event dicts are copied one level deep (the engine only
    ever appends new ones); ``custom_map`` is shared, as the engine never writes to it.

    The many small records (regions above all) are made with their class's ``__new__`` and
    their slots set directly (``object.__new__`` in pure Python; the compiled engine's classes
    bring their own, which ``object.__new__`` refuses): a copy needs none of the generated
    ``__init__``'s defaults, and skipping that call makes a clone about twice as fast. A field
    added to one of these records must be copied here too: ``tests/engine/test_clone.py``
    compares a clone with its source field by field, and a slot left unset fails that
    comparison.
    """
    t = s.turn
    turn = _new_turn(TurnState)
    turn.seat = t.seat
    turn.phase = t.phase
    turn.race = t.race
    turn.picked = t.picked
    turn.acted = t.acted
    turn.ghouls_done = t.ghouls_done
    turn.conquered = t.conquered[:]
    turn.nonempty_conquests = t.nonempty_conquests
    turn.attacked = t.attacked[:]
    turn.enchanted = t.enchanted[:]
    turn.dragon_used = t.dragon_used
    turn.fortified = t.fortified
    turn.heroes_placed = t.heroes_placed
    turn.berserk_die = t.berserk_die
    turn.pending = [Pending(p.seat, p.race, p.kind) for p in t.pending]
    turn.readied = [x[:] for x in t.readied]
    turn.used = t.used[:]
    turn.steps = t.steps
    players: list[PlayerState] = []
    for p in s.players:
        q = _new_player(PlayerState)
        q.name = p.name
        q.coins = p.coins
        q.active = p.active
        q.declined = p.declined[:]
        q.peace_with = p.peace_with
        q.score_history = p.score_history[:]
        q.marks = p.marks[:]
        players.append(q)
    regions: list[RegionState] = []
    for r in s.regions:
        c = _new_region(RegionState)
        c.race = r.race
        c.owner = r.owner
        c.tokens = r.tokens
        c.markers = r.markers.copy()
        regions.append(c)
    races: dict[str, RaceState] = {}
    for n, rs in s.races.items():
        a = _new_race(RaceState)
        a.name = rs.name
        a.power = rs.power
        a.owner = rs.owner
        a.in_decline = rs.in_decline
        a.hand = rs.hand
        a.reserve = rs.reserve
        a.turns = rs.turns
        a.holes_placed = rs.holes_placed
        a.camps_free = rs.camps_free
        a.pieces = rs.pieces.copy()
        a.borrowed = rs.borrowed
        races[n] = a
    market: list[Combo] = []
    for m in s.market:
        k = _new_combo(Combo)
        k.race = m.race
        k.power = m.power
        k.coins = m.coins
        market.append(k)
    return GameState(
        s.map_id,
        s.seed,
        s.round,
        s.turns,
        players,
        regions,
        races,
        market,
        s.race_stack[:],
        s.power_stack[:],
        s.power_discard[:],
        turn,
        s.rng_counter,
        s.version,
        [e.copy() for e in s.events],
        [e.copy() for e in s.last_events],
        None if s.result is None else json.loads(json.dumps(s.result)),
        json.loads(json.dumps(s.options)) if s.options else {},
        s.custom_map,
        s.treasures[:],
        s.stonehedge,
        s.stonehedge_holder,
        json.loads(json.dumps(s.extras)) if s.extras else {},
        s.bony,
        s.spots.copy(),
        s.options_on,
        s.hidden_total,
        s.map_hooks,
        None if s.held is None else {k: v[:] for k, v in s.held.items()},
    )


# Each record's own ``__new__``, read once, for ``clone`` to make empty instances whose slots
# it fills: ``object.__new__`` in pure Python; a compiled class (``engine.compiled``) brings
# its own, which ``object.__new__`` refuses.
_new_turn = TurnState.__new__
_new_player = PlayerState.__new__
_new_region = RegionState.__new__
_new_race = RaceState.__new__
_new_combo = Combo.__new__
