"""Statistics read from a server's finished games: pure functions over result rows.

A result row is one player in one finished game, as ``League.result_rows`` returns it::

    {"game_id": 7, "user_id": 42, "map_id": "3p", "world": "base", "rank": 1,
     "coins": 85, "players": 3, "combos": [["Orcs", "Flying"], ["Elves", "Hill"]]}

``combos`` lists every ``[race, power]`` the player picked in that game, in order. A player
won when ``rank == 1``; a shared first place (equal coins and tokens) is a win for each.
Other keys in a row are ignored.

Every function here takes the rows it is given and nothing else: which games count (a
season, rated only, one world) is for the caller to choose. ``members_only`` keeps the rows
of members, leaving out AI seats (negative user ids): the server's win rates are its
members' (``/league stats``), and an AI's results are not theirs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from engine.core.content import powers, races
from engine.text import names

__all__ = [
    "BY",
    "Row",
    "StatRow",
    "combo_name",
    "combo_stats",
    "head_to_head",
    "members_only",
    "player_combos",
    "shown",
]


class Row(TypedDict):
    """The keys of a result row that this module reads."""

    game_id: int
    user_id: int
    map_id: str
    world: str
    rank: int
    coins: int
    players: int
    combos: list[list[str]]


#: The groupings ``combo_stats`` knows.
BY: tuple[str, ...] = ("race", "power", "combo", "map")

#: How many entries ``player_combos`` returns in each list.
TOP = 3


@dataclass(frozen=True)
class StatRow:
    """One line of a stats table.

    ``games``: how many (game, player) pairs had the key; ``wins``: how many of them
    finished first. ``win_rate = wins / games``; ``avg_coins``: the mean final coins of those
    players. ``players_avg``: the mean number of players in those games.

    ``edge`` reads a win rate against luck: ``win_rate`` minus the mean of ``1 / players``
    over the same games, the win rate of a player who wins an even share of every game.
    Comparing win rates alone favours whatever is played in small games (half of all
    2-player games are won, a fifth of 5-player ones); ``edge`` is near 0 for a key that does
    no better than chance, positive above it. Shared first places count as wins, so a world
    with many shared wins sits slightly above 0.
    """

    key: str
    games: int
    wins: int
    win_rate: float
    avg_coins: float
    players_avg: float
    edge: float


def combo_name(race: str, power: str) -> str:
    """A combo as players say it, power first: ``combo_name("Orcs", "Flying")`` → "Flying Orcs".

    Always the English names: it is a key (the tables group by it, the CSV export holds
    it); ``shown`` is how a person reads it, in their language."""
    return f"{power} {race}"


def shown(by: str, key: str) -> str:
    """A key of ``combo_stats`` as people read it, in the language spoken: a race, power
    or combo by its name there (``Flying Orcs`` → ``Orcs Volants``); a map as it is."""
    if by == "race":
        return names.race(key)
    if by == "power":
        return names.power(key)
    if by == "combo":
        for power in powers():
            race = key[len(power) + 1 :]
            if key.startswith(power + " ") and race in races():
                return names.combo(race, power)
    return key


def map_name(map_id: str) -> str:
    """The map's id as its players know it: a club's own map is stored as ``id@hash`` (the
    hash tells layouts apart, ``engine.core.content.register_map``), shown as its plain id."""
    return map_id.partition("@")[0]


def members_only(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The rows of members: an AI seat (``/sw addai``) has a negative user id and no member
    behind it, so its results are left out. Its opponents' rows stay: they played."""
    return [r for r in rows if int(r["user_id"]) >= 0]


def _keys(row: Mapping[str, Any], by: str) -> set[str]:
    """The distinct keys one row counts towards (a double pick counts once)."""
    if by == "map":
        return {map_name(str(row["map_id"]))}
    combos = [(str(race), str(power)) for race, power in row["combos"]]
    if by == "race":
        return {race for race, _ in combos}
    if by == "power":
        return {power for _, power in combos}
    return {combo_name(race, power) for race, power in combos}


