"""Rule tests for the two Righteous Relics placed at the end of their holder's turn [SWU p.14],
checklist §3.5: Froggy's Ring (RR-U2), which collects a coin from each bordering active
player, and the Scepter of Avarice (RR-U4), which doubles the coins of its region.

Positions are staged on ``swu-2p`` and the Relic discovered for real with the fixtures of
``helpers_treasures``, whose docstring lists the map facts used.
"""

from __future__ import annotations

from engine.core.turns import start_turn

from .helpers import hide, play, put, reveal, texts, where_is
from .helpers_treasures import FOE, ME, end_turn_gain, found, game, refused

# --- RR-U2 Froggy's Ring --------------------------------------------------------------------


def test_the_ring_collects_a_coin_from_each_bordering_active_player() -> None:
    """[SWU p.14] "At the end of his turn, the player whose troops control Froggy's Ring
    places it in a Region his troops occupy to collect 1 Victory coin from each player with
    at least 1 active race token in a Region bordering the Region the Ring is placed in."
    """
    s = found("ring", foe={9: 1, 11: 2})
    assert not any(t.startswith("ring") for t in texts(s))  # at the end of the turn only
    play(s, "stop")
    mine, theirs = s.players[0].coins, s.players[1].coins
    play(s, "ring 8")
    assert s.players[0].coins == mine + 1 and s.players[1].coins == theirs - 1
    assert where_is(s, "ring") == [8]
    ring = [e for e in s.events if e["kind"] == "ring"][-1]
    assert ring["paid"] == [1] and ring["each"] == 1 and "coins" not in ring
    refused(s, "ring 5", "already used Froggy's Ring")


def test_the_ring_takes_nothing_from_a_player_with_no_coins_nor_from_decline_tokens() -> None:
    """[SWU p.14] "Should an opponent have no coins left, Froggy's Ring may still be placed in
    a Region next to his Troops, but no coin is collected"; only "active race" tokens count.
    """
    s = found("ring", foe={9: 1})
    s.players[1].coins = 0
    play(s, "stop", "ring 8")
    assert s.players[1].coins == 0
    assert [e for e in s.events if e["kind"] == "ring"][-1]["paid"] == []
    s2 = game()
    put(s2, 1, *FOE, {9: 1}, decline=True)
    put(s2, 0, *ME, {5: 1}, hand=10)
    hide(s2, "ring")
    start_turn(s2, 0)
    play(s2, "conquer 8", "stop")
    coins = s2.players[1].coins
    play(s2, "ring 8")
    assert s2.players[1].coins == coins


# --- RR-U4 the Scepter of Avarice -----------------------------------------------------------


def test_the_scepter_doubles_the_coins_of_its_region() -> None:
    """[SWU p.14] "At the end of his turn, before scoring, the player who controls the Scepter
    of Avarice places it in a Region his troops occupy to double the number of Victory coins
    collected *from that Region*." Ruling §6.2 #22: the base coin and that region's own
    bonuses (Mining's +1 on a Mine), not the race's global ones (Flocking)."""
    plain = found("scepter", race=("Shadow Mimes", "Mining"), at={0: 1, 5: 1})
    assert end_turn_gain(plain) == 3 + 1  # 0, 5, 8 and Mining on 0
    s = found("scepter", race=("Shadow Mimes", "Mining"), at={0: 1, 5: 1})
    play(s, "stop", "scepter 0")
    assert where_is(s, "scepter") == [0]
    assert end_turn_gain(s) == 4 + 2  # region 0 scores 1 + 1 a second time
    flock = found("scepter", race=("Shadow Mimes", "Flocking"))
    play(flock, "stop", "scepter 8")
    assert end_turn_gain(flock) == 2 + 2 + 1  # Flocking's 2 belong to no single region


def test_the_scepter_is_never_placed_in_the_mine_of_the_lost_dwarf() -> None:
    """[SWU p.14] "The Scepter will have no effect if placed in a Region containing the Mine
    of the Lost Dwarf"; FR "Il est interdit" (§6.1 #11)."""
    s = found("scepter")
    reveal(s, 5, "lost_mine")
    play(s, "stop")
    refused(s, "scepter 5", "Mine of the Lost Dwarf")
    assert "scepter 8" in texts(s)


def test_the_scepter_unplaced_doubles_nothing() -> None:
    """ "places it ... to double": a Scepter not placed this turn doubles no region."""
    s = found("scepter")
    assert end_turn_gain(s) == 2
