"""Team play's secret coins: "Their individual stash of victory coins remains secret and
should not be shared with their partner" (rules: ../shared/rules/team-play-6p.en.txt,
"Playing in Teams"; checklist §3.7): until the end each player sees their own coins only,
partner included; at the end everyone sees every score and the teams' scores."""

from __future__ import annotations

from pathlib import Path

from engine import view
from engine.rulesets.teams import partner

from .helpers_teams import finish, team_game, to_last_action


def test_partners_do_not_see_each_others_coins(tmp_path: Path) -> None:
    s = to_last_action(team_game(tmp_path))
    for seat in range(6):
        seen = view(s, seat)
        assert "coins" in seen["players"][seat]
        assert "coins" not in seen["players"][partner(seat)]
        assert all("coins" not in p for p in seen["players"] if p["seat"] != seat)
        assert not any(e.get("private") and e.get("seat") != seat for e in seen["events"])
        assert seen["result"] is None
        assert seen["rulesets"]["teams"]["partner"] == partner(seat)
    public = view(s)
    assert all("coins" not in p for p in public["players"])
    # The teams' view holds who plays with whom, never a score.
    assert "score" not in str(public["rulesets"])


def test_every_score_shows_at_the_end(tmp_path: Path) -> None:
    # "The players each reveal their own individual score, and each team's score is ..."
    s = finish(team_game(tmp_path), [40, 20, 19, 10, 21, 30])
    public = view(s)
    assert [p["coins"] for p in public["players"]] == [40, 20, 19, 10, 21, 30]
    assert [t["score"] for t in public["result"]["teams"]] == [20, 19, 10]
