"""Team play's Mirror's Vale [TEAMS "Mirror's Vale"] (checklist T-P3).

"At turn start, you may exchange your Special Power with the Special Power of your ally. If any
of the two powers thus swapped have tokens on the board (Dragon, Hordes of, etc ..). these
tokens are immediately removed from the board and placed into their new owner's hand, ready
to play."

The swap is an action of the holder (``mirror``) at the start of his turn, before any
conquest or abandonment, once; a deadline never takes it. Both players need an active race
with its badge (ruling 82). A swapped badge's pieces on the board (``BADGE_PIECES``) leave
it: those a player keeps in hand (Encampments, Mushroom Armor, the Bag) go to the new
owner's, the others (the Dragon, Heroes, Fortresses, the Queen) are placed again by the new
owner under the badge's own rules (ruling 83).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.abilities import Ability, treasure_ability
from engine.core.actions import Action, register_action
from engine.core.board import drop_marker, event, regions_of
from engine.core.names import power as power_name
from engine.core.state import CONQUER, GameState, RaceState
from lang import tr

from .pieces import own_turn, partner_of, seat_label

MIRROR = "mirror"

#: The pieces a badge puts on the board, by badge, and where its new owner keeps them off
#: the board ("camps": ``RaceState.camps_free``; "pieces": ``RaceState.pieces``; "": the
#: badge places them again by its own rules). Data about the badges of every world, which
#: this package does not import: a badge missing here has no piece on the board.
BADGE_PIECES: dict[str, tuple[str, str]] = {
    "Bivouacking": ("camp", "camps"),
    "Dragon Master": ("dragon", ""),
    "Fortified": ("fortress", ""),
    "Heroic": ("hero", ""),
    "Royal": ("queen", ""),
    "Shield": ("armor", "pieces"),
    "Magic": ("bag", "pieces"),
}


@register_action
@dataclass(slots=True, unsafe_hash=True)
class SwapPowers(Action):
    """Mirror's Vale: exchange special powers with your ally, at the start of your turn."""

    verb: ClassVar[str] = "mirror"

    def describe(self, s: GameState) -> str | None:
        t = s.turn
        me = s.races.get(t.race) if t.race else None
        ally = ally_race(s, t.seat)
        if me is None or ally is None:
            return None
        return tr(
            "Mirror's Vale: swap your {power} for {who}'s {other}",
            power=power_name(me.power),
            who=seat_label(s, ally.owner),
            other=power_name(ally.power),
        )


def ally_race(s: GameState, seat: int) -> RaceState | None:
    """The ally's active race, if the ally has one."""
    ally = partner_of(s, seat)
    if ally < 0:
        return None
    name = s.players[ally].active
    return s.races.get(name) if name else None


def hand_over(s: GameState, power: str, old: RaceState, new: RaceState) -> int:
    """Take ``power``'s pieces off ``old``'s regions into ``new``'s hand (``BADGE_PIECES``);
    return how many left the board."""
    key, hand = BADGE_PIECES.get(power, ("", ""))
    if not key:
        return 0
    moved = 0
    for rid in regions_of(s, old.name):
        moved += drop_marker(s, rid, key) or 0
    if hand == "camps":
        new.camps_free += moved + old.camps_free
        old.camps_free = 0
    elif hand == "pieces":
        kept = old.pieces.pop(key, 0)
        if moved + kept:
            new.pieces[key] = new.pieces.get(key, 0) + moved + kept
    return moved


@treasure_ability
class MirrorsVale(Ability):
    """[TEAMS "Mirror's Vale"] At the start of your turn, you may swap special powers with
    your ally; the swapped powers' pieces on the board go to their new owner's hand."""

    name = MIRROR
    handles = (SwapPowers,)

    def _open(self, s: GameState, race: RaceState) -> bool:
        t = s.turn
        if t.phase != CONQUER or t.acted or MIRROR in t.used or not own_turn(s, race):
            return False
        ally = ally_race(s, race.owner)
        return ally is not None and bool(ally.power) and bool(race.power)

    def actions(self, s: GameState, race: RaceState) -> list[Action]:
        return [SwapPowers()] if self._open(s, race) else []

    def perform(self, s: GameState, race: RaceState, action: Action) -> None:
        ally = ally_race(s, race.owner)
        assert ally is not None
        s.turn.used.append(MIRROR)
        mine, theirs = race.power, ally.power
        moved = hand_over(s, mine, race, ally) + hand_over(s, theirs, ally, race)
        race.power, ally.power = theirs, mine
        event(
            s,
            "mirror",
            seat=race.owner,
            race=race.name,
            ally=ally.owner,
            gave=mine,
            got=theirs,
            pieces=moved,
        )

    def refusal(self, s: GameState, race: RaceState, action: Action) -> str | None:
        if not own_turn(s, race) or s.turn.phase != CONQUER or s.turn.acted:
            return tr("Mirror's Vale works at the start of your turn, before any conquest.")
        if MIRROR in s.turn.used:
            return tr("You have already used Mirror's Vale this turn.")
        if ally_race(s, race.owner) is None:
            return tr("Your ally has no active race whose power you could take.")
        return None
