"""The surface world of the base game [SW]: its ``World`` entry, races and special powers.

Importing the package registers the world (``engine.core.worlds.register_world``), then its
special powers and its races in the core's registries, in that order (registration order is
the order of ``legal_actions`` and of every registry's iteration, so it never changes).
"""

from __future__ import annotations

from engine.core.worlds import World, register_world

#: Terrains of the surface world that only Seafaring races may enter.
WATER = frozenset({"Sea", "Lake"})

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
)

register_world(SURFACE)

# Everything registers itself on import, in this order (the order of every registry): the
# action kinds, the powers, then the races.
# isort: off
from . import actions  # noqa: E402
from . import powers  # noqa: E402
from . import races  # noqa: E402

# isort: on

__all__ = ["SURFACE", "WATER", "actions", "powers", "races"]
