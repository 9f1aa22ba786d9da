"""Swiss pods for a round (bot.seasons.pods): sizes, placement, repeats, order, team pods."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.seasons.balance import LARGEST_GAME, SMALLEST_GAME
from bot.seasons.pods import (
    POD_SIZES,
    TEAM_POD,
    Entrant,
    Pairing,
    form_pods,
    free_for_all_sizes,
    meetings,
    pod_sizes,
    round_cost,
)

# --- sizes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "pod", "sizes"),
    [
        (0, 4, []),
        (1, 4, []),  # one member: a bye
        (2, 4, [2]),  # the smallest game
        (5, 4, [5]),
        (7, 4, [4, 3]),
        (9, 4, [4, 5]),
        (10, 4, [4, 3, 3]),  # a tie in sizes' distance: more, smaller pods
        (24, 4, [4] * 6),
        (5, 3, [3, 2]),
        (6, 5, [3, 3]),
        (12, TEAM_POD, [6, 6]),
        (13, TEAM_POD, [6, 4, 3]),  # never a leftover of 1
        (8, TEAM_POD, [6, 2]),
        (5, TEAM_POD, [5]),
    ],
)
def test_pod_sizes(n: int, pod: int, sizes: list[int]) -> None:
    assert pod_sizes(n, pod) == sizes


@cache
def least_distance(n: int, pod: int) -> int | None:
    """The least total distance from ``pod`` of any pods of 2 to 5 players seating ``n``."""
    if n == 0:
        return 0
    found = [
        d + abs(s - pod)
        for s in range(SMALLEST_GAME, min(LARGEST_GAME, n) + 1)
        if (d := least_distance(n - s, pod)) is not None
    ]
    return min(found) if found else None


@given(n=st.integers(0, 60), pod=st.sampled_from([3, 4, 5]))
def test_free_for_all_sizes_seat_everyone_as_near_the_chosen_size_as_can_be(
    n: int, pod: int
) -> None:
    sizes = free_for_all_sizes(n, pod)
    if n < SMALLEST_GAME:
        assert sizes == []
        return
    assert sum(sizes) == n
    assert all(SMALLEST_GAME <= s <= LARGEST_GAME for s in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert sum(abs(s - pod) for s in sizes) == least_distance(n, pod)


@given(n=st.integers(2, 80))
def test_team_sizes_seat_everyone_in_as_many_pods_of_six_as_can_be(n: int) -> None:
    sizes = pod_sizes(n, TEAM_POD)
    assert sum(sizes) == n
    rest = [s for s in sizes if s != TEAM_POD]
    assert all(SMALLEST_GAME <= s <= LARGEST_GAME for s in rest)
    assert sizes.count(TEAM_POD) == (n // 6 - (n % 6 == 1))


def test_a_size_no_organiser_may_choose_is_refused() -> None:
    with pytest.raises(ValueError):
        pod_sizes(12, 7)


# --- placement -----------------------------------------------------------------------------


@st.composite
def rounds(draw: st.DrawFn, teams: bool = False) -> tuple[list[Entrant], dict, int]:
    """Entrants, earlier meetings and a pod size."""
    n = draw(st.integers(0, 40))
    pod = TEAM_POD if teams else draw(st.sampled_from([3, 4, 5]))
    points = st.sampled_from([0.0, 0.5, 1.0, 2.0, 2.5, 3.0, 6.0])
    skills = st.floats(200.0, 900.0, allow_nan=False)
    entrants = [Entrant(u, draw(points), draw(skills)) for u in range(1, n + 1)]
    if teams and n >= 2:
        couples = draw(st.integers(0, n // 2))
        for k in range(couples):
            a, b = entrants[2 * k], entrants[2 * k + 1]
            entrants[2 * k] = Entrant(a.user_id, a.points, a.skill, b.user_id)
            entrants[2 * k + 1] = Entrant(b.user_id, b.points, b.skill, a.user_id)
    seed = draw(st.integers(0, 10_000))
    rng = random.Random(seed)
    ids = [e.user_id for e in entrants]
    games = [rng.sample(ids, min(len(ids), 4)) for _ in range(draw(st.integers(0, 8)))]
    return entrants, meetings(games), pod


def check_placement(entrants: list[Entrant], pod: int, pairing: Pairing) -> None:
    placed = [u for p in pairing.pods for u in p.members] + list(pairing.byes)
    assert sorted(placed) == sorted(e.user_id for e in entrants)
    assert sorted(len(p.members) for p in pairing.pods) == sorted(pod_sizes(len(entrants), pod))
    if len(entrants) >= SMALLEST_GAME:
        assert pairing.byes == ()


@given(rounds())
def test_everyone_is_placed_exactly_once_in_the_allowed_sizes(case: tuple) -> None:
    entrants, met, pod = case
    for search in (True, False):
        check_placement(entrants, pod, form_pods(entrants, pod, met, search=search))


@given(rounds(teams=True))
def test_team_pods_keep_pairs_together_and_split_into_three_teams(case: tuple) -> None:
    entrants, met, pod = case
    pairing = form_pods(entrants, pod, met)
    check_placement(entrants, pod, pairing)
    partner = {e.user_id: e.partner for e in entrants if e.partner is not None}
    pod_of = {u: k for k, p in enumerate(pairing.pods) for u in p.members}
    assert all(pod_of[a] == pod_of[b] for a, b in partner.items())
    for p in pairing.pods:
        if len(p.members) != TEAM_POD:
            assert p.teams is None
            continue
        assert p.teams is not None and len(p.teams) == 3
        assert sorted(u for t in p.teams for u in t) == sorted(p.members)
        team_of = {u: t for t in p.teams for u in t}
        assert all(b in team_of[a] for a, b in partner.items() if a in team_of)


@given(rounds(), st.randoms(use_true_random=False))
def test_the_same_round_gives_the_same_pods_whatever_the_input_order(
    case: tuple, rng: random.Random
) -> None:
    entrants, met, pod = case
    shuffled = list(entrants)
    rng.shuffle(shuffled)
    assert form_pods(shuffled, pod, met) == form_pods(entrants, pod, met)


@given(rounds())
def test_the_cost_reported_is_the_cost_of_the_pods(case: tuple) -> None:
    entrants, met, pod = case
    pairing = form_pods(entrants, pod, met)
    again = round_cost([p.members for p in pairing.pods], entrants, met)
    assert again.repeats == pairing.cost.repeats
    assert again.points_spread == pytest.approx(pairing.cost.points_spread)
    assert again.skill_spread == pytest.approx(pairing.cost.skill_spread)


# --- repeats, order --------------------------------------------------------------------------


@given(k=st.integers(4, 10), seed=st.integers(0, 10_000))
def test_no_repeat_after_one_round_when_none_is_needed(k: int, seed: int) -> None:
    """4k members (k ≥ 4) who played one round in pods of 4 can all meet new people: one
    member of each of four earlier pods per pod. The search finds such a round."""
    rng = random.Random(seed)
    ids = list(range(1, 4 * k + 1))
    rng.shuffle(ids)
    before = [ids[i : i + 4] for i in range(0, len(ids), 4)]
    entrants = [Entrant(u, rng.choice([0, 1, 2, 3]), rng.gauss(500, 100)) for u in ids]
    pairing = form_pods(entrants, 4, meetings(before))
    assert pairing.cost.repeats == 0


def test_two_who_met_are_kept_apart_even_when_they_are_neighbours() -> None:
    entrants = [Entrant(u, 0, 1000 - u) for u in range(1, 7)]
    pairing = form_pods(entrants, 3, meetings([[1, 2]]))
    assert all(not {1, 2} <= set(p.members) for p in pairing.pods)
    assert pairing.cost.repeats == 0


def test_pods_follow_the_standings_then_skill() -> None:
    entrants = [Entrant(u, 8 - u, 0.0) for u in range(1, 9)]  # points 7 down to 0
    pods = form_pods(entrants, 4).pods
    assert [p.members for p in pods] == [(1, 2, 3, 4), (5, 6, 7, 8)]
    by_skill = [Entrant(u, 0, 100.0 * u) for u in range(1, 9)]
    pods = form_pods(by_skill, 4).pods
    assert [p.members for p in pods] == [(8, 7, 6, 5), (4, 3, 2, 1)]


def test_one_member_sits_out_and_two_play() -> None:
    assert form_pods([Entrant(5)], 4) == Pairing((), (5,), form_pods([], 4).cost)
    assert [p.members for p in form_pods([Entrant(5), Entrant(6)], 4).pods] == [(5, 6)]


def test_a_partner_who_withdrew_leaves_the_other_alone() -> None:
    entrants = [Entrant(1, partner=9), *(Entrant(u) for u in range(2, 7))]
    pairing = form_pods(entrants, TEAM_POD)
    assert [len(p.members) for p in pairing.pods] == [6]


@pytest.mark.parametrize(
    "entrants",
    [
        [Entrant(1), Entrant(1)],
        [Entrant(1, partner=2), Entrant(2, partner=1), Entrant(3)],
    ],
)
def test_a_member_twice_or_a_pair_outside_team_pods_is_refused(entrants: list[Entrant]) -> None:
    with pytest.raises(ValueError):
        form_pods(entrants, 4)


def test_meetings_count_each_pair_once_a_game() -> None:
    assert meetings([[3, 1, 2], [1, 3], [2, 2, 4]]) == {(1, 2): 1, (1, 3): 2, (2, 3): 1, (2, 4): 1}


def test_every_organiser_size_is_listed() -> None:
    assert POD_SIZES == (3, 4, 5, 6)
