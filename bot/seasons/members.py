"""Who plays a rounds season: signing up, withdrawing, and the organiser dropping a member.

A member plays every round formed after they signed up, until they leave: a late member
joins from the next round, one who withdraws plays no round formed after (their game of
the round under way goes on: they may finish it, or the deadlines play for them), one who
left the server is out from the next round (``gone``, found when a round is formed), and
one the organiser drops is out at once (an AI plays their seat to the end of the round's
game). Leaving never touches the points a member earned.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from lang import tr

from ..league import LeagueError
from ..storage import Storage, Transaction, now_iso
from .season import RoundsSeason

#: How a member left the season.
WITHDREW = "withdrew"
DROPPED = "dropped"
GONE = "gone"

Reader = Storage | Transaction


@dataclass(frozen=True)
class Signed:
    """A member of a rounds season."""

    user_id: int
    name: str
    partner: int | None
    from_round: int
    #: How they left (None: they play the next round).
    left: str | None


async def next_number(reader: Reader, season_id: int) -> int:
    """The number the season's next round gets (1 for the first)."""
    row = await reader.fetchone(
        "SELECT COALESCE(MAX(number), 0) AS n FROM season_rounds WHERE season_id = ?",
        (season_id,),
    )
    return int(row["n"] if row else 0) + 1


async def signed(reader: Reader, season_id: int) -> list[Signed]:
    """Every member who signed up, in the order they did."""
    rows = await reader.fetchall(
        "SELECT user_id, name, partner, from_round, left_how FROM season_members"
        " WHERE season_id = ? ORDER BY joined_at, user_id",
        (season_id,),
    )
    return [
        Signed(r["user_id"], r["name"], r["partner"], r["from_round"], r["left_how"]) for r in rows
    ]


async def playing(reader: Reader, season_id: int, number: int) -> list[Signed]:
    """The members who play round ``number``."""
    return [m for m in await signed(reader, season_id) if m.left is None and m.from_round <= number]


async def signup(
    storage: Storage,
    season: RoundsSeason,
    user_id: int,
    name: str,
    partner: int | None,
    now: datetime,
) -> int:
    """Sign a member up (or back up, or change the partner they play with); the number of
    the first round they play."""
    if partner is not None and not season.teams:
        raise LeagueError(tr("Partners are for team seasons: this season's games are not."))
    if partner == user_id:
        raise LeagueError(tr("Your partner is another member."))
    async with storage.transaction() as tx:
        number = await next_number(tx, season.id)
        if number > season.rounds:
            raise LeagueError(
                tr("Every round of this season has started: no round is left to join.")
            )
        row = await tx.fetchone(
            "SELECT partner, left_how FROM season_members WHERE season_id = ? AND user_id = ?",
            (season.id, user_id),
        )
        if row is None:
            await tx.execute(
                "INSERT INTO season_members (season_id, user_id, name, partner, joined_at,"
                " from_round) VALUES (?, ?, ?, ?, ?, ?)",
                (season.id, user_id, name, partner, now_iso(now), number),
            )
            return number
        if row["left_how"] == DROPPED:
            raise LeagueError(tr("The organiser dropped you from this season."))
        if row["left_how"] is None and row["partner"] == partner:
            raise LeagueError(tr("You are signed up already."))
        back = row["left_how"] is not None
        await tx.execute(
            "UPDATE season_members SET name = ?, partner = ?, left_at = NULL, left_how = NULL,"
            " from_round = CASE WHEN ? = 1 THEN ? ELSE from_round END"
            " WHERE season_id = ? AND user_id = ?",
            (name, partner, int(back), number, season.id, user_id),
        )
        return number


async def leave(
    reader: Reader, season_id: int, user_ids: list[int], how: str, now: datetime
) -> list[int]:
    """Members leave the season (``how``: ``WITHDREW``, ``DROPPED`` or ``GONE``); those
    who were still in it."""
    out = []
    for user_id in user_ids:
        changed = await reader.execute(
            "UPDATE season_members SET left_at = ?, left_how = ?"
            " WHERE season_id = ? AND user_id = ? AND left_how IS NULL",
            (now_iso(now), how, season_id, user_id),
        )
        if changed:
            out.append(user_id)
    return out


async def withdraw(storage: Storage, season: RoundsSeason, user_id: int, now: datetime) -> None:
    """A member withdraws: they play no round formed from now on."""
    if not await leave(storage, season.id, [user_id], WITHDREW, now):
        raise LeagueError(tr("You are not signed up for this season."))


async def last_game(storage: Storage, season_id: int, user_id: int) -> tuple[int, int] | None:
    """The member's game of the latest round they were seated in: (round number, game id)."""
    row = await storage.fetchone(
        "SELECT r.number, t.game_id FROM season_rounds r"
        " JOIN game_tables t ON t.source = 'round' AND t.source_id = r.id"
        " JOIN game_table_members m ON m.table_id = t.id"
        " WHERE r.season_id = ? AND m.user_id = ? AND t.game_id IS NOT NULL"
        " ORDER BY r.number DESC LIMIT 1",
        (season_id, user_id),
    )
    return (row["number"], row["game_id"]) if row else None


async def missed_every_deadline(storage: Storage, game_id: int, user_id: int) -> bool:
    """Whether a member made no move of their own in a game where at least one of their
    deadlines passed (its default played for them)."""
    own = await storage.fetchone(
        "SELECT COUNT(*) AS n FROM actions WHERE game_id = ? AND user_id = ? AND auto = 0",
        (game_id, user_id),
    )
    missed = await storage.fetchone(
        "SELECT COUNT(*) AS n FROM actions a JOIN seats s ON s.game_id = a.game_id"
        " AND s.seat = a.seat WHERE a.game_id = ? AND s.user_id = ? AND a.auto = 1",
        (game_id, user_id),
    )
    return bool(own and missed and own["n"] == 0 and missed["n"] > 0)


async def drop(storage: Storage, season: RoundsSeason, user_id: int, now: datetime) -> int:
    """The organiser drops a member who missed every deadline of their latest round's game;
    that game's id (the caller hands their seat to the AI if it is still going)."""
    found = await last_game(storage, season.id, user_id)
    if found is None:
        raise LeagueError(tr("{who} has no game in this season's rounds.", who=f"<@{user_id}>"))
    number, game_id = found
    if not await missed_every_deadline(storage, game_id, user_id):
        raise LeagueError(
            tr(
                "{who} did not miss every deadline of round {n}: only a member who did can be "
                "dropped.",
                who=f"<@{user_id}>",
                n=number,
            )
        )
    if not await leave(storage, season.id, [user_id], DROPPED, now):
        raise LeagueError(tr("{who} is no longer in this season.", who=f"<@{user_id}>"))
    return game_id
