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

from engine import to_act, view
from engine.core.changes import turn_marks
from engine.core.state import CLOSING, CONQUER, OVER, PICK, REDEPLOY, SETUP, GameState
from engine.text.names import race as race_name
from lang import N_, ntr, slash, tr

from .narrate import one_monster, owed_pieces, summary, told_lines
from .question import asked, question_line
from .teams import team_lines, who

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
    #: The live message of the turn ``round.seat`` under way: posted once, then edited in
    #: place (posted afresh when it must ping someone new).
    live: str | None = None
    #: A turn summary: once it is posted, the turn's live message is deleted.
    closes_live: bool = False
    #: The language its buttons and images are drawn in when it is posted: the one its
    #: text was written in (``outbox.record`` sets it, unless a DM's recipient's language
    #: set it first; rows from before have none and speak English).
    language: str = ""
    #: The deadline its text shows (ISO 8601), if it shows one.
    deadline: str | None = None
    #: Posting it tells a member the decision now theirs (it pings them): their time counts
    #: from then (``bot.service.deadlines.Deadlines.told``).
    starts: bool = False
    #: When the time of the deadline it shows started counting, once that moment was moved
    #: to when it was posted (until then, when it was recorded).
    since: str | None = None

    def move_deadline(self, deadline: datetime, since: datetime) -> None:
        """Show ``deadline`` where the text showed its deadline, counted from ``since``."""
        if self.deadline is not None:
            shown = datetime.fromisoformat(self.deadline)
            self.content = self.content.replace(ts(shown), ts(deadline))
        self.deadline = deadline.isoformat()
        self.since = since.isoformat()

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
    """The buttons under a public game message: open one's own panel (▶ Answer when a
    question is put to another seat), and what anyone may look at (the combos for sale
    while picking, one's own coins, the board in words for a member who cannot see the
    picture: ``bot.text_board``)."""
    if asked(s):
        return ["answer", "coins", "words"]
    if s.turn.phase == PICK:
        return ["play", "combos", "coins", "words"]
    return ["play", "coins", "words"]


def button_spec(game_id: int, s: GameState, verbs: list[str]) -> dict[str, Any]:
    """The stored description of a row of turn buttons."""
    return {"game": game_id, "key": decision_key(s), "version": s.version, "verbs": verbs}


def next_decision_text(s: GameState, actor_id: int | None, deadline: datetime | None) -> str:
    """Who must act now, mentioned, with what they can do and the deadline (an AI seat is
    named, not mentioned: it plays at once)."""
    by = tr(" Deadline {when}.", when=ts(deadline)) if deadline else ""
    t = s.turn
    seat = to_act(s)
    at = {"round": s.round, "turns": s.turns}
    if actor_id is None and seat is not None:
        return tr(
            "**Round {round}/{turns}** · 🤖 **{who}** (AI) is playing…", who=who(s, seat), **at
        )
    mention = f"<@{actor_id}>" if actor_id else tr("nobody")
    if asked(s):
        # A question to a seat in the middle of someone's turn: never "it's your turn".
        return question_line(s, mention, deadline)
    if t.phase == CLOSING:
        p = t.pending[0]
        race = s.races[p.race]
        # The deadline's default is said with the deadline: the engine's spread.
        then = tr(" Then I place them for you, weakest regions first.") if deadline else ""
        return tr(
            "{mention}, your {race} were driven out: press **▶ Play** to place your "
            "{pieces}.{deadline}{then}",
            mention=mention,
            race=race_name(p.race),
            pieces=owed_pieces(race),
            deadline=by,
            then=then,
        )
    head = tr("**Round {round}/{turns}** · {mention}, it's your turn.", mention=mention, **at)
    if t.phase == PICK:
        return tr("{head} Press **▶ Play** to pick a combo.{deadline}", head=head, deadline=by)
    if t.phase == SETUP:
        if one_monster(s):
            return tr(
                "**Before the first turn** · {mention}, press **▶ Play** to put "
                "your Monster on a Lost Tribe region.{deadline}",
                mention=mention,
                deadline=by,
            )
        return tr(
            "**Before the first turn** · {mention}, press **▶ Play** to put "
            "your Monsters on a Lost Tribe region.{deadline}",
            mention=mention,
            deadline=by,
        )
    return tr(
        "{head} Press **▶ Play** to conquer, redeploy or decline.{deadline}", head=head, deadline=by
    )


