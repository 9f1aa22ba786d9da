"""Swiss pods for a round of a season: who plays whom.

The rules (issue 38):

- **Order.** Members are ranked by season points, then skill (``balance.skill``: 20 × μ),
  then user id, so that the same standings always give the same pods.
- **Sizes.** Pods have the size the organiser chose (3, 4 or 5; or ``TEAM_POD`` = 6, three
  teams of two, for team seasons), and so that everyone plays, the sizes that seat everyone
  in games of 2 to 5 players with the fewest seats away from the chosen size in total
  (``free_for_all_sizes``): usually a few pods one smaller or larger (7 members with pods
  of 4 play 4 + 3; 9 play 4 + 5), two smaller only when nothing nearer seats everyone
  (6 members with pods of 5 play 3 + 3). A game has at least 2 players, so nobody sits out
  unless a single member plays: 1 member gets a bye, 2 members play a 2-player game.
- **Cost.** A round is judged by one number, lowest best (``Weights``): every earlier
  meeting of two members put in one pod again costs 1,000,000, which outweighs any spread,
  so members who met are kept apart whenever some arrangement can; then each pod's spread
  of season points (highest less lowest, 100 per point) and of skill (1 per display point).
  A point of standings weighs as much as 100 display points of skill (5 μ), so pods follow
  the standings first, as a Swiss round does, and the skill picks among members on the same
  points. Spreads are measured as the pod's highest less its lowest value: what the
  weakest member faces.
- **Method** (``pod_search``). A greedy pass fills pods from the top of the standings,
  each time taking, among the next 16 members in order, the one who adds least to the pod's
  cost; a local search then swaps one or two members (or a pair) between two pods, moves a
  member to a pod one seat smaller, and cycles a member each through three pods, while that
  lowers the cost. Nothing is random: the same input gives the same pods.
  ``bench/pods_optimum.py`` compares it with CP-SAT's proven optimum of the same cost:
  ``pod_search``'s docstring gives the figures and why no solver ships.

**What the goals allow** (``bench/pods.py``, 24 members, 4 rounds of pods of 4): the first
round's pods have about a quarter of random pods' skill spread, but once members must meet
new people the spread cannot stay low: CP-SAT proves that no arrangement of rounds 2 to 4
without a repeat meeting has less than 0.9 of random pods' spread (points not even counted;
``bench/pods_optimum.py --season``), and the search is within 10% of that bound. Nor does
planning the season as a whole help: with all four rounds free (a looser first round leaving
near neighbours to the later ones), CP-SAT finds nothing better than the rounds formed one
by one in 10 minutes (0.83 against 0.79 of random pods, ``--whole --limit 600``), and a
simulated annealing over the four rounds (tried, not shipped) ended level with them. Letting
members meet again lowers it (the bench prints the trade for lighter repeat weights): keeping
apart those who met is the issue's rule, and the default keeps it.

Team seasons: pods of 6 are split into 3 balanced teams (``balance.balanced_teams``), and
members who signed up as a pair always share a pod and a team (a swap moves them together).
The team game is the only one of 6 players, so the members left over after the pods of 6
play free-for-all pods (``pod_sizes``: never a leftover of one); a pair that lands there
plays in the same game, as opponents.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from .balance import LARGEST_GAME, SMALLEST_GAME, TEAM_GAME, Team, balanced_teams, pairs_of
from .pod_search import WEIGHTS, Cost, PodSearch, Weights

__all__ = [
    "LEFTOVER_POD",
    "POD_SIZES",
    "TEAM_POD",
    "WEIGHTS",
    "Cost",
    "Entrant",
    "Pair",
    "Pairing",
    "Pod",
    "Weights",
    "form_pods",
    "free_for_all_sizes",
    "meetings",
    "pod_sizes",
    "round_cost",
    "swiss_order",
]

#: The team pod: a 6-player team game (3 teams of 2).
TEAM_POD = TEAM_GAME
#: The pod sizes an organiser may choose.
POD_SIZES = (3, 4, 5, TEAM_POD)
#: How members left over after a team season's pods of 6 are cut (4 players: 7 → 4 + 3).
LEFTOVER_POD = 4

Pair = tuple[int, int]


@dataclass(frozen=True)
class Entrant:
    """A member playing the round: season points so far, skill (``balance.skill``), and
    the partner they signed up with (team seasons only; see ``balance.pairs_of``)."""

    user_id: int
    points: float | Fraction = 0.0
    skill: float = 0.0
    partner: int | None = None


@dataclass(frozen=True)
class Pod:
    """One game of the round: its members, best standing first; for a team pod, its three
    teams (strongest first, each a pair of user ids), else ``None``."""

    members: tuple[int, ...]
    teams: tuple[Team, ...] | None = None


@dataclass(frozen=True)
class Pairing:
    """A round's pods, top of the standings first; the members who sit out (only when fewer
    than 2 members play); and the round's cost."""

    pods: tuple[Pod, ...]
    byes: tuple[int, ...]
    cost: Cost


def meetings(games: Iterable[Iterable[int]]) -> dict[Pair, int]:
    """How often each two members met, from the members of every earlier game of the
    season: keys are ``(lower id, higher id)``."""
    met: dict[Pair, int] = {}
    for game in games:
        for a, b in combinations(sorted(set(game)), 2):
            met[(a, b)] = met.get((a, b), 0) + 1
    return met


