"""A stateful property test of the engine: ``legal_actions`` / ``apply`` / ``Game.undo`` on
real games of both worlds (issue 20, item 14).

Hypothesis starts a real game (a world, 2 to 5 players, a seed) and then mixes these steps in
the orders it likes, shrinking any failure to the shortest sequence that shows it:

- play one legal action (any listed one, or any count between a listed Deploy's or Move's 1
  and most, which ``legal_actions`` says are legal too), or run ahead several actions with
  the random player of ``engine.simulate``, so games reach their middle and end;
- apply every legal action to a copy: each must apply without error [ARCHITECTURE: "every
  legal action applies"];
- send a candidate that is not legal (any kind of action with arbitrary numbers, a legal one
  with a number nudged, a legal one from the wrong seat): it must raise the engine's typed
  error (``EngineError``) and leave the state exactly as it was, compared as JSON; if the
  engine accepts it, it must have been legal; a listed Deploy or Move with one token more
  than the most listed, or with none, is refused;
- undo (``Game.undo``) when the engine allows it: the state is exactly the one before the
  last action (its version aside, which only rises), and playing the action again gives the
  same state as the first time.

After every step: the state equals its JSON round trip and its ``copying.clone``, replaying the
action log from the seed reproduces it, and only the seat to act has legal actions.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import fields, replace
from typing import Any

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from engine import EngineError, Game, GameConfig, NotYourTurn, legal_actions, parse, to_act
from engine.core.actions import Action, Deploy, Move, action_types
from engine.core.content import map_for_players
from engine.core.copying import clone
from engine.core.rules import apply
from engine.core.state import GameState, from_json, to_dict, to_json
from engine.simulate import choose

#: Examples per world and steps per example: about ten seconds a world on a busy CI core.
#: ``STATEFUL_EXAMPLES=2000 HYPOTHESIS_PROFILE=dev`` hunts longer, with fresh examples.
EXAMPLES = int(os.environ.get("STATEFUL_EXAMPLES", "60"))
STEPS = 40


def _without_version(s: GameState) -> dict[str, Any]:
    """The state but what only rises, undos included: the version and the turn's steps."""
    d = to_dict(s)
    d.pop("version")
    d["turn"].pop("steps", None)
    return d


def _int_fields(a: Action) -> list[str]:
    """The numeric fields of an action (a region, a count, a seat), not its flags."""
    return [
        f.name
        for f in fields(a)
        if isinstance(getattr(a, f.name), int) and not isinstance(getattr(a, f.name), bool)
    ]


def _covered(action: Action, legal: list[Action]) -> bool:
    """``action`` is listed, or is a Deploy/Move whose count lies between the listed counts
    for the same regions ("every count in between is legal too")."""
    if action in legal:
        return True
    if isinstance(action, (Deploy, Move)):
        counts = [
            a.count
            for a in legal
            if type(a) is type(action) and replace(a, count=0) == replace(action, count=0)
        ]
        return bool(counts) and min(counts) <= action.count <= max(counts)
    return False


def _any_action() -> st.SearchStrategy[Action]:
    """Any kind of action (the worlds' own included), its numbers anywhere near a board."""
    numbers = st.integers(min_value=-3, max_value=45)

    def build(cls: type[Action]) -> st.SearchStrategy[Action]:
        args = [st.booleans() if f.type in ("bool", bool) else numbers for f in fields(cls)]
        return st.tuples(*args).map(lambda xs: cls(*xs))

    return st.sampled_from(sorted(action_types(), key=lambda c: c.verb)).flatmap(build)


