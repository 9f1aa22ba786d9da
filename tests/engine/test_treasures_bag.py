"""Rule tests for the Magic power's Bag-o'-Many-Things [SWU p.13], checklist U-P6: it copies a
Righteous Relic on the map once a turn, comes back when its region is lost and leaves with the
power in Decline; the Relics' once-a-turn uses survive a save.

Shadow Mimes with Magic are picked for real on ``swu-2p`` (``magic``), against the Relics and
races of ``helpers_treasures``, whose docstring lists the map facts used.
"""

from __future__ import annotations

from engine.core.state import GameState, from_json, to_json

from .helpers import pass_turns, play, put, reveal, start, texts, where_is
from .helpers_treasures import FOE, end_turn_gain, refused

# --- U-P6 Magic: the Bag-o'-Many-Things ----------------------------------------------------


def magic(foe: dict[int, int] | None = None) -> GameState:
    """P1 picks Shadow Mimes + Magic for real (keeping the power); a Sword lies in region 27,
    held by P2's Mummies In Decline; P2's active Kraken hold ``foe``."""
    s = start(("Shadow Mimes", "Magic"), world="underground")
    put(s, 1, "Mummies", "Stone", {27: 1}, decline=True)
    reveal(s, 27, "sword")
    if foe:
        put(s, 1, *FOE, foe)
    play(s, "pick 1", "keepmime")
    return s


def test_the_bag_copies_a_relic_on_the_map_once_a_turn() -> None:
    """[SWU p.13] "The Bag-o'-Many-Things duplicates the power of 1 Righteous Relic currently
    in play. You decide which one each turn, using the Bag to represent the Relic you
    choose." The Bag then lies where it was used, like a Relic."""
    s = magic(foe={11: 3})
    assert s.races["Shadow Mimes"].pieces == {"bag": 1}
    assert "bag 27" in texts(s)
    assert not any(t.startswith("sword") for t in texts(s))
    play(s, "bag 27")
    refused(s, "bag 27", "already the Sword")
    play(s, "conquer 8")
    hand = s.races["Shadow Mimes"].hand
    play(s, "sword 11 bag")
    assert s.races["Shadow Mimes"].hand == hand - 3  # 5 - 2
    assert where_is(s, "bag") == [11] and where_is(s, "sword") == [27]
    assert s.races["Shadow Mimes"].pieces == {}
    refused(s, "sword 9 bag", "already used the Bag")


def test_the_bag_copies_nothing_without_a_relic_on_the_map() -> None:
    """ "duplicates the power of 1 Righteous Relic currently in play": with none revealed
    (U-P6: "in play" means revealed on the map), there is nothing to choose."""
    s = start(("Shadow Mimes", "Magic"), world="underground")
    play(s, "pick 1", "keepmime")
    assert not any(t.startswith("bag") for t in texts(s))
    refused(s, "bag 8", "no Righteous Relic")


def test_the_bag_as_scepter_doubles_its_region_and_comes_back_when_its_region_is_lost() -> None:
    """[SWU p.13] "The bag may not be stolen. If a Region containing the bag is conquered or
    abandoned, you do not leave the Bag behind; rather you take it back in hand." """
    s = start(("Shadow Mimes", "Magic"), world="underground")
    put(s, 1, "Mummies", "Stone", {27: 1}, decline=True)
    reveal(s, 27, "scepter")
    play(s, "pick 1", "keepmime", "conquer 0", "stop")
    play(s, "bag 27", "scepter 0 bag")
    gain = end_turn_gain(s)
    assert gain == 1 + 1  # region 0, counted twice
    assert where_is(s, "bag") == [0]
    play(s, "pick 1")
    while "conquer 0" not in texts(s):
        play(s, texts(s)[0])
    play(s, "conquer 0")
    assert where_is(s, "bag") == []
    assert s.races["Shadow Mimes"].pieces == {"bag": 1}


def test_the_bag_leaves_with_the_power_in_decline() -> None:
    """[SWU p.13] the Magic power is the active race's: "no longer apply once the race is put
    In Decline" [SWU p.10]; the Bag leaves the map (checklist §3.8)."""
    s = magic()
    play(s, "bag 27", "sword 0 bag", "stop", "end")
    assert where_is(s, "bag") == [0]
    pass_turns(s, 0)
    play(s, "decline")
    assert where_is(s, "bag") == []
    assert "bag" not in s.races["Shadow Mimes"].pieces


def test_relic_uses_survive_a_json_round_trip() -> None:
    """Once-a-turn uses are part of the state: a saved game reloads with them."""
    s = magic()
    play(s, "bag 27")
    again = from_json(to_json(s))
    assert again == s
    assert "bag 27" not in texts(again)
    assert any(t.startswith("sword") and t.endswith("bag") for t in texts(again))
