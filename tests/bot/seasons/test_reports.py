"""A member's rounds and a head to head in a rounds season (bot.seasons.reports): each round's
game with everyone at it, the games two members sat in together, who finished ahead.

The season's points are the default table (``bot.seasons.points``: 4 players 3/2/1/0, team
games 2/1/0 by team place); issue 38 §3 asks ``/league player`` and the web pages to show
rounds, pods and points.
"""

from __future__ import annotations

from fractions import Fraction

from bot.seasons.points import DEFAULT_TABLE, GameResult
from bot.seasons.reports import Seat, head_to_head, sittings, tally, versus_lines
from bot.seasons.scoring import Played, Standing
from bot.seasons.season import RoundsSeason
from lang import speaking

SEASON = RoundsSeason(
    id=1, guild_id=1, channel_id=2, name="Autumn", opened_by=9, rounds=3, days=7.0, pod=4,
    world="classic", table=DEFAULT_TABLE, role=None, next_round_at=None, paused_at=None,
    closed_at=None,
)  # fmt: skip


def game(number: int, places: dict[int, int], teams: list[list[int]] | None = None) -> Played:
    """A finished game of round ``number`` (its id and thread from the round)."""
    coins = dict.fromkeys(places, 10)
    return Played(number, 100 + number, 200 + number, GameResult(places, coins, teams))


GAMES = [
    game(1, {1: 2, 2: 1, 3: 3, 4: 4}),
    game(2, {1: 1, 5: 2, 6: 3, 2: 3}),  # 2 and 6 tie third: (1 + 0) / 2 each
    game(3, {1: 1, 3: 2, 4: 3, 5: 4}),  # 2 not in it
]


def test_sittings_list_each_round_of_the_member_with_everyone_by_place() -> None:
    sat = sittings(SEASON, 2, GAMES)
    assert [s.round for s in sat] == [1, 2]
    first, second = sat
    assert first.seat == Seat(2, 1, Fraction(3)) and (first.game_id, first.thread_id) == (101, 201)
    assert [(p.user_id, p.place, p.points) for p in first.pod] == [
        (2, 1, 3), (1, 2, 2), (3, 3, 1), (4, 4, 0),
    ]  # fmt: skip
    # Tied on third place: the points of third and fourth shared, the lower id listed first.
    assert [(p.user_id, p.points) for p in second.pod] == [
        (1, 3), (5, 2), (2, Fraction(1, 2)), (6, Fraction(1, 2)),
    ]  # fmt: skip
    assert not any(p.partner for s in sat for p in s.pod)


def test_a_partner_in_a_team_game_is_marked_and_shares_the_place() -> None:
    teams = [[1, 2], [3, 4], [5, 6]]
    played = [game(1, {1: 2, 2: 2, 3: 1, 4: 1, 5: 3, 6: 3}, teams)]
    [sat] = sittings(SEASON, 1, played)
    assert sat.seat == Seat(1, 2, Fraction(1))
    assert [p.user_id for p in sat.pod if p.partner] == [2]
    [met] = head_to_head(SEASON, 1, 2, played)
    assert tally([met]) == (0, 0, 1)


def test_head_to_head_counts_the_games_both_sat_in_and_who_finished_ahead() -> None:
    meetings = head_to_head(SEASON, 1, 2, GAMES)
    assert [(m.round, m.member.place, m.other.place) for m in meetings] == [(1, 2, 1), (2, 1, 3)]
    assert [(m.member.points, m.other.points) for m in meetings] == [
        (2, 3), (3, Fraction(1, 2)),
    ]  # fmt: skip
    assert tally(meetings) == (1, 1, 0)
    # From the other side the same games, the tally reversed.
    assert tally(head_to_head(SEASON, 2, 1, GAMES)) == (1, 1, 0)
    assert tally(head_to_head(SEASON, 1, 3, GAMES)) == (2, 0, 0)
    # Never met, or the same member twice: no game together.
    assert head_to_head(SEASON, 2, 4, GAMES[1:]) == []
    assert head_to_head(SEASON, 1, 1, GAMES) == []


def test_versus_lines_name_each_game_and_the_tally_in_english_and_french() -> None:
    now = Standing(lines=[], names={}, games=GAMES)
    with speaking("en"):
        lines = versus_lines(SEASON, (1, "Ann"), (3, "Cyd"), now)
    assert lines == [
        "**Ann against Cyd** in Autumn",
        "Round 1 (<#201>): Ann place 2, +2 · Cyd place 3, +1",
        "Round 3 (<#203>): Ann place 1, +3 · Cyd place 2, +2",
        "2 games together: Ann finished ahead 2 times, Cyd 0 times, level 0 times.",
    ]
    with speaking("en"):
        never = versus_lines(SEASON, (2, "Bob"), (4, "Dan"), Standing([], {}, games=GAMES[1:]))
    assert never[1] == "They have not sat in one game of this season's rounds yet."
    with speaking("fr"):
        lines = versus_lines(SEASON, (1, "Ann"), (2, "Bob"), now)
    assert lines[0] == "**Ann contre Bob** dans Autumn"
    assert lines[2] == "Ronde 2 (<#202>) : Ann place 1, +3 · Bob place 3, +0,5"
    assert lines[3] == (
        "2 parties ensemble : Ann a fini devant 1 fois, Bob 1 fois, à égalité 0 fois."
    )
