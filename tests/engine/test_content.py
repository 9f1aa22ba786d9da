"""The project's data files match the printed components, and every name has its behaviour."""

from __future__ import annotations

import pytest

from engine.core.abilities import POWERS, RACES, TREASURES
from engine.core.content import components, load_map, powers, races, treasures
from engine.core.setup import new_game


def test_every_base_race_and_power_has_exactly_one_registered_class() -> None:
    base_races = {n for n, d in races().items() if d.set == "base"}
    base_powers = {n for n, d in powers().items() if d.set == "base"}
    # Every race of every world has its class (the Underground ones too).
    assert set(RACES) == set(races()) and len(base_races) == 14
    assert set(POWERS) == set(powers()) and len(base_powers) == 20
    # And every Relic and Place: 6 Relics and 9 Places in the Underground box [SWU p.1].
    kinds = [t.kind for t in treasures().values() if t.set == "underground"]
    assert set(TREASURES) == set(treasures())
    assert (kinds.count("relic"), kinds.count("place")) == (6, 9)


def test_tray_counts_add_up_to_the_box() -> None:
    # [SW p.1] "168 Matching Race tokens & 18 Lost Tribe tokens"
    assert sum(d.tray for d in races().values() if d.set == "base") == 168
    assert components()["markers"]["Lost Tribe"] == 18
    # [SW p.8] each race has "tokens in sufficient number to deploy with any Special Power
    # badge": banner (+ Amazons' 4) + the largest badge fits in every tray.
    biggest = max(d.tokens for d in powers().values() if d.set == "base")
    for d in races().values():
        if d.set == "base":
            assert d.tray >= d.tokens + d.conquest_only + biggest, d.name


@pytest.mark.parametrize(
    ("players", "turns", "regions", "pairs", "tribes", "mountains"),
    [(2, 10, 23, 51, 9, 4), (3, 10, 30, 71, 10, 7), (4, 9, 39, 95, 14, 8), (5, 8, 48, 119, 18, 9)],
)
def test_maps_match_the_printed_boards(
    players: int, turns: int, regions: int, pairs: int, tribes: int, mountains: int
) -> None:
    m = load_map(f"sw-{players}p")
    assert m.turns == turns and len(m.regions) == regions
    assert sum(len(r.adjacent) for r in m.regions) == 2 * pairs
    assert sum(r.terrain in ("Sea",) for r in m.regions) == 2
    assert sum(r.terrain == "Lake" for r in m.regions) == 1
    s = new_game([f"P{i}" for i in range(players)], 3)
    # [SW p.2] "Place a Lost Tribe token on each Region of the map featuring a Lost Tribe
    # symbol" / "Put a Mountain token on each Region of the map featuring a Mountain"
    assert sum(r.markers.get("lost_tribe", 0) for r in s.regions) == tribes
    assert sum(r.markers.get("mountain", 0) for r in s.regions) == mountains
    assert all(p.coins == 5 for p in s.players)
    assert len(s.market) == 6


#: [SWU components; the project's data notes, which correct the reference summary] banner
#: value and tokens in the box of each Underground race.
UNDERGROUND_RACES = {
    "Cultists": (5, 10),
    "Drow": (4, 9),
    "Flames": (4, 9),
    "Gnomes": (6, 11),
    "Iron Dwarves": (7, 12),
    "Kraken": (5, 10),
    "Liches": (5, 10),
    "Lizardmen": (7, 12),
    "Mudmen": (5, 12),
    "Mummies": (10, 15),
    "Ogres": (5, 10),
    "Shadow Mimes": (7, 12),
    "Shrooms": (5, 10),
    "Spiderines": (7, 12),
    "Will-o'-Wisps": (6, 11),
}
#: Badge values of the 21 Underground special powers.
UNDERGROUND_POWERS = {
    "Adventurous": 5, "Fisher": 4, "Flocking": 5, "Frightened": 4, "Immortal": 4,
    "Magic": 5, "Martyr": 5, "Mining": 4, "Muddy": 3, "Mystic": 4, "Quarreling": 3,
    "Reborn": 5, "Royal": 5, "Shield": 3, "Stone": 4, "Thieving": 4, "Tomb": 5,
    "Vampire": 5, "Vanishing": 5, "Vengeful": 4, "Wise": 4,
}  # fmt: skip


def test_underground_races_powers_and_pieces_match_the_box() -> None:
    """The Underground data rows the next world will play with: 15 races (banner, tokens in
    the box), 21 power badges, and the pieces bounded by their count in the box."""
    got = {n: (d.tokens, d.tray) for n, d in races().items() if d.set == "underground"}
    assert got == UNDERGROUND_RACES
    badges = {n: d.tokens for n, d in powers().items() if d.set == "underground"}
    assert badges == UNDERGROUND_POWERS
    markers = components()["markers"]
    pieces = {
        "Monster": 14, "Volcano": 1, "Black Mountain": 9, "Popular Place": 9,
        "Righteous Relic": 6, "Mushroom Armor": 8, "Vengeance": 4, "Silver Hammer": 7,
    }  # fmt: skip
    assert {k: markers[k] for k in pieces} == pieces
