"""Rule tests for the Small World races that change what a conquest costs or how it is made
[SW pp.8-9] (checklist §3.1): the Giants (B-R5) next to their Mountains, the Sorcerers
(B-R11), who replace a lone enemy token with one of theirs, and the Tritons (B-R12) on
coastal regions.

Every test quotes the rulebook sentence it checks. Positions are staged on the 2-player map
(``sw-2p``) unless said otherwise. Facts of that map used by the ``test_races_*`` modules:

- Seas 0 and 22, Lake 7. Coastal (next to water): 1, 2, 5, 6, 8, 12, 13, 15, 20, 21.
- Mountains 5, 8, 15, 19. Mines 2, 5, 15, 18. Farmland 1, 9, 11, 13. Magic 1, 10, 13, 16.
- Lost Tribes at setup: 3, 6, 10, 11, 12, 13, 14, 16, 18. Interior (no entry): 6, 8, 9, 12, 13, 14.
"""

from __future__ import annotations

import pytest

from engine.core.board import tray
from engine.core.state import GameState

from .helpers import clear_board, fresh, owned, play, put, refused, texts, turn

# --- Giants (B-R5) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("race", "mine", "enemy", "target", "cost"),
    [
        # Giants on Mountain 8; 9 is an empty Farmland next to it: 2 - 1.
        ("Giants", {8: 1}, {}, 9, 1),
        # 3 holds a Lost Tribe and touches 8: 3 - 1.
        ("Giants", {8: 1}, {}, 3, 2),
        # Ratmen on the same Mountain get no discount.
        ("Ratmen", {8: 1}, {}, 9, 2),
        # 9 touches Mountain 8, but the Giants are on Hill 4, not on the Mountain.
        ("Giants", {4: 1}, {}, 9, 2),
        # Mountain 8 is held by an enemy: no discount either.
        ("Giants", {4: 1}, {8: 1}, 9, 2),
        # 10 (Lost Tribe) touches Mountain 15, which the Giants do not occupy.
        ("Giants", {8: 1, 4: 1}, {}, 10, 3),
    ],
)
def test_giants_discount_next_to_a_mountain_they_hold(
    race: str, mine: dict[int, int], enemy: dict[int, int], target: int, cost: int
) -> None:
    """[SW p.8, Giants] "Your Giants may conquer any Region adjacent to a Mountain Region they
    occupy at a cost of 1 less Giant token than normal." """
    s = fresh()
    put(s, 0, race, "Stout", mine, hand=6)
    if enemy:
        put(s, 1, "Humans", "Diplomat", enemy)
    turn(s, 0)
    play(s, f"conquer {target}")
    assert owned(s, race)[target] == cost
    assert s.races[race].hand == 6 - cost


def test_giants_mountain_discount_after_taking_the_mountain() -> None:
    """[SW p.8, Giants] "adjacent to a Mountain Region they occupy": after taking Mountain 19,
    Lost Tribe region 18 next to it costs 3 - 1."""
    s = fresh()
    put(s, 0, "Giants", "Stout", {20: 1}, hand=6)
    turn(s, 0)
    play(s, "conquer 19", "conquer 18")
    assert owned(s, "Giants") == {20: 1, 19: 3, 18: 2}


def test_giants_minimum_one_token() -> None:
    """[SW p.8, Giants] "A minimum of 1 Giant token is still required." — Commando Giants next to
    their Mountain: 2 - 1 - 1 would be 0."""
    s = clear_board(fresh())
    put(s, 0, "Giants", "Commando", {8: 1}, hand=1)
    turn(s, 0)
    assert "conquer 9" in texts(s)
    play(s, "conquer 9")
    assert owned(s, "Giants")[9] == 1 and s.races["Giants"].hand == 0


# --- Sorcerers (B-R11) -------------------------------------------------------------------------


def _sorcerers() -> GameState:
    """Seat 0: Sorcerers on 11 (1 token) with 4 in hand; 11 touches 5, 6, 12, 16, 17."""
    s = clear_board(fresh())
    put(s, 0, "Sorcerers", "Stout", {11: 1}, hand=4)
    return s


