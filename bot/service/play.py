"""Playing: a member's actions (checked, then applied and committed inside the game's
lock), their undo, an AI seat's move, the defaults of a passed deadline, and a press on a
member's panel answered in one call (``PanelReply``).

Every way a move is played ends in ``Committer.apply``: the same all-or-nothing apply and
the same transaction, whoever plays.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from engine import Action, EngineError, IllegalAction, parse, problem, to_act
from engine.core.state import from_json, to_json

from ..errors import ServiceError
from .commit import Committer
from .loaded import LoadedGame
from .outcome import Applied, Outcome, PanelReply
from .store import UNDO, Games, require_running
from .takeover import missed_deadline

#: What a member asks to play: one action or several, as actions or their text forms.
Actions = list[Action | str] | Action | str
#: Called once a request passed the first check, before it is applied (a press is
#: acknowledged there, within Discord's 3 seconds).
Acknowledge = Callable[[], Awaitable[object]]


class Play:
    """The moves of the games of one store, whoever plays them."""

    def __init__(self, games: Games, committer: Committer) -> None:
        self.games = games
        self.committer = committer

    async def check(
        self, channel_id: int, user_id: int, actions: Actions, *, key: str | None = None
    ) -> tuple[LoadedGame, int, list[Action]]:
        """Refuse now, changing nothing, what ``act`` would refuse for this member.

        The first action is checked against the engine's rules; later ones in a batch can
        only be judged once the earlier ones are applied (``act`` checks them all again).
        ``act`` calls this again inside the game's lock, so a second press of the same
        button, queued behind the first, is refused there.
        """
        lg = await self.games.in_channel(channel_id)
        seat = self._seat_for(lg, user_id, key)
        items = actions if isinstance(actions, list) else [actions]
        parsed = [parse(a) if isinstance(a, str) else a for a in items]
        if not parsed:
            # "End turn" while picking: there is no turn under way to end.
            raise ServiceError("There is nothing to end yet: pick a combo first.")
        assert lg.game is not None
        why = problem(lg.game.state, seat, parsed[0])
        if why is not None:
            raise IllegalAction(why)
        return lg, seat, parsed

    def _seat_for(self, lg: LoadedGame, user_id: int, key: str | None) -> int:
        """The member's seat, if they may act in this game now with this button's key."""
        require_running(lg)
        seat = lg.seat_of(user_id)
        if seat is None:
            raise ServiceError("You are not playing in this game.")
        if lg.seat_row(seat).ai is not None:
            raise ServiceError("An AI plays your seat for now: `/sw back` takes it back.")
        if key is not None and not lg.matches(key):
            raise ServiceError("That button belongs to a moment of the game that is over.")
        return seat

    async def act(
        self, channel_id: int, user_id: int, actions: Actions, *, key: str | None = None
    ) -> Outcome:
        """Apply one or more actions for a member, all or nothing, committed before returning."""
        lg = await self.games.in_channel(channel_id)
        async with self.games.lock(lg.id):
            lg, seat, parsed = await self.check(channel_id, user_id, actions, key=key)
            return await self.committer.apply(lg, [(seat, a, user_id, False) for a in parsed])

    async def play(
        self,
        channel_id: int,
        user_id: int,
        actions: Actions,
        *,
        key: str | None = None,
        acknowledge: Acknowledge | None = None,
    ) -> Outcome:
        """A member's request from start to end: ``check`` (a refusal changes nothing and
        acknowledges nothing), ``acknowledge``, then ``act``."""
        await self.check(channel_id, user_id, actions, key=key)
        if acknowledge is not None:
            await acknowledge()
        return await self.act(channel_id, user_id, actions, key=key)

    async def undo(self, channel_id: int, user_id: int, *, key: str | None = None) -> Outcome:
        """Take back the member's last action of this turn.

        With a button's ``key`` (``v<version>``) the undo happens only if nothing changed
        since the button was shown: two presses of one Undo button take back one action.
        """
        lg = await self.games.in_channel(channel_id)
        async with self.games.lock(lg.id):
            lg = await self.games.in_channel(channel_id)
            seat = self._seat_for(lg, user_id, key)
            game = lg.game
            assert game is not None
            why = game.can_undo(seat)
            if why:
                raise ServiceError(why)
            snapshot, log = to_json(game.state), list(game.log)
            game.undo(seat)
            outcome = Outcome(lg, applied=[Applied(seat, UNDO, "Undo")])
            try:
                await self.committer.commit(lg, [(seat, UNDO, user_id, False)], outcome=outcome)
            except BaseException:
                game.state, game.log = from_json(snapshot), log
                self.games.forget(lg.id)
                raise
            return outcome

    async def act_ai(self, game_id: int, seat: int, action: Action, version: int) -> Outcome | None:
        """Play an AI seat's move, if the game is still where the AI looked at it (same
        version, the same AI seat to act); None when it moved on meanwhile."""
        lg = await self.games.load(game_id)
        async with self.games.lock(lg.id):
            if lg.status != "active" or lg.game is None or lg.paused:
                return None
            state = lg.game.state
            if state.version != version or to_act(state) != seat:
                return None
            if lg.seat_row(seat).ai is None:
                return None
            return await self.committer.apply(lg, [(seat, action, None, False)])

    async def run_deadline(self, game_id: int) -> Outcome | None:
        """Apply the defaults for a decision whose deadline has passed, until someone else acts."""
        lg = await self.games.load(game_id)
        async with self.games.lock(lg.id):
            if lg.status != "active" or lg.game is None or lg.deadline_at is None or lg.paused:
                return None
            if lg.deadline_at > self.games.clock():
                return None
            seat = to_act(lg.game.state)
            if seat is None:
                return None
            batch, note, takeover = missed_deadline(lg, seat)
            return await self.committer.apply(lg, batch, note=note, takeover=takeover)

    # --- a member's panel -------------------------------------------------------------

    async def panel_game(self, game_id: int, channel_id: int | None, user_id: int) -> PanelReply:
        """The game a panel belongs to, with the member's seat in it; an ``error`` if it is
        gone or is not the running game of this channel."""
        try:
            lg = await self.games.load(game_id)
        except ServiceError as exc:
            return PanelReply(error=str(exc))
        if lg.channel_id != channel_id or lg.game is None:
            return PanelReply(error="That panel belongs to a game that is not running here.")
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
        played for the panel's version (``play``), and the answer: what was played with
        the events to tell the member, or the refusal with the game as it is now."""
        reply = await self.panel_game(game_id, channel_id, user_id)
        if reply.error is not None:
            return reply
        try:
            outcome = await self.play(
                channel_id, user_id, actions, key=f"v{version}", acknowledge=acknowledge
            )
        except (ServiceError, EngineError) as exc:
            # Refused at the first check, or inside the lock when someone else's action
            # (or the same press twice) got in between.
            lg = await self.games.load(game_id)
            return PanelReply(lg, lg.seat_of(user_id), refusal=exc)
        lg = outcome.game
        return PanelReply(lg, lg.seat_of(user_id), outcome=outcome, events=outcome.events)

    async def panel_undo(
        self, game_id: int, channel_id: int | None, user_id: int, version: int
    ) -> PanelReply:
        """Undo from a panel, only if the game is still at the panel's version (two taps
        undo one action): the answer as for ``panel_play``."""
        reply = await self.panel_game(game_id, channel_id, user_id)
        if reply.error is not None:
            return reply
        try:
            outcome = await self.undo(channel_id or 0, user_id, key=f"v{version}")
        except (ServiceError, EngineError) as exc:
            lg = await self.games.in_channel(channel_id or 0)
            return PanelReply(lg, lg.seat_of(user_id), refusal=exc)
        lg = outcome.game
        return PanelReply(lg, lg.seat_of(user_id), outcome=outcome, events=outcome.events)
