"""Cases found in review, each pinned by a test."""

from __future__ import annotations

from engine.core.state import REDEPLOY

from .helpers import clear_board, fresh, owned, play, put, texts, turn


def test_amazons_emptying_a_region_keep_its_encampments() -> None:
    # [SW p.10 Bivouacking] "Encampments are never lost during an attack"; nor are they lost
    # when the Amazons' end-of-redeployment withdrawal empties a region.
    s = clear_board(fresh(2))
    race = put(s, 0, "Amazons", "Bivouacking", {1: 1, 2: 1, 6: 1, 11: 1}, hand=3)
    s.regions[2].markers["camp"] = 3
    race.camps_free = 2
    turn(s, 0, phase=REDEPLOY)
    play(s, "deploy 1 3", "withdraw 1 3", "withdraw 2 1")
    assert s.regions[2].race is None and race.camps_free == 2 + 3
    play(s, "end")
    on_board = sum(r.markers.get("camp", 0) for r in s.regions)
    assert on_board == 5 and race.camps_free == 0


def test_declining_a_spirit_race_puts_readied_ghouls_back_where_they_stood() -> None:
    # [SW p.10 Spirit] the Ghouls in decline stay on the board when a Spirit race declines;
    # readying them for a conquest that never happened must not move them.
    s = clear_board(fresh(2))
    put(s, 0, "Ghouls", "Hill", {1: 5, 2: 1}, decline=True)
    put(s, 0, "Ratmen", "Spirit", {16: 2})
    from engine.core.turns import start_turn

    start_turn(s, 0)
    assert s.turn.race == "Ghouls" and "decline" in texts(s)
    play(s, "decline")
    assert owned(s, "Ghouls") == {1: 5, 2: 1}


def test_underworld_sorcerers_enchant_across_caverns() -> None:
    # [SW p.11 Underworld] "All Regions with a Cavern are also considered adjacent to each
    # other for your conquest purposes" — enchanting is a conquest.
    s = clear_board(fresh(2))
    put(s, 0, "Sorcerers", "Underworld", {3: 1}, hand=3)
    put(s, 1, "Ratmen", "Hill", {17: 1, 16: 2})
    turn(s, 0)
    assert "enchant 17" in texts(s)


def test_labels_of_impossible_actions_do_not_crash() -> None:
    # The bot labels an action before the engine refuses it; a bad number must not crash.
    from engine import label, parse

    s = fresh(2)
    assert label(s, parse("pick 0")) == "pick 0"
    assert label(s, parse("pick 9")) == "pick 9"
    play(s, "pick 1")
    assert label(s, parse("conquer 999")) == "conquer 999"
    assert label(s, parse("move 1 999 2")) == "move 1 999 2"


def test_end_actions_follow_the_phase_and_the_acting_race() -> None:
    # One place decides what "End turn" means: the active race stops and ends the turn;
    # In-Decline Ghouls only finish their part of it.
    from engine.core.legal import end_actions
    from engine.core.turns import start_turn

    s = clear_board(fresh(2))
    put(s, 0, "Ratmen", "Hill", {1: 2})
    turn(s, 0)
    assert [a.text for a in end_actions(s)] == ["stop", "end"]
    s = clear_board(fresh(2))
    put(s, 0, "Ghouls", "Hill", {1: 3}, decline=True)
    put(s, 0, "Ratmen", "Merchant", {16: 2})
    start_turn(s, 0)
    assert [a.text for a in end_actions(s)] == ["stop", "finish"]
    play(s, *[a.text for a in end_actions(s)])
    assert s.turn.race == "Ratmen" and [a.text for a in end_actions(s)] == ["stop", "end"]
