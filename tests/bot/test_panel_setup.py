"""The panel of a setup decision before the first turn (team play's Monsters on the surface,
Places and Relics on the surface): one menu whose every option is a legal choice and which
offers every legal choice (rules: team-play-6p.en.txt "Setup"; rulings 91 and 92)."""

from __future__ import annotations

import pytest

from bot.messages import next_decision_text
from bot.panel import build
from engine import apply, legal_actions, new_game, to_act
from engine.core.state import SETUP

from .test_panel_legal import check_position


@pytest.mark.parametrize(
    ("players", "options", "choices", "words"),
    [
        # [TEAMS "Setup"] "place 1 Monster token": one Monster, said in the singular.
        (6, {"teams": True}, 5, ("your Monster on", "your Monster goes")),
        # [SWU "Compatibility"] "place 2 Monster tokens in each Lost Tribes Region".
        (3, {"surface_relics": True}, 4, ("your Monsters on", "your Monsters go")),
    ],
)
def test_every_setup_choice_is_on_the_panel(
    players: int, options: dict[str, bool], choices: int, words: tuple[str, str]
) -> None:
    s = new_game([f"P{i + 1}" for i in range(players)], 2, options=options)
    steps = 0
    while s.turn.phase == SETUP:
        seat = to_act(s)
        assert seat is not None
        check_position(s, seat)
        panel = build(s, seat)
        assert panel.text.startswith("**Before the first turn**")
        assert "Lost Tribe" in next_decision_text(s, 1, None)
        assert words[0] in next_decision_text(s, 1, None) and words[1] in panel.text
        apply(s, seat, legal_actions(s, seat)[-1])
        steps += 1
    assert steps == choices and s.turn.phase == "pick"
