"""The open-play queue: which games to form now from the members waiting.

The bot calls ``form_games`` with everyone waiting and the current time whenever a member
joins, and again every few minutes (tolerances widen with time, so a game may become
possible with no one joining). Every game returned is to be opened; its members leave the
queue. The rules:

- **Compatible.** A group can play together when every member accepts its player count,
  no two members asked for different worlds (a member who named none plays on any: the
  group's world is the one named, or ``None`` for the server's usual), and a pair who queued
  together sits in it whole. Pairs queue for 6-player team games only (3 teams of 2); a
  partner who left the queue, or who names someone else, is ignored (``balance.pairs_of``).
- **Closest first.** Among the compatible groups the one chosen is the one whose skills
  (``balance.skill``) are closest: the smallest spread, highest less lowest, per gap between
  neighbours (spread ÷ (players − 1)). Among groups of one size this is the smallest spread.
  Across sizes it keeps "3 or 4" from always meaning 3: four members evenly 50 apart make
  a game of 4 (gap 50) rather than of 3 (spread 100, gap 50), and the game of 4 leaves no
  one behind. On equal closeness the group whose longest waiter joined first goes first,
  then the larger group, then the lowest user ids.
- **Tolerance.** A group is only formed if its spread is within its tolerance: ``base`` +
  ``per_hour`` × the hours waited by its longest waiter (``Tolerance``). The longest waiter
  is the one the widening exists for: a member far from everyone waits until the tolerance
  reaches the members nearest them, who may have just arrived; counting the shortest wait
  instead would make every outlier wait for company that had waited just as long. The
  newcomers in such a game lose no time, and the closest groups still form first.
- **Repeat.** After a group is formed its members leave, and the choice is made again until
  no group can form.
- **Deadline.** The game's decision deadline is the longest one its members asked for
  (``None`` when none asked: the server's default). The deadline is how long each player
  has to answer; the longest asked is one every member can keep, while a shorter one would
  hand a slower member's turns to the deadline defaults.

Defaults (``TOLERANCE``): 100 display points at once, 25 more per hour waited. 100 display
points is 5 μ, a gap between two members that the ratings themselves would need several
games to tell apart; after a day (700) nearly any two regular members of a server may
meet. ``bench/queue_wait.py`` measures them over a simulated week against the
first-come-first-served baseline (``first_come``): with one member arriving an hour, the
games' skill spread falls from 195 to 151 display points for a mean wait of 4.3 hours
instead of 4.2; with three an hour, from 170 to 116, for 2.3 hours instead of 1.9. A
narrower setting (50 + 10 an hour) brings the spread to 123 and 71 but the wait to 7.5 and
3.7 hours; a wider one (200 + 50) waits no longer than first come, first served.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import combinations

from .balance import (
    LARGEST_GAME,
    SMALLEST_GAME,
    TEAM_GAME,
    Team,
    balanced_teams,
    pairs_of,
    spread,
)

#: The player counts a member may accept: free-for-all 2 to 5, or the 6-player team game.
COUNTS = (*range(SMALLEST_GAME, LARGEST_GAME + 1), TEAM_GAME)
SECONDS_PER_HOUR = 3600
INF = float("inf")


@dataclass(frozen=True)
class Waiting:
    """A member in the queue: skill (``balance.skill``), the player counts they accept,
    since when they wait, the world they asked for (``None``: any), the decision deadline
    they asked for in hours (``None``: no wish), and the partner they queued with for team
    games (``None``: alone)."""

    user_id: int
    skill: float
    players: frozenset[int]
    joined_at: datetime
    world: str | None = None
    deadline_hours: int | None = None
    partner: int | None = None


@dataclass(frozen=True)
class Tolerance:
    """How wide a group's skill spread may be (display points): ``base`` at once, and
    ``per_hour`` more for each hour its longest waiter has waited. The organiser's."""

    base: float = 100.0
    per_hour: float = 25.0

    def after(self, hours: float) -> float:
        """The spread accepted once the longest waiter has waited ``hours``."""
        return self.base + self.per_hour * max(0.0, hours)