@dataclass
class _Tally:
    games: int = 0
    wins: int = 0
    coins: int = 0
    players: int = 0
    chance: float = 0.0

    def add(self, row: Mapping[str, Any]) -> None:
        players = int(row["players"])
        self.games += 1
        self.wins += int(row["rank"]) == 1
        self.coins += int(row["coins"])
        self.players += players
        self.chance += 1 / players

    def row(self, key: str) -> StatRow:
        win_rate = self.wins / self.games
        return StatRow(
            key=key,
            games=self.games,
            wins=self.wins,
            win_rate=win_rate,
            avg_coins=self.coins / self.games,
            players_avg=self.players / self.games,
            edge=win_rate - self.chance / self.games,
        )


def _tallies(rows: Iterable[Mapping[str, Any]], by: str) -> dict[str, _Tally]:
    if by not in BY:
        raise ValueError(f"unknown grouping {by!r}: one of {', '.join(BY)}")
    tallies: dict[str, _Tally] = {}
    seen: set[tuple[int, int, str]] = set()
    for row in rows:
        game_user = (int(row["game_id"]), int(row["user_id"]))
        for key in _keys(row, by):
            if (*game_user, key) in seen:
                continue
            seen.add((*game_user, key))
            tallies.setdefault(key, _Tally()).add(row)
    return tallies


def combo_stats(rows: Iterable[Mapping[str, Any]], by: str, min_games: int) -> list[StatRow]:
    """Games, wins and coins per race, power, combo or map.

    ``by``: ``"race"``, ``"power"``, ``"combo"`` (named power first, "Flying Orcs") or
    ``"map"`` (the row's ``map_id``). A player counts once per game towards each distinct
    key: one who picked Orcs twice in a game is one Orcs game, and one who played Orcs then
    Elves is one game for each. Keys with fewer than ``min_games`` games are left out.

    Sorted best first: by win rate, then by games (more first), then by key.
    Raises ``ValueError`` for an unknown ``by``.
    """
    tallies = _tallies(rows, by)
    out = [t.row(key) for key, t in tallies.items() if t.games >= min_games]
    out.sort(key=lambda s: (-s.win_rate, -s.games, s.key))
    return out


def player_combos(
    rows: Sequence[Mapping[str, Any]], min_games: int = 1
) -> tuple[list[tuple[str, int]], list[tuple[str, int, float]]]:
    """One player's favourite and best combos, at most three of each.

    ``rows`` are that player's result rows (``ValueError`` if they hold several users).

    ``favourite``: ``(combo, games)``, most played first (ties by name).
    ``best``: ``(combo, games, win_rate)`` among combos with at least ``min_games`` games
    and at least one win, highest win rate first, then most games, then name. A combo never
    won with is nobody's best, so ``best`` may hold fewer than three entries or none.
    """
    users = {int(r["user_id"]) for r in rows}
    if len(users) > 1:
        raise ValueError(f"rows of {len(users)} players, expected one")
    table = combo_stats(rows, "combo", 1)
    by_games = sorted(table, key=lambda s: (-s.games, s.key))
    favourite = [(s.key, s.games) for s in by_games[:TOP]]
    best = [(s.key, s.games, s.win_rate) for s in table if s.games >= min_games and s.wins > 0]
    return favourite, best[:TOP]


def head_to_head(rows: Iterable[Mapping[str, Any]], a: int, b: int) -> tuple[int, int, int]:
    """``(games, a_ahead, b_ahead)`` over the games both users ``a`` and ``b`` played.

    A user is ahead when their rank is lower (better) than the other's. Equal ranks (a
    shared place, or teammates) count for neither, so ``a_ahead + b_ahead <= games``.
    Raises ``ValueError`` when ``a == b``.
    """
    if a == b:
        raise ValueError("head to head needs two different players")
    rank_a: dict[int, int] = {}
    rank_b: dict[int, int] = {}
    for row in rows:
        user = int(row["user_id"])
        if user == a:
            rank_a[int(row["game_id"])] = int(row["rank"])
        elif user == b:
            rank_b[int(row["game_id"])] = int(row["rank"])
    both = rank_a.keys() & rank_b.keys()
    a_ahead = sum(1 for g in both if rank_a[g] < rank_b[g])
    b_ahead = sum(1 for g in both if rank_b[g] < rank_a[g])
    return len(both), a_ahead, b_ahead
