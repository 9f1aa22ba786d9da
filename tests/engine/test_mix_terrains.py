"""Mixed markets: the terrains and symbols that count alike on both worlds, and the Seas and
Lake that trade places with the River (rulings 99-104).

[SWU "Compatibility with Small World"] "consider the following Terrain types as equivalent:
Black Mountain/Mountain Regions, Muddy/Marsh Regions, Mushroom Forest/Forest Regions,
Mining/Mine symbol Regions, Mystic Crystals/Magic symbol Regions", and "Powers and effects
associated with the Seas and Lake region are transferred to the River Regions and vice
versa". Each test starts a real mixed game (``new_game(..., options={"mix": True})``) whose
market opens with the combo under test, and plays seat 0's first turn through ``apply``.
Stout (a badge that changes no cost, reach or score) and Ratmen (a banner with no power)
carry what is under test. Region facts: ``helpers_mix``.
"""

from __future__ import annotations

import pytest

from .helpers import cost, owned, play, texts
from .helpers_mix import gain, mixed


@pytest.mark.parametrize(
    ("world", "race", "power", "region", "coins"),
    [
        # "Mystic Crystals/Magic symbol Regions": Wizards score a Mystic Crystal region (5).
        ("underground", "Wizards", "Stout", 5, 1 + 1),
        # "Mining/Mine symbol Regions": Dwarves score a Mine region (0).
        ("underground", "Dwarves", "Stout", 0, 1 + 1),
        # "Mushroom Forest/Forest Regions": the Forest badge scores a Mushroom Forest (1).
        ("underground", "Ratmen", "Forest", 1, 1 + 1),
        # "Muddy/Marsh Regions": the Swamp badge scores a Mudpool (16).
        ("underground", "Ratmen", "Swamp", 16, 1 + 1),
        # The same regions without a bonus: one coin each.
        ("underground", "Ratmen", "Stout", 5, 1),
        ("underground", "Ratmen", "Stout", 0, 1),
        # And from below to the surface: Shrooms score a Forest (21) ...
        ("surface", "Shrooms", "Stout", 21, 1 + 1),
        # ... Mystic a Magic Source (Farmland 1), Mining a Mine symbol (Mountain 15),
        ("surface", "Ratmen", "Mystic", 1, 1 + 1),
        ("surface", "Ratmen", "Mining", 15, 1 + 1),
        # ... Stone a Mountain (19), Muddy a Swamp (20).
        ("surface", "Ratmen", "Stone", 19, 1 + 1),
        ("surface", "Ratmen", "Muddy", 20, 1 + 1),
        ("surface", "Ratmen", "Stout", 19, 1),
    ],
)
def test_alike_regions_score_as_their_equivalent(
    world: str, race: str, power: str, region: int, coins: int
) -> None:
    s = mixed(world, (race, power))
    assert gain(s, "pick 1", f"conquer {region}", "stop") == coins


def test_giants_conquer_cheaper_next_to_a_black_mountain() -> None:
    """ "The Mountains/Black Mountains have the same effect in both worlds" and "Black
    Mountain/Mountain Regions" are equivalent: Giants holding Black Mountain 2 conquer Mudpool
    4 next to it for 1 token less [SW "Giants"]: "Your Giants may conquer any Region adjacent
    to a Mountain Region they occupy at a cost of 1 less Giant token than normal"."""
    s = mixed("underground", ("Giants", "Stout"))
    play(s, "pick 1")
    before = cost(s, "Giants", 4)
    play(s, "conquer 2")
    assert cost(s, "Giants", 4) == before - 1 == 1
    hand = s.races["Giants"].hand
    play(s, "conquer 4")
    assert s.races["Giants"].hand == hand - 1


def test_mudmen_on_the_surface_grow_on_swamps() -> None:
    """ "Muddy/Marsh Regions": [SWU "Mudmen"] "take 1 new Mudman token from the tray for each
    Mudpool Region you occupy": on the surface, each Swamp (20)."""
    s = mixed("surface", ("Mudmen", "Stout"))
    play(s, "pick 1", "conquer 20")
    race = s.races["Mudmen"]
    had = race.hand + sum(owned(s, "Mudmen").values())
    play(s, "stop")
    assert race.hand + sum(owned(s, "Mudmen").values()) == had + 1


def test_shield_on_the_surface_arms_forests() -> None:
    """ "Mushroom Forest/Forest Regions": [SWU "Shield"] "For each Mushroom Forest Region you
    occupy at the end of your Conquest phase, take 1 Mushroom Armor from the tray" — on the
    surface, a Forest (21)."""
    s = mixed("surface", ("Ratmen", "Shield"))
    play(s, "pick 1", "conquer 21", "stop")
    assert s.races["Ratmen"].pieces.get("armor") == 1


