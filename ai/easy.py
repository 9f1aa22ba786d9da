"""The easy level: greedy on the evaluation, one action at a time.

Picking, it plays each affordable combo's first turn with the quick player on a private copy
and takes the one that leaves the most coins plus tokens to conquer with later. Conquering, it
takes a free gain on offer first (the Fountain's token), declines when at most one more region
is within reach, else it tries every action but abandonment on a private copy and takes the one
whose position ``ai.evaluate.value`` rates best, counting the tokens a conquest ties up against
it; when nothing beats stopping it tries a final conquest the die is likely to win.
Redeploying, it takes a special placement that raises the evaluation, puts tokens in hand one
by one in the region most exposed to attack for its defence, and ends. The team game's own
decisions (Monsters at setup, the team pieces, the Sigil) are ``ai.teamplay``'s. Every
choice is on a determinized copy (``ai.hidden``).
"""

from __future__ import annotations

from engine import Action, GameState, apply, legal_actions, to_act
from engine.core.actions import (
    Abandon,
    Conquer,
    Decline,
    Deploy,
    EndConquests,
    EndTurn,
    Finish,
    Move,
    Reinforce,
)
from engine.core.conquest import conquest_cost
from engine.core.copying import clone
from engine.core.state import CONQUER, PICK, SETUP
from engine.core.turn import acting_race
from engine.rulesets.teams.mirror import SwapPowers

from . import quick, teamplay
from .evaluate import exposure, value
from .hidden import decision_rng, determinize
from .player import Player

#: Per token a conquest ties up (on top of the hand's own weight in the evaluation).
COST_WEIGHT = 0.08
#: A special action must raise the evaluation by this much to be worth taking.
GAIN = 0.05
#: Future worth of each token of the picked race left after its first turn.
TOKEN_WORTH = 0.25
#: At most this many actions are tried on copies; past that, the conquests the quick player
#: rates lowest are left out.
MAX_TRIED = 24
#: Longest stretch of one turn the pick look-ahead plays before it stops counting.
TURN_ACTIONS = 60


def play_own_turn(s: GameState, seat: int) -> None:
    """Play the rest of ``seat``'s turn on ``s`` with the quick player."""
    for _ in range(TURN_ACTIONS):
        if to_act(s) != seat or s.turn.seat != seat or s.over:
            return
        actions = legal_actions(s, seat)
        apply(s, seat, quick.choose(s, seat, actions), validate=False)


def race_tokens(s: GameState, seat: int) -> int:
    """Tokens of the seat's active race, on the board and in hand."""
    name = s.players[seat].active
    if name is None:
        return 0
    return s.races[name].hand + sum(r.tokens for r in s.regions if r.race == name)


def hand(s: GameState) -> int:
    """Tokens in the acting race's hand."""
    race = acting_race(s)
    return race.hand if race is not None else 0


