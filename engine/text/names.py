"""The game's names in the language spoken, for the words' floor: ``engine.core.names``,
where the rules' own labels and refusals find them too."""

from __future__ import annotations

from engine.core.names import (
    ARTICLE,
    MAP,
    PIECE,
    POWER,
    RACE,
    SYMBOL,
    TERRAIN,
    TREASURE,
    combo,
    map_name,
    name_messages,
    piece,
    power,
    race,
    symbol,
    terrain,
    the_treasure,
    treasure,
)

__all__ = [
    "ARTICLE",
    "MAP",
    "PIECE",
    "POWER",
    "RACE",
    "SYMBOL",
    "TERRAIN",
    "TREASURE",
    "combo",
    "map_name",
    "name_messages",
    "piece",
    "power",
    "race",
    "symbol",
    "terrain",
    "the_treasure",
    "treasure",
]
