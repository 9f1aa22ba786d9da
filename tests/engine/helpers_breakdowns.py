"""Random games that check every cost and score breakdown against what the engine charges
and pays: ``tests/engine/test_breakdowns.py`` plays 120 (12 a set), ``bench/breakdowns.py``
2,000 per world and option set.

At every position of a random legal game (``engine.simulate``'s weighted player, from a real
``new_game``), for every ``Conquer`` and ``Reinforce`` on offer:

- ``cost_breakdown`` adds up to ``conquest_cost`` and to the price ``priced_targets`` (the hot
  path's own loop, which ``legal_actions`` lists the conquests by) gives the region;
- ``conquest_breakdown`` adds up to what ``apply`` charges: ``conquest_cost`` less the Berserk
  die rolled (never under 1) for a conquest, ``conquest_cost`` for a final conquest, which
  is 1 to 3 tokens short of the hand;

and for the action played, what happens agrees: a conquest moves as many tokens as its
breakdown says, a final conquest succeeds when the die shows its ``short`` or more. Every
turn's score (``scoring.score``, watched where ``turns`` calls it) adds its terms up to the
coins the seat gains, which is also what the long way counts on a copy: each race's regions,
and the ``score`` hook of every ability in force.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from engine import apply, legal_actions, new_game, to_act
from engine.core import turns
from engine.core.abilities import in_force
from engine.core.actions import Action, Conquer, Reinforce
from engine.core.board import regions_of
from engine.core.conquest import MAX_SHORT, conquest_cost, cost_breakdown, priced_targets
from engine.core.copying import clone
from engine.core.overrides import cost_abilities
from engine.core.prices import Breakdown, conquest_breakdown
from engine.core.rulesets import options_for
from engine.core.scoring import scored_terms
from engine.core.state import GameState, RaceState
from engine.core.terms import SORTS, total
from engine.core.turn import acting_race
from engine.simulate import choose
from engine.worlds.underground.race_choices import WispRoll
from engine.worlds.underground.relics import (
    RELICS,
    DoormatConquer,
    SocksConquer,
    SwordConquer,
)
from engine.worlds.underground.treasures import ConquestRelic

#: Each option set checked: its name, the world, the options, and the player counts its games
#: cycle through.
OPTION_SETS: list[tuple[str, str, dict[str, bool], tuple[int, ...]]] = [
    ("surface", "surface", {}, (2, 3, 4, 5)),
    ("surface relics", "surface", {"surface_relics": True}, (2, 3, 4, 5)),
    ("surface mix", "surface", {"mix": True}, (2, 3, 4, 5)),
    ("surface teams", "surface", {"teams": True}, (6,)),
    ("surface teams relics", "surface", {"teams": True, "surface_relics": True}, (6,)),
    ("surface teams mix", "surface", {"teams": True, "mix": True}, (6,)),
    ("underground", "underground", {}, (2, 3, 4, 5)),
    ("underground mix", "underground", {"mix": True}, (2, 3, 4, 5)),
    ("underground teams", "underground", {"teams": True}, (6,)),
    ("underground teams mix", "underground", {"teams": True, "mix": True}, (6,)),
]


#: How many disagreements a ``Counts`` keeps, said, to show.
KEPT = 5


@dataclass
class Counts:
    """What the games checked."""

    games: int = 0
    actions: int = 0
    #: ``Conquer`` and ``Reinforce`` on offer whose breakdowns were checked.
    offered: int = 0
    #: Conquests played, checked against the tokens they moved.
    conquests: int = 0
    #: Conquests played with the die (final conquests, Relics short of tokens, Wisps),
    #: checked against it.
    rolls: int = 0
    #: Conquests by a world's own action on offer (a Relic's, the Will-o'-Wisps' roll).
    others: int = 0
    #: Turn scores checked against the coins gained and the long way.
    scores: int = 0
    #: Breakdowns that disagreed with the engine (each one counted once, where it was met).
    mismatches: int = 0
    #: The first few of them, said (what disagreed, and the values).
    examples: list[str] = field(default_factory=list)
    #: The races and powers picked in the games.
    races: set[str] = field(default_factory=set)
    powers: set[str] = field(default_factory=set)

    def check(self, ok: bool, *what: object) -> None:
        """Count a disagreement unless ``ok``, keeping the first few of them (``what``)."""
        if not ok:
            self.mismatches += 1
            if len(self.examples) < KEPT:
                self.examples.append(repr(what))

    def line(self) -> str:
        """The counts on one line."""
        return (
            f"games={self.games} actions={self.actions} conquests_offered={self.offered} "
            f"relic_and_wisp_offered={self.others} conquests_played={self.conquests} "
            f"with_the_die={self.rolls} "
            f"scores={self.scores} mismatches={self.mismatches} races={len(self.races)} "
            f"powers={len(self.powers)}"
        )


def long_score(s: GameState, seat: int) -> int:
    """A turn's score the long way, on the state as ``score`` finds it: one coin per region
    of each of the seat's races, plus the ``score`` hook of every ability in force."""
    p = s.players[seat]
    got = 0
    for name in ([p.active] if p.active else []) + p.declined:
        race = s.races[name]
        own = regions_of(s, name)
        got += len(own) + sum(a.score(s, race, own) for a in in_force(s, race))
    return got


