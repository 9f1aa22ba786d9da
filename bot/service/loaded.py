"""A game as the service holds it in memory: the game row, its seats, and the engine game.

``LoadedGame`` answers questions about who sits where and who must act; it reads no
database and changes nothing (``bot.service.store`` loads it, the other service modules
change it together with the rows they write).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from engine import Game, to_act

from ..messages import decision_key

#: ``games.mode`` of a team game (``free-for-all`` otherwise).
TEAM_MODE = "teams"


@dataclass
class Seat:
    """A member in a game: seat is None until the game starts."""

    user_id: int
    name: str
    seat: int | None
    #: The AI level playing this seat, if the machine plays it.
    ai: str | None = None
    #: The AI only stands in for the member (after missed deadlines), who may take it back.
    stand_in: bool = False
    #: Deadlines the member missed in a row.
    missed: int = 0
    #: The end of the member's announced absence, and the days of absence used in this game.
    away_until: datetime | None = None
    away_days: float = 0.0
    #: Team play's pairing step: the partner the member chose, the team (0 A, 1 B, 2 C)
    #: once paired, and how the pair formed ('choice', 'host' or 'draw').
    partner: int | None = None
    team: int | None = None
    paired_by: str | None = None


@dataclass
class LoadedGame:
    """A game row with its seats and, once started, the engine game."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    player_count: int
    map_id: str
    seed: int
    deadline_hours: float
    open_scores: bool
    seats: list[Seat]
    deadline_at: datetime | None = None
    reminded: bool = False
    paused: bool = False
    #: Whether the game counts for the server's season ``season_id``.
    rated: bool = False
    season_id: int | None = None
    #: Missed deadlines in a row after which an AI takes over a seat (0: never).
    takeover_after: int = 2
    #: 'free-for-all', or 'teams' for a team game (6 players in 3 pairs).
    mode: str = "free-for-all"
    #: Rule set options the lobby turned on besides team play (``bot.options``: ``mix``,
    #: ``surface_relics``), stored in ``games.options``.
    options: dict[str, bool] = field(default_factory=dict)
    #: The language the game speaks in public (``lang``): its turn messages and images.
    language: str = "en"
    #: Whether everyone on the server can see its channel: only then is it on the web pages.
    listed: bool = False
    game: Game | None = None
    #: The game row's revision this copy was read at (or last wrote): a write is made only
    #: if the row still has it (``Games.write``).
    revision: int = 0

    @property
    def teams(self) -> bool:
        """Whether this is a team game (its lobby has a pairing step)."""
        return self.mode == TEAM_MODE

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a member, or None if they do not play here."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def user_at(self, seat: int) -> int:
        """The member sitting at a seat."""
        return self.seat_row(seat).user_id

    def seat_row(self, seat: int) -> Seat:
        """The seat's row: who sits there, and how (AI, away, missed deadlines)."""
        for s in self.seats:
            if s.seat == seat:
                return s
        raise KeyError(seat)

    def actor_id(self) -> int | None:
        """The member who must act now in a running game (None in a lobby, once over, or
        while an AI plays the seat to act: there is no one to ping)."""
        if self.game is None:
            return None
        seat = to_act(self.game.state)
        return None if seat is None else self.member_at(seat)

    def member_at(self, seat: int) -> int | None:
        """The member who plays a seat now: None while an AI plays it."""
        row = self.seat_row(seat)
        return None if row.ai is not None else row.user_id

    def matches(self, key: str) -> bool:
        """Whether a button's key still holds: ``v<version>`` for exactly this state (Undo),
        else the decision key (End turn, Done placing, Decline)."""
        assert self.game is not None
        s = self.game.state
        if key.startswith("v"):
            return key == f"v{s.version}"
        return key == decision_key(s)