class EngineMachine(RuleBasedStateMachine):
    """One real game, driven by hypothesis; ``world`` is set by the subclass."""

    world = "surface"

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        #: The state as JSON before each action of the log, for undo.
        self.before: list[str] = []

    # --- helpers ------------------------------------------------------------------------

    @property
    def s(self) -> GameState:
        assert self.game is not None
        return self.game.state

    def _seat(self) -> int:
        seat = to_act(self.s)
        assert seat is not None
        return seat

    def _play(self, seat: int, action: Action) -> None:
        """Log and apply an action the engine must accept."""
        assert self.game is not None
        before = to_json(self.s)
        version = self.s.version
        self.game.play(seat, action)
        assert self.s.version == version + 1
        self.before.append(before)

    def _refused_unchanged(self, seat: int, action: Action) -> EngineError:
        """``action`` from ``seat`` raises the typed error and changes nothing."""
        assert self.game is not None
        before, log = to_json(self.s), list(self.game.log)
        try:
            self.game.play(seat, action)
        except EngineError as exc:
            assert to_json(self.s) == before, f"refused {action.text!r} changed the state"
            assert self.game.log == log
            assert str(exc).strip(), "a refusal says why"
            event(f"refused: {type(exc).__name__} in {self.s.turn.phase}")
            return exc
        raise AssertionError(f"{action.text!r} from seat {seat} was accepted")

    # --- start ----------------------------------------------------------------------------

    @initialize(players=st.integers(min_value=2, max_value=5), seed=st.integers(0, 10**6))
    def start(self, players: int, seed: int) -> None:
        config = GameConfig(
            tuple(f"P{i + 1}" for i in range(players)), seed, map_for_players(players, self.world)
        )
        self.game = Game(config)

    # --- rules ----------------------------------------------------------------------------

    def _live(self) -> bool:
        return self.game is not None and to_act(self.s) is not None

    @precondition(_live)
    @rule(data=st.data())
    def play_one(self, data: st.DataObject) -> None:
        """Any legal action applies; its text form reads back as the same action."""
        seat = self._seat()
        legal = legal_actions(self.s, seat)
        assert legal, "the seat to act has something to do"
        action = data.draw(st.sampled_from(legal), label="action")
        assert parse(action.text) == action
        if isinstance(action, (Deploy, Move)) and action.count > 1:
            action = replace(action, count=data.draw(st.integers(1, action.count), label="n"))
        self._play(seat, action)

    @precondition(_live)
    @rule(steps=st.integers(min_value=1, max_value=40), seed=st.integers(0, 2**32))
    def run_ahead(self, steps: int, seed: int) -> None:
        """Several actions of the weighted random player, to reach later turns."""
        rng = random.Random(seed)
        for _ in range(steps):
            seat = to_act(self.s)
            if seat is None:
                return
            self._play(seat, choose(rng, self.s, legal_actions(self.s, seat)))

    @precondition(_live)
    @rule()
    def every_legal_action_applies(self) -> None:
        seat = self._seat()
        for action in legal_actions(self.s, seat):
            apply(clone(self.s), seat, action)

    @precondition(_live)
    @rule(action=_any_action())
    def refuse_any(self, action: Action) -> None:
        """An arbitrary action is either legal (and then applies) or refused unchanged."""
        seat = self._seat()
        legal = legal_actions(self.s, seat)
        if _covered(action, legal):
            event("arbitrary candidate was legal")
            self._play(seat, action)
        else:
            self._refused_unchanged(seat, action)

    @precondition(_live)
    @rule(data=st.data())
    def refuse_nudged(self, data: st.DataObject) -> None:
        """A legal action with one number moved (a region, a count, a slot): legal or refused
        unchanged. This reaches the boundaries: one token more than held, 0 tokens, the
        region next door."""
        seat = self._seat()
        legal = legal_actions(self.s, seat)
        nudgeable = [a for a in legal if _int_fields(a)]
        if not nudgeable:
            return
        action = data.draw(st.sampled_from(nudgeable), label="legal")
        name = data.draw(st.sampled_from(_int_fields(action)), label="field")
        delta = data.draw(st.sampled_from([-100, -2, -1, 1, 2, 100]), label="delta")
        nudged = replace(action, **{name: getattr(action, name) + delta})
        if _covered(nudged, legal):
            event("nudged candidate was legal")
            self._play(seat, nudged)
        else:
            self._refused_unchanged(seat, nudged)

    @precondition(_live)
    @rule(data=st.data())
    def refuse_beyond_the_counts(self, data: st.DataObject) -> None:
        """[SW p.5 "Troop Redeployment"] a Deploy or Move is listed for one token and for
        as many as may go: one more than that, or none at all, is refused unchanged."""
        seat = self._seat()
        legal = legal_actions(self.s, seat)
        counted = [a for a in legal if isinstance(a, (Deploy, Move))]
        if not counted:
            return
        action = data.draw(st.sampled_from(counted), label="listed")
        most = max(a.count for a in counted if replace(a, count=0) == replace(action, count=0))
        for count in (most + 1, 0):
            self._refused_unchanged(seat, replace(action, count=count))

    @precondition(_live)
    @rule(data=st.data())
    def refuse_wrong_seat(self, data: st.DataObject) -> None:
        """A legal action sent by any other seat is ``NotYourTurn``, and changes nothing."""
        seat = self._seat()
        players = len(self.s.players)
        other = data.draw(st.sampled_from([p for p in range(players) if p != seat]), label="seat")
        assert legal_actions(self.s, other) == []
        action = data.draw(st.sampled_from(legal_actions(self.s, seat)), label="action")
        assert isinstance(self._refused_unchanged(other, action), NotYourTurn)

    @precondition(lambda self: self._live() and self.game.can_undo(self._seat()) is None)
    @rule()
    def undo_and_redo(self) -> None:
        """Undo restores the state before the last action exactly (the version only rises);
        playing that action again gives the same state as the first time."""
        assert self.game is not None
        seat = self._seat()
        after, version, steps = _without_version(self.s), self.s.version, self.s.turn.steps
        last = parse(self.game.log[-1][1])
        self.game.undo(seat)
        event(f"undo of {last.verb}")
        before = self.before.pop()
        assert _without_version(self.s) == _without_version(from_json(before))
        assert self.s.version > version and self.s.turn.steps == steps + 1
        self._play(seat, last)
        assert _without_version(self.s) == after

    @precondition(lambda self: self.game is not None and to_act(self.s) is None)
    @rule(action=_any_action(), seat=st.integers(min_value=-1, max_value=5))
    def refuse_after_the_end(self, action: Action, seat: int) -> None:
        """[SW p.6] the game ends after the last turn: nothing more is legal, and whatever is
        sent is refused with the typed error, changing nothing."""
        assert self.s.result is not None and self.s.result["winners"]
        event("the game ended")
        assert legal_actions(self.s) == []
        self._refused_unchanged(seat, action)

    # --- after every step ---------------------------------------------------------------

    @invariant()
    def round_trips_and_replays(self) -> None:
        if self.game is None:
            return
        s = self.s
        text = to_json(s)
        assert from_json(text) == s
        assert to_json(from_json(text)) == text
        copy = clone(s)
        assert copy == s and to_json(copy) == text
        json.loads(text)  # plain JSON, nothing else
        replayed = Game(self.game.config, list(self.game.log)).state
        assert _without_version(replayed) == _without_version(s)

    @invariant()
    def only_the_seat_to_act_may_act(self) -> None:
        if self.game is None:
            return
        actor = to_act(self.s)
        for seat in range(len(self.s.players)):
            listed = legal_actions(self.s, seat)
            assert bool(listed) == (seat == actor), (seat, actor)


class SurfaceMachine(EngineMachine):
    """Small World: the base game's maps for 2 to 5 players."""

    world = "surface"


class UndergroundMachine(EngineMachine):
    """Small World Underground: its maps for 2 to 5 players."""

    world = "underground"


_SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=STEPS)
SurfaceMachine.TestCase.settings = _SETTINGS
UndergroundMachine.TestCase.settings = _SETTINGS
TestSurface = SurfaceMachine.TestCase
TestUnderground = UndergroundMachine.TestCase