@pytest.mark.parametrize(
    ("victim", "power", "target", "marker"),
    [
        ("Ratmen", "Commando", 12, None),
        # "A single Troll token with its Troll's Lair is considered alone for this purpose"
        ("Trolls", "Commando", 12, "lair"),
        # "likewise for a Race token in a Fortress or on a Mountain"
        ("Ratmen", "Fortified", 12, "fortress"),
        ("Ratmen", "Commando", 5, "mountain"),
    ],
)
def test_sorcerers_replace_a_lone_active_token(
    victim: str, power: str, target: int, marker: str | None
) -> None:
    """[SW p.8, Sorcerers] "Once per turn per opponent, your Sorcerers can conquer a Region by
    substituting one of your opponent's Active tokens with one of your own taken from the
    storage tray. ... (A single Troll token with its Troll's Lair is considered alone for this
    purpose; likewise for a Race token in a Fortress or on a Mountain, these markers provide no
    protection to a lone Race token) ... Place the substituted opponent's Race token back into
    the storage tray." """
    s = _sorcerers()
    put(s, 1, victim, power, {target: 1, 20: 2})
    if marker and marker != "mountain":
        s.regions[target].markers[marker] = 1
    sorc_tray, victim_tray = tray(s, "Sorcerers"), tray(s, victim)
    turn(s, 0)
    assert f"enchant {target}" in texts(s)
    play(s, f"enchant {target}")
    region = s.regions[target]
    assert (region.race, region.owner, region.tokens) == ("Sorcerers", 0, 1)
    assert s.races["Sorcerers"].hand == 4  # the new token comes from the tray, not the hand
    assert tray(s, "Sorcerers") == sorc_tray - 1
    assert tray(s, victim) == victim_tray + 1
    assert s.races[victim].hand == 0
    # Mountains stay; the Lair and the Fortress belonged to the defender [SW p.4, p.9].
    assert region.markers.get("mountain", 0) == (1 if marker == "mountain" else 0)
    assert not region.markers.get("lair") and not region.markers.get("fortress")


def _two_tokens(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {12: 2})


def _in_decline(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {12: 1}, decline=True)
    put(s, 1, "Humans", "Diplomat", {20: 2})


def _encampment(s: GameState) -> None:
    put(s, 1, "Ratmen", "Bivouacking", {12: 1})
    s.regions[12].markers["camp"] = 1


def _hole(s: GameState) -> None:
    halflings = put(s, 1, "Halflings", "Commando", {12: 1})
    s.regions[12].markers["hole"] = 1
    halflings.holes_placed = 1


def _not_adjacent(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {13: 1})


def _tray_empty(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {12: 1})
    s.regions[11].tokens = 14  # 14 on the map + 4 in hand = all 18 Sorcerers


def _no_token_in_hand(s: GameState) -> None:
    put(s, 1, "Ratmen", "Commando", {12: 1})
    s.races["Sorcerers"].hand = 0


@pytest.mark.parametrize(
    ("stage", "target"),
    [
        # "The token your Sorcerers replaces must be the only race token in its Region"
        pytest.param(_two_tokens, 12, id="two-tokens"),
        # "substituting one of your opponent's **Active** tokens"
        pytest.param(_in_decline, 12, id="in-decline"),
        # [SW p.9, Bivouacking] "thereby protecting a single Race token with an Encampment from
        # the Sorcerer's Racial Power"
        pytest.param(_encampment, 12, id="encampment"),
        # [SW p.8, Halflings] Holes make regions "immune to ... racial and special powers"
        pytest.param(_hole, 12, id="hole"),
        # "and that Region must be adjacent to one of your Sorcerers'"
        pytest.param(_not_adjacent, 13, id="not-adjacent"),
        # "If there are no more tokens in the storage tray, then you cannot conquer a new
        # Region in this way."
        pytest.param(_tray_empty, 12, id="tray-empty"),
        # [SW p.4] "Regardless of a Race and/or Special Power benefit, a player must always have
        # at least one Race token available to initiate a new Conquest."
        pytest.param(_no_token_in_hand, 12, id="no-token-in-hand"),
    ],
)
def test_sorcerers_cannot_enchant(stage, target: int) -> None:  # type: ignore[no-untyped-def]
    """[SW p.8, Sorcerers] The limits of the substitution (see each case's comment)."""
    s = _sorcerers()
    stage(s)
    turn(s, 0)
    assert not any(t.startswith("enchant") for t in texts(s))
    refused(s, f"enchant {target}")
    assert s.regions[target].race != "Sorcerers"


