"""The player counts a member types for the queue (bot.seasons.counts): every readable way
of writing them, refusals that say how, and the words the queue tells them back in."""

from __future__ import annotations

import pytest

from bot.seasons.counts import (
    SUGGESTED,
    CountsError,
    counts_text,
    from_stored,
    parse_counts,
    stored,
)
from lang import speaking


@pytest.mark.parametrize(
    ("typed", "counts"),
    [
        ("3,4", {3, 4}),
        ("3 4", {3, 4}),
        ("3 or 4", {3, 4}),
        ("3 ou 4", {3, 4}),
        ("3/4", {3, 4}),
        (" 2-5 ", {2, 3, 4, 5}),
        ("4 - 5", {4, 5}),
        ("6", {6}),
        ("4,4", {4}),
        ("3 players", {3}),
        ("2-3, 6", {2, 3, 6}),
    ],
)
def test_counts_are_read_however_they_are_written(typed: str, counts: set[int]) -> None:
    assert parse_counts(typed) == counts
    assert from_stored(stored(counts)) == counts


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "Write the numbers of players"),
        ("or", "Write the numbers of players"),
        ("three", "“three” is not a number of players"),
        ("3,x", "“x” is not a number of players"),
        ("7", "No game is played by 7 players: 2 to 5, or 6 in teams"),
        ("1-3", "No game is played by 1 players"),
        ("5-3", "“5-3” is not a range of players"),
    ],
)
def test_anything_else_is_refused_with_how_to_write_it(typed: str, said: str) -> None:
    with pytest.raises(CountsError) as refused:
        parse_counts(typed)
    assert said in str(refused.value)


def test_refusals_and_counts_speak_french() -> None:
    with speaking("fr"), pytest.raises(CountsError) as refused:
        parse_counts("trois")
    assert "n'est pas un nombre de joueurs" in str(refused.value)
    with speaking("fr"):
        assert counts_text({3, 4}) == "3 ou 4 joueurs"
        assert counts_text({4, 6}) == "4 joueurs ou une partie en équipes à 6"


def test_counts_are_told_as_a_member_says_them() -> None:
    assert counts_text({3, 4}) == "3 or 4 players"
    assert counts_text({2, 3, 4, 5}) == "2, 3, 4 or 5 players"
    assert counts_text({6}) == "a team game of 6"
    assert counts_text({4, 6}) == "4 players or a team game of 6"
    assert stored({4, 3}) == "3,4"
    # Every suggestion offered to tap reads as counts.
    assert all(parse_counts(text) for text in SUGGESTED)
