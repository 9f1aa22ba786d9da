"""The open-play queue as stored: who waits on a server, for what, since when; joining,
leaving, pairs, the cap on unfinished games, and the organiser's settings.

Members wait for the server's open season (``queue.season_id``): the games the bot forms
from the queue (``bot.seasons.forming``) count for it. One row per member and server; joining
again changes the wishes and keeps the place. Every change moves the row's ``revision`` on,
so that a game is formed only from rows exactly as they were read (``take``).

**Settings** (``QueueSettings``, changed by an organiser with ``/league queue settings``;
``DEFAULTS`` until then): the skill spread a game may have at once (``tolerance``, 100
display points) and how much wider it may be for each hour its longest waiter has waited
(``widening``, 25 points an hour: ``bot.seasons.matching`` says why), and the cap: a member
in ``cap`` (3) unfinished games of the server already is told so and not queued, and a
member who reached it while waiting is passed over until a game of theirs ends. They are
the server's, not a season's: how fast its members play and how many games they can follow
outlive a season, and an organiser sets them once.

**Pairs.** A member may queue with a partner for a team game of 6 (``partner``). The pair
holds when both name each other; until the partner answers (``confirm``, ``decline``) the
member who asked waits without being placed (``held``), so that a game never seats them
alone while their partner is still deciding. A partner who leaves the queue or the server
is forgotten: the other waits for a team game alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from lang import slash, tr

from ..errors import ServiceError
from ..league import League, Season
from ..ratings import DEFAULT, Rating
from ..storage import Row, Storage, Transaction, now_iso
from .balance import TEAM_GAME, skill
from .counts import from_stored, stored
from .matching import Tolerance, Waiting
from .tables import WAITING


class QueueError(ServiceError):
    """A queue request the bot refuses; the message is shown to the member."""


class Stale(Exception):
    """A row changed (or went) after it was read: nothing was taken."""


@dataclass(frozen=True)
class QueueSettings:
    """A server's queue settings (see the module's docstring)."""

    tolerance: float = 100.0
    widening: float = 25.0
    cap: int = 3

    @property
    def matching(self) -> Tolerance:
        """The tolerance as ``bot.seasons.matching`` takes it."""
        return Tolerance(self.tolerance, self.widening)


DEFAULTS = QueueSettings()
#: The bounds an organiser may set.
MAX_TOLERANCE = 2000.0
MAX_WIDENING = 1000.0
MAX_CAP = 50


@dataclass(frozen=True)
class Entry:
    """A member in the queue, as stored."""

    guild_id: int
    user_id: int
    season_id: int
    name: str
    players: frozenset[int]
    world: str | None
    deadline_hours: int | None
    partner: int | None
    joined_at: datetime
    revision: int


def _entry(row: Row) -> Entry:
    return Entry(
        row["guild_id"],
        row["user_id"],
        row["season_id"],
        row["name"],
        from_stored(row["players"]),
        row["world"],
        row["deadline_hours"],
        row["partner"],
        datetime.fromisoformat(row["joined_at"]),
        row["revision"],
    )


def held(entries: Iterable[Entry]) -> set[int]:
    """Members waiting for a partner who has not named them back (asked, not answered; or
    passed over for now): they are not placed in a game until the pair holds."""
    partner = {e.user_id: e.partner for e in entries}
    return {
        u for u, p in partner.items() if p is not None and (p not in partner or partner[p] != u)
    }


@dataclass(frozen=True)
class Joined:
    """What ``join`` did: the entry, whether the member waited already (wishes changed,
    place kept), whether their pair holds now (the partner named them back), and how many
    wait now."""

    entry: Entry
    again: bool
    paired: bool
    waiting: int


@dataclass(frozen=True)
class Pool:
    """Who can be placed in a game now: the members as ``form_games`` takes them, their
    entries, and the tolerance."""

    waiting: list[Waiting]
    entries: dict[int, Entry]
    tolerance: Tolerance


class Queue:
    """The queue of every server, stored with the games."""

    def __init__(self, storage: Storage, league: League, clock: Callable[[], datetime]) -> None:
        self.storage = storage
        self.league = league
        self.clock = clock

    # --- settings -------------------------------------------------------------------------

    async def settings(self, guild_id: int) -> QueueSettings:
        """The server's settings (``DEFAULTS`` until an organiser changes them)."""
        row = await self.storage.fetchone(
            "SELECT tolerance, widening, cap FROM queue_settings WHERE guild_id = ?", (guild_id,)
        )
        if row is None:
            return DEFAULTS
        return QueueSettings(row["tolerance"], row["widening"], row["cap"])

    async def change_settings(
        self,
        guild_id: int,
        tolerance: float | None = None,
        widening: float | None = None,
        cap: int | None = None,
    ) -> QueueSettings:
        """Change the settings given (the others stay); the settings now."""
        old = await self.settings(guild_id)
        new = QueueSettings(
            old.tolerance if tolerance is None else float(tolerance),
            old.widening if widening is None else float(widening),
            old.cap if cap is None else int(cap),
        )
        if not (0 <= new.tolerance <= MAX_TOLERANCE and 0 <= new.widening <= MAX_WIDENING):
            raise QueueError(
                tr(
                    "The tolerance is 0 to {most} points, the widening 0 to {fastest} an hour.",
                    most=int(MAX_TOLERANCE),
                    fastest=int(MAX_WIDENING),
                )
            )
        if not 1 <= new.cap <= MAX_CAP:
            raise QueueError(tr("The cap is 1 to {most} unfinished games.", most=MAX_CAP))
        async with self.storage.transaction() as tx:
            await tx.execute(
                "INSERT INTO queue_settings (guild_id, tolerance, widening, cap, updated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " tolerance = excluded.tolerance, widening = excluded.widening,"
                " cap = excluded.cap, updated_at = excluded.updated_at",
                (guild_id, new.tolerance, new.widening, new.cap, now_iso(self.clock())),
            )
        return new

    # --- reading --------------------------------------------------------------------------

    async def waiting(self, guild_id: int) -> list[Entry]:
        """Who waits on the server for its open season, longest waiter first."""
        rows = await self.storage.fetchall(
            "SELECT q.* FROM queue q JOIN seasons s ON s.id = q.season_id"
            " WHERE q.guild_id = ? AND s.closed_at IS NULL ORDER BY q.joined_at, q.user_id",
            (guild_id,),
        )
        return [_entry(r) for r in rows]

    async def entry(self, guild_id: int, user_id: int) -> Entry | None:
        """A member's place in the queue, if they wait for the open season."""
        return next((e for e in await self.waiting(guild_id) if e.user_id == user_id), None)

    async def servers(self) -> list[int]:
        """The servers where members wait for an open season."""
        rows = await self.storage.fetchall(
            "SELECT DISTINCT q.guild_id FROM queue q JOIN seasons s ON s.id = q.season_id"
            " WHERE s.closed_at IS NULL ORDER BY q.guild_id"
        )
        return [r["guild_id"] for r in rows]

    async def unfinished(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, int]:
        """How many unfinished games of the server each of these members is in: lobbies,
        games under way, and games the league planned that have not begun yet (tables)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        games = await self.storage.fetchall(
            "SELECT s.user_id, COUNT(*) AS n FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.guild_id = ? AND g.status IN ('lobby', 'active')"
            f" AND s.user_id IN ({marks}) GROUP BY s.user_id",
            (guild_id, *user_ids),
        )
        planned = await self.storage.fetchall(
            "SELECT m.user_id, COUNT(*) AS n FROM game_table_members m"
            " JOIN game_tables t ON t.id = m.table_id WHERE t.guild_id = ? AND t.status = ?"
            f" AND m.user_id IN ({marks}) GROUP BY m.user_id",
            (guild_id, WAITING, *user_ids),
        )
        found = {u: 0 for u in user_ids}
        for r in [*games, *planned]:
            found[r["user_id"]] += r["n"]
        return found

    async def pool(self, guild_id: int, season: Season) -> Pool:
        """The members who can be placed now: waiting for ``season``, not held for a partner,
        under the cap; with their skills in the season."""
        settings = await self.settings(guild_id)
        entries = [e for e in await self.waiting(guild_id) if e.season_id == season.id]
        busy = await self.unfinished(guild_id, [e.user_id for e in entries])
        free = [e for e in entries if busy[e.user_id] < settings.cap]
        # A pair one of whom is passed over waits whole: the other is held too.
        placeable = [e for e in free if e.user_id not in held(free)]
        mus = await self._mus(season.id, [e.user_id for e in placeable])
        waiting = [
            Waiting(
                e.user_id,
                skill(Rating(mus.get(e.user_id, DEFAULT.mu), DEFAULT.sigma)),
                e.players,
                e.joined_at,
                e.world,
                e.deadline_hours,
                e.partner,
            )
            for e in placeable
        ]
        return Pool(waiting, {e.user_id: e for e in placeable}, settings.matching)

    async def _mus(self, season_id: int, user_ids: Sequence[int]) -> dict[int, float]:
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.storage.fetchall(
            f"SELECT user_id, mu FROM ratings WHERE season_id = ? AND user_id IN ({marks})",
            (season_id, *user_ids),
        )
        return {r["user_id"]: r["mu"] for r in rows}

    # --- joining and leaving --------------------------------------------------------------

    async def join(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        players: frozenset[int],
        world: str | None = None,
        deadline_hours: int | None = None,
        partner: int | None = None,
    ) -> Joined:
        """Queue a member (or change their wishes, keeping their place) for the open season.
        Refused without an open season, at the cap, or with a partner for anything but a
        team game."""
        season = await self.league.current(guild_id)
        if season is None:
            raise QueueError(
                tr(
                    "No season is open on this server: the queue forms the season's games. "
                    "An organiser opens one with `{open}`.",
                    open=slash("league open"),
                )
            )
        if partner is not None:
            if partner == user_id:
                raise QueueError(tr("Your partner is another member: you are already you."))
            if players != {TEAM_GAME}:
                raise QueueError(
                    tr(
                        "A partner plays with you in a team game of {n} (3 teams of 2): "
                        "queue for {n} players only, or without a partner.",
                        n=TEAM_GAME,
                    )
                )
        await self.check_cap(guild_id, user_id)
        now = self.clock()
        async with self.storage.transaction() as tx:
            before = await tx.fetchone(
                "SELECT season_id, joined_at FROM queue WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            again = before is not None and before["season_id"] == season.id
            joined_at = before["joined_at"] if again and before else now_iso(now)
            await tx.execute(
                "INSERT INTO queue (guild_id, user_id, season_id, name, players, world,"
                " deadline_hours, partner, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET season_id = excluded.season_id,"
                " name = excluded.name, players = excluded.players, world = excluded.world,"
                " deadline_hours = excluded.deadline_hours, partner = excluded.partner,"
                " joined_at = excluded.joined_at, revision = queue.revision + 1",
                (guild_id, user_id, season.id, name, stored(players), world, deadline_hours,
                 partner, joined_at),
            )  # fmt: skip
            # A partner left behind by this member's new wishes waits alone.
            await self._forget(tx, guild_id, user_id, keep=partner)
        entries = await self.waiting(guild_id)
        mine = next(e for e in entries if e.user_id == user_id)
        paired = partner is not None and any(
            e.user_id == partner and e.partner == user_id for e in entries
        )
        return Joined(mine, again, paired, len(entries))

    async def check_cap(self, guild_id: int, user_id: int) -> None:
        """Refuse a member already in as many unfinished games of the server as the cap."""
        cap = (await self.settings(guild_id)).cap
        busy = (await self.unfinished(guild_id, [user_id]))[user_id]
        if busy >= cap:
            raise QueueError(
                tr(
                    "You are in {n} unfinished games here, as many as this server lets a member "
                    "be in to join the queue ({cap}): finish one, then join.",
                    n=busy,
                    cap=cap,
                )
            )

    async def leave(self, guild_id: int, user_id: int) -> Entry | None:
        """Take a member out of the queue (a partner who named them waits alone); their
        entry as it was, or None if they were not waiting."""
        entry = await self.entry(guild_id, user_id)
        await self.drop(guild_id, [user_id])
        return entry

    async def drop(self, guild_id: int, user_ids: Iterable[int]) -> int:
        """Take members out of the queue (they left, or left the server); how many waited."""
        gone = 0
        async with self.storage.transaction() as tx:
            for uid in user_ids:
                gone += await tx.execute(
                    "DELETE FROM queue WHERE guild_id = ? AND user_id = ?", (guild_id, uid)
                )
                await self._forget(tx, guild_id, uid)
        return gone

    async def drop_server(self, guild_id: int) -> int:
        """Empty a server's queue (the bot left it); how many waited."""
        return await self.storage.execute("DELETE FROM queue WHERE guild_id = ?", (guild_id,))

    async def drop_closed(self) -> int:
        """Forget the rows of seasons that closed: nobody waits for them any more."""
        return await self.storage.execute(
            "DELETE FROM queue WHERE season_id IN"
            " (SELECT id FROM seasons WHERE closed_at IS NOT NULL)"
        )

    async def _forget(
        self, tx: Transaction, guild_id: int, user_id: int, keep: int | None = None
    ) -> None:
        """Whoever named ``user_id`` as partner and is not ``keep`` waits alone now."""
        await tx.execute(
            "UPDATE queue SET partner = NULL, revision = revision + 1"
            " WHERE guild_id = ? AND partner = ? AND user_id != ?",
            (guild_id, user_id, -1 if keep is None else keep),
        )

    # --- pairs ----------------------------------------------------------------------------

    async def confirm(self, guild_id: int, inviter: int, user_id: int, name: str) -> Joined:
        """``user_id`` accepts ``inviter``'s invitation: both queue as a pair for a team game
        (the one who accepts keeps their place if they waited already)."""
        asking = await self.entry(guild_id, inviter)
        if asking is None or asking.partner != user_id:
            raise QueueError(tr("That invitation is no longer open."))
        return await self.join(
            guild_id, user_id, name, frozenset({TEAM_GAME}), asking.world, None, inviter
        )

    async def decline(self, guild_id: int, inviter: int, user_id: int) -> Entry:
        """``user_id`` turns ``inviter``'s invitation down: the inviter waits for a team
        game alone. Their entry now."""
        async with self.storage.transaction() as tx:
            changed = await tx.execute(
                "UPDATE queue SET partner = NULL, revision = revision + 1"
                " WHERE guild_id = ? AND user_id = ? AND partner = ?",
                (guild_id, inviter, user_id),
            )
        entry = await self.entry(guild_id, inviter)
        if not changed or entry is None:
            raise QueueError(tr("That invitation is no longer open."))
        return entry

    # --- forming --------------------------------------------------------------------------

    @staticmethod
    async def take(tx: Transaction, entries: Iterable[Entry]) -> None:
        """Take members out of the queue for a game, inside the transaction that records it:
        each row exactly as it was read (its revision), or ``Stale`` (the transaction rolls
        back, nothing is formed: another process formed it, or a member changed or left)."""
        for e in entries:
            gone = await tx.execute(
                "DELETE FROM queue WHERE guild_id = ? AND user_id = ? AND revision = ?",
                (e.guild_id, e.user_id, e.revision),
            )
            if gone != 1:
                raise Stale(f"member {e.user_id} of guild {e.guild_id} changed or left")