TOLERANCE = Tolerance()


@dataclass(frozen=True)
class Match:
    """A game to open now: its members (in the order they joined), the player count, the
    world (``None``: the server's usual), the decision deadline in hours (``None``: the
    server's), the three teams of a team game (strongest first) or ``None``, and the
    members' skill spread."""

    members: tuple[int, ...]
    players: int
    world: str | None
    deadline_hours: int | None
    teams: tuple[Team, ...] | None
    spread: float


def hours_waited(member: Waiting, now: datetime) -> float:
    """How long a member has waited, in hours (0 if the clock says they join later)."""
    return max(0.0, (now - member.joined_at).total_seconds() / SECONDS_PER_HOUR)


def _checked(waiting: Iterable[Waiting]) -> dict[int, Waiting]:
    by_id: dict[int, Waiting] = {}
    for w in waiting:
        if w.user_id in by_id:
            raise ValueError(f"member {w.user_id} waits twice")
        if not w.players or not w.players <= set(COUNTS):
            raise ValueError(f"player counts are among {COUNTS}, got {sorted(w.players)}")
        by_id[w.user_id] = w
    return by_id


def _world(group: Sequence[Waiting]) -> tuple[bool, str | None]:
    """Whether the members' worlds agree, and the one they name (``None``: any)."""
    named = {w.world for w in group if w.world is not None}
    return len(named) <= 1, next(iter(named), None)


def _match(group: Sequence[Waiting], pairs: dict[int, int]) -> Match:
    """The game these members make."""
    members = sorted(group, key=lambda w: (w.joined_at, w.user_id))
    wished = [w.deadline_hours for w in members if w.deadline_hours is not None]
    teams = None
    if len(members) == TEAM_GAME:
        skills = {w.user_id: w.skill for w in members}
        teams = balanced_teams([w.user_id for w in members], skills, pairs)
    return Match(
        tuple(w.user_id for w in members),
        len(members),
        _world(members)[1],
        max(wished) if wished else None,
        teams,
        spread([w.skill for w in members]),
    )


