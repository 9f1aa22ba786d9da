"""What a change to a game must announce: the outbox rows recorded in the change's own
transaction (the turn message or the turn's live message, "your move" DMs, followers' DMs,
the score DM of a player whose turn a deadline ended).

These functions only choose and word the announcements (``bot.messages``); the caller
records them with ``bot.outbox`` in the same transaction, and ``bot.announcer`` posts them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

from engine import to_act
from engine.core.state import GameState
from lang import speaking

from ..messages import (
    Announcement,
    follow_dm,
    live_message,
    score_dm,
    turn_message,
    your_move_dm,
)
from ..storage import Transaction
from .loaded import LoadedGame
from .outcome import Outcome


async def asked_for_dm(tx: Transaction, user_id: int) -> bool:
    """Whether a member asked for "your turn" direct messages (read in ``tx``)."""
    row = await tx.fetchone("SELECT dm_turns FROM user_prefs WHERE user_id = ?", (user_id,))
    return bool(row and row["dm_turns"])


async def language_of_member(tx: Transaction, user_id: int, default: str) -> str:
    """The language a DM to a member is written in: their Discord's as last seen
    (``Languages.note_member``), else the game's."""
    row = await tx.fetchone("SELECT language FROM user_prefs WHERE user_id = ?", (user_id,))
    return (row["language"] if row else None) or default


async def dm(
    tx: Transaction, lg: LoadedGame, user_id: int, write: Callable[[], Announcement]
) -> Announcement:
    """A DM written by ``write`` in its recipient's language."""
    with speaking(await language_of_member(tx, user_id, lg.language)) as code:
        item = write()
    item.language = code
    return item


def timed_out_scores(lg: LoadedGame, outcome: Outcome) -> list[Announcement]:
    """A player whose turn a deadline ended was not there to read their score: it goes to
    them by DM (coins are private, so never to the channel)."""
    if not outcome.applied or not all(a.auto for a in outcome.applied):
        return []
    assert lg.game is not None
    state = lg.game.state
    seats = {a.seat for a in outcome.applied if lg.member_at(a.seat) is not None}
    return [
        score_dm(lg.channel_id, lg.user_at(e["seat"]), e, state.players[e["seat"]])
        for e in outcome.events
        if e["kind"] == "score" and e.get("seat") in seats
    ]


async def live_announcements(
    tx: Transaction,
    lg: LoadedGame,
    state: GameState,
    deadline: datetime | None,
    *,
    note: str | None,
    ping: bool,
) -> list[Announcement]:
    """The turn's live message and, when the decision passed to a member who asked for
    it, a DM to them."""
    seat = to_act(state)
    actor = None if seat is None else lg.member_at(seat)
    items = [live_message(lg.id, state, actor_id=actor, deadline=deadline, note=note)]
    # A decision just passed to a member it pings: their time counts from its post.
    items[0].starts = ping and bool(items[0].mentions)
    if ping and actor is not None and await asked_for_dm(tx, actor):
        items.append(await dm(tx, lg, actor, partial(your_move_dm, lg.channel_id, actor)))
    return items


async def turn_announcements(
    tx: Transaction,
    lg: LoadedGame,
    state: GameState,
    deadline: datetime | None,
    *,
    finished_seat: int | None = None,
    finished_events: list[dict[str, Any]] | None = None,
    note: str | None = None,
    footer: str | None = None,
) -> list[Announcement]:
    """The turn message, and a DM to the member who acts next if they asked for one."""
    seat = to_act(state)
    actor = None if seat is None else lg.member_at(seat)
    items = [
        turn_message(
            lg.id,
            state,
            actor_id=actor,
            deadline=deadline,
            finished_seat=finished_seat,
            finished_events=finished_events,
            note=note,
            footer=footer,
        )
    ]
    # The next decision's member is pinged by it: their time counts from its post.
    items[0].starts = bool(items[0].mentions)
    if actor is not None and await asked_for_dm(tx, actor):
        items.append(await dm(tx, lg, actor, partial(your_move_dm, lg.channel_id, actor)))
    if finished_events:
        # Followers get each finished turn as everyone sees it (never a seat's view).
        seated = {s.user_id for s in lg.seats}
        for r in await tx.fetchall(
            "SELECT user_id FROM followers WHERE game_id = ? ORDER BY user_id", (lg.id,)
        ):
            if r["user_id"] not in seated:
                follower = r["user_id"]
                told = partial(
                    follow_dm, lg.channel_id, follower, state, finished_seat, finished_events
                )
                items.append(await dm(tx, lg, follower, told))
    return items
