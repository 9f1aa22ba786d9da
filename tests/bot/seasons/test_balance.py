"""What the formats weigh (bot.seasons.balance): skill, pairs, balanced teams."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import DEFAULT, Rating, display
from bot.seasons.balance import balanced_teams, pairs_of, skill, spread


def test_skill_is_the_mean_in_display_points_not_the_cautious_number() -> None:
    """A newcomer and a regular of the same μ are equals for grouping, though their
    displayed ratings differ by hundreds."""
    regular = Rating(DEFAULT.mu, 3.0)
    assert skill(regular) == skill(DEFAULT) == 20 * DEFAULT.mu
    assert display(regular) - display(DEFAULT) > 300
    assert skill(Rating(30.0, 3.0)) - skill(Rating(25.0, 3.0)) == pytest.approx(
        display(Rating(30.0, 3.0)) - display(Rating(25.0, 3.0)), abs=1
    )


def test_pairs_hold_only_when_both_name_each_other() -> None:
    assert pairs_of({1: 2, 2: 1, 3: 4, 5: None, 6: 7, 7: 8, 8: None}) == {1: 2, 2: 1}


def brute_force_gap(skills: dict[int, float], pairs: dict[int, int]) -> float:
    """The least gap between the strongest and the weakest team over every split."""
    people = sorted(skills)
    best = None
    for order in itertools.permutations(people):
        teams = [order[0:2], order[2:4], order[4:6]]
        if any(pairs.get(a, b) != b for t in teams for a, b in (t, t[::-1])):
            continue
        gap = spread([sum(skills[u] for u in t) for t in teams])
        best = gap if best is None else min(best, gap)
    assert best is not None
    return best


@given(
    skills=st.lists(st.integers(100, 900), min_size=6, max_size=6),
    couples=st.integers(0, 3),
)
def test_teams_are_as_balanced_as_any_split_that_keeps_the_pairs(
    skills: list[int], couples: int
) -> None:
    by_id = {u: float(s) for u, s in enumerate(skills, start=1)}
    pairs = {}
    for k in range(couples):
        a, b = 2 * k + 1, 2 * k + 2
        pairs.update({a: b, b: a})
    teams = balanced_teams(list(by_id), by_id, pairs)
    assert sorted(u for t in teams for u in t) == sorted(by_id)
    assert all(pairs[a] in t for t in teams for a in t if a in pairs)
    sums = [sum(by_id[u] for u in t) for t in teams]
    assert sums == sorted(sums, reverse=True)
    assert spread(sums) == brute_force_gap(by_id, pairs)


def test_the_strongest_and_the_weakest_make_a_team() -> None:
    skills = {u: 100.0 * u for u in range(1, 7)}
    assert balanced_teams(list(skills), skills, {}) == ((4, 3), (5, 2), (6, 1))


def test_a_team_table_has_six_members() -> None:
    with pytest.raises(ValueError):
        balanced_teams([1, 2, 3, 4], {u: 0.0 for u in range(1, 5)}, {})
