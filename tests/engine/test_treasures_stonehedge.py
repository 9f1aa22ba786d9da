"""The Stonehedge's power is the power itself [SWU p.15]: "This becomes the power associated
with the Stonehedge for the rest of the game"; FR the occupant has it "en plus de son Pouvoir
normal". What the badge does when picked (``on_pick``) it does for the Stonehedge's occupant,
its flags and cost changes are read, and what it gave is taken back when the Stonehedge
changes hands (docs/rulings.md, ruling 71). Same staging and map facts as the Relic tests
(``helpers_treasures``); P1 discovers the Stonehedge in Monster region 8 (next to 5, 9, 11).
"""

from __future__ import annotations

import json

from engine.core.board import defence
from engine.core.state import GameState, from_json, to_json
from engine.core.turns import start_turn

from .helpers import cost, hide, owned, pass_turns, play, put, reveal, texts, where_is
from .helpers_treasures import FOE, ME, end_turn_gain, game


def discover(power: str, at: dict[int, int] | None = None, stage: object = None) -> GameState:
    """P1's Shadow Mimes (Immortal) hold ``at`` and conquer region 8, finding the Stonehedge,
    which draws ``power`` (the visible top badge, Stone, is never drawn)."""
    s = game()
    put(s, 0, *ME, at if at is not None else {5: 1}, hand=10)
    s.power_stack = ["Stone", power]
    if callable(stage):
        stage(s)
    hide(s, "stonehedge")
    start_turn(s, 0)
    play(s, "conquer 8")
    assert s.stonehedge == power
    return s


def p2_takes(s: GameState, regions: dict[int, int], hand: int = 12) -> GameState:
    """P1 ends the turn; P2 (Kraken, Stone) holds ``regions`` and begins a turn."""
    if s.turn.phase == "conquer":
        play(s, "stop")
    play(s, "end")
    s.players[1].active = None
    put(s, 1, *FOE, regions, hand=hand)
    start_turn(s, 1)
    return s


def test_a_stonehedge_magic_gets_its_bag_and_loses_it_with_the_stonehedge() -> None:
    """[SWU p.13, Magic] the Bag-o'-Many-Things "duplicates the power of 1 Righteous Relic
    currently in play": the Magic badge gives its race the Bag when picked, and the
    Stonehedge's Magic gives it to the Stonehedge's occupant. When P2 takes the Stonehedge,
    P1's Bag goes and P2's race gets it."""
    s = discover("Magic", stage=lambda g: reveal(g, 27, "sword"))
    assert s.races[ME[0]].pieces == {"bag": 1}
    assert "bag 27" in texts(s)
    play(s, "bag 27")
    p2_takes(s, {11: 1})
    play(s, "conquer 8")
    assert "bag" not in s.races[ME[0]].pieces and where_is(s, "bag") == []
    assert s.races["Kraken"].pieces == {"bag": 1}
    assert "bag 27" in texts(s)
    assert from_json(to_json(s)).stonehedge_holder == "Kraken"


def test_a_stonehedge_shield_gets_armor_and_a_royal_its_queen() -> None:
    """[SWU "Shield"] "For each Mushroom Forest Region you occupy at the end of your Conquest
    phase, take 1 Mushroom Armor"; [SWU "Royal"] "At the end of your turn, place your Queen in
    a Region your Royal tokens occupy". Region 9 is a Mushroom Forest next to 8."""
    shield = discover("Shield")
    play(shield, "conquer 9", "stop")
    assert shield.races[ME[0]].pieces == {"armor": 1}
    assert "armor 9" in texts(shield)
    royal = discover("Royal")
    play(royal, "stop")
    assert "queen 8" in texts(royal)
    play(royal, "queen 8")
    assert where_is(royal, "queen") == [8]


def test_a_stonehedge_power_s_flags_are_read() -> None:
    """The power is the badge itself: Stout's "may go into decline right after scoring a turn
    of conquests" [SW "Stout"] is offered to the Stonehedge's occupant."""
    s = discover("Stout")
    play(s, "stop")
    assert "end decline" in texts(s)
    play(s, "end decline")
    assert s.races[ME[0]].in_decline


def test_a_stonehedge_vengeful_gives_markers_and_uses_them() -> None:
    """[SWU "Vengeful"] "Give 1 Vengeance marker to each player that attacks any of your races
    during his turn. During your next turn, you can attack any Region occupied by that
    player's tokens ... at a cost of 1 less token than normal." P2 attacks region 5 and gets
    a marker; on P1's next turn P2's region 6 costs 1 less."""
    s = discover("Vengeful")
    p2_takes(s, {6: 1})
    play(s, "conquer 5")
    assert s.players[0].marks == [1]
    play(s, "stop", "end", "finish")  # P1 places the survivors of region 5
    assert s.turn.seat == 0 and s.turn.race == ME[0]
    assert cost(s, ME[0], 6) == 2 + defence(s, 6) - 1


def test_losing_the_stonehedge_takes_back_what_its_power_gave() -> None:
    """[SWU p.15] the power is "associated with the Stonehedge": whoever loses the Stonehedge
    loses the power, and with it the Vengeance marker it gave. P2 attacks region 5 (a marker),
    then takes the Stonehedge in the same turn: the marker comes back to P1 at once."""
    s = discover("Vengeful")
    p2_takes(s, {6: 1}, hand=30)
    play(s, "conquer 5")
    assert s.players[0].marks == [1]
    play(s, "conquer 8")
    assert s.players[0].marks == []
    assert [e["seats"] for e in s.events if e["kind"] == "vengeance_back"] == [[1]]
    assert s.stonehedge_holder == "Kraken" and 8 in owned(s, "Kraken")


def test_the_stonehedge_power_may_be_forgone_for_the_turn() -> None:
    """[SWU p.15] "Like all other Popular Places, using the Special Power associated with the
    Stonehedge is optional". Alchemist pays 2 coins; forgone, it pays nothing this turn."""
    s = discover("Alchemist")
    assert "forgo 8" in texts(s)
    play(s, "forgo 8")
    assert end_turn_gain(s) == 2  # regions 5 and 8 only
    pass_turns(s, 0)
    assert end_turn_gain(s) == 2 + 2


def test_a_game_saved_before_the_holder_was_recorded_keeps_its_pieces() -> None:
    """A game saved by an earlier version has no ``stonehedge_holder``: loading it takes the
    region's occupant as the holder, so the next action does not run the power's ``on_pick``
    again (a Magic occupant would be handed its Bag a second time)."""
    s = discover("Magic", stage=lambda g: reveal(g, 27, "sword"))
    pieces = dict(s.races[ME[0]].pieces)
    assert pieces == {"bag": 1}
    saved = json.loads(to_json(s))
    del saved["stonehedge_holder"]
    old = from_json(json.dumps(saved))
    assert old.stonehedge_holder == ME[0]
    assert old == s
    play(old, "stop")
    assert old.races[ME[0]].pieces == pieces
