"""The grammar every event sentence shares: player names for seat fields, the tense of a
telling, Relic and Place names. ``narration`` (the Underground's and the worlds' events) and
``teams`` (team play's pieces) write their sentences with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.content import treasures
from engine.core.markers import MARKER_NAMES
from engine.core.words import plural

#: An event as the engine records it.
Event = dict[str, Any]


def thing(key: str) -> str:
    """A Relic, Place or piece by its marker key, as printed ("the Shiny Orb")."""
    found = treasures().get(key)
    if found is not None:
        # "Froggy's Ring" takes no article; "the Shiny Orb" does.
        return found.name if "'s " in found.name.split()[0] + " " else f"the {found.name}"
    if key == "bag":
        return "the Bag-o'-Many-Things"
    return MARKER_NAMES.get(key, key)


#: The past tense of the verbs the sentences use, for readers told after the fact (the bot's
#: turn summaries). Present forms are written as the sentence needs them ("discover" for a
#: race, "puts" for a player); every one maps to its past form here.
PAST: dict[str, str] = {
    "become": "became", "becomes": "became", "bite": "bit", "drink": "drank", "fall": "fell",
    "find": "found", "finds": "found", "fly": "flew", "forge": "forged", "forgoes": "forwent",
    "gain": "gained",
    "get": "got", "gets": "got", "give": "gave", "grants": "granted", "keep": "kept",
    "leave": "left", "leaves": "left", "lose": "lost", "now in": "moved to",
    "pay": "paid", "pays": "paid", "put": "put", "puts": "put", "are": "were",
    "sends": "sent", "steal": "stole", "take": "took", "use": "used", "vanish": "vanished",
    "discover": "discovered", "now holds": "now held",
    "moves": "moved", "stays": "stayed", "gives": "gave",
    "swaps": "swapped", "collects": "collected", "waits": "waited",
}  # fmt: skip


class Teller:
    """Names for the fields of one event: seats as player names, the acting race, takings.

    ``past`` tells the event after the fact ("discovered"), as a turn summary does; the
    terminal tells each event as it happens ("discover").
    """

    def __init__(self, e: Event, names: Sequence[str], past: bool = False) -> None:
        self.e = e
        self.names = names
        self.past = past

    def v(self, verb: str) -> str:
        """A verb in the tense of this telling."""
        return PAST[verb] if self.past else verb

    def who(self, key: str = "seat") -> str:
        """The player named by a seat field."""
        return self.name(self.e.get(key))

    def name(self, seat: object) -> str:
        """A seat number as the player's name."""
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return str(self.names[seat])
        return "?"

    def whose(self) -> str:
        """``P1's Drow``: the player and the race the event is about."""
        race = self.e.get("race")
        return f"{self.who()}'s {race}" if race else self.who()

    def taken(self, verb: str, how: str = "") -> str:
        """A conquest by a Relic or power: what was taken, with how many, from whom.

        ``how`` sits between the verb and the region ("the Sword to conquer ").
        """
        e = self.e
        text = (
            f"{self.whose()} {self.v(verb)} {how}{e['region']} "
            f"with {plural(e.get('tokens', 1), 'token')}"
        )
        if e.get("defender"):
            owner = f"{self.who('defender_seat')}'s " if e.get("defender_seat") is not None else ""
            lost = f"lost {plural(e['lost'], 'token')}" if e.get("lost") else "no token lost"
            text += f" from {owner}{e['defender']} ({lost})"
        elif e.get("monsters"):
            text += " from the Monsters"
        return text
