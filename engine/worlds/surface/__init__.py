"""The surface world of the base game [SW]: its ``World`` entry, races and special powers.

Importing the package registers the world (``engine.core.worlds.register_world``), then its
special powers and its races in the core's registries, in that order (registration order is
the order of ``legal_actions`` and of every registry's iteration, so it never changes).
"""

from __future__ import annotations

from engine.core.markers import Marker
from engine.core.worlds import World, register_world

#: Terrains of the surface world that only Seafaring races may enter.
WATER = frozenset({"Sea", "Lake"})

#: The base game's region markers [SW]. Defence: "+ 1 additional Race token for each
#: Encampment, Fortress, Mountain, or Troll's Lair marker + 1 ... for each Lost Tribe" [SW
#: p.4]; a Lost Tribe occupies its region, so the region is not empty. Holes-in-the-Ground,
#: Heroes and the Dragon make their region immune to enemies. Troll Lairs, Fortresses, Holes,
#: Heroes, the Dragon and Encampments belong to the race holding the region and leave with it
#: (Encampments go back to their owner's hand, ``board.clear_region``). An Encampment also
#: keeps a lone token from a substitution (ruling 15).
MARKERS = (
    Marker("lost_tribe", "Lost Tribe", defends=True, occupies=True),
    Marker("mountain", "Mountain", defends=True),
    Marker("lair", "Troll Lair", defends=True, race_marker=True),
    Marker("fortress", "Fortress", defends=True, race_marker=True),
    Marker("camp", "Encampment", defends=True, race_marker=True, shields=True),
    Marker("hole", "Hole-in-the-Ground", immunity=True, race_marker=True),
    Marker("hero", "Hero", immunity=True, race_marker=True),
    Marker("dragon", "Dragon", immunity=True, race_marker=True),
    # Not printed on the surface: some rule sets put Monsters on Lost Tribe regions before
    # the first turn (team play [TEAMS "Setup"]; Places and Relics on the surface [SWU
    # "Compatibility with Small World"]). "they augment the defenses of the Region they are
    # in by 1" and occupy it; conquering one draws a Place or Relic into it. The same marker
    # as the Underground's (registered once, last of the surface's, so the order of markers
    # is unchanged).
    Marker("monster", "Monster", defends=True, occupies=True),
)

#: The printed base-game boards: exactly the terrains and symbols of ``data/maps``.
SURFACE = World(
    name="surface",
    title="Small World",
    terrains=frozenset({"Farmland", "Forest", "Hill", "Swamp", "Mountain", "Sea", "Lake"}),
    features=frozenset({"Cavern", "Lost Tribe", "Magic Source", "Mine"}),
    water=WATER,
    seas=WATER,
    # Setup puts a Lost Tribe token on each Lost Tribe region and a Mountain token on each
    # Mountain: a board may not ask for more of them than the box holds.
    limits={"Lost Tribe": "Lost Tribe", "Mountain": "Mountain"},
    # [SW p.2] "Place 1 Lost Tribe token on each Region ... Put a Mountain token on each
    # Mountain Region".
    setup={"Lost Tribe": ("lost_tribe", 1), "Mountain": ("mountain", 1)},
    markers=MARKERS,
    # [SWU "Compatibility with Small World"] "consider the following Terrain types as
    # equivalent: Black Mountain/Mountain ... Muddy/Marsh ... Mushroom Forest/Forest ...
    # Mining/Mine symbol ... Mystic Crystals/Magic symbol" (the Mine has one name in both
    # worlds), and "Powers and effects associated with the Seas and Lake region are
    # transferred to the River Regions and vice versa" (rulings 98-104).
    alike={
        "Mountain": frozenset({"Black Mountain"}),
        "Swamp": frozenset({"Mudpool"}),
        "Forest": frozenset({"Mushroom Forest"}),
        "Magic Source": frozenset({"Mystic Crystals"}),
        "Sea": frozenset({"River"}),
        "Lake": frozenset({"River"}),
    },
)

register_world(SURFACE)

# Everything registers itself on import, in this order (the order of every registry): the
# action kinds, the powers, then the races.
# isort: off
from . import actions  # noqa: E402
from . import powers  # noqa: E402
from . import races  # noqa: E402

# isort: on

__all__ = ["MARKERS", "SURFACE", "WATER", "actions", "powers", "races"]
