"""Team play's end: the team score is the lower of the partners' scores, the highest team
wins, a tie goes to the tied team with the highest individual score, then to the team with
more race tokens on the board (docs/rulings.md, team play), then is shared
(rules: ../shared/rules/team-play-6p.en.txt, "End of the Game"; checklist §3.7)."""

from __future__ import annotations

from pathlib import Path

from engine import view

from .helpers_teams import finish, team_game


def test_team_score_is_the_lower_partner_score_and_the_highest_team_wins(
    tmp_path: Path,
) -> None:
    # "each team's score is the lowest of the two player's scores! The team with the
    # highest score wins." A: min(40, 10) = 10; B: min(20, 21) = 20; C: min(19, 30) = 19.
    s = finish(team_game(tmp_path), [40, 20, 19, 10, 21, 30])
    result = view(s)["result"]
    scores = {t["team"]: t["score"] for t in result["teams"]}
    assert scores == {"A": 10, "B": 20, "C": 19}
    assert [t["team"] for t in result["teams"]] == ["B", "C", "A"]
    assert result["winning_teams"] == ["B"]
    assert result["winners"] == [1, 4]
    assert result["tiebreak_used"] is False
    assert [t["place"] for t in result["teams"]] == [1, 2, 3]
    # The players' own ranking is still there, by coins.
    assert result["ranking"][0]["seat"] == 0


def test_a_tie_goes_to_the_team_with_the_highest_individual_score(tmp_path: Path) -> None:
    # "In case of a tie, the team with the highest individual player score from among those
    # teams tied wins the game." A and C tie on 20; C's 35 beats A's 25. B's 50 does not
    # count: B (15) is not among the tied teams.
    s = finish(team_game(tmp_path), [25, 50, 20, 20, 15, 35])
    result = s.result
    assert result["winning_teams"] == ["C"]
    assert result["winners"] == [2, 5]
    assert result["tiebreak_used"] is True


def test_a_further_tie_goes_to_more_tokens_on_the_board_then_is_shared(
    tmp_path: Path,
) -> None:
    # Ruling (docs/rulings.md, team play): tied on the team score and the best individual
    # score, the team with more race tokens on the board (both partners') wins, as the base
    # game breaks a tie between players; tied on that too, the tied teams share the win.
    s = finish(team_game(tmp_path), [30, 30, 12, 25, 25, 12], tokens={0: 2, 4: 3})
    assert s.result["winning_teams"] == ["B"]
    assert s.result["winners"] == [1, 4]
    shared = finish(team_game(tmp_path, seed=2), [30, 30, 12, 25, 25, 12])
    assert shared.result["winning_teams"] == ["A", "B"]
    assert shared.result["winners"] == [0, 1, 3, 4]
    # The teams tied on all three share the first place; the next team is third.
    assert [(t["team"], t["place"]) for t in shared.result["teams"]] == [
        ("A", 1),
        ("B", 1),
        ("C", 3),
    ]