def game_over_text(s: GameState) -> str:
    """The ranking, with every coin total: only once the game is over."""
    result = s.result or {}
    rows = result.get("ranking", [])
    lines = [
        tr(
            "{rank}. **{who}** · {coins} coins · {tokens} tokens on the board",
            rank=i + 1,
            who=who(s, r["seat"]),
            coins=r["coins"],
            tokens=r["tokens"],
        )
        for i, r in enumerate(rows)
    ]
    winners = ", ".join(who(s, w) for w in result.get("winners", []))
    teams = team_lines(s)
    if teams:
        # A team game: the teams' scores first (the lower partner's coins), then each player.
        body = [*teams, tr("**Players**"), *lines]
        return (
            tr("🏆 **Game over!** Winners: **{winners}**", winners=winners) + "\n" + "\n".join(body)
        )
    if result.get("tiebreak_used"):
        head = tr("🏆 **Game over!** Winner: **{winners}** (tie broken on tokens)", winners=winners)
    else:
        head = tr("🏆 **Game over!** Winner: **{winners}**", winners=winners)
    return head + "\n" + "\n".join(lines)


def turn_message(
    game_id: int,
    s: GameState,
    *,
    actor_id: int | None,
    deadline: datetime | None,
    finished_seat: int | None = None,
    finished_events: list[dict[str, Any]] | None = None,
    note: str | None = None,
    footer: str | None = None,
) -> Announcement:
    """The channel message after a turn (or a defender's placing) ends.

    What happened in the finished turn, the board, and who acts next with their buttons;
    once the game is over, the ranking with the final sheet instead.
    """
    parts: list[str] = []
    if note:
        parts.append(note)
    if finished_events:
        title = ""
        if finished_seat is not None:
            title = tr("**{who}'s turn**", who=who(s, finished_seat)) + "\n"
        parts.append(title + summary(s, finished_events))
    board = view(s)
    # The board marks what the finished turn changed: regions taken, regions left empty.
    board["marks"] = turn_marks(s, finished_events or [])
    if s.turn.phase == OVER:
        parts.append(game_over_text(s))
        if footer:
            parts.append(footer)
        return Announcement(
            CHANNEL, "\n\n".join(parts), image="final", view=board, closes_live=True
        )
    parts.append(next_decision_text(s, actor_id, deadline))
    return Announcement(
        CHANNEL,
        "\n\n".join(parts),
        mentions=[actor_id] if actor_id else [],
        image="board",
        view=board,
        buttons=button_spec(game_id, s, buttons_for(s)),
        closes_live=True,
        deadline=deadline.isoformat() if deadline else None,
    )


#: Discord's limit on a message's text.
MAX_CONTENT = 2000


def live_message(
    game_id: int,
    s: GameState,
    *,
    actor_id: int | None,
    deadline: datetime | None,
    note: str | None = None,
) -> Announcement:
    """The message of the turn under way, edited in place as it grows.

    It tells what happened so far this turn and who must act; when the decision passed to
    someone other than the turn's player (a defender placing tokens), it mentions them, and
    the announcer posts it afresh so that the mention pings.
    """
    player = who(s, s.turn.seat)
    seat = to_act(s)
    head = tr(
        "🎲 **Round {round}/{turns} · {who}'s turn**", round=s.round, turns=s.turns, who=player
    )
    lines = [f"• {line}" for line in told_lines(s, s.events)]
    if note:
        lines.append(note)
    if seat is not None and seat != s.turn.seat:
        doing = next_decision_text(s, actor_id, deadline)
        mentions = [actor_id] if actor_id else []
    else:
        by = tr(" Deadline {when}.", when=ts(deadline)) if deadline else ""
        doing = _doing(s, player) + by
        mentions = []
    text = "\n".join([head, *lines, doing])
    while len(text) > MAX_CONTENT and lines:
        # Keep the latest lines: the start of a long turn is the least needed.
        lines = lines[1:]
        text = "\n".join([head, "• …", *lines, doing])
    return Announcement(
        CHANNEL,
        text,
        mentions=mentions,
        buttons=button_spec(game_id, s, buttons_for(s)),
        live=f"{s.round}.{s.turn.seat}",
        deadline=deadline.isoformat() if deadline else None,
    )


