"""What a seat may not know, and the private copies an AI plays its searches on.

An AI is handed the real ``GameState``, which holds more than its seat may see. Before
looking at anything it makes a *determinization*: a private copy in which every hidden part
is replaced by a guess drawn from public information and the AI's own random generator:

- other players' coins (and their score histories), a team game's partner's included [TEAMS
  "Their individual stash of victory coins remains secret and should not be shared with their
  partner"], become an estimate from the board: the
  starting coins plus, for each turn the player has played, as many coins as the regions
  their races hold now (``estimate_coins``); a finished game shows every purse, so nothing
  is guessed then;
- the order of the banner and badge stacks and of the face-down Places and Relics is
  reshuffled from its *sorted* contents, so the real order cannot leak through;
- the seed that draws future die rolls (and reshuffles) is replaced by one of the AI's, so the
  die faces the search sees are guesses, not the real future;
- private events (other players' scores) are dropped.

The numbers of cards in each stack, the board, the market, hands and markers are public and
kept. Because the copy is built only from public parts plus the AI's own draws, two states
that differ only in hidden information give the same copy for the same draws; a test checks
that the players' choices do not change either.
"""

from __future__ import annotations

import random

from engine import GameState
from engine.core.content import components
from engine.core.copying import clone
from engine.core.state import OVER

#: Coins each player starts with [SW p.2]; the estimate of a purse starts there too.
STARTING_COINS: int = components()["starting_coins"]


def turns_played(s: GameState, seat: int) -> int:
    """How many of its own turns ``seat`` has finished (public: the turn track and seat order)."""
    done = s.round - 1
    if seat < s.turn.seat:
        done += 1
    return done


def estimate_coins(s: GameState, seat: int) -> int:
    """A public guess at ``seat``'s coins: its income now, as if earned on every past turn."""
    held = sum(1 for r in s.regions if r.owner == seat and r.race is not None)
    return STARTING_COINS + turns_played(s, seat) * held


def determinize(s: GameState, seat: int, rng: random.Random) -> GameState:
    """A private copy of ``s`` for ``seat`` with every hidden part resampled (see module doc)."""
    d = clone(s)
    # Every purse is public once the game is over, or all along in an open-scores game.
    if not (s.turn.phase == OVER or s.options.get("open_scores")):
        for other, p in enumerate(d.players):
            if other == seat:
                continue
            p.coins = estimate_coins(s, other)
            p.score_history = []
        d.events = [e for e in d.events if not e.get("private") or e.get("seat") == seat]
        d.last_events = [e for e in d.last_events if not e.get("private") or e.get("seat") == seat]
    d.race_stack = sorted(d.race_stack)
    rng.shuffle(d.race_stack)
    d.power_stack = sorted(d.power_stack)
    rng.shuffle(d.power_stack)
    d.treasures = sorted(d.treasures)
    rng.shuffle(d.treasures)
    d.seed = rng.getrandbits(62)
    return d


def decision_rng(seed: int, s: GameState, seat: int, salt: int = 0) -> random.Random:
    """The random generator of one decision: from the AI's seed and public facts only, so the
    same state and seed give the same choice."""
    return random.Random(hash((seed, s.version, s.round, seat, salt)) & ((1 << 62) - 1))
