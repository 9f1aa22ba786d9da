"""AI players for Small World: pure Python on the engine, no Discord.

Actions come only from ``engine.legal_actions`` and are played with ``engine.apply``; besides
those the players read the state through read-only engine queries (conquest costs, the score a
turn would make, the map) on private copies (``engine.core.copying.clone``, ``ai.hidden``).

``make_player(level, seed=..., budget_s=..., iterations=...)`` returns an object whose
``choose(state, seat)`` gives a legal action for the seat to act, on either world, in every
phase, off-turn decisions (a defender placing tokens) included. Levels: ``random`` (the
floor), ``easy`` (greedy), ``normal`` (flat Monte-Carlo) and ``hard`` (determinized
Monte-Carlo search by sequential halving). ``python -m ai tournament`` and
``python -m ai check`` measure them.
"""

from __future__ import annotations

from .player import Player, RandomPlayer

LEVELS = ("random", "easy", "normal", "hard")


def make_player(
    level: str,
    seed: int = 0,
    *,
    budget_s: float | None = None,
    iterations: int | None = None,
) -> Player:
    """A player of ``level`` (one of ``LEVELS``) drawing its choices from ``seed``."""
    from .easy import Easy
    from .hard import Hard
    from .normal import Normal

    classes: dict[str, type[Player]] = {
        "random": RandomPlayer,
        "easy": Easy,
        "normal": Normal,
        "hard": Hard,
    }
    if level not in classes:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    return classes[level](seed, budget_s=budget_s, iterations=iterations)


__all__ = ["LEVELS", "Player", "RandomPlayer", "make_player"]