def test_sorcerers_once_per_turn_per_opponent() -> None:
    """[SW p.8, Sorcerers] "Once per turn per opponent" — after replacing a token of seat 1,
    another lone token of seat 1 is safe this turn, but seat 2 may still be hit (3-player map:
    Sorcerers on 8 touch 1, 9 and 13)."""
    s = clear_board(fresh(3))
    put(s, 0, "Sorcerers", "Stout", {8: 1}, hand=4)
    put(s, 1, "Ratmen", "Commando", {1: 1, 9: 1})
    put(s, 2, "Humans", "Diplomat", {13: 1})
    turn(s, 0)
    assert {"enchant 1", "enchant 9", "enchant 13"} <= set(texts(s))
    play(s, "enchant 1")
    assert "enchant 9" not in texts(s)
    assert "enchant 13" in texts(s)
    refused(s, "enchant 9")
    play(s, "enchant 13")
    assert not any(t.startswith("enchant") for t in texts(s))
    assert owned(s, "Sorcerers") == {8: 1, 1: 1, 13: 1}


def test_sorcerers_converted_elf_loses_its_token() -> None:
    """[SW p.8, Sorcerers] "If an Elf is converted by a Sorcerer, the Elf does lose his
    token." """
    s = _sorcerers()
    put(s, 1, "Elves", "Commando", {12: 1, 13: 2})
    elf_tray = tray(s, "Elves")
    turn(s, 0)
    play(s, "enchant 12")
    assert s.races["Elves"].hand == 0
    assert tray(s, "Elves") == elf_tray + 1


def test_sorcerers_need_one_of_their_regions_next_to_the_target() -> None:
    """[SW p.8, Sorcerers] "... and that Region must be adjacent to one of your Sorcerers'." —
    Sorcerers not yet on the map have no region for the target to be adjacent to."""
    s = clear_board(fresh())
    put(s, 0, "Sorcerers", "Stout", {}, hand=5)
    put(s, 1, "Ratmen", "Commando", {11: 1, 20: 2})  # 11 is a border region
    turn(s, 0)
    assert "enchant 11" not in texts(s)


# --- Tritons (B-R12) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("race", "target", "cost"),
    [
        ("Tritons", 1, 1),  # empty Farmland on Sea 0: 2 - 1
        ("Tritons", 6, 2),  # Lost Tribe Hill on the Lake: 3 - 1
        ("Tritons", 8, 2),  # Mountain on the Lake: 3 - 1
        ("Tritons", 3, 3),  # Lost Tribe Swamp, no water next to it: full price
        ("Ratmen", 1, 2),  # no discount for other races
        ("Ratmen", 6, 3),
    ],
)
def test_tritons_discount_on_coastal_regions(race: str, target: int, cost: int) -> None:
    """[SW p.9, Tritons] "Your Tritons may conquer all Coastal Regions (those bordering a Sea or
    Lake) at a cost of 1 less Triton token than normal." """
    s = fresh()
    put(s, 0, race, "Stout", {2: 1}, hand=6)
    turn(s, 0)
    play(s, f"conquer {target}")
    assert owned(s, race)[target] == cost


def test_tritons_minimum_one_token_and_no_water() -> None:
    """[SW p.9, Tritons] "A minimum of 1 Triton token is still required." — and the Lake itself
    stays closed: "Seas and Lakes cannot usually be conquered." [SW p.4]"""
    s = clear_board(fresh())
    put(s, 0, "Tritons", "Commando", {2: 1}, hand=1)
    turn(s, 0)
    assert "conquer 7" not in texts(s)
    assert "Lake" in refused(s, "conquer 7")
    assert "conquer 1" in texts(s)
    play(s, "conquer 1")
    assert owned(s, "Tritons")[1] == 1
