"""Season points (bot.seasons.points): the default table, shared places, the organiser's
table as text, and the standings' tie-breaks."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.seasons.points import (
    DEFAULT_TABLE,
    GameResult,
    TableError,
    describe_table,
    format_table,
    game_points,
    parse_table,
    show_points,
    standings,
)
from lang import speaking


def test_the_default_table() -> None:
    assert DEFAULT_TABLE == {
        2: (1, 0),
        3: (2, 1, 0),
        4: (3, 2, 1, 0),
        5: (4, 3, 2, 1, 0),
        6: (2, 1, 0),
    }
    assert format_table(DEFAULT_TABLE) == "2:1,0;3:2,1,0;4:3,2,1,0;5:4,3,2,1,0;6:2,1,0"


def test_tied_places_share_the_points_of_the_places_they_fill() -> None:
    assert game_points({1: 1, 2: 1, 3: 3, 4: 4}) == {
        1: Fraction(5, 2),
        2: Fraction(5, 2),
        3: 1,
        4: 0,
    }
    # "1, 1, 2" says the same: one player is behind two.
    assert game_points({1: 1, 2: 1, 3: 2}) == {1: Fraction(3, 2), 2: Fraction(3, 2), 3: 0}
    assert game_points({1: 2, 2: 2, 3: 2, 4: 1}) == {4: 3, 1: 1, 2: 1, 3: 1}


def test_team_games_score_by_team_place_for_both_partners() -> None:
    teams = [(1, 2), (3, 4), (5, 6)]
    assert game_points({1: 2, 2: 2, 3: 1, 4: 1, 5: 3, 6: 3}, teams=teams) == {
        3: 2, 4: 2, 1: 1, 2: 1, 5: 0, 6: 0,
    }  # fmt: skip
    tied = game_points({1: 1, 2: 1, 3: 1, 4: 1, 5: 3, 6: 3}, teams=teams)
    assert tied[1] == tied[3] == Fraction(3, 2) and tied[5] == 0
    with pytest.raises(ValueError):
        game_points({1: 1, 2: 2, 3: 1, 4: 1, 5: 3, 6: 3}, teams=teams)


@given(st.lists(st.integers(1, 5), min_size=2, max_size=5))
def test_a_game_hands_out_its_row_whatever_the_ties(places: list[int]) -> None:
    earned = game_points(dict(enumerate(places, start=1)))
    assert sum(earned.values()) == sum(DEFAULT_TABLE[len(places)])
    ahead = sorted(earned, key=lambda u: places[u - 1])
    assert all(earned[a] >= earned[b] for a, b in pairwise(ahead))


rows = st.integers(2, 6).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.integers(0, 99), min_size=3 if n == 6 else n, max_size=3 if n == 6 else n),
    )
)


@given(st.lists(rows, max_size=5, unique_by=lambda r: r[0]))
def test_a_table_reads_back_what_it_writes(given_rows: list[tuple[int, list[int]]]) -> None:
    table = dict(DEFAULT_TABLE)
    table.update({n: tuple(sorted(points, reverse=True)) for n, points in given_rows})
    assert parse_table(format_table(table)) == table


def test_rows_not_given_keep_their_points() -> None:
    table = parse_table(" 4 : 5, 3, 1, 0 ;6:3,1,0; ")
    assert table[4] == (5, 3, 1, 0) and table[6] == (3, 1, 0) and table[3] == (2, 1, 0)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "Write the points table as rows like 4:3,2,1,0, separated by semicolons."),
        ("four", "'four' is not a row"),
        ("7:1,0", "7 players is not a game here"),
        ("4:3,2,1", "4 players need 4 points, one per place, best first."),
        ("6:2,1", "Team games need 3 points, one per team place, best first."),
        ("4:3,2,1,x", "Points are whole numbers from 0 to 99: 'x' is not one."),
        ("4:300,2,1,0", "Points are whole numbers from 0 to 99: '300' is not one."),
        ("4:3,²,1,0", "Points are whole numbers from 0 to 99: '²' is not one."),
        ("4:0,1,2,3", "A better place never earns fewer points: in 4:0,1,2,3 they go up."),
        ("3:2,1,0;3:3,1,0", "The row for 3 players is given twice."),
    ],
)
def test_bad_tables_are_refused_with_the_reason(text: str, said: str) -> None:
    with pytest.raises(TableError) as refused:
        parse_table(text)
    assert said in str(refused.value)


def test_refusals_and_descriptions_speak_french() -> None:
    with speaking("fr"), pytest.raises(TableError) as refused:
        parse_table("4:3,2,1")
    assert str(refused.value) == "4 joueurs demandent 4 points, un par place, la meilleure d'abord."
    with speaking("fr"):
        lines = describe_table(DEFAULT_TABLE)
        assert lines[2] == "4 joueurs : 3/2/1/0"
        assert lines[-1] == "Parties en équipe, par place d'équipe : 2/1/0"
        assert show_points(Fraction(5, 2)) == "2,5"
    assert show_points(Fraction(5, 2)) == "2.5" and show_points(Fraction(3)) == "3"


def test_standings_break_ties_by_opponents_points_then_coins() -> None:
    games = [
        # 1 and 2 win a game each; 1's opponents scored more over the season.
        GameResult({1: 1, 3: 2, 4: 3}, {1: 40, 3: 30, 4: 20}),
        GameResult({2: 1, 5: 2, 6: 3}, {2: 50, 5: 30, 6: 20}),
        GameResult({3: 1, 4: 2, 7: 3}, {3: 40, 4: 30, 7: 10}),
        # 8 and 9 tie on points and opponents; 9 has more coins.
        GameResult({8: 1, 10: 2}, {8: 10, 10: 5}),
        GameResult({9: 1, 11: 2}, {9: 20, 11: 5}),
    ]
    table = standings(games, members=[12])
    by_id = {line.user_id: line for line in table}
    assert by_id[1].points == by_id[2].points == 2
    assert by_id[1].opponents == by_id[3].points + by_id[4].points == 4
    assert by_id[2].opponents == 1
    assert [line.user_id for line in table].index(1) < [line.user_id for line in table].index(2)
    assert by_id[9].rank < by_id[8].rank
    assert by_id[12].games == 0 and by_id[12].rank == len(table)


def test_equal_lines_share_a_rank_and_partners_are_not_opponents() -> None:
    teams = [(1, 2), (3, 4), (5, 6)]
    game = GameResult({1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}, dict.fromkeys(range(1, 7), 10), teams)
    table = standings([game])
    by_id = {line.user_id: line for line in table}
    assert by_id[1].rank == by_id[2].rank == 1 and by_id[3].rank == 3
    # Team B's two players (1 point each) and team C's (none); the partner is not counted.
    assert by_id[1].opponents == 2
    assert by_id[1].opponents == sum(by_id[u].points for u in (3, 4, 5, 6))
