"""Playing: a member's actions (checked, then applied and committed inside the game's
lock), their undo, an AI seat's move and the defaults of a passed deadline. A member's press
or command reaches these through ``presses``, which answers it in one call.

Every way a move is played ends in ``Committer.apply``: the same all-or-nothing apply and
the same transaction, whoever plays.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from engine import Action, IllegalAction, parse, problem, to_act
from engine.core.state import from_json, to_json
from lang import slash, tr

from .. import outbox
from ..errors import ServiceError
from .bounds import check_length
from .commit import Committer
from .loaded import LoadedGame
from .outcome import Applied, Outcome
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
        """Refuse now, changing nothing, what ``act`` would refuse for this member in the
        channel's game (``check_on``)."""
        lg = await self.games.in_channel(channel_id)
        seat, parsed = self.check_on(lg, user_id, actions, key=key)
        return lg, seat, parsed

    def check_on(
        self, lg: LoadedGame, user_id: int, actions: Actions, *, key: str | None = None
    ) -> tuple[int, list[Action]]:
        """The member's seat and the parsed actions, or the refusal of the first action.

        The first action is checked against the engine's rules; later ones in a batch can
        only be judged once the earlier ones are applied (``Committer.apply`` checks them
        all). ``act`` checks again inside the game's lock, so a second press of the same
        button, queued behind the first, is refused there.
        """
        seat = self._seat_for(lg, user_id, key)
        items = actions if isinstance(actions, list) else [actions]
        parsed = [parse(a) if isinstance(a, str) else a for a in items]
        if not parsed:
            # "End turn" while picking: there is no turn under way to end.
            raise ServiceError(tr("There is nothing to end yet: pick a combo first."))
        assert lg.game is not None
        why = problem(lg.game.state, seat, parsed[0])
        if why is not None:
            raise IllegalAction(why)
        check_length(lg.game.state, parsed[0])
        return seat, parsed

    def _seat_for(self, lg: LoadedGame, user_id: int, key: str | None) -> int:
        """The member's seat, if they may act in this game now with this button's key."""
        require_running(lg)
        seat = lg.seat_of(user_id)
        if seat is None:
            raise ServiceError(tr("You are not playing in this game."))
        row = lg.seat_row(seat)
        if row.ai is not None and not row.stand_in:
            # The game's time was up (``bot.seasons.tables.finish_now``): no way back.
            raise ServiceError(tr("An AI plays your seat to the end of this game."))
        if row.ai is not None:
            raise ServiceError(
                tr("An AI plays your seat for now: `{back}` takes it back.", back=slash("sw back"))
            )
        if key is not None and not lg.matches(key):
            raise ServiceError(tr("That button belongs to a moment of the game that is over."))
        return seat

    async def act(
        self,
        channel_id: int,
        user_id: int,
        actions: Actions,
        *,
        key: str | None = None,
        game_id: int | None = None,
    ) -> Outcome:
        """Apply one or more actions for a member, all or nothing, committed before returning,
        in the channel's game (or in ``game_id``, the channel's game when it was checked:
        if that one ended meanwhile, the request is refused rather than played elsewhere)."""
        if game_id is None:
            game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> Outcome:
            seat, parsed = self.check_on(lg, user_id, actions, key=key)
            return await self.committer.apply(lg, [(seat, a, user_id, False) for a in parsed])

        return await self.games.retrying(game_id, decide)

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
        acknowledges nothing), ``acknowledge``, then ``act`` on the game checked."""
        lg, _seat, _parsed = await self.check(channel_id, user_id, actions, key=key)
        if acknowledge is not None:
            await acknowledge()
        return await self.act(channel_id, user_id, actions, key=key, game_id=lg.id)

    async def undo(self, channel_id: int, user_id: int, *, key: str | None = None) -> Outcome:
        """Take back the member's last action of this turn.

        With a button's ``key`` (``v<version>``) the undo happens only if nothing changed
        since the button was shown: two presses of one Undo button take back one action.
        """
        game_id = (await self.games.in_channel(channel_id)).id

        async def decide(lg: LoadedGame) -> Outcome:
            seat = self._seat_for(lg, user_id, key)
            game = lg.game
            assert game is not None
            why = game.can_undo(seat)
            if why:
                raise ServiceError(why)
            check_length(game.state, None)
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

        return await self.games.retrying(game_id, decide)

    async def act_ai(self, game_id: int, seat: int, action: Action, version: int) -> Outcome | None:
        """Play an AI seat's move, if the game is still where the AI looked at it (same
        version, the same AI seat to act); None when it moved on meanwhile."""

        async def decide(lg: LoadedGame) -> Outcome | None:
            if lg.status != "active" or lg.game is None or lg.paused:
                return None
            state = lg.game.state
            if state.version != version or to_act(state) != seat:
                return None
            if lg.seat_row(seat).ai is None:
                return None
            return await self.committer.apply(lg, [(seat, action, None, False)])

        return await self.games.retrying(game_id, decide)

    async def run_deadline(self, game_id: int) -> Outcome | None:
        """Apply the defaults for a decision whose deadline has passed, until someone else acts."""

        async def decide(lg: LoadedGame) -> Outcome | None:
            if lg.status != "active" or lg.game is None or lg.deadline_at is None or lg.paused:
                return None
            if lg.deadline_at > self.games.clock():
                return None
            if await outbox.untold(self.games.storage, game_id, lg.deadline_at):
                return None  # its member was never told: their time has not started
            seat = to_act(lg.game.state)
            if seat is None:
                return None
            batch, note, takeover = missed_deadline(lg, seat)
            return await self.committer.apply(lg, batch, note=note, takeover=takeover)

        return await self.games.retrying(game_id, decide)
