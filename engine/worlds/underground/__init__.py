"""Small World Underground [SWU]: its ``World`` entry, races, powers, Relics and Places.

Importing the package registers the world (``engine.core.worlds.register_world``); its
powers, races and treasures (Relics, Places, the Balrog, Magic) register themselves when
``engine.worlds`` imports them, in the order the registries must keep.
"""

from __future__ import annotations

from engine.core.markers import Marker
from engine.core.worlds import World, register_world
from lang import N_

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
#: The Underground's region markers [SWU]. Defence: "+ 1 additional Race token for each Black
#: Mountain, each Mushroom Armor and the Keep on the Motherland marker; + 1 ... for each Monster
#: token" [SWU p.5]; the Keep is a Place's power, which its occupant's own player never uses
#: against his other race ("Using a Popular Place's power is always optional" [SWU p.14]), and
#: is named with the Places. Monsters occupy their region. The Great Ancient and the Queen make
#: their region immune to enemies; the Balrog [SWU p.15] "immune to all players" and the Ghost
#: (by ruling, docs/rulings.md) seal it against everyone. Mushroom Armor (back to the box [SWU
#: p.12]), the Great Ancient (off the map until the Cultists place it again, by ruling), the
#: Queen (by ruling: it leaves with the Royal region) and the Bag-o'-Many-Things (back to its
#: owner's hand, ``board.clear_region``) leave with the race holding their region.
MARKERS = (
    Marker("monster", "Monster", defends=True, occupies=True),
    Marker("black_mountain", "Black Mountain", defends=True),
    Marker("armor", "Mushroom Armor", defends=True, race_marker=True),
    Marker("volcano", "Volcano"),
    Marker("ancient", "Great Ancient", immunity=True, race_marker=True),
    Marker("balrog", "Balrog", seals=True),
    Marker("ghost", "Tomb-raider's Ghost", seals=True),
    Marker("queen", "Queen", immunity=True, race_marker=True),
    Marker("bag", "Bag-o'-Many-Things", race_marker=True),
    Marker("vengeance", "Vengeance"),
    Marker("hammer", "Silver Hammer"),
    Marker("keep", defends=True, owner_spared=True),
)

UNDERGROUND = World(
    name="underground",
    title="Small World Underground",
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
    needed={"Volcano": N_("the Flames place the Volcano on a Chasm with a Volcano symbol")},
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
    markers=MARKERS,
    # [SWU "Compatibility with Small World"] the same equivalences, seen from below
    # (rulings 98-104): Mine is Mine in both worlds.
    alike={
        "Black Mountain": frozenset({"Mountain"}),
        "Mudpool": frozenset({"Swamp"}),
        "Mushroom Forest": frozenset({"Forest"}),
        "Mystic Crystals": frozenset({"Magic Source"}),
        "River": frozenset({"Sea", "Lake"}),
    },
)

register_world(UNDERGROUND)

# The abilities and their actions register themselves on import, in this order, which is
# the order of every registry and so of legal_actions: the powers, the Vampire, then those
# with actions of their own (Royal, Shield, Reborn, Tomb), the races (those with choices of
# their own, the ten others, the two with a landmark), then the treasures: the Places (those
# that act at the end of their occupant's turn last), the Balrog, Magic (which imports the
# Relics first), the Relics and the Stonehedge.
# isort: off
from . import powers  # noqa: E402
from . import vampire  # noqa: E402
from . import power_acts  # noqa: E402
from . import race_choices  # noqa: E402
from . import races  # noqa: E402
from . import landmarks  # noqa: E402
from . import treasures  # noqa: E402
from . import places  # noqa: E402
from . import turn_end_places  # noqa: E402
from . import balrog  # noqa: E402
from . import magic  # noqa: E402
from . import relics  # noqa: E402
from . import stonehedge  # noqa: E402

# isort: on

__all__ = [
    "MARKERS",
    "UNDERGROUND",
    "balrog",
    "landmarks",
    "magic",
    "places",
    "power_acts",
    "powers",
    "race_choices",
    "races",
    "relics",
    "stonehedge",
    "treasures",
    "turn_end_places",
    "vampire",
]
