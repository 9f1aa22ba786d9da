"""bot.ratings against openskill's own Plackett–Luce results, and the rules around it."""

from __future__ import annotations

import itertools

import pytest
from openskill.models import PlackettLuce

from bot import ratings
from bot.ratings import DEFAULT, Rating, display, ranks_from_scores, rate

EXACT = 1e-9


def reference(
    priors: list[list[Rating]], ranks: list[int], limit_sigma: bool = True
) -> list[list[tuple[float, float]]]:
    """openskill called directly, with the settings the league documents."""
    model = PlackettLuce(tau=25.0 / 300.0, limit_sigma=limit_sigma)
    teams = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in priors]
    out = model.rate(teams, ranks=[float(r) for r in ranks])
    return [[(p.mu, p.sigma) for p in team] for team in out]


def assert_same(got: Rating, want: tuple[float, float]) -> None:
    assert got.mu == pytest.approx(want[0], abs=EXACT, rel=0)
    assert got.sigma == pytest.approx(want[1], abs=EXACT, rel=0)


def ffa(priors: list[Rating]) -> list[list[tuple[int, Rating]]]:
    """A free-for-all: user ids 1, 2, 3... one per team."""
    return [[(i + 1, r)] for i, r in enumerate(priors)]


# --- settings and display ----------------------------------------------------------------


def test_settings_are_the_documented_ones() -> None:
    assert ratings.TAU == 25.0 / 300.0
    assert ratings.LIMIT_SIGMA is True
    m = ratings.model()
    assert (m.tau, m.limit_sigma) == (ratings.TAU, True)
    assert ratings.PROVISIONAL_GAMES == 5


def test_default_is_openskills_prior_and_displays_1000() -> None:
    assert (DEFAULT.mu, DEFAULT.sigma) == (25.0, 25.0 / 3.0)
    assert ratings.ordinal(DEFAULT) == pytest.approx(0.0, abs=EXACT)
    assert display(DEFAULT) == ratings.DISPLAY_START == 1000


def test_display_scale() -> None:
    assert display(Rating(30.0, 2.0)) == 1000 + round(20 * (30.0 - 6.0))
    assert display(Rating(10.0, 5.0)) == 1000 + round(20 * (10.0 - 15.0))


def test_one_game_moves_display_by_a_few_tens() -> None:
    after = rate(ffa([DEFAULT, DEFAULT]), [1, 2])
    assert display(after[1]) == 1069
    assert display(after[2]) == 963
    five = rate(ffa([DEFAULT] * 5), [1, 2, 3, 4, 5])
    moves = [display(five[u]) - 1000 for u in range(1, 6)]
    assert moves[0] == 56
    assert all(abs(m) < 100 for m in moves)


# --- against openskill -------------------------------------------------------------------


def test_two_player_game_matches_openskill() -> None:
    priors = [Rating(22.0, 6.5), Rating(27.5, 3.25)]
    after = rate(ffa(priors), [1, 2])
    want = reference([[p] for p in priors], [1, 2])
    assert_same(after[1], want[0][0])
    assert_same(after[2], want[1][0])
    # The underdog won: gains, and the favourite loses.
    assert after[1].mu > priors[0].mu
    assert after[2].mu < priors[1].mu
    # A game only teaches: nobody ends less sure than before.
    assert after[1].sigma < priors[0].sigma
    assert after[2].sigma < priors[1].sigma


def test_four_player_game_with_a_tie_matches_openskill() -> None:
    ranks = [1, 2, 2, 4]
    after = rate(ffa([DEFAULT] * 4), ranks)
    want = reference([[DEFAULT]] * 4, ranks)
    for user in range(1, 5):
        assert_same(after[user], want[user - 1][0])

    first, second_a, second_b, last = (after[u] for u in range(1, 5))
    assert first.mu > DEFAULT.mu
    assert last.mu < DEFAULT.mu
    # Tied players with equal priors end equal, between the winner and the last.
    assert second_a == second_b
    assert last.mu < second_a.mu < first.mu
    # With equal priors Plackett–Luce moves mu zero-sum: what the winners gain the others lose.
    assert sum(r.mu for r in after.values()) == pytest.approx(4 * DEFAULT.mu, abs=EXACT)
    for r in after.values():
        assert r.sigma < DEFAULT.sigma


def test_four_player_game_with_a_tie_and_mixed_priors_matches_openskill() -> None:
    priors = [Rating(25.0, 25.0 / 3.0), Rating(31.0, 4.0), Rating(19.5, 5.5), Rating(26.0, 2.0)]
    ranks = [2, 1, 4, 2]
    after = rate(ffa(priors), ranks)
    want = reference([[p] for p in priors], ranks)
    for user in range(1, 5):
        assert_same(after[user], want[user - 1][0])


