"""Season points by place, the organiser's table of them, and a season's standings.

**Default table** (``DEFAULT_TABLE``): one point less per place, the last place none: 2
players 1/0, 3 players 2/1/0, 4 players 3/2/1/0, 5 players 4/3/2/1/0. Every place above
the last earns something and every step down costs the same, so a second place is worth
half a win at a table of three, and a pod of any size hands out ``n − 1`` points to its
winner. Team games (the row for 6) count by team place, 2/1/0, and both members of a team
earn their team's points: a team game is a game of three sides, scored as a 3-player game.

**Ties.** Players (or teams) who finish on the same place share the points of the places
they fill, evenly: two tied first at a table of four get (3 + 2) / 2 = 2.5 each, and the
next player is third (1 point). So a table hands out the same total whatever the ties, and
nobody gains from a tie at another's expense. Points are exact fractions (``Fraction``),
so three-way shares add up without rounding; ``show_points`` writes them.

**Organiser's table.** ``parse_table`` reads a compact text an organiser can type, rows
separated by semicolons, each a player count, a colon and the points by place, best first:
``4:3,2,1,0;3:2,1,0``. Rows not given keep their current points. Points are whole numbers
from 0 to 99, never more for a worse place. ``format_table`` writes the same text back.

**Standings** (``standings``): most season points first; ties broken by opponents' points,
the sum over a member's games of the season points of every player they faced there (a
partner in a team game is not faced; a member faced twice counts twice, since each game
against them was a game against that strength), then by coins, the sum of the member's
final coins over the season's games. Members equal on all three share a rank. The whole
season is scored by the table given, so every game of it counts alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

from lang import decimal, ntr, tr

from ..errors import ServiceError
from .balance import LARGEST_GAME, SMALLEST_GAME, TEAM_GAME

#: Points by place, best first, for each player count; 6 is the team game, by team place.
Table = Mapping[int, tuple[int, ...]]

DEFAULT_TABLE: dict[int, tuple[int, ...]] = {
    **{n: tuple(range(n - 1, -1, -1)) for n in range(SMALLEST_GAME, LARGEST_GAME + 1)},
    TEAM_GAME: (2, 1, 0),
}
#: The sides of a team game: its teams.
TEAM_SIDES = 3
#: The most points one place may earn.
MOST_POINTS = 99

_ROW = re.compile(r"^\s*([0-9]+)\s*:\s*(.*?)\s*$")


class TableError(ServiceError):
    """A points table the bot refuses; the message says why, in the member's words."""


def places_of(count: int) -> int:
    """How many places a row of ``count`` players has (a team game: its teams)."""
    return TEAM_SIDES if count == TEAM_GAME else count


def _row(typed: str) -> tuple[int, tuple[int, ...]]:
    found = _ROW.match(typed)
    if not found:
        raise TableError(
            tr(
                "{row!r} is not a row: write the player count, a colon, then the points "
                "by place, best first, e.g. 4:3,2,1,0.",
                row=typed.strip(),
            )
        )
    count = int(found.group(1))
    if count not in DEFAULT_TABLE:
        raise TableError(
            tr(
                "{count} players is not a game here: rows are for 2 to 5 players, and 6 "
                "for team games.",
                count=count,
            )
        )
    values = []
    for value in found.group(2).split(","):
        value = value.strip()
        if not (value.isascii() and value.isdigit()) or int(value) > MOST_POINTS:
            raise TableError(
                tr(
                    "Points are whole numbers from 0 to {most}: {value!r} is not one.",
                    most=MOST_POINTS,
                    value=value,
                )
            )
        values.append(int(value))
    wanted = places_of(count)
    if len(values) != wanted:
        if count == TEAM_GAME:
            text = tr("Team games need {n} points, one per team place, best first.", n=wanted)
        else:
            text = ntr(
                "{count} players need {n} point, one per place, best first.",
                "{count} players need {n} points, one per place, best first.",
                wanted,
                count=count,
            )
        raise TableError(text)
    if any(a < b for a, b in pairwise(values)):
        raise TableError(
            tr("A better place never earns fewer points: in {row} they go up.", row=typed.strip())
        )
    return count, tuple(values)


def parse_table(text: str, base: Table = DEFAULT_TABLE) -> dict[int, tuple[int, ...]]:
    """The table an organiser typed (``4:3,2,1,0;3:2,1,0``) over ``base``: the rows given
    replace base's, the others stay. Raises ``TableError`` (translated) for an empty text, a
    row that is not ``count:points``, a count that is no game, a row given twice, a wrong
    number of points, a point that is not a whole number from 0 to 99, or points that rise
    from one place to the next."""
    rows = [r for r in text.split(";") if r.strip()]
    if not rows:
        raise TableError(
            tr("Write the points table as rows like 4:3,2,1,0, separated by semicolons.")
        )
    table = dict(base)
    given: set[int] = set()
    for row in rows:
        count, values = _row(row)
        if count in given:
            raise TableError(tr("The row for {count} players is given twice.", count=count))
        given.add(count)
        table[count] = values
    return table


