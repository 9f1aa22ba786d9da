"""The game's names in the language spoken: races, powers, combos, Relics, Places, pieces,
terrains, map symbols and maps.

Names are data (``data/*.json``, ``engine.core.markers``), so they reach the catalogs as
generated messages (``name_messages``), each in the context of its kind: the same English
word may be a race in one place and a terrain in another. French uses the official names of
the French rulebooks (Golems for Mudmen, Feux Follets for Will-o'-Wisps).

They live in the core, below every label and refusal that shows a name;
``engine.text.names`` is the same module for the words' floor.
"""

from __future__ import annotations

from collections.abc import Iterator

from lang import ptr

from .content import builtin_maps, load_map, powers, races, treasures
from .markers import MARKER_NAMES

#: Catalog contexts, one per kind of name.
RACE, POWER, IN_COMBO, TREASURE, ARTICLE, PIECE, TERRAIN, SYMBOL, MAP = (
    "race", "power", "power, beside its race", "relic or place",
    "relic or place, with its article", "piece", "terrain", "map symbol", "map",
)  # fmt: skip

#: The gender and number a race's name has in a language, which the power's name beside it
#: takes ("Amazones Royales", "Nains Royaux"). Each language's catalog says it race by race:
#: the message ``MASCULINE_PLURAL`` in the race's own context (``agreement_context``),
#: translated by the form of that language's name (French: ``feminine plural`` for the
#: Amazones). A power's name beside a race has a message per form (``BESIDE``).
MASCULINE_PLURAL, FEMININE_PLURAL = "masculine plural", "feminine plural"
BESIDE = {MASCULINE_PLURAL: IN_COMBO, FEMININE_PLURAL: "power, beside a feminine plural race"}

#: How a combo's two names stand side by side (a name message of its own, so that the
#: ``names`` catalog holds all of it: French puts the race first).
COMBO, COMBO_ORDER = "combo", "{power} {race}"


def race(name: str) -> str:
    """A race's name (``Mudmen`` → ``Golems``)."""
    return ptr(RACE, name) if name else name


def power(name: str) -> str:
    """A special power's name."""
    return ptr(POWER, name) if name else name


def agreement_context(race_name: str) -> str:
    """The catalog context of a race's gender and number (``BESIDE``)."""
    return f"gender and number of the race's name: {race_name}"


def agreement(race_name: str) -> str:
    """The gender and number of a race's name in the language spoken: a key of ``BESIDE``
    (``MASCULINE_PLURAL`` where the catalog says nothing it knows)."""
    form = ptr(agreement_context(race_name), MASCULINE_PLURAL)
    return form if form in BESIDE else MASCULINE_PLURAL


def power_beside(name: str, race_name: str) -> str:
    """A special power's name as it stands beside its race's, agreeing with it (French:
    "des Forêts", where it stands alone as "Des Forêts"; "Royaux" beside the Nains,
    "Royales" beside the Amazones)."""
    return ptr(BESIDE[agreement(race_name)], name) if name else name


def combo(race_name: str, power_name: str) -> str:
    """A race and power combo as the banner and badge read side by side: ``Forest Elves``
    (the power first in English, after the race in French, agreeing with it)."""
    return ptr(COMBO, COMBO_ORDER, power=power_beside(power_name, race_name), race=race(race_name))


def treasure(key: str) -> str:
    """A Relic's or Place's name by its key; an unknown key as it is."""
    found = treasures().get(key)
    return ptr(TREASURE, found.name) if found else piece(key)


def the_treasure(key: str) -> str:
    """A Relic's or Place's name with its article, for a sentence (``the Shiny Orb``,
    ``Froggy's Ring``)."""
    found = treasures().get(key)
    if found is None:
        return piece(key)
    return ptr(ARTICLE, _with_article(found.name))


def piece(key: str) -> str:
    """A marker or piece by its key (``lair`` → ``Troll Lair``)."""
    name = MARKER_NAMES.get(key)
    return ptr(PIECE, name) if name else key


def terrain(name: str) -> str:
    """A terrain (``Farmland``)."""
    return ptr(TERRAIN, name) if name else name


def symbol(name: str) -> str:
    """A region's symbol (``Magic Source``, ``Cavern``)."""
    return ptr(SYMBOL, name) if name else name


def map_name(name: str) -> str:
    """A map's title (``Small World, 3 players``); a server's own map keeps its name."""
    return ptr(MAP, name) if name else name


def _with_article(name: str) -> str:
    # "Froggy's Ring" takes no article; "the Shiny Orb" does.
    return name if "'s " in name.split()[0] + " " else f"the {name}"


def name_messages() -> Iterator[tuple[str, str]]:
    """Every name, as (context, English name), for the catalogs."""
    yield from ((RACE, name) for name in races())
    yield from ((agreement_context(name), MASCULINE_PLURAL) for name in races())
    yield from ((POWER, name) for name in powers())
    for context in BESIDE.values():
        yield from ((context, name) for name in powers())
    yield COMBO, COMBO_ORDER
    for found in treasures().values():
        yield TREASURE, found.name
        yield ARTICLE, _with_article(found.name)
    yield from ((PIECE, name) for name in MARKER_NAMES.values())
    terrains: set[str] = set()
    symbols: set[str] = set()
    for map_id in builtin_maps():
        m = load_map(map_id)
        yield MAP, m.name
        for region in m.regions:
            terrains.add(region.terrain)
            symbols |= region.features
    yield from ((TERRAIN, name) for name in sorted(terrains))
    yield from ((SYMBOL, name) for name in sorted(symbols))
