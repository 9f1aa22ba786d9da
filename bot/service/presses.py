"""A member's press or command answered in one call (``PanelReply``): the game read and
checked, what the press asks played and committed, and the member's seat and the events
to tell them, so that the desk asks the service once per press.

Three doors, each with the checks of its own controls, lead to the same moves (``Play``):
a member's own panel (``panel_*``: the panel's game and version), a button of a public
game message (``message_press``: the message's game, the button's key, the member to
act), and a slash command (``request``, ``request_undo``: the channel's game).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from engine import Action, EngineError
from engine.core.legal import end_actions
from engine.core.state import GameState
from lang import tr

from ..errors import ServiceError
from .loaded import LoadedGame
from .outcome import Outcome, PanelReply
from .play import Acknowledge, Actions, Play
from .store import Games

#: Actions known only once the game is read: a function of its state (``end_actions``
#: for End turn, whose actions depend on where the turn stands).
Planned = Callable[[GameState], Sequence[Action]]
#: Buttons of a public game message that only show something: the member's coins (in any
#: game of the channel), the combos and the member's panel (in a running game).
LOOKS = frozenset({"coins", "combos", "play", "answer", "words"})


class Presses:
    """The answers to the presses and commands of the games of one store."""

    def __init__(self, games: Games, moves: Play) -> None:
        self.games = games
        self.moves = moves

    async def answer(
        self,
        user_id: int,
        act: Callable[[], Awaitable[Outcome]],
        reload: Callable[[], Awaitable[LoadedGame]] | None = None,
    ) -> PanelReply:
        """Play ``act`` and answer: the game with what it did, or its refusal (nothing was
        played then), with the game read again by ``reload`` when the answer shows it."""
        try:
            outcome = await act()
        except (ServiceError, EngineError) as exc:
            # Refused at the first check, or inside the lock when someone else's action
            # (or the same press twice) got in between.
            if reload is None:
                return PanelReply(refusal=exc)
            lg = await reload()
            return PanelReply(lg, lg.seat_of(user_id), refusal=exc)
        lg = outcome.game
        return PanelReply(lg, lg.seat_of(user_id), outcome=outcome, events=outcome.events)

    # --- a slash command ----------------------------------------------------------------

    async def request(
        self,
        channel_id: int,
        user_id: int,
        actions: Actions | Planned,
        *,
        key: str | None = None,
        acknowledge: Acknowledge | None = None,
    ) -> PanelReply:
        """A member's request in the channel's game (``Play.play``); ``actions`` may be
        ``Planned``, worked out from the game as it is when read. A refusal is answered by
        itself, without the game."""

        async def act() -> Outcome:
            planned: Actions
            if callable(actions):
                lg = await self.games.in_channel(channel_id)
                if lg.game is None:
                    raise ServiceError(tr("The game has not started yet."))
                planned = [*actions(lg.game.state)]
            else:
                planned = actions
            return await self.moves.play(
                channel_id, user_id, planned, key=key, acknowledge=acknowledge
            )

        return await self.answer(user_id, act)

    async def request_undo(
        self, channel_id: int, user_id: int, *, key: str | None = None
    ) -> PanelReply:
        """Take back the member's last action in the channel's game (``Play.undo``)."""
        return await self.answer(user_id, lambda: self.moves.undo(channel_id, user_id, key=key))

    # --- a button of a public game message ---------------------------------------------

    async def message_press(
        self,
        game_id: int,
        channel_id: int | None,
        user_id: int,
        verb: str,
        key: str,
        acknowledge: Acknowledge | None = None,
    ) -> PanelReply:
        """A button of a game message: an ``error`` if the message's game is gone, is
        another channel's, is over (but for the coins) or waits for someone else (for a
        button that plays). Else, for a button that shows something, the game with the
        member's seat; for End turn, Done placing, Decline or Undo, as ``request``: what it
        played, or why nothing was."""
        try:
            lg = await self.games.load(game_id)
        except ServiceError as exc:
            return PanelReply(error=str(exc))
        if lg.channel_id != channel_id:
            return PanelReply(error=tr("That button belongs to another channel's game."))
        if verb != "coins" and (lg.status != "active" or lg.game is None):
            return PanelReply(error=tr("This game is over."))
        if verb in LOOKS:
            return PanelReply(lg, lg.seat_of(user_id))
        assert lg.game is not None
        actor = lg.actor_id()
        if actor != user_id:
            seat = lg.seat_of(actor) if actor else None
            if seat is None:
                return PanelReply(error=tr("Only nobody can press this now."))
            who = lg.game.state.players[seat].name
            return PanelReply(error=tr("Only {who} can press this now.", who=who))
        assert channel_id is not None  # it is the game's channel (checked above)
        if verb == "undo":
            return await self.request_undo(channel_id, user_id, key=key)
        actions: Actions | Planned = "decline" if verb == "decline" else end_actions
        return await self.request(channel_id, user_id, actions, key=key, acknowledge=acknowledge)

    # --- a member's panel ---------------------------------------------------------------

    async def panel_game(self, game_id: int, channel_id: int | None, user_id: int) -> PanelReply:
        """The game a panel belongs to, with the member's seat in it; an ``error`` if it is
        gone or is not the running game of this channel."""
        try:
            lg = await self.games.load(game_id)
        except ServiceError as exc:
            return PanelReply(error=str(exc))
        if lg.channel_id != channel_id or lg.game is None:
            return PanelReply(error=tr("That panel belongs to a game that is not running here."))
        return PanelReply(lg, lg.seat_of(user_id))

    async def panel_play(
        self,
        game_id: int,
        channel_id: int,
        user_id: int,
        actions: Actions,
        version: int,
        acknowledge: Acknowledge | None = None,
    ) -> PanelReply:
        """A panel press that plays: the panel's game checked (``panel_game``), the actions
        played for the panel's version (``Play.play``), and the answer: what was played
        with the events to tell the member, or the refusal with the game as it is now."""
        reply = await self.panel_game(game_id, channel_id, user_id)
        if reply.error is not None:
            return reply
        return await self.answer(
            user_id,
            lambda: self.moves.play(
                channel_id, user_id, actions, key=f"v{version}", acknowledge=acknowledge
            ),
            lambda: self.games.load(game_id),
        )

    async def panel_undo(
        self, game_id: int, channel_id: int | None, user_id: int, version: int
    ) -> PanelReply:
        """Undo from a panel, only if the game is still at the panel's version (two taps
        undo one action): the answer as for ``panel_play``."""
        reply = await self.panel_game(game_id, channel_id, user_id)
        if reply.error is not None:
            return reply
        return await self.answer(
            user_id,
            lambda: self.moves.undo(channel_id or 0, user_id, key=f"v{version}"),
            lambda: self.games.in_channel(channel_id or 0),
        )