def format_table(table: Table) -> str:
    """The compact text of a table, rows by player count: ``parse_table`` reads it back."""
    return ";".join(f"{n}:{','.join(map(str, table[n]))}" for n in sorted(table))


def describe_table(table: Table) -> list[str]:
    """The table as lines for people: ``4 players: 3/2/1/0``, team games last."""
    lines = []
    for n in sorted(table):
        points = "/".join(map(str, table[n]))
        if n == TEAM_GAME:
            lines.append(tr("Team games, by team place: {points}", points=points))
        else:
            lines.append(tr("{n} players: {points}", n=n, points=points))
    return lines


def show_points(value: Fraction) -> str:
    """Season points as people read them: ``3``, ``2.5`` (``2,5`` in French), ``1.33``."""
    if value.denominator == 1:
        return str(value.numerator)
    return decimal(float(value), 2).rstrip("0")


def game_points(
    places: Mapping[int, int],
    table: Table = DEFAULT_TABLE,
    teams: Sequence[Sequence[int]] | None = None,
) -> dict[int, Fraction]:
    """Each player's season points for one game, by user id.

    ``places`` gives each player's finishing place, 1 first; what counts is only how many
    finished strictly ahead, so tied players may be given ``1, 1, 3`` or ``1, 1, 2``.
    ``teams`` lists a team game's teams (partners share their team's place). Tied sides share
    the points of the places they fill (see the module's docstring). Raises ``ValueError``
    when the table has no row for the game or partners' places differ.
    """
    if teams is None:
        sides: list[list[int]] = [[u] for u in places]
        count = len(sides)
    else:
        sides = [list(t) for t in teams]
        count = TEAM_GAME
        if any(len({places[u] for u in side}) != 1 for side in sides):
            raise ValueError(f"partners finish on one place: {places}")
    row = table.get(count)
    if row is None or len(row) != len(sides):
        raise ValueError(f"no points for a game of {count} players with {len(sides)} sides")
    place = {i: places[side[0]] for i, side in enumerate(sides)}
    out: dict[int, Fraction] = {}
    for i, side in enumerate(sides):
        ahead = sum(1 for p in place.values() if p < place[i])
        tied = sum(1 for p in place.values() if p == place[i])
        share = Fraction(sum(row[ahead : ahead + tied]), tied)
        out.update(dict.fromkeys(side, share))
    return out


@dataclass(frozen=True)
class GameResult:
    """One finished game of a season: each player's place (1 first) and final coins, and
    for a team game its teams."""

    places: Mapping[int, int]
    coins: Mapping[int, int]
    teams: Sequence[Sequence[int]] | None = None


@dataclass
class Line:
    """A member's line in a season's standings."""

    user_id: int
    points: Fraction = Fraction(0)
    #: The tie-break: the season points of everyone faced, summed over the member's games.
    opponents: Fraction = Fraction(0)
    coins: int = 0
    games: int = 0
    #: 1 first; members equal on points, opponents' points and coins share a rank.
    rank: int = 0
    faced: list[int] = field(default_factory=list, repr=False)

    def key(self) -> tuple[Fraction, Fraction, int]:
        """What orders the standings, best first when sorted in reverse."""
        return (self.points, self.opponents, self.coins)


def standings(
    games: Iterable[GameResult], table: Table = DEFAULT_TABLE, members: Iterable[int] = ()
) -> list[Line]:
    """A season's standings, best first (see the module's docstring for the order). Every
    member who played or is in ``members`` (signed up, no game yet) has a line."""
    lines: dict[int, Line] = {u: Line(u) for u in members}
    for game in games:
        earned = game_points(game.places, table, game.teams)
        partner = {u: set(t) for t in game.teams or () for u in t}
        for u, points in earned.items():
            line = lines.setdefault(u, Line(u))
            line.points += points
            line.coins += game.coins.get(u, 0)
            line.games += 1
            line.faced += [v for v in earned if v != u and v not in partner.get(u, ())]
    for line in lines.values():
        line.opponents = sum((lines[v].points for v in line.faced), Fraction(0))
    ranked = sorted(lines.values(), key=lambda line: (line.key(), -line.user_id), reverse=True)
    for at, line in enumerate(ranked):
        tied = at and ranked[at - 1].key() == line.key()
        line.rank = ranked[at - 1].rank if tied else at + 1
    return ranked
