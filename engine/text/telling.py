"""The grammar every event sentence shares: player names for seat fields, the tense of a
telling, counts, Relic and Place names. ``narration`` (the Underground's and the worlds'
events) and ``teams`` (team play's pieces) write their sentences with it.

Each sentence is one catalog message with named fields, in the language spoken (``lang``):
told as it happens (``tr``) or after the fact (``ptr("past", ...)``), two messages, since a
language conjugates its own way ("put" is present and past in English, not in French).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.content import treasures
from lang import ntr, ptr, tr

from . import names as named

#: An event as the engine records it.
Event = dict[str, Any]


def thing(key: str) -> str:
    """A Relic, Place or piece by its marker key, as printed in a sentence ("the Shiny Orb",
    "Froggy's Ring"), in the language spoken."""
    if key in treasures():
        return named.the_treasure(key)
    if key == "bag":
        return ptr("piece, with its article", "the Bag-o'-Many-Things")
    return named.piece(key)


def tokens(n: int) -> str:
    """``1 token``, ``2 tokens``: a count of tokens, for a sentence's field."""
    return ntr("{n} token", "{n} tokens", n)


def coins(n: int) -> str:
    """``1 coin``, ``3 coins``: a count of victory coins, for a sentence's field."""
    return ntr("{n} coin", "{n} coins", n)


class Teller:
    """Names for the fields of one event: seats as player names, the acting race, takings.

    ``names`` are the seats' names as every sentence prints them: ``seats.seat_names`` (the
    seat beside the name in a team game); a sentence names a player only through ``who`` or
    ``name``, never from the state. ``past`` tells the event after the fact ("discovered"),
    as a turn summary does; the terminal tells each event as it happens ("discover").
    """

    def __init__(self, e: Event, names: Sequence[str], past: bool = False) -> None:
        self.e = e
        self.names = names
        self.past = past

    def say(self, now: str, then: str) -> str:
        """The sentence in the tense of this telling: ``now`` (a ``tr`` message) or ``then``
        (its ``ptr("past", ...)`` twin)."""
        return then if self.past else now

    def fields(self, **more: Any) -> dict[str, Any]:
        """The fields most sentences use: ``who`` (the seat's player), ``race`` (the acting
        race's name), ``region``; ``more`` adds or replaces some."""
        return {"who": self.who(), "race": self.race(), "region": self.e.get("region"), **more}

    def who(self, key: str = "seat") -> str:
        """The player named by a seat field."""
        return self.name(self.e.get(key))

    def race(self, key: str = "race") -> str:
        """The race named by a field, in the language spoken."""
        return named.race(str(self.e.get(key) or ""))

    def name(self, seat: object) -> str:
        """A seat number as the player's name."""
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return str(self.names[seat])
        return "?"

    def taking(self) -> dict[str, Any]:
        """The fields of a conquest by a Relic or power: ``tokens`` (how many conquered) and
        ``source`` (from whom, with the losses; empty for an empty region)."""
        e = self.e
        return self.fields(tokens=tokens(e.get("tokens", 1)), source=self._source())

    def _source(self) -> str:
        e = self.e
        if not e.get("defender"):
            return tr(" from the Monsters") if e.get("monsters") else ""
        defender = self.race("defender")
        lost = int(e.get("lost") or 0)
        if e.get("defender_seat") is None:
            if lost:
                return ntr(
                    " from {defender} (lost {n} token)",
                    " from {defender} (lost {n} tokens)",
                    lost,
                    defender=defender,
                )
            return tr(" from {defender} (no token lost)", defender=defender)
        owner = self.who("defender_seat")
        if lost:
            return ntr(
                " from {owner}'s {defender} (lost {n} token)",
                " from {owner}'s {defender} (lost {n} tokens)",
                lost,
                owner=owner,
                defender=defender,
            )
        return tr(" from {owner}'s {defender} (no token lost)", owner=owner, defender=defender)