#: What the player of the turn is doing, by phase, for the live message.
DOING = {
    SETUP: N_("*{who} is placing Monsters…*"),
    PICK: N_("*{who} is picking a combo…*"),
    CONQUER: N_("*{who} is conquering…*"),
    REDEPLOY: N_("*{who} is redeploying…*"),
    CLOSING: N_("*{who} is ending the turn…*"),
}


PLAYING = N_("*{who} is playing…*")


def _doing(s: GameState, player: str) -> str:
    return tr(DOING.get(s.turn.phase, PLAYING), who=player)


def your_move_dm(channel_id: int, user_id: int) -> Announcement:
    """The opt-in direct message to the member who must act now."""
    text = tr("It's your move in {channel} (Small World).", channel=f"<#{channel_id}>")
    return Announcement(DM, text, user_id=user_id)


def follow_dm(
    channel_id: int,
    user_id: int,
    s: GameState,
    finished_seat: int | None,
    finished_events: list[dict[str, Any]],
) -> Announcement:
    """A finished turn for a member who follows the game: the public summary, who is next.

    Built from the public events only, like the channel's summary: a follower never learns
    more than the channel shows.
    """
    player = who(s, finished_seat) if finished_seat is not None else tr("The game")
    head = tr(
        "👀 Small World in {channel} · **{who}'s turn** (round {round}/{turns})",
        channel=f"<#{channel_id}>",
        who=player,
        round=s.round,
        turns=s.turns,
    )
    if s.turn.phase == OVER:
        tail = game_over_text(s)
    else:
        seat = to_act(s)
        tail = tr("Next: **{who}**.", who=who(s, seat)) if seat is not None else ""
    text = "\n".join(part for part in (head, summary(s, finished_events), tail) if part)
    if len(text) > MAX_CONTENT:
        text = text[: MAX_CONTENT - 1] + "…"
    return Announcement(DM, text, user_id=user_id)


def rating_text(changes: list[tuple[int, int, int]]) -> str | None:
    """The rating changes of a rated game, for its final message (mentions do not ping)."""
    if not changes:
        return None
    parts = [
        f"<@{uid}> {before} → **{after}** ({after - before:+d})" for uid, before, after in changes
    ]
    return tr("📈 League ratings: {changes}", changes=" · ".join(parts))


def score_dm(channel_id: int, user_id: int, scored: int, player: Any) -> Announcement:
    """A player's score, told privately when a deadline ended their turn."""
    return Announcement(
        DM,
        ntr(
            "Time ran out on your Small World turn in {channel}, so I ended it for you. "
            "It scored {n} coin; you have {coins} now (only you see this).",
            "Time ran out on your Small World turn in {channel}, so I ended it for you. "
            "It scored {n} coins; you have {coins} now (only you see this).",
            scored,
            channel=f"<#{channel_id}>",
            coins=player.coins,
        ),
        user_id=user_id,
    )


def reminder(game_id: int, s: GameState, actor_id: int, deadline: datetime) -> Announcement:
    """The reminder when most of a deadline has passed: the turn's live message, posted
    afresh so that its mention pings (the channel still holds one message for the turn)."""
    line = tr(
        "⏰ {mention}, a reminder: your move is due {when}.",
        mention=f"<@{actor_id}>",
        when=ts(deadline),
    )
    a = live_message(game_id, s, actor_id=actor_id, deadline=deadline, note=line)
    a.mentions = [actor_id]
    return a


def paused_dm(host_id: int, channel_id: int, reason: str) -> Announcement:
    """Tells the host that the bot cannot post in the game's channel any more."""
    return Announcement(
        DM,
        tr(
            "I can no longer post in {channel} ({reason}), so your Small World game there "
            "is paused: no deadline runs out until I can post again. Give me back View Channel, "
            "Send Messages and Attach Files there; the game resumes with my next message.",
            channel=f"<#{channel_id}>",
            reason=reason,
        ),
        user_id=host_id,
    )


def text_only(content: str, reason: str | None) -> str:
    """The message posted when its image was refused, saying so."""
    why = f" ({reason})" if reason else ""
    command = slash("sw board")
    note = tr(
        "⚠️ The board image could not be posted{why}; `{command}` shows it.",
        why=why,
        command=command,
    )
    return f"{content}\n\n{note}"