@contextmanager
def watched_scores(counts: Counts) -> Iterator[None]:
    """While open, every turn's score is checked as it is scored (see the module's text)."""
    scoring = turns.score

    def checked(s: GameState, seat: int) -> int:
        expected = long_score(clone(s), seat)
        before = s.players[seat].coins
        got = scoring(s, seat)
        e = s.events[-1]
        told = e["kind"] == "score" and e["seat"] == seat
        terms = scored_terms(e) if told else []
        gained = s.players[seat].coins - before
        counts.check(
            told and total(terms) == got == e["coins"] == gained == expected,
            "score",
            e,
            gained,
            expected,
        )
        counts.check(all(t.sort in SORTS and t.source for t in terms), "score sources", terms)
        counts.scores += 1
        return got

    turns.score = checked  # type: ignore[assignment]
    try:
        yield
    finally:
        turns.score = scoring  # type: ignore[assignment]


def own_cost(s: GameState, race: RaceState, a: Action) -> int | None:
    """What ``perform`` charges for a world's own conquering action, the long way (the
    Relic's ``cost``, the Will-o'-Wisps' ``conquest_cost``), None for any other action."""
    if isinstance(a, (DoormatConquer, SocksConquer, SwordConquer)):
        relic = RELICS[a.verb]
        assert isinstance(relic, ConquestRelic)
        return relic.cost(s, race, a.region)
    if isinstance(a, WispRoll):
        return conquest_cost(s, race, a.region)
    return None


def check_offers(s: GameState, actions: list[Action], counts: Counts) -> None:
    """Every conquest on offer: its breakdowns against the engine's prices."""
    race = acting_race(s)
    priced: dict[int, int] | None = None
    for a in actions:
        b = conquest_breakdown(s, a)
        if not isinstance(a, (Conquer, Reinforce)):
            own = None if race is None else own_cost(s, race, a)
            counts.check((b is None) == (own is None), "priced or not", a, b)
            if race is not None and b is not None and own is not None:
                counts.check(b.total == own and b.final and b.hand == race.hand, a, b, own)
                counts.check(b.short <= MAX_SHORT, "too short", a, b)
                counts.others += 1
            continue
        if race is None:
            counts.check(False, "a conquest with no race acting", a)
            continue
        if priced is None:
            priced = dict(priced_targets(s, race, cost_abilities(race, s)))
        rid = a.region
        cost = conquest_cost(s, race, rid)
        terms = cost_breakdown(s, race, rid)
        counts.check(total(terms) == cost == priced.get(rid), a, terms, cost, priced.get(rid))
        counts.check(all(t.sort in SORTS for t in terms), "cost sources", terms)
        if b is None or b.region != rid or b.hand != race.hand:
            counts.check(False, a, b, race.hand)
        elif isinstance(a, Conquer):
            die = s.turn.berserk_die or 0
            counts.check(b.total == max(1, cost - die) <= race.hand and not b.final, a, b)
        else:
            counts.check(b.total == cost and b.final and 0 < b.short <= MAX_SHORT, a, b)
        counts.offered += 1


def play_checked(
    world: str, options: dict[str, bool], players: int, seed: int, counts: Counts
) -> None:
    """One random game from a real ``new_game``, every breakdown checked along it."""
    s = new_game(
        [f"P{i + 1}" for i in range(players)],
        seed,
        world=world,
        options={**options_for(players), **options},
    )
    rng = random.Random(seed)
    with watched_scores(counts):
        while (seat := to_act(s)) is not None:
            actions = legal_actions(s, seat)
            check_offers(s, actions, counts)
            action = choose(rng, s, actions)
            b = conquest_breakdown(s, action)
            before, mark = s.events, len(s.events)
            apply(s, seat, action, validate=False)
            counts.actions += 1
            # A turn's end moves its events to ``last_events`` and starts a new list.
            new = s.events[mark:] if s.events is before else s.last_events[mark:] + s.events
            if b is not None:
                _check_played(action, b, new, counts)
            for e in new:
                if e["kind"] == "pick":
                    counts.races.add(e["race"])
                    counts.powers.add(e["power"])
    counts.games += 1


def _check_played(action: Action, b: Breakdown, new: list[dict[str, Any]], counts: Counts) -> None:
    """What a conquest did (``new``: its events) agrees with its breakdown ``b``: a conquest
    with the tokens in hand moves as many as it costs; with the die (a final conquest, a
    Relic's conquest short of tokens, the Will-o'-Wisps' roll) it succeeds when the die
    shows what the hand lacks or more, and the Wisps' die comes off what they pay."""
    rid = action.region  # type: ignore[attr-defined]
    # ``taking.take_region``'s event, whichever way the region was taken.
    taken = [e for e in new if e.get("region") == rid and "lost_tribe" in e]
    rolled = [e for e in new if e["kind"] == "roll" and e.get("region") == rid]
    if not rolled:
        counts.check(b.short == 0 and bool(taken) and taken[0]["tokens"] == b.total, action, b, new)
        counts.conquests += 1
        return
    die, success = rolled[0]["die"], rolled[0]["success"]
    counts.check(b.final and success == (die >= b.short) and bool(taken) == success, action, b, new)
    if success and isinstance(action, WispRoll):
        counts.check(taken[0]["tokens"] == max(1, b.total - die), action, b, new)
    counts.rolls += 1


def play_many(
    games: int, seed: int, done: Callable[[str, Counts], object] | None = None
) -> dict[str, Counts]:
    """``games`` checked games of every option set, seeds ``seed`` on; the counts by set,
    each handed to ``done`` with its name as it is finished."""
    out: dict[str, Counts] = {}
    for name, world, options, sizes in OPTION_SETS:
        counts = out[name] = Counts()
        for i in range(games):
            play_checked(world, options, sizes[i % len(sizes)], seed + i, counts)
        if done is not None:
            done(name, counts)
    return out
