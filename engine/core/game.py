"""A game as (config, seed, action log): apply, undo and replay on top of the pure rules."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from lang import tr

from .actions import Action, PickCombo, Reinforce, parse
from .errors import IllegalAction
from .rules import apply
from .setup import new_game
from .state import OVER, SETUP, GameState, to_dict
from .turn import to_act

#: Actions after which undo is impossible: they reveal a combo or roll the die (an action of
#: a race, power, Relic or Place that rolls or reveals says so with ``reveals``).
IRREVERSIBLE = (PickCombo, Reinforce)
#: Events that show something hidden or random: undo stops at the action that caused them
#: (a Monster region's conquest reveals the top Place or Relic, whatever the action was).
REVEALING_EVENTS = frozenset({"discover", "roll", "berserk", "draw"})


@dataclass(frozen=True)
class GameConfig:
    """Who plays, in seat order, on which map, with which seed and options."""

    players: tuple[str, ...]
    seed: int
    map_id: str | None = None
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class Game:
    """A game with its log; ``state`` is always the replay of ``log`` from ``config``."""

    config: GameConfig
    log: list[tuple[int, str]] = field(default_factory=list)
    state: GameState = field(init=False)

    def __post_init__(self) -> None:
        self.state = self._fresh()
        for seat, text in self.log:
            apply(self.state, seat, parse(text))

    @classmethod
    def restore(cls, config: GameConfig, log: list[tuple[int, str]], state: GameState) -> Game:
        """A game from a stored snapshot, trusting it instead of replaying the log."""
        game = cls.__new__(cls)
        game.config = config
        game.log = list(log)
        game.state = state
        return game

    def _fresh(self) -> GameState:
        c = self.config
        return new_game(list(c.players), c.seed, c.map_id, c.options)

    def play(self, seat: int, action: Action | str) -> GameState:
        """Validate and apply an action (or its text form) for ``seat``, then log it."""
        if isinstance(action, str):
            action = parse(action)
        apply(self.state, seat, action)
        self.log.append((seat, action.text))
        return self.state

    def can_undo(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now, or None if it may."""
        if not self.log or self.log[-1][0] != seat or to_act(self.state) != seat:
            return tr("You have nothing to undo.")
        last = parse(self.log[-1][1])
        if isinstance(last, IRREVERSIBLE) or last.reveals:
            return tr("Undo stops at the last die roll or combo reveal.")
        before = self._replay(self.log[:-1])
        if (before.round, before.turn.seat) != (self.state.round, self.state.turn.seat):
            return tr("That action ended a turn; it cannot be undone.")
        new = self.state.events[len(before.events) :]
        if any(e.get("kind") in REVEALING_EVENTS for e in new):
            return tr("Undo stops at the last die roll or at what was revealed.")
        return None

    def undo(self, seat: int) -> GameState:
        """Take back ``seat``'s last action of this turn, back to the last roll or reveal."""
        why = self.can_undo(seat)
        if why:
            raise IllegalAction(why)
        version, steps = self.state.version, self.state.turn.steps
        self.log.pop()
        self.state = self._replay(self.log)
        # Versions only rise, so a button pressed before the undo is refused afterwards.
        self.state.version = version + 1
        # The turn's steps too: the action and its undo both stay in the log (an undo never
        # reaches back into the turn before).
        self.state.turn.steps = steps + 1
        return self.state

    def _replay(self, log: list[tuple[int, str]]) -> GameState:
        state = self._fresh()
        for seat, text in log:
            apply(state, seat, parse(text), validate=False)
        return state

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data, for storage next to the log."""
        return to_dict(self.state)


def events_since(s: GameState, before: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """The events added to ``s`` since its list of events was ``before``, ``count`` long.

    ``start_turn`` moves the turn's events to ``last_events`` and starts a new list, so when
    the list object changed, the tail of the old list and the whole new one are both new.
    """
    if s.events is before:
        return s.events[count:]
    return s.last_events[count:] + s.events


def turn_ends(
    config: GameConfig, log: list[tuple[int, str]]
) -> Iterator[tuple[GameState, int | None]]:
    """A game played again from its settings and action log: its state at the set-up, then
    after each turn, the last time at its end, each with the seat whose turn just ended
    (None at the set-up). A decision of the setup phase (Monsters placed before the first
    turn) counts as a turn of its own, even when the same seat then plays the first turn.
    The state is the replay's own and moves on: read it before the next."""
    replay = Game(config)
    state = replay.state
    yield state, None
    turn = (state.round, state.turn.seat)
    for seat, text in log:
        played, setting_up = state.turn.seat, state.turn.phase == SETUP
        replay.play(seat, text)
        if state.turn.phase == OVER:
            break
        if setting_up or (state.round, state.turn.seat) != turn:
            yield state, played
            turn = (state.round, state.turn.seat)
    if state.turn.phase == OVER:
        # The last turn ends the game without passing the turn on.
        yield state, state.turn.seat
