"""Team play's pairing step in a team lobby: players choose a partner (a mutual choice pairs
them), the host pairs two players, or a draw from the game's seed pairs the rest.

Teams take the letters A, B, C in the order the pairs form; the draw is deterministic (the
same lobby and seed draw the same pairs) and recorded with each pair (``paired_by``). The
seat order at the start is ``bot.teams.seat_order`` (A1 B1 C1 A2 B2 C2). Every change is one
transaction inside the game's lock, and the lobby survives a restart: it is in ``seats``.
"""

from __future__ import annotations

from lang import slash, tr

from ..errors import ServiceError
from ..storage import Transaction
from ..teams import draw_pairs, free_team, letter
from .loaded import LoadedGame, Seat
from .store import Games


def pairs_of(lg: LoadedGame) -> list[list[Seat]]:
    """The pairs formed, team A's first (only the teams that have formed)."""
    teams = sorted({s.team for s in lg.seats if s.team is not None})
    return [sorted((s for s in lg.seats if s.team == t), key=lambda s: s.user_id) for t in teams]


def unpair(lg: LoadedGame, user_id: int) -> None:
    """Take a member out of their team (their partner is unpaired too) and forget every
    choice naming them (they leave, or the host pairs them anew)."""
    seat = next((s for s in lg.seats if s.user_id == user_id), None)
    team = seat.team if seat is not None else None
    if team is not None:
        for s in lg.seats:
            if s.team == team:
                s.team, s.paired_by = None, None
    for s in lg.seats:
        if s.partner == user_id:
            s.partner = None


def make_pair(lg: LoadedGame, a: Seat, b: Seat, how: str) -> int:
    """Pair two unpaired seats under the first free letter; returns the team."""
    team = free_team([s.team for s in lg.seats])
    for s, other in ((a, b), (b, a)):
        s.team, s.paired_by, s.partner = team, how, other.user_id
    return team


def draw_rest(lg: LoadedGame) -> list[tuple[Seat, Seat]]:
    """Pair the unpaired seats by the draw (in join order, so the draw is the same after a
    restart); an odd one out stays unpaired."""
    free = sorted((s for s in lg.seats if s.team is None), key=lambda s: s.user_id)
    drawn = draw_pairs(free, lg.seed)
    for a, b in drawn:
        make_pair(lg, a, b, "draw")
    return drawn


async def save(tx: Transaction, lg: LoadedGame) -> None:
    """Write every seat's pairing as the loaded lobby has it."""
    for s in lg.seats:
        await tx.execute(
            "UPDATE seats SET partner = ?, team = ?, paired_by = ? WHERE game_id = ? AND"
            " user_id = ?",
            (s.partner, s.team, s.paired_by, lg.id, s.user_id),
        )


class Pairing:
    """The pairing step of the team lobbies of one store."""

    def __init__(self, games: Games) -> None:
        self.games = games

    async def _lobby(self, game_id: int | None, channel_id: int) -> LoadedGame:
        lg = await self.games.in_channel(channel_id)
        if game_id is not None and lg.id != game_id:
            raise ServiceError(tr("That lobby is closed: use the latest lobby message."))
        if lg.status != "lobby":
            raise ServiceError(tr("This game has already started."))
        if not lg.teams:
            raise ServiceError(tr("This game is not played in teams."))
        return lg

    async def _write(self, lg: LoadedGame) -> None:
        async with self.games.write(lg) as tx:
            await save(tx, lg)

    async def choose(
        self, game_id: int | None, channel_id: int, user_id: int, partner_id: int
    ) -> tuple[LoadedGame, str]:
        """A member chooses their partner; a mutual choice pairs them. Choosing anew leaves
        the member's team (their partner is unpaired)."""
        game_id = (await self._lobby(game_id, channel_id)).id

        async def decide(lg: LoadedGame) -> tuple[LoadedGame, str]:
            me = next((s for s in lg.seats if s.user_id == user_id), None)
            other = next((s for s in lg.seats if s.user_id == partner_id), None)
            if me is None:
                raise ServiceError(
                    tr("Join the game first (Join, or `{join}`).", join=slash("sw join"))
                )
            if other is None:
                raise ServiceError(tr("Choose a player who has joined this game."))
            if other is me:
                raise ServiceError(tr("Choose another player: a team is two players."))
            if me.team is not None and me.team == other.team:
                raise ServiceError(
                    tr("You already play in Team {team} with them.", team=letter(me.team))
                )
            if other.team is not None:
                raise ServiceError(
                    tr(
                        "**{name}** already plays in Team {team}; the host can pair players anew.",
                        name=other.name,
                        team=letter(other.team),
                    )
                )
            if me.team is not None:
                unpair(lg, user_id)
            me.partner = partner_id
            # An AI seat has no choice to make: it accepts the member who chooses it.
            if other.partner == user_id or other.ai is not None:
                team = make_pair(lg, me, other, "choice")
                text = tr(
                    "👥 **{first}** and **{second}** form Team {team}.",
                    first=me.name,
                    second=other.name,
                    team=letter(team),
                )
            else:
                text = tr(
                    "🤝 **{name}** wants to play with **{other}**, who pairs with them by "
                    "choosing {name} too.",
                    name=me.name,
                    other=other.name,
                )
            await self._write(lg)
            return lg, text

        return await self.games.retrying(game_id, decide)

    async def pair(
        self, game_id: int | None, channel_id: int, host_id: int, a: int, b: int
    ) -> tuple[LoadedGame, str]:
        """The host pairs two players (out of the teams they were in)."""
        game_id = (await self._lobby(game_id, channel_id)).id

        async def decide(lg: LoadedGame) -> tuple[LoadedGame, str]:
            if host_id != lg.host_id:
                raise ServiceError(tr("Only the host can pair players."))
            first = next((s for s in lg.seats if s.user_id == a), None)
            second = next((s for s in lg.seats if s.user_id == b), None)
            if first is None or second is None or first is second:
                raise ServiceError(tr("Choose two players who have joined this game."))
            unpair(lg, a)
            unpair(lg, b)
            team = make_pair(lg, first, second, "host")
            await self._write(lg)
            return (
                lg,
                tr(
                    "👥 The host pairs **{first}** and **{second}**: Team {team}.",
                    first=first.name,
                    second=second.name,
                    team=letter(team),
                ),
            )

        return await self.games.retrying(game_id, decide)

    async def draw(
        self, game_id: int | None, channel_id: int, host_id: int
    ) -> tuple[LoadedGame, str]:
        """The host draws the pairs of every unpaired player, from the game's seed."""
        game_id = (await self._lobby(game_id, channel_id)).id

        async def decide(lg: LoadedGame) -> tuple[LoadedGame, str]:
            if host_id != lg.host_id:
                raise ServiceError(tr("Only the host can draw the teams."))
            drawn = draw_rest(lg)
            if not drawn:
                raise ServiceError(tr("Nobody is left to pair: every team has formed."))
            await self._write(lg)
            told = ", ".join(
                tr(
                    "Team {team}: **{first}** & **{second}**",
                    team=letter(x.team or 0),
                    first=x.name,
                    second=y.name,
                )
                for x, y in drawn
            )
            return lg, tr("🎲 Drawn: {pairs}.", pairs=told)

        return await self.games.retrying(game_id, decide)
