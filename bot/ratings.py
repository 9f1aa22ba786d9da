"""Rating math for server leagues: pure functions, no storage and no Discord.

A player's skill is a belief ``Rating(mu, sigma)``: ``mu`` is the best guess, ``sigma`` how
unsure it is. After each rated game every player's belief is updated with openskill's
Plackett–Luce model (Weng & Lin, 2011), which takes a full finishing order of any number of
players or teams, ties included.

Players never see ``mu`` and ``sigma``. They see ``display(rating)``, one whole number built
from the cautious estimate ``mu - 3 * sigma`` (openskill's "ordinal"): see ``display``.

This module owns the model's settings. Callers pass plain ``Rating`` values and user ids and
never touch openskill, so every stored rating was produced by the same settings.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = [
    "DEFAULT",
    "DISPLAY_SCALE",
    "DISPLAY_START",
    "LIMIT_SIGMA",
    "PROVISIONAL_GAMES",
    "TAU",
    "Rating",
    "display",
    "model",
    "ordinal",
    "ranks_from_scores",
    "rate",
]

#: Players with fewer rated games than this in a season are provisional: shown apart from
#: the standings, because their number still says more about the prior than about them.
PROVISIONAL_GAMES = 5

# --- model settings ------------------------------------------------------------------------
#
# tau (openskill's default, 25/300 ≈ 0.083): before every game each player's sigma is widened
# a little, sqrt(sigma² + tau²). Without it sigma only ever shrinks, so after a long season a
# regular's rating would barely move whatever they did: a player who improves in March would
# still be judged on January. With it, sigma levels off at about 1.5 instead of going on
# towards 0 (it is still 3 to 6 after the 20 to 50 games of a busy season, and about 2 after
# 200), so every game keeps a weight.
#
# limit_sigma (on): a game may not leave a player's sigma above what it was before the game.
# The tau widening still makes the game count more, but it is taken back if the game itself
# taught less than tau added. This matters for the number players see, mu - 3σ: without the
# limit, a clear favourite who wins gains almost no mu while sigma grows by the tau widening,
# so "I won and my rating went down" happens. With it, finishing first never lowers a
# player's displayed rating (first place always gains mu, and sigma never grows).
#
# Both are given to the model's constructor, never to ``PlackettLuce.rate``: openskill's
# ``rate(limit_sigma=...)`` also overwrites the model's own setting, and ``rate(tau=0)``
# silently falls back to the model's tau.
TAU = 25.0 / 300.0
LIMIT_SIGMA = True


def model() -> PlackettLuce:
    """A Plackett–Luce model with the league's settings (openskill's defaults for the rest).

    A new one each call, so nothing a caller does to a model can leak into later games.
    """
    return PlackettLuce(tau=TAU, limit_sigma=LIMIT_SIGMA)


@dataclass(frozen=True)
class Rating:
    """A belief about a player's skill: mean ``mu`` and standard deviation ``sigma``."""

    mu: float
    sigma: float


_DEFAULTS = model()
#: A player's rating before their first rated game of a season: openskill's prior,
#: mu = 25 and sigma = 25/3, so that mu - 3σ = 0.
DEFAULT = Rating(_DEFAULTS.mu, _DEFAULTS.sigma)


def rate(teams: list[list[tuple[int, Rating]]], ranks: list[int]) -> dict[int, Rating]:
    """Every player's rating after one finished game.

    ``teams`` lists the sides of the game, each a list of ``(user_id, rating before)``. A
    free-for-all game (2 to 5 players) is one single-player team per player; a 6-player
    team game is three teams of two. ``ranks[i]`` is where ``teams[i]`` finished: 1 is
    first, and sides that tied share a rank, as in ``[1, 2, 2, 4]``. Only the order of the
    ranks matters, not their gaps.

    Returns the new rating of every player, by user id. The result depends only on the
    arguments (no randomness, no state kept between calls).

    Raises ``ValueError`` for fewer than two teams, an empty team, a user on two seats,
    or ranks that do not match the teams.
    """
    if len(teams) < 2:
        raise ValueError(f"a rated game needs at least two teams, got {len(teams)}")
    if len(ranks) != len(teams):
        raise ValueError(f"{len(ranks)} ranks for {len(teams)} teams")
    if any(r < 1 for r in ranks):
        raise ValueError(f"ranks start at 1, got {ranks}")
    if any(not team for team in teams):
        raise ValueError("every team needs at least one player")
    user_ids = [user_id for team in teams for user_id, _ in team]
    if len(set(user_ids)) != len(user_ids):
        raise ValueError(f"a user appears more than once in one game: {user_ids}")

    m = model()
    before = [[m.rating(mu=r.mu, sigma=r.sigma) for _, r in team] for team in teams]
    after = m.rate(before, ranks=[float(r) for r in ranks])

    out: dict[int, Rating] = {}
    for team, new_team in zip(teams, after, strict=True):
        for (user_id, _), new in zip(team, new_team, strict=True):
            out[user_id] = Rating(new.mu, new.sigma)
    return out


def ordinal(r: Rating) -> float:
    """The cautious estimate ``mu - 3 * sigma`` (openskill's ``ordinal()``).

    The player's skill is above it with about 99.9% confidence, so a player climbs both by
    winning (mu rises) and by playing enough for the bot to be sure (sigma falls).
    """
    return PlackettLuceRating(r.mu, r.sigma).ordinal()


#: What a new player shows: the display of ``DEFAULT``, whose ordinal is 0.
DISPLAY_START = 1000
#: Display points per unit of ordinal.
DISPLAY_SCALE = 20


def display(r: Rating) -> int:
    """The rating as players see it: ``1000 + round(20 * (mu - 3 * sigma))``.

    A new player shows 1000. With the scale of 20, one game moves the number by a few tens:
    a new player winning their first 2-player game goes to about 1069 (a 5-player game:
    about 1056) and the loser of a 2-player game to about 963. Later in a season, once sigma
    is near 3 to 5, a game typically moves a player by roughly 10 to 30 points. Regulars of
    average skill drift above 1000 as the bot grows sure of them (sigma falls); between two
    regulars who are equally sure, each point of mu is 20 display points.
    """
    return DISPLAY_START + round(DISPLAY_SCALE * ordinal(r))


def _better_first(score: tuple[int, int]) -> tuple[int, int]:
    """Sort key putting the better ``(coins, tokens_on_board)`` first."""
    coins, tokens = score
    return (-coins, -tokens)


def ranks_from_scores(scores: list[tuple[int, int]]) -> list[int]:
    """The finishing rank of every seat, from ``(coins, tokens_on_board)`` per seat.

    Small World's rule (``engine.core.scoring.game_over``): most coins wins, a tie on coins goes
    to the most race tokens (active and in decline) on the board, and players still tied
    share the place (docs/rulings.md, ruling 26). Ranks are "1224" style: a seat's rank is
    1 + the number of seats strictly ahead of it, so ``[(10, 3), (8, 5), (8, 5), (4, 9)]``
    gives ``[1, 2, 2, 4]``.
    """
    keys = [_better_first(s) for s in scores]
    return [1 + sum(1 for other in keys if other < key) for key in keys]
