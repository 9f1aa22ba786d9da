"""The log of seats: who played each seat of a game, and when that changed.

Replacements, AI take-overs and take-backs, absences and returns are each one row, written in
the transaction of the change itself (``record``) and told back in words by ``/sw status``
(``story``).
"""

from __future__ import annotations

from datetime import datetime

from lang import N_, ntr, tr

from .storage import Storage, Transaction, now_iso

#: Each kind of change, told by ``story``.
TOLD = {
    "replace": N_("{who} took over seat {seat} from {other}"),
    "takeover": N_("an AI took over seat {seat} from {who} ({detail})"),
    "take back": N_("{who} took seat {seat} back from the AI"),
    "away": N_("{who} announced {detail} days away"),
    "back": N_("{who} came back"),
}
OTHER = N_("{kind} (seat {seat})")
#: How a take-over's ``detail`` stores the deadlines missed (``missed=2``); rows written
#: before it hold English words, told as they are.
MISSED = "missed="
#: A take-over's ``detail`` when the game's time was up (a league round's end), and when
#: the organiser dropped the member from the league's season.
ENDED = "ended"
DROPPED = "dropped"


async def record(
    tx: Transaction,
    game_id: int,
    seat: int,
    kind: str,
    user_id: int | None,
    other_id: int | None,
    now: datetime,
    *,
    detail: str | None = None,
    by: int | None = None,
) -> None:
    """Record a change of ``kind`` at ``seat`` ("replace", "takeover", "take back", "away",
    "back"); ``by`` is the member who made it when that is not ``user_id``."""
    if by is not None:
        detail = f"by {by}" + (f"; {detail}" if detail else "")
    await tx.execute(
        "INSERT INTO seat_log (game_id, seat, kind, user_id, other_id, detail, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game_id, seat, kind, user_id, other_id, detail, now_iso(now)),
    )


async def story(storage: Storage, game_id: int) -> list[str]:
    """The game's log of seats in words, oldest first."""
    rows = await storage.fetchall(
        "SELECT seat, kind, user_id, other_id, detail, at FROM seat_log WHERE game_id = ?"
        " ORDER BY id",
        (game_id,),
    )
    out = []
    for r in rows:
        when = f"<t:{int(datetime.fromisoformat(r['at']).timestamp())}:d>"
        fields = {
            "who": f"<@{r['user_id']}>",
            "other": f"<@{r['other_id']}>",
            "seat": r["seat"] + 1,
            "detail": told_detail(r["detail"]),
            "kind": r["kind"],
        }
        told = tr(TOLD.get(r["kind"], OTHER), **fields)
        out.append(f"{when} {told}")
    return out


def told_detail(detail: str | None) -> str | None:
    """A row's ``detail`` in words: the deadlines a take-over followed, or that the game's
    time was up, in the language spoken; an older row's English words as they were
    written."""
    if detail == ENDED:
        return tr("the game's time was up")
    if detail == DROPPED:
        return tr("dropped from the season")
    if detail is None or not detail.startswith(MISSED):
        return detail
    count = detail.removeprefix(MISSED)
    if not count.isdigit():
        return detail
    return ntr("after {n} missed deadline", "after {n} missed deadlines", int(count))
