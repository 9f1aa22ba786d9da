"""The pieces a board can show, as the renderer names them: map features, markers, Relics
and Places in the order they are drawn, their readable names, and how large their chips are.

Nothing here draws; :mod:`.glyphs` holds each piece's picture and :mod:`.icons` the chips.
"""

from __future__ import annotations

from engine.core.content import treasures
from engine.core.markers import MARKER_NAMES as ENGINE_NAMES
from engine.text import names
from lang import N_, ptr, tr

#: Two letters on the chip of each Righteous Relic (gold disc) and Popular Place (blue square).
RELIC_TAGS = {
    "doormat": "Dm",
    "ring": "Rg",
    "socks": "So",
    "scepter": "Sc",
    "orb": "Or",
    "sword": "Sw",
    # Team play's Relic.
    "soapbar": "GS",
}
PLACE_TAGS = {
    "altar": "Al",
    "crypt": "Cr",
    "diamonds": "Di",
    "pipe": "Pi",
    "fountain": "Fo",
    "keep": "Ke",
    "lost_mine": "LM",
    "stonehedge": "St",
    "pentacle": "Pe",
    # Team play's Places (engine/rulesets/teams).
    "tavern": "Ta",
    "boneyard": "Bo",
    "mirror": "Mi",
    "sigil": "Si",
}

#: Map features (printed on the board, never move), drawn on rounded squares. The Volcano
#: symbol marks the Chasms where the Flames may put their Volcano.
FEATURES = ("Cavern", "Magic Source", "Mine", "Volcano")
#: Key labels of the features whose name alone would be mistaken for a piece.
FEATURE_NAMES = {"Volcano": N_("Volcano symbol")}
#: Markers the view may list (``markers`` keys), in the order they are drawn.
MARKERS = (
    "mountain",
    "lair",
    "fortress",
    "camp",
    "hole",
    "hero",
    "dragon",
    # Underground pieces, then the Relics (gold discs) and Places (blue squares).
    "monster",
    "black_mountain",
    "armor",
    "volcano",
    "ancient",
    "queen",
    "ghost",
    "balrog",
    "bag",
    *RELIC_TAGS,
    *PLACE_TAGS,
)
#: How much larger than a plain marker chip some chips are drawn on the board. A Relic or
#: Place carries two letters that must be read on a phone (about 0.25× of the board), and
#: the Underground's single pieces (each changes what may be attacked) must be made out at
#: a glance; the surface markers keep the size the surface boards were tuned for.
CHIP_SCALE: dict[str, float] = {
    **dict.fromkeys((*RELIC_TAGS, *PLACE_TAGS), 1.4),
    **dict.fromkeys(("balrog", "ghost", "queen", "ancient", "volcano"), 1.3),
    **dict.fromkeys(("monster", "armor", "bag", "bony"), 1.15),
}


#: How much larger than a plain marker chip a chip is drawn when it carries a count (three
#: Encampments): its count bubble's digit must be read on a phone too.
COUNTED = 1.3


def chip_size(kind: str, base: int, count: int = 1) -> int:
    """The size (px) of ``kind``'s chip on a region whose plain chips are ``base`` px, for
    ``count`` of them stacked (one chip, with the count in a bubble)."""
    scale = CHIP_SCALE.get(kind, 1.0)
    return round(base * (max(scale, COUNTED) if count > 1 else scale))


#: Readable names of markers, for the key in the legend.
MARKER_NAMES = {
    "mountain": "Mountain",
    "lair": "Troll Lair",
    "fortress": "Fortress",
    "camp": "Encampment",
    "hole": "Hole",
    "hero": "Hero",
    "dragon": "Dragon",
    "lost_tribe": "Lost Tribe",
    "monster": "Monsters",
    "black_mountain": "Black Mountain",
    "armor": "Mushroom Armor",
    "volcano": "Volcano",
    "ancient": "Great Ancient",
    "queen": "Queen",
    "ghost": "Ghost",
    "balrog": "Balrog",
    "bag": "Bag-o'-Many-Things",
    "hammer": "Silver Hammer",
    "vengeance": "Vengeance",
    "bony": "Bony the Lich",
    **{key: t.name for key, t in treasures().items()},
}


def piece_name(key: str) -> str:
    """The name of a marker, Relic or Place by its key, in the language spoken (the key's
    words, shorter than the rulebook's for a few pieces: "Hole", "Ghost")."""
    english = MARKER_NAMES.get(key)
    if english is None:
        return key
    if key in treasures():
        return names.treasure(key)
    if ENGINE_NAMES.get(key) == english:
        return names.piece(key)
    return _short_names().get(key, english)


def _short_names() -> dict[str, str]:
    """The pieces the key names otherwise than the engine does."""
    return {
        "hole": ptr("key label", "Hole"),
        "monster": ptr("key label", "Monsters"),
        "ghost": ptr("key label", "Ghost"),
        "bony": ptr("key label", "Bony the Lich"),
    }


def feature_name(name: str) -> str:
    """A map feature's name in the key, in the language spoken."""
    special = FEATURE_NAMES.get(name)
    return tr(special) if special else names.symbol(name)
