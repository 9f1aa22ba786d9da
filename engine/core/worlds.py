"""What a world is, and the table of the known worlds.

A world is data: its terrains and symbols, which terrains are not land, which one every race
crosses (the Underground River) and which none may enter (the Abysmal Chasms), the set of
banners and badges played there, the markers it brings (``markers.Marker``) and those setup
lays out, and whether Monster regions hide Places and Relics. The map checker
(``engine.core.maps``), the region facts (``content.build_map``) and setup
(``engine.core.setup``) all read the ``WORLDS`` table. Each world package
(``engine.worlds.<name>``) fills it with ``register_world`` when imported; the core names no
world.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .markers import Marker, register_markers


@dataclass(frozen=True)
class World:
    """What the boards of one world may contain.

    ``water`` lists the terrains that are not land: they do not count as land, no ordinary
    first conquest starts there, and land joined only through them is not connected, except
    through the ``crossable`` ones, which every race may conquer and go on from (the
    Underground River). ``impassable`` terrains are never entered (the Abysmal Chasms): they
    are never an entry region. ``chains`` are terrains whose regions form one chain whose two
    ends touch the board edge (the River). ``only_on`` restricts a symbol to the regions of
    some terrains, and ``needed`` names the symbols some region must show, with the reason
    (an ``N_`` message: the map checker says it in the language spoken).
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
    #: The world as players name it ("Small World Underground"): the bot's world choice,
    #: thread names and announcements read it (empty: the name, capitalised).
    title: str = ""
    #: Terrains only Seafaring races may enter (the surface's Seas and Lake): a region of one
    #: is ``water`` in its ``RegionDef``, and a region bordering one is coastal.
    seas: frozenset[str] = frozenset()
    #: The region markers the world brings, with their traits and names
    #: (``markers.register_markers``, in this order, when the world registers).
    markers: tuple[Marker, ...] = ()
    #: What a terrain or symbol of this world counts as for the races, powers and effects of
    #: other worlds [SWU "Compatibility with Small World"]: its name maps to the other names
    #: (Black Mountain: Mountain). A region's ``kinds`` (``content.RegionDef``) are its
    #: terrain, its symbols and what they count as; a race or power that names a terrain
    #: or symbol asks the ``kinds``, so it works alike on either world.
    alike: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def shows(self, name: str) -> bool:
        """Some region of this world may be of terrain ``name``, show symbol ``name`` or
        count as one of them (``alike``)."""
        return (
            name in self.terrains
            or name in self.features
            or any(name in other for other in self.alike.values())
        )

    @property
    def display_name(self) -> str:
        """The world as players name it."""
        return self.title or self.name.capitalize()

    @property
    def land(self) -> frozenset[str]:
        """The terrains that are land."""
        return self.terrains - self.water


#: The world of a map that names none, and of a game started without a map or world: the
#: printed base game's boards (``engine.worlds.surface`` registers it).
DEFAULT_WORLD = "surface"

#: Known worlds by the name a map's ``world`` field gives, in registration order.
WORLDS: dict[str, World] = {}


def register_world(entry: World) -> World:
    """Add a world to the table (a world package does it when imported), and its markers;
    the name must be new."""
    if entry.name in WORLDS:
        if WORLDS[entry.name] is not entry:
            raise ValueError(f"world {entry.name!r} is already registered")
        return entry
    WORLDS[entry.name] = entry
    register_markers(entry.markers)
    return entry


def world(name: str) -> World:
    """The world a map's ``world`` field names."""
    return WORLDS[name]


def default_world() -> World:
    """The world of maps that name none (``DEFAULT_WORLD``)."""
    return WORLDS[DEFAULT_WORLD]