def swiss_order(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Best first: most season points, then highest skill, then lowest user id."""
    return sorted(entrants, key=lambda e: (-e.points, -e.skill, e.user_id))


def free_for_all_sizes(n: int, pod: int) -> list[int]:
    """The free-for-all pods for ``n`` members when the organiser chose ``pod``.

    Among the numbers of pods whose sizes, as even as possible, stay within 2 to 5 players,
    the one whose sizes differ least from ``pod`` in total; on a tie, more and smaller pods
    (a smaller game ends sooner, so it fits the round's days better). Pods of the chosen size
    come first, so the odd ones sit at the bottom of the standings. With ``pod`` 4: 7 → 4 3,
    9 → 4 5, 10 → 4 3 3, 5 → 5, 2 → 2, 1 → none (a bye). With ``pod`` 5: 6 → 3 3.
    """
    best: tuple[tuple[int, int], int] | None = None
    for count in range(max(1, -(-n // LARGEST_GAME)), n // SMALLEST_GAME + 1):
        low, larger = divmod(n, count)
        high = low + 1 if larger else low
        if high > LARGEST_GAME or low < SMALLEST_GAME:
            continue
        off = larger * abs(high - pod) + (count - larger) * abs(low - pod)
        key = (off, -count)
        if best is None or key < best[0]:
            best = (key, count)
    if best is None:
        return []
    count = best[1]
    low, larger = divmod(n, count)
    sizes = [low + 1] * larger + [low] * (count - larger)
    return sorted(sizes, key=lambda s: (s != pod, -s))


def pod_sizes(n: int, pod: int) -> list[int]:
    """The pods' sizes for ``n`` members, top of the standings first.

    ``pod`` 3, 4 or 5: ``free_for_all_sizes``. ``TEAM_POD``: as many pods of 6 as leave a
    remainder that can play (not 1: 13 members → 6 + 4 + 3), the rest in free-for-all pods
    cut around ``LEFTOVER_POD``. Empty when fewer than 2 members play.
    Raises ``ValueError`` for a size not in ``POD_SIZES``.
    """
    if pod not in POD_SIZES:
        raise ValueError(f"a pod has {POD_SIZES} players, not {pod}")
    if pod != TEAM_POD:
        return free_for_all_sizes(n, pod)
    teams, rest = divmod(n, TEAM_POD)
    if rest == 1 and teams:
        teams, rest = teams - 1, rest + TEAM_POD
    return [TEAM_POD] * teams + free_for_all_sizes(rest, LEFTOVER_POD)


def _search(order: list[Entrant], met: Mapping[Pair, int], weights: Weights) -> PodSearch:
    """The search over these members, by index in Swiss order."""
    index = {e.user_id: i for i, e in enumerate(order)}
    partners = pairs_of({e.user_id: e.partner for e in order})
    mate = {index[a]: index[b] for a, b in partners.items()}
    times: list[dict[int, int]] = [{} for _ in order]
    for (a, b), count in met.items():
        i, j = index.get(a), index.get(b)
        if i is None or j is None or i == j or mate.get(i) == j or count <= 0:
            continue  # partners chose to play together: not a repeat
        times[i][j] = times[i].get(j, 0) + count
        times[j][i] = times[j].get(i, 0) + count
    points = [float(e.points) for e in order]
    return PodSearch(points, [float(e.skill) for e in order], mate, times, weights)


def _checked(entrants: Iterable[Entrant], pod: int) -> list[Entrant]:
    order = swiss_order(entrants)
    ids = [e.user_id for e in order]
    if len(set(ids)) != len(ids):
        raise ValueError("a member is entered twice")
    if pod != TEAM_POD and pairs_of({e.user_id: e.partner for e in order}):
        raise ValueError("pairs play together only in team pods")
    return order


def form_pods(
    entrants: Iterable[Entrant],
    pod: int,
    met: Mapping[Pair, int] | None = None,
    weights: Weights = WEIGHTS,
    *,
    search: bool = True,
) -> Pairing:
    """The pods of a round (see the module's docstring for the rules).

    ``pod`` is the organiser's size (``POD_SIZES``), ``met`` how often two members met
    before (``meetings``). ``search=False`` stops after the greedy pass (for comparison).
    Raises ``ValueError`` for a size not in ``POD_SIZES``, a member entered twice, or a
    pair outside a team season.
    """
    order = _checked(entrants, pod)
    sizes = pod_sizes(len(order), pod)
    if not sizes:
        return Pairing((), tuple(e.user_id for e in order), Cost(0, 0.0, 0.0))
    search_ = _search(order, met or {}, weights)
    pods = search_.greedy(sizes)
    team = [pod == TEAM_POD and len(p) == TEAM_POD for p in pods]
    if search:
        search_.improve(pods, team)
    ids = [e.user_id for e in order]
    skills = {e.user_id: e.skill for e in order}
    partners = {ids[i]: ids[j] for i, j in search_.mate.items()}
    out = []
    for members, is_team in sorted(zip(pods, team, strict=True), key=lambda p: min(p[0])):
        seated = tuple(ids[i] for i in sorted(members))
        out.append(Pod(seated, balanced_teams(seated, skills, partners) if is_team else None))
    return Pairing(tuple(out), (), search_.cost_of(pods))


def round_cost(
    pods: Iterable[Iterable[int]], entrants: Iterable[Entrant], met: Mapping[Pair, int]
) -> Cost:
    """The cost of any pods of these entrants (random ones, a solver's): for comparisons."""
    order = swiss_order(entrants)
    index = {e.user_id: i for i, e in enumerate(order)}
    return _search(order, met, WEIGHTS).cost_of([[index[u] for u in p] for p in pods])