def test_team_game_matches_openskill() -> None:
    # Six players, three teams of two: users 1+2, 3+4, 5+6.
    priors = [
        [Rating(25.0, 25.0 / 3.0), Rating(28.0, 5.0)],
        [Rating(25.0, 25.0 / 3.0), Rating(25.0, 25.0 / 3.0)],
        [Rating(21.0, 6.0), Rating(30.0, 3.0)],
    ]
    teams = [[(2 * t + p + 1, r) for p, r in enumerate(team)] for t, team in enumerate(priors)]
    ranks = [2, 1, 3]
    after = rate(teams, ranks)
    want = reference(priors, ranks)
    for t, team in enumerate(teams):
        for p, (user, _) in enumerate(team):
            assert_same(after[user], want[t][p])
    # Teammates with equal priors share the result exactly.
    assert after[3] == after[4]
    assert after[3].mu > DEFAULT.mu
    assert all(after[u].mu < priors[2][p].mu for p, u in enumerate((5, 6)))


# --- the model settings matter -------------------------------------------------------------


def test_a_favourite_who_wins_never_drops() -> None:
    """limit_sigma: without it, tau's widening outweighs a favourite's tiny mu gain."""
    fav, weak = Rating(40.0, 1.0), Rating(15.0, 1.0)
    after = rate(ffa([fav, weak]), [1, 2])
    assert after[1].sigma <= fav.sigma
    assert ratings.ordinal(after[1]) >= ratings.ordinal(fav)

    unlimited = reference([[fav], [weak]], [1, 2], limit_sigma=False)
    mu, sigma = unlimited[0][0]
    assert mu - 3 * sigma < ratings.ordinal(fav)


def test_winners_never_lose_display_points() -> None:
    priors = [Rating(40.0, 1.0), Rating(25.0, 8.0), Rating(18.0, 1.5), Rating(33.0, 2.5)]
    for order in itertools.permutations([1, 2, 3, 4]):
        after = rate(ffa(priors), list(order))
        winner = order.index(1) + 1
        assert display(after[winner]) >= display(priors[winner - 1])


# --- determinism and input handling ------------------------------------------------------


def test_rate_is_deterministic_and_does_not_depend_on_seat_order() -> None:
    priors = [Rating(24.0, 7.0), Rating(29.0, 3.0), Rating(25.0, 25.0 / 3.0), Rating(20.0, 5.0)]
    ranks = [3, 1, 2, 3]
    once = rate(ffa(priors), ranks)
    assert rate(ffa(priors), ranks) == once

    seats = ffa(priors)
    for order in itertools.permutations(range(4)):
        shuffled = rate([seats[i] for i in order], [ranks[i] for i in order])
        for user, r in once.items():
            assert_same(shuffled[user], (r.mu, r.sigma))


def test_only_the_order_of_ranks_matters() -> None:
    a = rate(ffa([DEFAULT] * 4), [1, 2, 2, 4])
    b = rate(ffa([DEFAULT] * 4), [1, 2, 2, 3])
    for user in a:
        assert_same(b[user], (a[user].mu, a[user].sigma))


@pytest.mark.parametrize(
    ("teams", "ranks"),
    [
        ([[(1, DEFAULT)]], [1]),
        ([[(1, DEFAULT)], [(2, DEFAULT)]], [1]),
        ([[(1, DEFAULT)], [(2, DEFAULT)]], [0, 1]),
        ([[(1, DEFAULT)], []], [1, 2]),
        ([[(1, DEFAULT)], [(1, DEFAULT)]], [1, 2]),
    ],
    ids=["one team", "ranks short", "rank 0", "empty team", "same user twice"],
)
def test_bad_games_are_refused(teams: list[list[tuple[int, Rating]]], ranks: list[int]) -> None:
    with pytest.raises(ValueError):
        rate(teams, ranks)


# --- ranks from scores -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "ranks"),
    [
        ([(12, 3), (40, 0), (25, 9)], [3, 1, 2]),
        # Equal coins: more tokens on the board finishes ahead.
        ([(30, 4), (30, 7)], [2, 1]),
        # Equal coins and tokens: a shared place, and the next place is skipped.
        ([(10, 3), (8, 5), (8, 5), (4, 9)], [1, 2, 2, 4]),
        ([(50, 6), (50, 6), (50, 2), (20, 20)], [1, 1, 3, 4]),
        ([(7, 7), (7, 7), (7, 7)], [1, 1, 1]),
        # Tokens only break ties on coins: they never beat more coins.
        ([(9, 0), (8, 30)], [1, 2]),
        ([(5, 1)], [1]),
        ([], []),
    ],
)
def test_ranks_from_scores(scores: list[tuple[int, int]], ranks: list[int]) -> None:
    assert ranks_from_scores(scores) == ranks


def test_ranks_from_scores_feed_rate() -> None:
    ranks = ranks_from_scores([(10, 3), (8, 5), (8, 5), (4, 9)])
    after = rate(ffa([DEFAULT] * 4), ranks)
    assert after[2] == after[3]
