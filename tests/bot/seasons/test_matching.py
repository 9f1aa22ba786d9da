"""The open-play queue (bot.seasons.matching): compatible games, closest first, tolerance
widening with the longest wait, pairs kept together, and the first-come baseline."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.seasons.matching import (
    COUNTS,
    TOLERANCE,
    Match,
    Tolerance,
    Waiting,
    first_come,
    form_games,
    hours_waited,
)

START = datetime(2026, 3, 2, tzinfo=UTC)
NOW = START + timedelta(hours=48)


def waiting(
    user_id: int, skill: float, players: set[int], hours_ago: float = 0.0, **more: object
) -> Waiting:
    return Waiting(user_id, skill, frozenset(players), NOW - timedelta(hours=hours_ago), **more)  # type: ignore[arg-type]


@st.composite
def queues(draw: st.DrawFn) -> list[Waiting]:
    """Up to 14 members with any wishes; some pairs for team games."""
    out = []
    for u in range(1, draw(st.integers(0, 14)) + 1):
        out.append(
            Waiting(
                u,
                float(draw(st.integers(200, 900))),
                frozenset(draw(st.sets(st.sampled_from(COUNTS), min_size=1))),
                START + timedelta(minutes=draw(st.integers(0, 48 * 60))),
                draw(st.sampled_from([None, None, "surface", "underground"])),
                draw(st.sampled_from([None, 12, 24, 48])),
            )
        )
    for k in range(draw(st.integers(0, len(out) // 2))):
        a, b = out[2 * k], out[2 * k + 1]
        out[2 * k] = Waiting(a.user_id, a.skill, frozenset({6}), a.joined_at, a.world,
                             a.deadline_hours, b.user_id)  # fmt: skip
        out[2 * k + 1] = Waiting(b.user_id, b.skill, frozenset({6}), b.joined_at, b.world,
                                 b.deadline_hours, a.user_id)  # fmt: skip
    return out


def check_games(queue: list[Waiting], games: list[Match]) -> None:
    by_id = {w.user_id: w for w in queue}
    seated = [u for g in games for u in g.members]
    assert len(seated) == len(set(seated)) and set(seated) <= set(by_id)
    for g in games:
        members = [by_id[u] for u in g.members]
        assert len(members) == g.players and all(g.players in w.players for w in members)
        named = {w.world for w in members} - {None}
        assert named == ({g.world} if g.world is not None else set())
        asked = [w.deadline_hours for w in members if w.deadline_hours is not None]
        assert g.deadline_hours == (max(asked) if asked else None)
        for w in members:
            if w.partner is not None and w.partner in by_id:
                assert w.partner in g.members and g.players == 6
                assert g.teams is not None
                assert any({w.user_id, w.partner} == set(t) for t in g.teams)
        if g.players == 6:
            assert g.teams is not None
            assert sorted(u for t in g.teams for u in t) == sorted(g.members)
    for w in by_id.values():  # a pair's half is never seated without the other
        if w.partner in by_id and by_id[w.partner].partner == w.user_id:
            assert (w.user_id in seated) == (w.partner in seated)


@given(queues(), st.integers(0, 300), st.integers(0, 100))
def test_games_are_compatible_within_tolerance_and_none_is_left_to_form(
    queue: list[Waiting], base: int, per_hour: int
) -> None:
    tolerance = Tolerance(float(base), float(per_hour))
    games = form_games(queue, NOW, tolerance)
    check_games(queue, games)
    by_id = {w.user_id: w for w in queue}
    for g in games:
        longest = max(hours_waited(by_id[u], NOW) for u in g.members)
        assert g.spread <= tolerance.after(longest) + 1e-9
    seated = {u for g in games for u in g.members}
    assert form_games([w for w in queue if w.user_id not in seated], NOW, tolerance) == []


@given(queues())
def test_first_come_forms_compatible_games_until_none_can_form(queue: list[Waiting]) -> None:
    games = first_come(queue, NOW)
    check_games(queue, games)
    seated = {u for g in games for u in g.members}
    assert first_come([w for w in queue if w.user_id not in seated], NOW) == []


@given(queues(), st.randoms(use_true_random=False))
def test_the_same_queue_gives_the_same_games_whatever_the_order(
    queue: list[Waiting], rng: random.Random
) -> None:
    shuffled = list(queue)
    rng.shuffle(shuffled)
    assert form_games(shuffled, NOW) == form_games(queue, NOW)


def test_the_closest_members_play_together() -> None:
    queue = [waiting(u, s, {3}) for u, s in enumerate([100, 800, 120, 810, 90, 790], 1)]
    games = form_games(queue, NOW, Tolerance(50.0, 0.0))
    assert sorted(sorted(g.members) for g in games) == [[1, 3, 5], [2, 4, 6]]


def test_the_tolerance_widens_with_the_longest_wait() -> None:
    """Base 100, 25 an hour: two members 300 apart meet once one has waited 8 hours."""
    early = [waiting(1, 500, {2}, hours_ago=7.9), waiting(2, 800, {2})]
    assert form_games(early, NOW) == []
    late = [waiting(1, 500, {2}, hours_ago=8.0), waiting(2, 800, {2})]
    assert [g.members for g in form_games(late, NOW)] == [(1, 2)]
    assert Tolerance(100.0, 25.0) == TOLERANCE


def test_on_equal_closeness_the_longest_waiters_go_first() -> None:
    queue = [waiting(3, 500, {2}, 1.0), waiting(1, 500, {2}, 3.0), waiting(2, 500, {2}, 2.0)]
    assert [g.members for g in form_games(queue, NOW)] == [(1, 2)]


def test_three_or_four_makes_a_game_of_four_when_four_are_as_close() -> None:
    queue = [waiting(u, 500 + 50 * u, {3, 4}, hours_ago=2.0) for u in range(1, 5)]
    games = form_games(queue, NOW)
    assert [(g.players, sorted(g.members)) for g in games] == [(4, [1, 2, 3, 4])]


def test_worlds_must_agree_and_any_world_joins_either() -> None:
    queue = [
        waiting(1, 500, {3}, world="surface"),
        waiting(2, 500, {3}, world="underground"),
        waiting(3, 500, {3}),
        waiting(4, 510, {3}, world="underground"),
    ]
    games = form_games(queue, NOW)
    assert [(sorted(g.members), g.world) for g in games] == [([2, 3, 4], "underground")]


def test_a_pair_makes_one_team_and_the_singles_balance_the_others() -> None:
    queue = [
        waiting(1, 900, {6}, partner=2),
        waiting(2, 300, {6}, partner=1),
        *(waiting(u, s, {6}) for u, s in [(3, 700), (4, 650), (5, 550), (6, 500)]),
    ]
    (game,) = form_games(queue, NOW, Tolerance(1000.0, 0.0))
    assert game.players == 6 and game.teams is not None
    assert {frozenset(t) for t in game.teams} == {
        frozenset({1, 2}),
        frozenset({3, 6}),
        frozenset({4, 5}),
    }


def test_a_partner_who_left_leaves_the_other_waiting_alone() -> None:
    queue = [waiting(1, 500, {6}, partner=9), *(waiting(u, 500, {6}) for u in range(2, 7))]
    (game,) = form_games(queue, NOW)
    assert sorted(game.members) == [1, 2, 3, 4, 5, 6]


def test_the_game_keeps_the_longest_deadline_asked() -> None:
    queue = [waiting(1, 500, {2}, deadline_hours=12), waiting(2, 500, {2}, deadline_hours=48)]
    assert form_games(queue, NOW)[0].deadline_hours == 48
    queue = [waiting(1, 500, {2}), waiting(2, 500, {2})]
    assert form_games(queue, NOW)[0].deadline_hours is None


def test_first_come_ignores_skill_and_the_closest_does_not() -> None:
    queue = [waiting(1, 100, {3}), waiting(2, 900, {3}), waiting(3, 500, {3})]
    assert form_games(queue, NOW) == []
    assert [sorted(g.members) for g in first_come(queue, NOW)] == [[1, 2, 3]]


@pytest.mark.parametrize(
    "queue",
    [
        [waiting(1, 500, {2}), waiting(1, 500, {2})],
        [waiting(1, 500, {7})],
        [waiting(1, 500, set())],
    ],
)
def test_a_member_twice_or_a_count_that_is_no_game_is_refused(queue: list[Waiting]) -> None:
    with pytest.raises(ValueError):
        form_games(queue, NOW)
