"""The worlds a board may belong to: what their maps may show and what setup puts on them.

A world is data: its terrains and symbols, which terrains are not land, which one every race
crosses (the Underground River) and which none may enter (the Abysmal Chasms), the set of
banners and badges played there, the markers setup lays out, and whether Monster regions hide
Places and Relics. The map checker (``engine.maps``), the region facts (``content.build_map``)
and setup (``engine.setup``) all read this table, so a new world is one more entry here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

#: Terrains of the surface world that only Seafaring races may enter.
WATER = frozenset({"Sea", "Lake"})


@dataclass(frozen=True)
class World:
    """What the boards of one world may contain.

    ``water`` lists the terrains that are not land: they do not count as land, no ordinary
    first conquest starts there, and land joined only through them is not connected, except
    through the ``crossable`` ones, which every race may conquer and go on from (the
    Underground River). ``impassable`` terrains are never entered (the Abysmal Chasms): they
    are never an entry region. ``chains`` are terrains whose regions form one chain whose two
    ends touch the board edge (the River). ``only_on`` restricts a symbol to the regions of
    some terrains, and ``needed`` names the symbols some region must show, with the reason.
    ``limits`` caps how many regions may show a symbol (a terrain or a feature) by the box
    marker that setup puts on each of them, named as in ``data/components.json`` →
    ``markers``, ``per_region`` of them on each (1 unless it says otherwise).
    """

    name: str
    terrains: frozenset[str]
    features: frozenset[str]
    water: frozenset[str]
    limits: Mapping[str, str] = field(default_factory=dict)
    per_region: Mapping[str, int] = field(default_factory=dict)
    crossable: frozenset[str] = frozenset()
    impassable: frozenset[str] = frozenset()
    chains: frozenset[str] = frozenset()
    only_on: Mapping[str, frozenset[str]] = field(default_factory=dict)
    needed: Mapping[str, str] = field(default_factory=dict)
    #: The set of race banners and power badges played on this world (``set`` in the data).
    content_set: str = "base"
    #: What setup puts on the regions showing a terrain or symbol: (marker key, how many).
    setup: Mapping[str, tuple[str, int]] = field(default_factory=dict)
    #: Regions showing this symbol hide a Popular Place or Righteous Relic: setup draws as
    #: many from the shuffled stack as there are such regions (empty: the world has none).
    treasure_symbol: str = ""
    #: Built-in maps of the world are ``<map_prefix>-<players>p`` in ``data/maps``.
    map_prefix: str = "sw"

    @property
    def land(self) -> frozenset[str]:
        """The terrains that are land."""
        return self.terrains - self.water


#: The printed base-game boards: exactly the terrains and symbols of ``data/maps``.
SURFACE = World(
    name="surface",
    terrains=frozenset({"Farmland", "Forest", "Hill", "Swamp", "Mountain", "Sea", "Lake"}),
    features=frozenset({"Cavern", "Lost Tribe", "Magic Source", "Mine"}),
    water=WATER,
    # Setup puts a Lost Tribe token on each Lost Tribe region and a Mountain token on each
    # Mountain: a board may not ask for more of them than the box holds.
    limits={"Lost Tribe": "Lost Tribe", "Mountain": "Mountain"},
    # [SW p.2] "Place 1 Lost Tribe token on each Region ... Put a Mountain token on each
    # Mountain Region".
    setup={"Lost Tribe": ("lost_tribe", 1), "Mountain": ("mountain", 1)},
)

#: Small World Underground [SWU]: rules/small-world-underground.{en,fr}.txt.
#:
#: Terrains (what a region *is*; one per region):
#: - Mudpool, Mushroom Forest, Mystic Crystals, Black Mountain, Mine: the land terrains. The
#:   compatibility rules list all five as "Terrain types" ("Black Mountain/Mountain Regions",
#:   "Muddy/Marsh", "Mushroom Forest/Forest", "Mining/Mine symbol Regions", "Mystic
#:   Crystals/Magic symbol Regions"; FR "types de terrains ... Mines/Symboles de mine,
#:   Cristaux mystiques/Sources magiques"): Mine and Mystic Crystals are symbols on the
#:   surface but terrains underground. Powers say "each Mudpool/Mine/Mystic Crystal Region".
#: - River: "River Regions" are regions that any race conquers for 1 token and must empty at
#:   redeployment; conquests chain through them, so land joined across the River is
#:   connected. Its "two ends ... touch the edge of the board" and are entries.
#: - Abysmal Chasm: "impassable Regions ... inaccessible to the players. They must be
#:   circumvented, never crossed or passed through" (FR "régions inaccessibles"). They are
#:   regions (Spiderines use "Regions bordering a Chasm"), so they keep their borders.
#:
#: Symbols (printed on a region of some terrain; the ``features`` list):
#: - Volcano: "The Volcano symbols in some of these Regions [the Chasms]"; the Flames put the
#:   Volcano "on one of the Abysmal Chasm Regions marked with a Volcano symbol".
#: - Monster: "Place 2 Monster tokens on each Region of the map featuring a Monster symbol"
#:   (FR "portant le symbole correspondant"). Conquering one draws a Place or Relic into it,
#:   so the project allows the symbol on land only (a Chasm is never conquered; a River
#:   region must be emptied every turn).
#:
#: Black Mountain is a terrain that also receives a marker: "Put a Black Mountain marker on
#: each Region" of that terrain (FR "sur chacune des régions de montagnes noires").
#: Popular Places and Righteous Relics are not printed: they are drawn when a Monster region
#: falls, so they are no map symbol.
UNDERGROUND = World(
    name="underground",
    terrains=frozenset(
        {
            "Mudpool",
            "Mushroom Forest",
            "Mystic Crystals",
            "Black Mountain",
            "Mine",
            "River",
            "Abysmal Chasm",
        }
    ),
    features=frozenset({"Monster", "Volcano"}),
    water=frozenset({"River", "Abysmal Chasm"}),
    crossable=frozenset({"River"}),
    impassable=frozenset({"Abysmal Chasm"}),
    chains=frozenset({"River"}),
    only_on={
        "Volcano": frozenset({"Abysmal Chasm"}),
        "Monster": frozenset(
            {"Mudpool", "Mushroom Forest", "Mystic Crystals", "Black Mountain", "Mine"}
        ),
    },
    needed={"Volcano": "the Flames place the Volcano on a Chasm with a Volcano symbol"},
    # 9 Black Mountain markers, one per Black Mountain region; 14 Monster tokens, two per
    # Monster region (so at most 7). The single Volcano piece goes on one of the Volcano
    # symbols, so it does not cap them.
    limits={"Black Mountain": "Black Mountain", "Monster": "Monster"},
    per_region={"Monster": 2},
    content_set="underground",
    # [SWU "Setting up"] "Place 2 Monster tokens on each Region of the map featuring a Monster
    # symbol" and "Put a Black Mountain marker on each Region" of that terrain.
    setup={"Monster": ("monster", 2), "Black Mountain": ("black_mountain", 1)},
    # "draw as many [Places and Relics] as there are Monster occupied regions on your map".
    treasure_symbol="Monster",
    map_prefix="swu",
)

#: Known worlds by the name a map's ``world`` field gives.
WORLDS: dict[str, World] = {SURFACE.name: SURFACE, UNDERGROUND.name: UNDERGROUND}


def world(name: str) -> World:
    """The world a map's ``world`` field names."""
    return WORLDS[name]
