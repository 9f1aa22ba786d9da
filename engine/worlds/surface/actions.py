"""The special actions of the surface's races and powers: one small dataclass each, with its
text form (``verb``) and its readable label (``describe``).

Registered on import (``actions.register_action``), right after the core's own kinds and
before any Underground action, in the order below: the order of ``action_types()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.actions import Action, register_action
from engine.core.state import GameState
from engine.core.words import where
from lang import ntr, tr


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Withdraw(Action):
    """Amazons: take ``count`` tokens off a region, toward the 4 removed after redeploying."""

    verb: ClassVar[str] = "withdraw"
    region: int
    count: int

    def describe(self, s: GameState) -> str:
        return ntr(
            "Withdraw {n} token from {region} · back next turn",
            "Withdraw {n} tokens from {region} · back next turn",
            self.count,
            region=where(s, self.region),
        )


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Enchant(Action):
    """Sorcerers: replace a lone active enemy token with one of yours from the tray."""

    verb: ClassVar[str] = "enchant"
    region: int

    def describe(self, s: GameState) -> str:
        return tr("Enchant {region} · 1 token from the tray", region=where(s, self.region))


@register_action
@dataclass(slots=True, unsafe_hash=True)
class DragonAttack(Action):
    """Dragon Master: conquer with one token and put the Dragon there."""

    verb: ClassVar[str] = "dragon"
    region: int

    def describe(self, s: GameState) -> str:
        return tr("Dragon attack {region} · 1 token", region=where(s, self.region))


@register_action
@dataclass(slots=True, unsafe_hash=True)
class RollBerserk(Action):
    """Berserk: roll the die before the next conquest."""

    verb: ClassVar[str] = "roll"
    # The die is rolled: undo stops here.
    reveals: ClassVar[bool] = True

    def describe(self, s: GameState) -> str:
        return tr("Roll the Berserk die")


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Fortify(Action):
    """Fortified: build a Fortress in one of your regions (once a turn)."""

    verb: ClassVar[str] = "fortify"
    region: int

    def describe(self, s: GameState) -> str:
        return tr("Build a Fortress in {region}", region=where(s, self.region))


@register_action
@dataclass(slots=True, unsafe_hash=True)
class PlaceHero(Action):
    """Heroic: put one of the two Heroes in one of your regions."""

    verb: ClassVar[str] = "hero"
    region: int

    def describe(self, s: GameState) -> str:
        return tr("Place a Hero in {region}", region=where(s, self.region))


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Encamp(Action):
    """Bivouacking: put an Encampment in one of your regions."""

    verb: ClassVar[str] = "encamp"
    region: int

    def describe(self, s: GameState) -> str:
        return tr("Put an Encampment in {region}", region=where(s, self.region))


@register_action
@dataclass(slots=True, unsafe_hash=True)
class Decamp(Action):
    """Bivouacking: take an Encampment back from one of your regions."""

    verb: ClassVar[str] = "decamp"
    region: int

    def describe(self, s: GameState) -> str:
        return tr("Take an Encampment from {region}", region=where(s, self.region))


@register_action
@dataclass(slots=True, unsafe_hash=True)
class MakePeace(Action):
    """Diplomat: choose an opponent who may not attack your active race until your next turn."""

    verb: ClassVar[str] = "peace"
    seat: int

    def describe(self, s: GameState) -> str:
        return tr("Make peace with {who}", who=s.players[self.seat].name)
