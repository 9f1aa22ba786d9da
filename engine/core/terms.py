"""The terms of the rules' sums: what a conquest costs and what a turn scores, one term per
thing that adds or takes away, each naming where it comes from.

A term is data, never words: its ``kind`` says what it is (the base cost, a defence marker,
a power's saving, the regions a race holds...), its ``source`` names what it comes from (a
race, a power, a Relic or Place, a marker or a terrain, by the name or key the game data
gives it) and its ``sort`` says which kind of name that is, as the catalog context that
translates it (``engine.core.names``: ``race``, ``power``, ``relic or place``, ``piece``,
``terrain``). The words' floor (``engine.text.sums``) says them in any language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .abilities import POWERS, RACES, TREASURES, Ability
from .names import PIECE, POWER, RACE, TERRAIN, TREASURE

# What a conquest's terms are [SW p.4]: "2 Race tokens + 1 additional Race token for each
# Encampment, Fortress, Mountain, or Troll's Lair marker + 1 additional Race token for each
# Lost Tribe or other player's Race token already present in the Region".
#: The 2 tokens every conquest costs.
BASE = "base"
#: An empty River region's 1 token instead [SWU p.5] (source: its terrain).
RIVER = "river"
#: The tokens already in the region (source: the race holding it).
TOKENS = "tokens"
#: A defence marker, its count as the amount (source: its key; ``markers.DEFENCE_MARKERS``).
MARKER = "marker"
#: What a race, power, Relic or Place adds or saves (``Ability.cost_delta``; source: its name).
ABILITY = "ability"
#: A saving that does not count against a power-proof defender (Gnomes, ruling U-R4): its
#: amount is 0; ``against`` names the defending race.
SPARED = "spared"
#: The die rolled before attacking (Berserk) lowers the next conquest.
DIE = "die"
#: What brings a cost under 1 back to 1: "a minimum of 1 token is still required".
MINIMUM = "minimum"

# What a turn's score's terms are [SW p.5]: "the player receives 1 coin from the Victory
# stash for each Region his Race tokens occupy on the map. The player may also collect
# additional Victory coins as a result of his Race and/or Special Power benefit" (and of the
# Relics and Places in force).
#: The regions a race holds (source: the race).
REGIONS = "regions"
#: The bonus coins of a race, power, Relic or Place (``Ability.score``; source: its name).
BONUS = "bonus"

#: What ``sort`` gives a source that is a rule of the game, not a named thing.
RULE = ""


@dataclass(slots=True)
class Term:
    """One term of a sum: ``amount`` tokens or coins (negative: taken away), its ``kind``, and
    what it comes from (``source``, a name of the ``sort`` kind). A value, never changed once
    made (not ``frozen``, which is slower to build, as ``actions.Action``)."""

    kind: str
    amount: int
    source: str = ""
    sort: str = RULE
    #: A ``SPARED`` saving: the defending race it does not work against.
    against: str = ""

    def data(self) -> list[object]:
        """The term as JSON data (a score event carries its terms): ``read`` reads it back."""
        out: list[object] = [self.kind, self.amount, self.source, self.sort]
        if self.against:
            out.append(self.against)
        return out

    @classmethod
    def read(cls, data: Sequence[Any]) -> Term:
        """A term from its ``data``."""
        return cls(*data)


def total(terms: Iterable[Term]) -> int:
    """What the terms add up to."""
    return sum(t.amount for t in terms)


def ability_term(kind: str, amount: int, a: Ability, against: str = "") -> Term:
    """A term of ``kind`` coming from the ability ``a``: a race's banner, a power's badge, or
    a Relic or Place (a power a Place lends is the power's own)."""
    return Term(kind, amount, a.name, sort_of(a), against)


def sort_of(a: Ability) -> str:
    """Which kind of name ``a``'s is: the registry that holds it."""
    name = a.name
    if RACES.get(name) is a:
        return RACE
    if POWERS.get(name) is a:
        return POWER
    if TREASURES.get(name) is a:
        return TREASURE
    return RULE


#: The kinds of name a term's ``sort`` may be, for the words' floor.
SORTS = (RACE, POWER, TREASURE, PIECE, TERRAIN, RULE)
