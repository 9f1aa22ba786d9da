"""Who plays the moves of a playout (issue 41 §2): the quick player by default, the searching
seat's turn under way by ``own``, every other move by ``others`` when given; the hard level's
``rollout_easy`` (its default) hands those other moves to its easy player."""

from __future__ import annotations

import pytest

import ai.hard
from ai import make_player
from ai.easy import Easy
from ai.hard import Hard
from ai.quick import choose as quick_choose
from ai.search import Policy, own_turns_done, playout
from engine import Action, GameState, legal_actions, to_act
from engine.core.copying import clone

from .test_search import first_moves_of_play


def recording(policy: Policy, log: list[int]) -> Policy:
    """``policy``, noting the seat of every move it plays."""

    def play(s: GameState, seat: int, actions: list[Action]) -> Action:
        log.append(seat)
        return policy(s, seat, actions)

    return play


def test_others_plays_every_move_but_the_own_turn_under_way() -> None:
    s = first_moves_of_play("surface", 4, 3)[0]
    seat = to_act(s)
    assert seat is not None
    start = own_turns_done(s, seat)
    # The default playout, and the same with the quick player passed as ``others``: one game.
    plain, given = clone(s), clone(s)
    playout(plain, seat, start, own=Easy(1).act)
    mine: list[int] = []
    rest: list[int] = []
    playout(given, seat, start, own=recording(Easy(1).act, mine),
            others=recording(quick_choose, rest))  # fmt: skip
    assert given.version == plain.version and given.regions == plain.regions
    assert [p.coins for p in given.players] == [p.coins for p in plain.players]
    # ``own`` played only the seat's turn under way; ``others`` every other seat, and the
    # seat's next turn (the horizon at four players is two own turns).
    assert mine and set(mine) == {seat}
    assert set(rest) == set(range(4))


def test_rollout_easy_hands_the_other_moves_to_the_easy_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = first_moves_of_play("surface", 4, 7)[0]
    seat = to_act(s)
    assert seat is not None
    seen: list[object] = []
    real = ai.hard.trial

    def spy(*args: object, **kwargs: object) -> float:
        seen.append(kwargs["others"])
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ai.hard, "trial", spy)
    hard = make_player("hard", seed=5, iterations=12)
    assert isinstance(hard, Hard)
    assert hard.rollout_easy  # the default since issue 41
    a = hard.choose(clone(s), seat)
    assert seen and all(o == hard.easy.act for o in seen)
    assert a in legal_actions(s, seat)
    # Deterministic at fixed playouts, as the quick rollouts are.
    again = make_player("hard", seed=5, iterations=12)
    assert again.choose(clone(s), seat) == a
    # Switched off, the quick player plays them.
    seen.clear()
    quick = make_player("hard", seed=5, iterations=12)
    assert isinstance(quick, Hard)
    quick.rollout_easy = False
    quick.choose(clone(s), seat)
    assert seen and all(o is None for o in seen)