class _Queue:
    """The members still waiting, as units: a member alone or a pair."""

    def __init__(self, by_id: dict[int, Waiting], now: datetime) -> None:
        self.by_id = by_id
        self.now = now
        self.pairs = pairs_of({u: w.partner for u, w in by_id.items()})

    def worlds(self) -> list[str | None]:
        """Every world a group may be for: each world named, and any."""
        return [None, *sorted({w.world for w in self.by_id.values() if w.world is not None})]

    def alone(self, n: int, world: str | None) -> list[Waiting]:
        """Members alone who accept ``n`` players and can play on ``world``, by skill."""
        found = [
            w
            for w in self.by_id.values()
            if w.user_id not in self.pairs and n in w.players and w.world in (None, world)
        ]
        return sorted(found, key=lambda w: (w.skill, w.joined_at, w.user_id))

    def duos(self, world: str | None) -> list[tuple[Waiting, Waiting]]:
        """Pairs who both accept a team game and can play on ``world``."""
        out = []
        for a, b in sorted(self.pairs.items()):
            duo = (self.by_id[a], self.by_id[b])
            if a < b and all(TEAM_GAME in w.players and w.world in (None, world) for w in duo):
                out.append(duo)
        return out

    def groups(self, widest: Callable[[], float]) -> Iterable[list[Waiting]]:
        """The compatible groups worth weighing: for each count and world, every run of
        neighbours in skill (the closest groups of a size are such runs, and the run holding
        a group's longest waiter is no wider than the group); for team games, every choice of
        up to three pairs with each run of members alone, skipping the choices whose pairs
        alone are wider than ``widest()`` (the gap between neighbours no group of them could
        beat). Free-for-all groups come first, so that the bound is tight for team games."""
        worlds = self.worlds()
        for world in worlds:
            for n in range(SMALLEST_GAME, LARGEST_GAME + 1):
                alone = self.alone(n, world)
                for k in range(len(alone) - n + 1):
                    yield alone[k : k + n]
        for world in worlds:
            alone, duos = self.alone(TEAM_GAME, world), self.duos(world)
            for count in range(min(len(duos), TEAM_GAME // 2) + 1):
                need = TEAM_GAME - 2 * count
                for chosen in combinations(duos, count):
                    fixed = [w for duo in chosen for w in duo]
                    if spread([w.skill for w in fixed]) / (TEAM_GAME - 1) > widest():
                        continue
                    for k in range(len(alone) - need + 1):
                        yield fixed + alone[k : k + need]

    def best(self, tolerance: Tolerance) -> list[Waiting] | None:
        """The closest compatible group within its tolerance, if any."""
        best: tuple[tuple[float, datetime, int, list[int]], list[Waiting]] | None = None

        def widest() -> float:
            return INF if best is None else best[0][0]

        for group in self.groups(widest):
            if not _world(group)[0]:
                continue
            width = spread([w.skill for w in group])
            oldest = min(group, key=lambda w: (w.joined_at, w.user_id))
            if width > tolerance.after(hours_waited(oldest, self.now)):
                continue
            key = (width / (len(group) - 1), oldest.joined_at, -len(group),
                   sorted(w.user_id for w in group))  # fmt: skip
            if best is None or key < best[0]:
                best = (key, group)
        return None if best is None else best[1]

    def remove(self, group: Iterable[Waiting]) -> None:
        """The members of a formed game leave the queue."""
        for w in group:
            del self.by_id[w.user_id]
        self.pairs = pairs_of({u: w.partner for u, w in self.by_id.items()})


def form_games(
    waiting: Iterable[Waiting], now: datetime, tolerance: Tolerance = TOLERANCE
) -> list[Match]:
    """The games to open now, in the order chosen (see the module's docstring).
    Raises ``ValueError`` for a member waiting twice or a player count not in ``COUNTS``."""
    queue = _Queue(_checked(waiting), now)
    out = []
    while (group := queue.best(tolerance)) is not None:
        out.append(_match(group, queue.pairs))
        queue.remove(group)
    return out


def first_come(
    waiting: Iterable[Waiting], now: datetime, tolerance: Tolerance = TOLERANCE
) -> list[Match]:
    """The first-come-first-served baseline, for ``bench/queue_wait.py``: the longest waiter's
    largest accepted game that the earliest compatible members can fill forms at once, skill
    unseen (``tolerance`` is taken for the same interface and ignored); then the next."""
    queue = _Queue(_checked(waiting), now)
    out = []
    formed = True
    while formed:
        formed = False
        for first in sorted(queue.by_id.values(), key=lambda w: (w.joined_at, w.user_id)):
            group = _earliest(queue, first)
            if group is not None:
                out.append(_match(group, queue.pairs))
                queue.remove(group)
                formed = True
                break
    return out


def _earliest(queue: _Queue, first: Waiting) -> list[Waiting] | None:
    """``first`` with the earliest members who complete a game with them: the largest count
    ``first`` accepts that can be filled, on the world whose group was complete soonest."""
    units: list[list[Waiting]] = []
    placed: set[int] = set()
    for w in sorted(queue.by_id.values(), key=lambda w: (w.joined_at, w.user_id)):
        if w.user_id not in placed:
            mate = queue.pairs.get(w.user_id)
            units.append([w] if mate is None else [w, queue.by_id[mate]])
            placed.update(m.user_id for m in units[-1])
    mine = next(u for u in units if first in u)
    for n in sorted(first.players, reverse=True):
        full = []
        for world in queue.worlds():
            group: list[Waiting] = []
            for unit in [mine, *(u for u in units if u is not mine)]:
                if len(group) + len(unit) > n or (len(unit) > 1 and n != TEAM_GAME):
                    continue
                if all(n in w.players and w.world in (None, world) for w in unit):
                    group += unit
            if len(group) == n and first in group:
                full.append(group)
        if full:
            return min(full, key=lambda g: max((w.joined_at, w.user_id) for w in g))
    return None
