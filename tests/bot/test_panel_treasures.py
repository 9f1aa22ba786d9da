"""Where the optional uses of Places land on the panel (issue 20, item 1)."""

from __future__ import annotations

from bot.panel import build
from tests.engine.helpers import play
from tests.engine.test_treasures_optional import _fountain_turn
from tests.engine.test_treasures_stonehedge import discover


def test_the_fountain_token_heads_the_other_moves_menu() -> None:
    """[SWU p.15] the Fountain's token is taken "At the start of his turn": the offer is the
    first entry of the panel's other moves, ahead of every abandonment, so a long list never
    cuts it off."""
    s = _fountain_turn()
    other = next(m for m in build(s, 0).menus() if m.name == "other")
    assert other.options[0].value == "a=fountain"
    assert other.options[0].label.startswith("Take the Fountain of Youth's bonus token")
    assert any(o.value.startswith("a=abandon ") for o in other.options[1:])


def test_forgoing_a_place_is_offered_among_the_other_moves() -> None:
    """[SWU p.15] "using the Special Power associated with the Stonehedge is optional": the
    panel offers to forgo it, conquering and redeploying."""
    s = discover("Alchemist")
    labels = [o.label for m in build(s, 0).menus() for o in m.options]
    assert "Forgo the Stonehedge this turn · no Alchemist until your next turn" in labels
    play(s, "stop")
    values = [o.value for m in build(s, 0).menus() for o in m.options]
    assert "a=forgo 8" in values
