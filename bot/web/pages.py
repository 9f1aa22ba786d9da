"""What a server's web pages show, read from the games' database: the public view only.

Every figure here is one the channel may see: a game's view with no viewer (``engine.view``
hides every coin count until the game is over), the told lines of public events, and the
results the league keeps once a game has ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from engine import to_act, view
from engine.core.content import load_map
from engine.core.state import OVER
from engine.text import names
from renderer import describe

from ..errors import ServiceError
from ..narrate import told_lines
from ..service import GameService
from ..service.loaded import LoadedGame


@dataclass
class Seat:
    """One seat of a game as the web shows it."""

    name: str
    combo: str
    declined: list[str]
    regions: int
    to_act: bool
    #: Coins: only once the game is over (None before).
    coins: int | None = None


@dataclass
class GameSummary:
    """A game in a server's list."""

    id: int
    status: str
    map: str
    players: list[str]
    turn: str
    deadline: datetime | None
    version: int
    #: A finished game's winners (more than one on a tie).
    winners: list[str] = field(default_factory=list)
    #: Its board in words (``renderer.describe``), the picture's ``alt``; empty for a lobby.
    described: str = ""


@dataclass
class GamePage:
    """A game's page."""

    summary: GameSummary
    seats: list[Seat]
    round: int
    turns: int
    last_turn: list[str] = field(default_factory=list)
    this_turn: list[str] = field(default_factory=list)
    #: The final sheet in words, its picture's ``alt`` (once the game is over).
    described_sheet: str = ""


def _summary(lg: LoadedGame) -> GameSummary:
    names_ = [s.name for s in sorted(lg.seats, key=lambda s: (s.seat is None, s.seat or 0))]
    turn, version, described = "", 0, ""
    if lg.game is not None:
        state = lg.game.state
        version = state.version
        # Nobody is to act in a finished game.
        seat = to_act(state)
        turn = state.players[seat].name if seat is not None else ""
        # The words of the board picture the pages show: drawn from the same view.
        described = describe.board(view(state))
    return GameSummary(
        lg.id, lg.status, _map_shown(lg.map_id), names_, turn, lg.deadline_at, version,
        described=described,
    )  # fmt: skip


def _map_shown(map_id: str) -> str:
    """A map's title in the language spoken (a map no longer known: its id)."""
    try:
        return names.map_name(load_map(map_id).name)
    except (KeyError, ValueError, OSError):
        return names.map_name(map_id)


async def server_games(
    service: GameService, guild_id: int
) -> tuple[list[GameSummary], list[GameSummary]]:
    """The server's lobbies and games under way, and its last finished games."""
    # A private channel's games are never listed (``listed``: recorded at ``/sw new``).
    rows = await service.storage.fetchall(
        "SELECT id FROM games WHERE guild_id = ? AND listed = 1"
        " AND status IN ('lobby', 'active') ORDER BY updated_at DESC LIMIT 40",
        (guild_id,),
    )
    # Games under way are in the service's cache once played: loading them is cheap.
    live = [_summary(await service.load(row["id"])) for row in rows]
    return live, await _finished(service, guild_id)


async def _finished(service: GameService, guild_id: int) -> list[GameSummary]:
    """The last finished games, from their rows alone: a finished game's state is not
    read (nor kept in the cache) for a line in a list."""
    rows = await service.storage.fetchall(
        "SELECT id, map_id, version, updated_at FROM games WHERE guild_id = ? AND listed = 1"
        " AND status = 'over' ORDER BY updated_at DESC LIMIT 20",
        (guild_id,),
    )
    if not rows:
        return []
    marks = ",".join("?" * len(rows))
    players: dict[int, list[str]] = {}
    for seat in await service.storage.fetchall(
        f"SELECT game_id, name FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, seat",
        tuple(r["id"] for r in rows),
    ):
        players.setdefault(seat["game_id"], []).append(seat["name"])
    winners: dict[int, list[str]] = {}
    for won in await service.storage.fetchall(
        "SELECT r.game_id, s.name FROM results r JOIN seats s"
        " ON s.game_id = r.game_id AND s.user_id = r.user_id"
        f" WHERE r.rank = 1 AND r.game_id IN ({marks}) ORDER BY r.game_id, r.seat",
        tuple(r["id"] for r in rows),
    ):
        winners.setdefault(won["game_id"], []).append(won["name"])
    summaries = []
    for r in rows:
        seated = players.get(r["id"], [])
        game = GameSummary(r["id"], "over", _map_shown(r["map_id"]), seated, "", None, r["version"])
        game.winners = winners.get(r["id"], [])
        summaries.append(game)
    return summaries


async def listed(service: GameService, guild_id: int, game_ids: list[int]) -> set[int]:
    """Which of these games the server's pages may link to: its own, in a channel everyone
    sees (``shown``), read from their rows alone."""
    if not game_ids:
        return set()
    marks = ",".join("?" * len(game_ids))
    rows = await service.storage.fetchall(
        f"SELECT id FROM games WHERE guild_id = ? AND listed = 1 AND id IN ({marks})",
        (guild_id, *game_ids),
    )
    return {r["id"] for r in rows}


async def shown(service: GameService, guild_id: int, game_id: int) -> LoadedGame | None:
    """A game the server's pages may show: one of its own, started, in a channel everyone
    sees; None for any other id."""
    try:
        lg = await service.load(game_id)
    except ServiceError:
        return None
    if lg.guild_id != guild_id or not lg.listed or lg.game is None:
        return None
    return lg


async def game_page(service: GameService, guild_id: int, game_id: int) -> GamePage | None:
    """A game of the server as its page shows it, or None (``shown``)."""
    lg = await shown(service, guild_id, game_id)
    if lg is None or lg.game is None:
        return None
    state = lg.game.state
    public = view(state)
    over = state.turn.phase == OVER
    counts: dict[int, int] = {}
    for region in public["regions"]:
        if region["owner"] >= 0:
            counts[region["owner"]] = counts.get(region["owner"], 0) + 1
    seat_to_act = to_act(state)
    seats = []
    for p, player in zip(public["players"], state.players, strict=True):
        active = p.get("active") or {}
        seats.append(
            Seat(
                name=p["name"],
                combo=names.combo(active["race"], active["power"]) if active else "",
                declined=[names.race(d["race"]) for d in p.get("declined", [])],
                regions=counts.get(p["seat"], 0),
                to_act=p["seat"] == seat_to_act and not over,
                coins=player.coins if over else None,
            )
        )
    return GamePage(
        _summary(lg),
        seats,
        state.round,
        state.turns,
        last_turn=told_lines(state, state.last_events),
        this_turn=told_lines(state, state.events),
        described_sheet=describe.final(public) if over else "",
    )
