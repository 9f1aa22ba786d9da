"""What the automatic formats weigh: a member's skill, who may sit together, and a team
table split into balanced teams.

Skill. Pods and the queue compare members by ``skill(rating)`` = 20 × μ, the openskill mean
in the display's points, and not by the displayed rating 1000 + 20 × (μ − 3σ). The displayed
number is a cautious floor: it climbs as the bot grows sure of a player (σ falls), so a
newcomer shows 1000 while a regular of exactly the same strength shows about 1300. Grouping
on it would keep equals apart because one of them has played less. μ is the best guess of
strength itself, which is what a fair table needs. Scaled by the display's 20, differences
read as display points: 100 is the gap between two equally sure players shown 100 apart.

Team tables (6 players, 3 teams of 2) are split so that the teams' summed skills are as close
as possible: openskill rates a team by the sum of its members' μ (``bot.ratings.rate``), so the
sum is the strength the league itself will judge the team by. Members who signed up or queued
as a pair always make one team.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.rulesets import BASE_PLAYERS
from engine.rulesets.teams import PLAYERS, TEAM_SIZE

from ..ratings import DISPLAY_SCALE, Rating

#: The smallest and the largest free-for-all game (2 and 5 players).
SMALLEST_GAME = min(BASE_PLAYERS)
LARGEST_GAME = max(BASE_PLAYERS)
#: A team game's players (3 teams of 2).
TEAM_GAME = PLAYERS

Team = tuple[int, ...]


def skill(rating: Rating) -> float:
    """A member's strength for grouping: ``20 × μ`` (see the module's docstring for why μ
    and not the displayed rating)."""
    return DISPLAY_SCALE * rating.mu


def spread(values: Sequence[float]) -> float:
    """The highest value less the lowest (0 for fewer than two)."""
    return max(values) - min(values) if len(values) > 1 else 0.0


def pairs_of(partners: Mapping[int, int | None]) -> dict[int, int]:
    """The pairs that hold, both ways: ``a`` → ``b`` only when ``b`` is there too and names
    ``a`` back. A partner who is absent (withdrew, left the queue) or who names someone else
    is ignored, and the member plays alone: a missing partner never blocks a round or a queue.
    """
    return {
        a: b
        for a, b in partners.items()
        if b is not None and b != a and b in partners and partners[b] == a
    }


def _matchings(people: list[int]) -> list[list[Team]]:
    """Every way to cut ``people`` (an even number) into teams of two."""
    if not people:
        return [[]]
    first, rest = people[0], people[1:]
    out = []
    for k, other in enumerate(rest):
        for tail in _matchings(rest[:k] + rest[k + 1 :]):
            out.append([(first, other), *tail])
    return out


def balanced_teams(
    members: Sequence[int], skills: Mapping[int, float], pairs: Mapping[int, int]
) -> tuple[Team, ...]:
    """Three teams of two for a 6-player table: pairs kept together, the others placed so
    that the teams' summed skills are as close as possible (smallest difference between the
    strongest and the weakest team, then the smallest total distance from the mean).

    The same table always gives the same teams: ties go to the first split in the order of
    ``members``. Teams come strongest first, each member of a team strongest first.
    Raises ``ValueError`` unless there are 6 distinct members.
    """
    if len(members) != TEAM_GAME or len(set(members)) != TEAM_GAME:
        raise ValueError(f"a team table has {TEAM_GAME} distinct members, got {list(members)}")
    best: tuple[tuple[float, float], list[Team]] | None = None
    for split in _matchings(list(members)):
        if any(pairs.get(a, b) != b or pairs.get(b, a) != a for a, b in split):
            continue
        sums = [sum(skills[m] for m in team) for team in split]
        mean = sum(sums) / len(sums)
        key = (spread(sums), sum(abs(s - mean) for s in sums))
        if best is None or key < best[0]:
            best = (key, split)
    assert best is not None, "pairs inside one table always fit in its teams"
    order = {m: k for k, m in enumerate(members)}

    def strongest_first(team: Team) -> Team:
        return tuple(sorted(team, key=lambda m: (-skills[m], order[m])))

    teams = [strongest_first(t) for t in best[1]]
    teams.sort(key=lambda t: (-sum(skills[m] for m in t), order[t[0]]))
    assert all(len(t) == TEAM_SIZE for t in teams)
    return tuple(teams)
