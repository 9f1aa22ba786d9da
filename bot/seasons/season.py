"""A season of scheduled rounds as stored: its settings, opening one, and the settings an
organiser changes while it runs (the points table, the champion's role).

The settings live with the season (``seasons`` columns, migration 017), since each season
chooses its own: a server's next season may play other rounds, pods, world or points.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from engine.core.worlds import DEFAULT_WORLD, WORLDS
from lang import tr

from ..league import League, LeagueError, Season
from ..storage import Row, Storage, now_iso
from .pods import POD_SIZES, TEAM_POD
from .points import DEFAULT_TABLE, Table, format_table, parse_table

#: ``seasons.format``: members make their own games, or the bot's scheduled rounds.
OPEN = "open"
ROUNDS = "rounds"
#: The most rounds a season may have, and its rounds' shortest and longest days.
MOST_ROUNDS = 20
SHORTEST_DAYS = 0.05
LONGEST_DAYS = 60.0
#: When the first round starts after the season opens, unless the organiser says.
SIGNUP_HOURS = 24.0


@dataclass(frozen=True)
class RoundsSeason:
    """A season of scheduled rounds."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    #: The organiser who opened it: the host of its games.
    opened_by: int
    rounds: int
    days: float
    #: Players in a pod: 3, 4, 5, or ``TEAM_POD`` (team games of 3 pairs).
    pod: int
    world: str
    table: Table
    role: int | None
    next_round_at: datetime | None
    paused_at: datetime | None
    closed_at: datetime | None

    @property
    def teams(self) -> bool:
        """Whether its pods are team games (members may sign up as pairs)."""
        return self.pod == TEAM_POD


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def from_row(row: Row) -> RoundsSeason:
    """A rounds season from its ``seasons`` row."""
    return RoundsSeason(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        name=row["name"],
        opened_by=row["opened_by"],
        rounds=row["rounds"],
        days=row["round_days"],
        pod=row["pod"],
        world=row["world"],
        table=parse_table(row["points"]) if row["points"] else dict(DEFAULT_TABLE),
        role=row["champion_role"],
        next_round_at=_moment(row["next_round_at"]),
        paused_at=_moment(row["paused_at"]),
        closed_at=_moment(row["closed_at"]),
    )


async def by_id(storage: Storage | Any, season_id: int) -> RoundsSeason:
    """A rounds season by id (``storage`` or a transaction)."""
    row = await storage.fetchone("SELECT * FROM seasons WHERE id = ?", (season_id,))
    assert row is not None and row["format"] == ROUNDS
    return from_row(row)


async def current(storage: Storage, guild_id: int) -> RoundsSeason:
    """The server's open season, which must be a rounds season (else a clear refusal)."""
    row = await storage.fetchone(
        "SELECT * FROM seasons WHERE guild_id = ? AND closed_at IS NULL", (guild_id,)
    )
    if row is None:
        raise LeagueError(tr("No season is open on this server."))
    if row["format"] != ROUNDS:
        raise LeagueError(
            tr("This season has no rounds: its members make their own games (`/sw new`).")
        )
    return from_row(row)


def check_settings(rounds: int, days: float, pod: int, world: str) -> None:
    """Refuse (``LeagueError``) settings a rounds season cannot have."""
    if not 1 <= rounds <= MOST_ROUNDS:
        raise LeagueError(tr("A season has 1 to {most} rounds.", most=MOST_ROUNDS))
    if not SHORTEST_DAYS <= days <= LONGEST_DAYS:
        raise LeagueError(
            tr("A round lasts {least} to {most} days.", least=SHORTEST_DAYS, most=int(LONGEST_DAYS))
        )
    if pod not in POD_SIZES:
        raise LeagueError(tr("Pods have 3, 4 or 5 players (or team games)."))
    if world not in WORLDS:
        raise LeagueError(tr("There is no world {world!r}.", world=world))


async def open_rounds(
    league: League,
    guild_id: int,
    channel_id: int,
    user_id: int,
    name: str,
    settings: Mapping[str, Any],
) -> Season:
    """Open a rounds season (``settings``: ``rounds``, ``days``, ``pod``, ``world``,
    ``starts_in`` hours, ``role``); its first round is scheduled ``starts_in`` hours from
    now. The checks of any season's opening apply (``League.open_season``)."""
    rounds, days = int(settings["rounds"]), float(settings["days"])
    pod, world = int(settings["pod"]), str(settings.get("world") or DEFAULT_WORLD)
    check_settings(rounds, days, pod, world)
    starts = league.clock() + timedelta(hours=float(settings.get("starts_in", SIGNUP_HOURS)))
    return await league.open_season(
        guild_id,
        channel_id,
        user_id,
        name,
        settings={
            "format": ROUNDS,
            "rounds": rounds,
            "round_days": days,
            "pod": pod,
            "world": world,
            "champion_role": settings.get("role"),
            "next_round_at": now_iso(starts),
        },
    )


async def set_points(storage: Storage, season: RoundsSeason, text: str) -> Table:
    """The organiser's points table (``parse_table`` over the season's): the whole season's
    standings follow it. Raises ``TableError`` (translated) for a table it refuses."""
    table = parse_table(text, season.table)
    await storage.execute(
        "UPDATE seasons SET points = ? WHERE id = ?", (format_table(table), season.id)
    )
    return table


async def set_role(storage: Storage, season: RoundsSeason, role_id: int | None) -> None:
    """The role the season's champion gets (None: no role)."""
    await storage.execute("UPDATE seasons SET champion_role = ? WHERE id = ?", (role_id, season.id))