def test_iron_dwarves_on_the_surface_forge_on_mine_symbols() -> None:
    """ "Mining/Mine symbol Regions": [SWU "Iron Dwarves"] "take 1 additional Silver Hammer
    token from the tray for each Mine Region you occupy" — a surface region with a Mine (2)."""
    s = mixed("surface", ("Iron Dwarves", "Stout"))
    play(s, "pick 1", "conquer 2", "stop")
    assert s.races["Iron Dwarves"].pieces.get("hammer") == 1


def test_will_o_wisps_on_the_surface_roll_for_a_magic_source() -> None:
    """ "Mystic Crystals/Magic symbol Regions": [SWU "Will-o'-Wisps"] "You may use the
    Reinforcement die before any conquest of a Mystic Crystal Region" — on the surface, a
    region with a Magic Source (1), not another (21)."""
    s = mixed("surface", ("Will-o'-Wisps", "Stout"))
    play(s, "pick 1")
    offered = texts(s)
    assert "wisp 1" in offered and "wisp 21" not in offered


# --- the River and the Seas and Lake ------------------------------------------------------


def test_seafaring_stays_in_the_river() -> None:
    """ "Powers and effects associated with the Seas and Lake region are transferred to the
    River Regions": Seafaring [SW "Seafaring"] "may conquer the Seas and the Lake ... You keep
    these Regions even once you go into Decline", so underground its tokens stay in a River
    region (12) and score it, where other races must empty the River [SWU p.7]."""
    s = mixed("underground", ("Ratmen", "Seafaring"))
    assert gain(s, "pick 1", "conquer 12", "stop") == 1
    assert s.regions[12].race == "Ratmen"
    plain = mixed("underground", ("Ratmen", "Stout"))
    play(plain, "pick 1", "conquer 12", "stop")
    assert plain.regions[12].race is None


def test_tritons_conquer_cheaper_next_to_the_river() -> None:
    """[SW "Tritons"] "Your Tritons may conquer all Coastal Regions (those bordering a Sea or
    Lake) at a cost of 1 less Triton token than normal"; transferred to the River: Mudpool 4
    borders River 12."""
    s = mixed("underground", ("Tritons", "Stout"), ("Ratmen", "Stout"))
    play(s, "pick 1", "conquer 2")
    assert cost(s, "Tritons", 4) == 1


def test_kraken_hold_the_seas_on_the_surface() -> None:
    """ "... transferred to the River Regions and vice versa": [SWU "Kraken"] "you do not have
    to empty any of the River regions your Kraken may be in ... score Victory coins for these
    River Regions": on the surface they conquer and keep a Sea (0), which no race but a
    Seafaring one may enter."""
    s = mixed("surface", ("Kraken", "Stout"))
    play(s, "pick 1", "conquer 1")
    assert "conquer 0" in texts(s)
    assert gain(s, "conquer 0", "stop") == 2
    assert s.regions[0].race == "Kraken"
    plain = mixed("surface", ("Ratmen", "Stout"))
    play(plain, "pick 1", "conquer 1")
    assert "conquer 0" not in texts(plain)


def test_fisher_on_the_surface_pairs_regions_on_the_seas() -> None:
    """[SWU "Fisher"] "1 bonus Victory coin for each complete pair of Coastal Regions ... all
    those sharing a border with the River, excluding the River Regions themselves":
    transferred to the Seas and Lake, Farmland 1 and Forest 2 (both on a Sea or the Lake)
    make a pair."""
    s = mixed("surface", ("Ratmen", "Fisher"))
    assert gain(s, "pick 1", "conquer 1", "conquer 2", "stop") == 2 + 1


def test_fisher_does_not_count_the_sea_itself() -> None:
    """ "... excluding the River Regions themselves": a Sea held (0, by Seafaring) is not a
    Coastal Region for Fisher; Farmland 1 alone makes no pair."""
    s = mixed("surface", ("Kraken", "Fisher"))
    assert gain(s, "pick 1", "conquer 1", "conquer 0", "stop") == 2


def test_lizardmen_on_the_surface_cross_the_lake() -> None:
    """[SWU "Lizardmen"] "Your Lizardmen pass through any River Region, occupied or empty,
    without having to conquer it": transferred to the Lake (7), Forest 2 on its shore reaches
    Farmland 13 on the other shore; Ratmen do not."""
    s = mixed("surface", ("Lizardmen", "Stout"))
    play(s, "pick 1", "conquer 2")
    assert "conquer 13" in texts(s)
    plain = mixed("surface", ("Ratmen", "Stout"))
    play(plain, "pick 1", "conquer 2")
    assert "conquer 13" not in texts(plain)
