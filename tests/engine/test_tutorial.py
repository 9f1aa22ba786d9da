"""The tutorial's lessons and tracker (issue 39 §1): the pinned arrangements give every lesson
of their world in order when the learner follows the coach, and the tracker keeps going,
waiting or skipping lessons, when the learner plays otherwise."""

from __future__ import annotations

import random

import pytest

from engine.core.actions import Action, Decline, EndConquests, PickCombo, Reinforce
from engine.core.legal import legal_actions
from engine.core.state import GameState
from engine.tutorial.arrangement import LEARNER, arrangement, tutorial_worlds
from engine.tutorial.lessons import LESSONS, lesson, lessons_for, message
from engine.tutorial.tracker import Progress, skip, step, waiting
from engine.tutorial.walk import observe, walk
from lang import speaking

WORLDS = ("surface", "underground")
#: The lessons only the Underground's board brings (its River, Chasms, Monsters, Volcano).
UNDERGROUND_ONLY = {"chasm", "river", "monsters", "treasure", "volcano"}


def test_every_world_has_a_tutorial() -> None:
    assert sorted(tutorial_worlds()) == sorted(WORLDS)


@pytest.mark.parametrize("world", WORLDS)
def test_following_the_coach_reaches_every_lesson_in_order(world: str) -> None:
    plan = arrangement(world)
    done = walk(plan)
    board_lessons = [x.key for x in lessons_for(plan.mapdef())]
    assert sorted(done.order) == sorted(board_lessons)
    assert done.order == list(plan.order)
    assert done.skipped == []
    assert done.order[0] == "market" and done.order[-1] == "winner"
    assert done.game.state.over
    # Each lesson came in the round the arrangement pins.
    assert dict(done.given) == plan.rounds


def test_each_world_has_its_own_lessons() -> None:
    surface = set(arrangement("surface").order)
    underground = set(arrangement("underground").order)
    assert not surface & UNDERGROUND_ONLY
    assert underground >= UNDERGROUND_ONLY
    assert surface <= underground


@pytest.mark.parametrize("world", WORLDS)
def test_the_pin_is_what_the_game_gives(world: str) -> None:
    """The pinned order and rounds are the moments the real game brings, each lesson looked
    for at every step whatever the order (what ``scripts/tutorial_search.py`` pins)."""
    plan = arrangement(world)
    assert observe(plan) == [(k, plan.rounds[k]) for k in plan.order]


@pytest.mark.parametrize("world", WORLDS)
def test_the_market_lesson_pays_for_skipped_combos(world: str) -> None:
    """[SW p.3] "Each of the other combos, as you move in succession down the column, costs
    one additional Victory coin ... dropping one of his Victory coins on each of the combos
    situated above": the first suggested pick is below the top, and costs its rows."""
    plan = arrangement(world)
    game = plan.new_game()
    s = game.state
    given, _ = step(plan, Progress(), s, [])
    assert [x.key for x in given] == ["market"]
    slot = plan.picks[0]
    assert slot > 1
    coins = s.players[LEARNER].coins
    game.play(LEARNER, PickCombo(slot))
    assert s.players[LEARNER].coins == coins - (slot - 1)
    assert all(c.coins == 1 for c in s.market[: slot - 1])


def _never_declines(s: GameState, tap: Action) -> Action:
    if isinstance(tap, Decline):
        return next(a for a in legal_actions(s, LEARNER) if a != tap)
    return tap


@pytest.mark.parametrize("world", WORLDS)
def test_a_learner_who_never_declines(world: str) -> None:
    """The decline lesson is given when its moment comes; the second race's lessons wait for
    a pick that never comes and are skipped; the last turn and the end still come."""
    plan = arrangement(world)
    done = walk(plan, _never_declines)
    assert "decline" in done.order
    assert "fresh" in done.skipped
    assert done.order[-2:] == ["last", "winner"]


@pytest.mark.parametrize("world", WORLDS)
def test_a_learner_who_never_rolls_the_die(world: str) -> None:
    """The die lesson is given when the coach suggests a final conquest, whatever the learner
    then taps (here: stop); the lessons after it are not held up (a different game follows,
    so a later lesson whose situation does not come is skipped)."""
    plan = arrangement(world)

    def stops(s: GameState, tap: Action) -> Action:
        return EndConquests() if isinstance(tap, Reinforce) else tap

    done = walk(plan, stops)
    assert "die" in done.order
    assert sorted(done.order + done.skipped) == sorted(plan.order)
    assert done.order[-2:] == ["last", "winner"]


@pytest.mark.parametrize("world", WORLDS)
@pytest.mark.parametrize("seed", range(4))
def test_a_learner_who_taps_at_random(world: str, seed: int) -> None:
    """Any legal taps: the tutorial ends, every lesson is given or skipped, the given ones in
    the arranged order, the last one last."""
    plan = arrangement(world)
    rng = random.Random(seed)
    done = walk(plan, lambda s, tap: rng.choice(legal_actions(s, LEARNER)))
    assert sorted(done.order + done.skipped) == sorted(plan.order)
    assert done.order == [k for k in plan.order if k in done.order]
    assert done.order[-1] == "winner"


def test_a_skipped_lesson_is_not_given() -> None:
    plan = arrangement("surface")
    game = plan.new_game()
    first = waiting(plan, Progress())
    assert first is not None and first.key == "market"
    progress = skip(Progress(), "market")
    given, progress = step(plan, progress, game.state, [])
    assert given == [] and progress.skipped == ("market",)
    assert Progress.from_dict(progress.to_dict()) == progress


def test_lesson_messages_say_what_to_tap_in_both_languages() -> None:
    market = lesson("market")
    english = message(market, "Pick A")
    with speaking("fr"):
        french = message(market, "Choisir A")
        waiting_line = message(lesson("scoring"), None)
    assert english.endswith("Next, tap: Pick A")
    assert french.endswith("Ensuite, touchez : Choisir A") and "combinaisons" in french
    assert "adversaire" in waiting_line
    assert "\n" not in message(lesson("winner"), None)
    assert len({x.key for x in LESSONS}) == len(LESSONS)
