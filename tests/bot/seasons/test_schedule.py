"""A rounds season's clock (``bot.seasons.schedule``): the time per decision leaves room for
every turn of the game within the round, and a round formed late still gets time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.seasons.schedule import LONGEST, SHARE, SHORTEST, decision_hours, game_turns, round_end


def test_the_decisions_of_a_whole_game_fit_in_the_round() -> None:
    for days in (0.5, 1, 3, 7, 14):
        for players in (3, 4, 5, 6):
            for world in ("surface", "underground"):
                turns = game_turns(players, world)
                hours = decision_hours(timedelta(days=days), players, turns)
                # Every member's every turn taking its whole deadline, one after another:
                # within the share of the round the turn decisions may use.
                assert turns * players * hours <= days * 24 * SHARE + 1e-9
                assert SHORTEST <= hours <= LONGEST


def test_the_documented_examples() -> None:
    # 4 players on the 4-player board: 9 turns; 7 days → 3.5 h, 14 days → 7 h.
    assert game_turns(4, "surface") == 9
    assert decision_hours(timedelta(days=7), 4, 9) == 3.5
    assert decision_hours(timedelta(days=14), 4, 9) == 7.0
    # A round too short for the game still allows the shortest deadline.
    assert decision_hours(timedelta(hours=1), 5, 8) == SHORTEST


def test_a_round_formed_late_still_gets_half_a_round() -> None:
    start = datetime(2026, 1, 5, 12, tzinfo=UTC)
    assert round_end(start, start, 7) == start + timedelta(days=7)
    # Formed 6 days late (the bot was down): it ends 3.5 days after it was formed.
    late = start + timedelta(days=6)
    assert round_end(start, late, 7) == late + timedelta(days=3.5)
