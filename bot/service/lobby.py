"""The lobby: opening a game, seats taken and left (AI seats included), the start that
draws the seat order, and cancelling.

Each change is one transaction made inside the game's lock; ``start`` records the first
turn's announcements with it.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.content import load_map, map_for_players
from engine.core.rulesets import all_player_counts, counts_text, options_for, player_counts
from engine.core.worlds import DEFAULT_WORLD, WORLDS
from engine.rulesets.teams import OPTION as TEAM_OPTION
from lang import DEFAULT, LANGUAGES, ntr, option, slash, tr
from renderer.static import GEOMETRY_DIR

from ..errors import ServiceError
from ..league import League, LeagueError
from ..options import check, chosen, dumped, offered
from ..storage import INTEGRITY_ERRORS, now_iso
from .deadlines import DEFAULT_DEADLINE_HOURS
from .loaded import TEAM_MODE, LoadedGame, Seat
from .outcome import Outcome
from .pairing import draw_rest, save, unpair
from .starts import Opening, insert_game, record_start, seat_game
from .store import Games

#: The engine's worlds as players name them, in the order they are registered.
WORLD_NAMES = {name: entry.display_name for name, entry in WORLDS.items()}
#: How an AI seat's name is made from the names already seated (``bot.ai_seats.ai_name``).
Namer = Callable[[list[str]], str]


def taken_channel() -> ServiceError:
    """The refusal of a second live game in one channel or thread."""
    return ServiceError(
        tr(
            "This channel already has a game. Finish or cancel it, or open another in a "
            "thread: `{new} {thread}:true`.",
            new=slash("sw new"),
            thread=option("thread"),
        )
    )


class Lobby:
    """The lobbies of the games of one store, and their start."""

    def __init__(self, games: Games, league: League, seed_source: Callable[[], int]) -> None:
        self.games = games
        self.league = league
        #: Where new games get their seed (the service's, which tests replace).
        self.seed_source = seed_source

    async def plan(
        self,
        guild_id: int,
        channel_id: int | None,
        host_id: int,
        host_name: str,
        players: int,
        deadline_hours: float = DEFAULT_DEADLINE_HOURS,
        open_scores: bool = False,
        seed: int | None = None,
        rated: bool | None = None,
        world: str = DEFAULT_WORLD,
        takeover_after: int = 2,
        map_id: str | None = None,
        teams: bool | None = None,
        extra: dict[str, bool] | None = None,
        language: str = DEFAULT,
        listed: bool = False,
    ) -> Opening:
        """A new lobby checked, not stored yet: every refusal of ``/sw new`` is here, so that
        nothing is made for a game that is refused (the thread of ``thread:true``).

        ``channel_id`` is where it will be, None for a thread about to be opened (no game
        can be there yet). ``world`` is the engine's world (``surface`` or
        ``underground``): the game is played on that world's built-in board for the player
        count, which must have its drawing,
        unless ``map_id`` names a server's own map (``bot.club_maps`` checked that it fits
        and registered it with its drawing).
        A 6-player game is a team game (``options_for``); ``teams=True`` asks for one, and
        the player count must be one team play allows (``player_counts``). ``extra`` turns
        on the options a host may choose (``bot.options``: mixed markets, Places and Relics
        on the surface), refused where the engine would not play them or they change nothing.
        While the server has an open season the game counts for it, unless ``rated`` is
        False; ``rated=True`` without an open season is refused. ``language`` is the one
        the game speaks in public (``Languages.for_server``); ``listed``: its channel is
        one everyone on the server sees, so the web pages may show it.
        """
        options = game_options(players, teams)
        if open_scores and options:
            raise ServiceError(
                tr(
                    "Team play keeps every player's coins secret until the end, the partner's "
                    "too: open scores are not offered."
                )
            )
        if world not in WORLD_NAMES:
            raise ServiceError(
                tr("There is no world {world!r}: choose Small World or Underground.", world=world)
            )
        builtin = map_for_players(players, world)
        if map_id is None and not (GEOMETRY_DIR / f"{builtin}.json").exists():
            raise ServiceError(
                tr(
                    "The {players}-player {world} board cannot be drawn yet, so it cannot be "
                    "played here: choose another number of players.",
                    players=players,
                    world=WORLD_NAMES[world],
                )
            )
        map_id = map_id or builtin
        extra = {name: True for name in chosen(extra or {})}
        if extra:
            check(players, world, map_id, options, extra)
        if not 0.05 <= deadline_hours <= 24 * 14:
            raise ServiceError(tr("The turn deadline must be between 3 minutes and 14 days."))
        if channel_id is not None and await self.games.live_game_id(channel_id) is not None:
            raise taken_channel()
        try:
            season_id = await self.league.rated_for_new_game(guild_id, rated)
        except LeagueError as exc:
            raise ServiceError(str(exc)) from exc
        return Opening(
            guild_id=guild_id,
            host_id=host_id,
            host_name=host_name,
            players=players,
            map_id=map_id,
            seed=seed if seed is not None else self.seed_source(),
            deadline_hours=deadline_hours,
            open_scores=open_scores,
            season_id=season_id,
            world=world,
            takeover_after=takeover_after,
            mode=TEAM_MODE if options else "free-for-all",
            extra=extra,
            language=language if language in LANGUAGES else DEFAULT,
            listed=listed,
        )

    async def open(self, o: Opening, channel_id: int) -> LoadedGame:
        """Store the lobby ``plan`` checked in ``channel_id``, the host in its first seat."""
        now = now_iso(self.games.clock())
        try:
            game_id = await self._insert(o, channel_id, now)
        except INTEGRITY_ERRORS as exc:
            # Two lobbies opened in one channel at once both passed ``plan``'s look; the
            # database's one-live-game-per-channel key lets only the first in.
            raise taken_channel() from exc
        return await self.games.load(game_id)

    async def _insert(self, o: Opening, channel_id: int, now: str) -> int:
        """The lobby's row and its host's seat, in one transaction; the game's id."""
        async with self.games.storage.transaction() as tx:
            game_id = await insert_game(tx, o, channel_id, now)
            await tx.execute(
                "INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                (game_id, o.host_id, o.host_name, now),
            )
        return game_id

    async def join(self, channel_id: int, user_id: int, name: str) -> LoadedGame:
        """Take a place in the channel's lobby."""
        game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> LoadedGame:
            if lg.status != "lobby":
                raise ServiceError(tr("This game has already started."))
            if lg.seat_of(user_id) is not None or any(s.user_id == user_id for s in lg.seats):
                raise ServiceError(tr("You are already in this game."))
            if len(lg.seats) >= lg.player_count:
                raise ServiceError(
                    tr("The game is full ({players} players).", players=lg.player_count)
                )
            now = now_iso(self.games.clock())
            async with self.games.write(lg) as tx:
                await tx.execute(
                    "INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                    (lg.id, user_id, name, now),
                )
            lg.seats.append(Seat(user_id, name, None))
            return lg

        return await self.games.retrying(game_id, decide)

    async def leave(self, channel_id: int, user_id: int) -> LoadedGame:
        """Leave the lobby; the host cancels instead."""
        game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> LoadedGame:
            if lg.status != "lobby":
                raise ServiceError(tr("The game has started; ask the host to cancel it instead."))
            if not any(s.user_id == user_id for s in lg.seats):
                raise ServiceError(tr("You are not in this game."))
            if user_id == lg.host_id:
                raise ServiceError(
                    tr(
                        "You are the host: use `{cancel}` to close the lobby.",
                        cancel=slash("sw cancel"),
                    )
                )
            # A team lobby: the leaver's team is unpaired, and choices naming them forgotten.
            unpair(lg, user_id)
            # A failed write drops the cached lobby (``Games.write``): it is read again.
            async with self.games.write(lg) as tx:
                await save(tx, lg)
                await tx.execute(
                    "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (lg.id, user_id)
                )
            lg.seats = [s for s in lg.seats if s.user_id != user_id]
            return lg

        return await self.games.retrying(game_id, decide)

    async def add_ai(
        self, channel_id: int, user_id: int, level: str, name: str | Namer
    ) -> LoadedGame:
        """The host seats an AI player in the lobby; the game stops counting for the season.

        An AI seat is a seat row with a negative id (no member has one) and its ``ai`` level;
        its ``name`` is given, or made from the names seated (the seat is the last one).
        """
        lg = await self.games.in_channel(channel_id)
        if callable(name):
            name = name([s.name for s in lg.seats])
        async with self.games.lock(lg.id):
            if lg.status != "lobby":
                raise ServiceError(tr("AI players join in the lobby, before the game starts."))
            if user_id != lg.host_id:
                raise ServiceError(tr("Only the host can add an AI player."))
            if len(lg.seats) >= lg.player_count:
                raise ServiceError(
                    tr("The game is full ({players} players).", players=lg.player_count)
                )
            ai_id = min([0, *(s.user_id for s in lg.seats)]) - 1
            now = now_iso(self.games.clock())
            async with self.games.write(lg) as tx:
                await tx.execute(
                    "INSERT INTO seats (game_id, user_id, name, joined_at, ai)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (lg.id, ai_id, name, now, level),
                )
                await self.league.unrate(lg.id, tx)
            lg.seats.append(Seat(ai_id, name, None, ai=level))
            lg.rated = False
            return lg

    async def set_option(
        self, game_id: int, channel_id: int, user_id: int, name: str, on: bool
    ) -> LoadedGame:
        """The host turns a game option (``bot.options.offered``) on or off in the lobby;
        a choice the engine would not play is refused and changes nothing."""
        lg = await self.games.in_channel(channel_id)
        if lg.id != game_id:
            raise ServiceError(tr("That lobby is closed: use the latest lobby message."))
        async with self.games.lock(lg.id):
            if lg.status != "lobby":
                raise ServiceError(tr("This game has already started."))
            if user_id != lg.host_id:
                raise ServiceError(tr("Only the host can change the game's options."))
            if name not in offered():
                raise ServiceError(tr("There is no option {name!r}.", name=name))
            wanted = {**lg.options, name: on}
            world = load_map(lg.map_id).world
            base = options_for(lg.player_count) if lg.teams else {}
            check(lg.player_count, world, lg.map_id, base, wanted)
            async with self.games.write(lg) as tx:
                await tx.execute(
                    "UPDATE games SET options = ?, updated_at = ? WHERE id = ?",
                    (dumped(wanted), now_iso(self.games.clock()), lg.id),
                )
            lg.options = {n: True for n in chosen(wanted)}
            return lg

    async def cancel(self, channel_id: int, user_id: int, is_admin: bool) -> LoadedGame:
        """Cancel the channel's game (host or a member who can manage the server)."""
        game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> LoadedGame:
            if user_id != lg.host_id and not is_admin:
                raise ServiceError(tr("Only the host or a server manager can cancel this game."))
            async with self.games.write(lg) as tx:
                await tx.execute(
                    "UPDATE games SET status = 'cancelled', deadline_at = NULL, updated_at = ?"
                    " WHERE id = ?",
                    (now_iso(self.games.clock()), lg.id),
                )
            lg.status = "cancelled"
            self.games.forget(lg.id)
            return lg

        return await self.games.retrying(game_id, decide)

    async def start(self, channel_id: int, user_id: int, *, host_first: bool = False) -> Outcome:
        """Start the lobby's game: seat order drawn from the game's seed (``host_first``: the
        host takes the first seat, as a tutorial's learner does, the others drawn after)."""
        game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> Outcome:
            if lg.status != "lobby":
                raise ServiceError(tr("This game has already started."))
            if user_id != lg.host_id:
                raise ServiceError(tr("Only the host can start the game."))
            if len(lg.seats) != lg.player_count:
                raise ServiceError(
                    ntr(
                        "Waiting for players: {n} of {total} have joined.",
                        "Waiting for players: {n} of {total} have joined.",
                        len(lg.seats),
                        total=lg.player_count,
                    )
                )
            if lg.teams:
                # The host's start pairs whoever is still unpaired, by the draw.
                draw_rest(lg)
            order, game = seat_game(lg, host_first=host_first)
            async with self.games.write(lg) as tx:
                if lg.teams:
                    await save(tx, lg)
                announced = await record_start(tx, lg, order, game, self.games.clock())
            return Outcome(lg, turn_ended=True, actor_changed=True, announced=announced)

        return await self.games.retrying(game_id, decide)


def game_options(players: int, teams: bool | None) -> dict[str, bool]:
    """The rule set options of a new game: those its player count needs (6: team play), and
    team play when asked for; refused when the count does not fit them."""
    options = options_for(players) if players in all_player_counts() else {}
    if teams:
        options = {**options, TEAM_OPTION: True}
    elif teams is False and options:
        raise ServiceError(
            tr(
                "{players} players play in teams: leave {teams} on.",
                players=players,
                teams=option("teams"),
            )
        )
    counts = player_counts(options)
    if players not in counts:
        if options:
            raise ServiceError(tr("Team play is for {counts} players.", counts=counts_text(counts)))
        raise ServiceError(
            tr("Small World is played by {counts} players.", counts=counts_text(counts))
        )
    return options
