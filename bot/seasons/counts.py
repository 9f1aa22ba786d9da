"""The player counts a member accepts in the queue: read from what they typed, and told back.

A member may accept several counts ("3 or 4"). They type them as numbers in any readable
way: ``3,4``, ``3 4``, ``3 or 4``, ``3/4``, or a range ``3-5``; ``6`` is the team game (3
teams of 2). Anything else is refused with one line saying how to write it, and changes
nothing. The slash command's list offers the usual choices ready to tap (``SUGGESTED``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.core.worlds import WORLDS
from lang import tr

from ..errors import ServiceError
from .balance import LARGEST_GAME, SMALLEST_GAME, TEAM_GAME
from .matching import COUNTS

#: Words a member may put between numbers (English and French): they join, they add nothing.
JOINING = frozenset({"or", "ou", "and", "et", "players", "joueurs", "p"})
#: The choices the slash command's list offers, as typed.
SUGGESTED = ("3,4", "4", "3", "2-5", "4,5", "2", "6")

_TOKEN = re.compile(r"(\d+)\s*-\s*(\d+)|(\d+)|([^\d\s,;/+|]+)")


class CountsError(ServiceError):
    """Player counts the bot cannot read; the message says how to write them."""


def how_to_write() -> str:
    """The hint every refusal ends with."""
    return tr(
        "Write the numbers of players you accept, like `3,4` or `2-5` (6: a team game of "
        "3 teams of 2)."
    )


def parse_counts(text: str) -> frozenset[int]:
    """The player counts in ``text`` (see the module's docstring). Raises ``CountsError``
    for text that names none, a word that is not a number, or a count no game has."""
    found: set[int] = set()
    for low, high, one, word in _TOKEN.findall(text.strip().lower()):
        if word:
            if word not in JOINING:
                raise CountsError(tr("“{word}” is not a number of players.", word=word))
            continue
        if one:
            numbers = [int(one)]
        else:
            a, b = int(low), int(high)
            if a > b or b - a > TEAM_GAME:
                raise CountsError(
                    tr("“{low}-{high}” is not a range of players.", low=low, high=high)
                    + " "
                    + how_to_write()
                )
            numbers = list(range(a, b + 1))
        for n in numbers:
            if n not in COUNTS:
                raise CountsError(
                    tr(
                        "No game is played by {n} players: {low} to {high}, or {team} in teams.",
                        n=n,
                        low=SMALLEST_GAME,
                        high=LARGEST_GAME,
                        team=TEAM_GAME,
                    )
                )
            found.add(n)
    if not found:
        raise CountsError(how_to_write())
    return frozenset(found)


def stored(players: Iterable[int]) -> str:
    """Counts as the queue's row keeps them: ascending, comma-separated (``3,4``)."""
    return ",".join(str(n) for n in sorted(set(players)))


def from_stored(text: str) -> frozenset[int]:
    """Counts as ``stored`` wrote them."""
    return frozenset(int(n) for n in text.split(",") if n)


def counts_text(players: Iterable[int]) -> str:
    """Counts as a member reads them: ``3 or 4 players``, ``a team game of 6``,
    ``4 players or a team game of 6``."""
    counts = sorted(set(players))
    alone = [n for n in counts if n != TEAM_GAME]
    parts = []
    if alone:
        head = ", ".join(str(n) for n in alone[:-1])
        numbers = tr("{some} or {last}", some=head, last=alone[-1]) if head else str(alone[0])
        parts.append(tr("{numbers} players", numbers=numbers))
    if TEAM_GAME in counts:
        parts.append(tr("a team game of {n}", n=TEAM_GAME))
    return tr("{some} or {last}", some=parts[0], last=parts[1]) if len(parts) > 1 else parts[0]


def wishes_text(players: Iterable[int], world: str | None, deadline_hours: int | None) -> str:
    """What a member waits for, in words: the counts, and the world and the time per
    decision they asked for (``3 or 4 players on Underground, 48 h a decision``)."""
    text = counts_text(players)
    if world is not None:
        shown = WORLDS[world].display_name if world in WORLDS else world
        text += tr(" on {world}", world=shown)
    if deadline_hours is not None:
        text += tr(", {hours} h a decision", hours=deadline_hours)
    return text
