"""What the bot will say in public, composed as data when an action is committed.

An ``Announcement`` is stored in the outbox in the same transaction as the action that
caused it, so it holds everything needed to post it later: the text, who may be mentioned,
which image to draw from which public view, and which buttons go under it. Nothing here
talks to Discord; the announcer does that.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from engine import view
from engine.rules import can_decline
from engine.state import CLOSING, OVER, PICK, GameState

from .narrate import summary

CHANNEL = "channel"
DM = "dm"


@dataclass
class Announcement:
    """One message to post: in the game's channel, or as a DM to ``user_id``."""

    kind: str
    content: str
    user_id: int | None = None
    #: Members the message may ping.
    mentions: list[int] = field(default_factory=list)
    #: "board" (one image) or "final" (score sheet and board), drawn from ``view``.
    image: str | None = None
    view: dict[str, Any] | None = None
    #: {"game": id, "key": decision key, "version": state version, "verbs": [...]}.
    buttons: dict[str, Any] | None = None

    def to_json(self) -> str:
        """The stored form."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Announcement:
        """Back from the stored form."""
        return cls(**json.loads(text))


def ts(dt: datetime) -> str:
    """A Discord timestamp that each reader sees in their own time zone, relative."""
    return f"<t:{int(dt.timestamp())}:R>"


def decision_key(s: GameState) -> str:
    """Identifies the decision being made now: ``round.seat.pending``.

    Buttons that end a decision (End turn, Done placing, Decline) carry it, so a press that
    arrives after the decision is over is refused instead of ending the next one.
    """
    return f"{s.round}.{s.turn.seat}.{len(s.turn.pending)}"


def buttons_for(s: GameState) -> list[str]:
    """The buttons that make sense for the decision being made now."""
    if s.turn.phase == CLOSING:
        return ["finish", "coins"]
    if s.turn.phase == PICK:
        return ["combos", "coins"]
    verbs = ["end", "undo"]
    if can_decline(s):
        verbs.append("decline")
    return [*verbs, "coins"]


def button_spec(game_id: int, s: GameState, verbs: list[str]) -> dict[str, Any]:
    """The stored description of a row of turn buttons."""
    return {"game": game_id, "key": decision_key(s), "version": s.version, "verbs": verbs}


def next_decision_text(s: GameState, actor_id: int | None, deadline: datetime | None) -> str:
    """Who must act now, mentioned, with what they can do and the deadline."""
    mention = f"<@{actor_id}>" if actor_id else "nobody"
    by = f" Deadline {ts(deadline)}." if deadline else ""
    t = s.turn
    if t.phase == CLOSING:
        p = t.pending[0]
        race = s.races[p.race]
        return (
            f"{mention}, your {p.race} were driven out: place the {race.hand} tokens in "
            f"your regions with `/sw redeploy`, or press **Done placing** to spread them.{by}"
        )
    head = f"**Round {s.round}/{s.turns}** · {mention}, it's your turn."
    if t.phase == PICK:
        return f"{head} Pick a combo with `/sw pick` (see **Combos**).{by}"
    return f"{head} Conquer with `/sw conquer`, or use `/sw do` for every option.{by}"


def game_over_text(s: GameState) -> str:
    """The ranking, with every coin total: only once the game is over."""
    result = s.result or {}
    rows = result.get("ranking", [])
    lines = [
        f"{i + 1}. **{r['name']}** · {r['coins']} coins · {r['tokens']} tokens on the board"
        for i, r in enumerate(rows)
    ]
    winners = ", ".join(s.players[w].name for w in result.get("winners", []))
    tie = " (tie broken on tokens)" if result.get("tiebreak_used") else ""
    return f"🏆 **Game over!** Winner: **{winners}**{tie}\n" + "\n".join(lines)


def turn_message(
    game_id: int,
    s: GameState,
    *,
    actor_id: int | None,
    deadline: datetime | None,
    finished_seat: int | None = None,
    finished_events: list[dict[str, Any]] | None = None,
    note: str | None = None,
) -> Announcement:
    """The channel message after a turn (or a defender's placing) ends.

    What happened in the finished turn, the board, and who acts next with their buttons;
    once the game is over, the ranking with the final sheet instead.
    """
    parts: list[str] = []
    if note:
        parts.append(note)
    if finished_events:
        title = f"**{s.players[finished_seat].name}'s turn**\n" if finished_seat is not None else ""
        parts.append(title + summary(s, finished_events))
    if s.turn.phase == OVER:
        parts.append(game_over_text(s))
        return Announcement(CHANNEL, "\n\n".join(parts), image="final", view=view(s))
    parts.append(next_decision_text(s, actor_id, deadline))
    return Announcement(
        CHANNEL,
        "\n\n".join(parts),
        mentions=[actor_id] if actor_id else [],
        image="board",
        view=view(s),
        # Nothing of a fresh decision can be undone yet: Undo comes with the replies.
        buttons=button_spec(game_id, s, [v for v in buttons_for(s) if v != "undo"]),
    )


def your_move_dm(channel_id: int, user_id: int) -> Announcement:
    """The opt-in direct message to the member who must act now."""
    return Announcement(DM, f"It's your move in <#{channel_id}> (Small World).", user_id=user_id)


def reminder(actor_id: int, deadline: datetime) -> Announcement:
    """The channel reminder when most of a deadline has passed."""
    return Announcement(
        CHANNEL,
        f"⏰ <@{actor_id}>, a reminder: your move in Small World is due {ts(deadline)}.",
        mentions=[actor_id],
    )


def paused_dm(host_id: int, channel_id: int, reason: str) -> Announcement:
    """Tells the host that the bot cannot post in the game's channel any more."""
    return Announcement(
        DM,
        f"I can no longer post in <#{channel_id}> ({reason}), so your Small World game there "
        "is paused: no deadline runs out until I can post again. Give me back View Channel, "
        "Send Messages and Attach Files there; the game resumes with my next message.",
        user_id=host_id,
    )
