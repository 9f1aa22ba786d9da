"""The action log: replay reproduces the state, undo stops at reveals, rolls and turn ends."""

from __future__ import annotations

import random

import pytest

from engine import Game, GameConfig, IllegalAction, legal_actions, to_act
from engine.core.game import turn_ends
from engine.core.state import from_json, to_dict, to_json
from engine.simulate import choose


def _game() -> Game:
    return Game(GameConfig(("Ann", "Bob", "Cy"), seed=11))


def test_replay_of_the_log_reproduces_the_state() -> None:
    g = _game()
    g.play(0, "pick 1")
    first = next(a for a in legal_actions(g.state) if a.verb == "conquer")
    g.play(0, first)
    g.play(0, "stop")
    g.play(0, "end")
    again = Game(g.config, list(g.log))
    assert to_dict(again.state) == to_dict(g.state)
    assert g.state.version == len(g.log)


def test_undo_takes_back_a_conquest_but_not_the_pick() -> None:
    g = _game()
    g.play(0, "pick 1")
    with pytest.raises(IllegalAction, match="combo reveal"):
        g.undo(0)
    before = to_dict(g.state)
    target = next(a for a in legal_actions(g.state) if a.verb == "conquer")
    g.play(0, target)
    version = g.state.version
    g.undo(0)
    after = to_dict(g.state)
    # The version keeps rising so that a stale button press is refused after an undo, and
    # so do the turn's steps: the conquest and its undo both stay in the log.
    assert g.state.version == version + 1
    assert after["turn"]["steps"] == before["turn"]["steps"] + 2
    after["version"] = before["version"]
    after["turn"]["steps"] = before["turn"]["steps"]
    assert after == before


def test_undo_stops_at_a_die_roll_and_at_the_end_of_a_turn() -> None:
    g = _game()
    g.play(0, "pick 1")
    g.play(0, "stop")
    g.play(0, "end")
    assert g.state.turn.seat == 1
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo(0)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo(1)
    assert _roll_then_undo()


def _roll_then_undo() -> bool:
    # Spend tokens until a final conquest with the die is offered, roll, then try to undo.
    for seed in range(1, 50):
        g = Game(GameConfig(("Ann", "Bob"), seed=seed))
        g.play(0, "pick 1")
        while True:
            actions = legal_actions(g.state)
            roll = [a for a in actions if a.verb == "reinforce"]
            if roll:
                g.play(0, roll[0])
                with pytest.raises(IllegalAction, match="die roll"):
                    g.undo(0)
                return True
            conquests = [a for a in actions if a.verb == "conquer"]
            if not conquests:
                break
            g.play(0, conquests[-1])
    return False


def test_a_turn_counts_its_steps_undos_included_and_the_next_turn_starts_at_none() -> None:
    g = _game()
    assert g.state.turn.steps == 0
    g.play(0, "pick 1")
    conquest = next(a for a in legal_actions(g.state) if a.verb == "conquer")
    g.play(0, conquest)
    g.undo(0)
    g.play(0, conquest)
    # pick, conquer, undo, conquer: four rows of the log, four steps.
    assert g.state.turn.steps == 4
    g.play(0, "stop")
    g.play(0, "end")
    # The action that ends a turn counts in it; the next player's turn starts with none.
    assert (g.state.turn.seat, g.state.turn.steps) == (1, 0)
    g.play(1, "pick 1")
    assert g.state.turn.steps == 1
    # A stored snapshot keeps the count (a state of an older version has none: 0).
    assert from_json(to_json(g.state)).turn.steps == 1


def test_only_the_seat_that_acted_may_undo() -> None:
    g = _game()
    g.play(0, "pick 1")
    g.play(0, next(a for a in legal_actions(g.state) if a.verb == "conquer"))
    with pytest.raises(IllegalAction):
        g.undo(2)


def test_turn_ends_replays_a_game_turn_by_turn() -> None:
    """``turn_ends``: the set-up, then one state after each turn of each player, the last at
    the game's end, each with the seat whose turn it was."""
    game = Game(GameConfig(("ann", "bob", "cyd"), 4, "sw-3p"))
    rng = random.Random(4)
    while (seat := to_act(game.state)) is not None:
        game.play(seat, choose(rng, game.state, legal_actions(game.state, seat)))
    ends = [
        (state.round, state.turn.phase, seat) for state, seat in turn_ends(game.config, game.log)
    ]
    turns = game.state.turns
    assert len(ends) == 1 + 3 * turns
    assert ends[0][2] is None and ends[-1][1] == "over"
    assert [seat for _r, _p, seat in ends[1:]] == [0, 1, 2] * turns


def test_turn_ends_makes_each_decision_before_the_first_turn_a_step() -> None:
    """With Monsters to place before the first turn (Places and Relics on the surface), each
    placement is a step of its own, even the last, after which the same seat plays the first
    turn: a replay tells it apart from that turn."""
    game = Game(GameConfig(("ann", "bob", "cyd"), 5, None, {"surface_relics": True}))
    rng = random.Random(1)
    while (seat := to_act(game.state)) is not None:
        game.play(seat, choose(rng, game.state, legal_actions(game.state, seat)))
    placed = [seat for seat, text in game.log if text.startswith("monsters ")]
    assert len(placed) > 3  # three seats, one of them placing twice
    ends = [
        (seat, state.turn.phase, len(state.events), len(state.last_events))
        for state, seat in turn_ends(game.config, game.log)
    ]
    setting_up = ends[1 : 1 + len(placed)]
    assert [seat for seat, *_ in setting_up] == placed
    # Each placement adds one event to the list before the first turn; the last passes it on.
    assert [n for _s, _p, n, _l in setting_up[:-1]] == list(range(1, len(placed)))
    assert setting_up[-1][1] != "setup" and setting_up[-1][3] == len(placed)
    turns = game.state.turns
    assert len(ends) == 1 + len(placed) + 3 * turns
