"""The queue as the server's web pages and the league's export show it: who waits, for
what, since when, and with whom.

Never a rating: the league's standings show the ratings, and the queue has no need to
repeat them next to who is waiting. Members are named as they joined the queue (their
display name then), as the web names players by the name they sat down under. The
export's file is for spreadsheets and scripts: its columns stay in English, as the season's
games file's do (``League.export_csv``), and it names members by id, as that file does.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..storage import now_iso
from .counts import stored, wishes_text
from .queue import Entry, held

#: The columns of the queue's file.
COLUMNS = ("player_id", "players", "world", "deadline_hours", "partner_id", "since")


@dataclass(frozen=True)
class Waiting:
    """A member in the queue as a page shows them."""

    name: str
    #: What they wait for, in words (in the language spoken when it was made).
    wishes: str
    since: datetime
    #: Their partner's name, when the pair holds.
    partner: str | None
    #: Whether they wait for a partner's answer.
    asking: bool


def shown(entries: Sequence[Entry]) -> list[Waiting]:
    """The queue's members, longest waiter first, as a page shows them (words in the
    language spoken now)."""
    names = {e.user_id: e.name for e in entries}
    asking = held(entries)
    return [
        Waiting(
            name=e.name,
            wishes=wishes_text(e.players, e.world, e.deadline_hours),
            since=e.joined_at,
            partner=None if e.partner is None or e.user_id in asking else names[e.partner],
            asking=e.user_id in asking,
        )
        for e in entries
    ]


def queue_csv(entries: Sequence[Entry]) -> bytes:
    """The queue as a CSV file (UTF-8), longest waiter first: the counts accepted (``3,4``),
    the world and hours per decision asked for (empty: any), the partner named, and when
    they joined (ISO 8601, UTC)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(COLUMNS)
    for e in entries:
        w.writerow(
            [
                e.user_id,
                stored(e.players),
                e.world or "",
                "" if e.deadline_hours is None else e.deadline_hours,
                "" if e.partner is None else e.partner,
                now_iso(e.joined_at),
            ]
        )
    return out.getvalue().encode("utf-8")