class Easy(Player):
    """Greedy player (see module doc)."""

    level = "easy"

    def decide(self, state: GameState, seat: int, actions: list[Action]) -> Action:
        """Greedy choice on a determinized copy of ``state``."""
        s = determinize(state, seat, decision_rng(self.seed, state, seat))
        return self.act(s, seat, actions)

    def act(self, s: GameState, seat: int, actions: list[Action]) -> Action:
        """The greedy choice on ``s``, which must already be a private copy (a search's)."""
        if len(actions) == 1:
            return actions[0]
        settled, actions = self.team(s, seat, actions)
        if settled is not None:
            return settled
        phase = s.turn.phase
        if phase == SETUP:
            # A setup decision ``ai.teamplay`` does not know: the engine's default.
            return actions[0]
        if phase == PICK:
            return self.pick(s, seat, actions)
        if phase == CONQUER:
            return self.conquer(s, seat, actions)
        return self.redeploy(s, seat, actions)

    def team(
        self, s: GameState, seat: int, actions: list[Action]
    ) -> tuple[Action | None, list[Action]]:
        """A team decision settled now (``ai.teamplay``: the Monsters, the pieces' choices,
        the Sigil's mode, answers and standing order, the Mirror's swap), else None and the
        actions left to weigh (without the optional team actions)."""
        if not teamplay.has_team_decision(actions):
            return None, actions
        settled = teamplay.choice(s, seat, actions)
        if settled is not None:
            return settled, actions
        if teamplay.swap_offered(actions) and teamplay.swap_better(s, seat):
            return SwapPowers(), actions
        return None, teamplay.plain(actions)

    def pick(self, s: GameState, seat: int, actions: list[Action]) -> Action:
        """The combo whose first turn (played by the quick player) looks best."""
        start = s.players[seat].coins
        best, best_v = actions[0], float("-inf")
        for a in actions:
            c = clone(s)
            try:
                apply(c, seat, a, validate=False)
                play_own_turn(c, seat)
            except Exception:  # illegal in this guessed world: skip it
                continue
            v = c.players[seat].coins - start + TOKEN_WORTH * race_tokens(c, seat)
            if v > best_v:
                best, best_v = a, v
        return best

    def tried(self, s: GameState, seat: int, actions: list[Action]) -> list[Action]:
        """The actions worth evaluating: no abandonment, decline or die roll, and at most
        ``MAX_TRIED`` conquests (the quick player's favourites)."""
        out = [a for a in actions if not isinstance(a, (Abandon, Decline, Reinforce))]
        if len(out) <= MAX_TRIED:
            return out
        race = acting_race(s)
        if race is None:  # a decision of no race's conquests: keep the first listed
            return out[:MAX_TRIED]
        conquests = [a for a in out if type(a) is Conquer]
        others = [a for a in out if type(a) is not Conquer]
        conquests.sort(
            key=lambda a: (
                -quick.conquest_value(
                    s,
                    seat,
                    a.region,
                    conquest_cost(s, race, a.region),
                )
            )
        )
        return others + conquests[: max(1, MAX_TRIED - len(others))]

    def conquer(self, s: GameState, seat: int, actions: list[Action]) -> Action:
        """Decline, the best-rated action, or a final conquest (see module doc)."""
        settled, actions = self.team(s, seat, actions)
        if settled is not None:
            return settled
        if Decline() in actions and quick.should_decline(s, actions):
            return Decline()
        gain = quick.free_gain(actions)
        if gain is not None:
            return gain
        stop = EndConquests()
        rated, stop_v = self.rate(s, seat, actions)
        best: Action | None = None
        best_v = float("-inf")
        for v, a in rated:
            if v > best_v:
                best, best_v = a, v
        if best is None or best == stop or best_v <= stop_v:
            roll = quick.best_reinforce(s, actions)
            if roll is not None:
                return roll
            if stop in actions:
                return stop
        return best if best is not None else quick.fallback(s, actions)

    def rate(
        self, s: GameState, seat: int, actions: list[Action]
    ) -> tuple[list[tuple[float, Action]], float]:
        """Each action worth trying (``tried``) with its rating, in listed order, and the
        rating of stopping: the evaluation after it on a private copy, less
        ``COST_WEIGHT`` a token it ties up. Special actions that conquer nothing and do not
        raise the evaluation by ``GAIN`` are left out."""
        now = value(s, seat)
        before = hand(s)
        stop = EndConquests()
        stop_v = now
        rated: list[tuple[float, Action]] = []
        for a in self.tried(s, seat, actions):
            c = clone(s)
            try:
                apply(c, seat, a, validate=False)
            except Exception:  # illegal in this guessed world: skip it
                continue
            used = max(0, before - hand(c)) if c.turn.phase == CONQUER else 0
            v = value(c, seat) - COST_WEIGHT * used
            if a == stop:
                stop_v = v
            elif c.turn.phase == CONQUER and hand(c) >= before and v <= now + GAIN:
                # A special action that conquers nothing must be worth something.
                continue
            rated.append((v, a))
        return rated, stop_v

    def candidates(self, s: GameState, seat: int, actions: list[Action], k: int) -> list[Action]:
        """Up to ``k`` distinct first moves of a conquest phase worth comparing by playouts:
        the easy player's own choice first, then the best-rated others (``rate``), whatever
        they are (a conquest, a special action, stopping)."""
        settled, actions = self.team(s, seat, actions)
        if settled is not None:
            return [settled]
        mine = self.conquer(s, seat, actions)
        if k <= 1 or mine.bonus:
            # A free gain (the Fountain's token) is always taken first: nothing to compare.
            return [mine]
        rated, _ = self.rate(s, seat, actions)
        rated.sort(key=lambda va: -va[0])  # stable: listed order breaks ties
        out = [mine]
        for _, a in rated:
            if len(out) >= k:
                break
            if a not in out:
                out.append(a)
        return out

    def redeploy(self, s: GameState, seat: int, actions: list[Action]) -> Action:
        """A worthwhile special placement, else a token to the most exposed region, else end."""
        closers = [a for a in actions if isinstance(a, (EndTurn, Finish))]
        specials = [a for a in actions if not isinstance(a, (Deploy, Move, EndTurn, Finish))]
        if not closers:
            # A choice is owed before the redeployment may end (the Amazons' 4, say): choose
            # among the options of that choice only, so that every step pays it off.
            due = quick.fallback(s, actions)
            specials = [a for a in specials if type(a) is type(due)] or [due]
        if specials:
            now = value(s, seat)
            best: Action | None = None
            best_v = float("-inf")
            for a in specials:
                c = clone(s)
                try:
                    apply(c, seat, a, validate=False)
                except Exception:  # illegal in this guessed world: skip it
                    continue
                v = value(c, seat)
                if v > best_v:
                    best, best_v = a, v
            if best is not None and (best_v > now + GAIN or not closers):
                return best
        deploys = [a for a in actions if isinstance(a, Deploy)]
        if deploys:
            spots = sorted({a.region for a in deploys})
            rated = {rid: exposure(s, rid, seat) / (1 + s.regions[rid].tokens) for rid in spots}
            where = max(spots, key=lambda rid: (rated[rid], -rid))
            if rated[where] > 0 or not closers:
                return Deploy(where, 1)
        if closers:
            if EndTurn(decline=True) in actions:
                return EndTurn(decline=quick.stout_should_decline(s, seat))
            return closers[0]
        return quick.fallback(s, actions)
