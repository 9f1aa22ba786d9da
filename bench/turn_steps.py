"""Measure: the steps (actions, and undos) of the longest turn of simulated games, on which
the bound of a stored turn rests (``bot.service.bounds.MAX_TURN_STEPS``).

    python bench/turn_steps.py --games 100 --ai-games 4 --seed 1

Plays games of every player count on each world, team games and mixed markets among them,
by the benchmark's weighted random player (``random``), by a player choosing uniformly among
the legal actions, shuffling tokens as readily as it ends a turn (``uniform``: the clumsiest
player there is), and by the easy AI (``easy``: it deploys its tokens one at a time, the
longest way a real turn is played). Prints one line per kind of game and player:
``world=W players=N options=O player=P games=G turns=T longest=L p99=X mean=M``, then
``longest_real=L longest_uniform=U bound=B bound_over_longest_real=R``. "Real" is the random
and easy players' turns: the uniform player is a stress figure, not a player.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_player
from bot.service.bounds import MAX_TURN_STEPS
from engine import Action, GameState, apply, legal_actions, new_game, to_act
from engine.simulate import choose

#: The kinds of game measured: world, player count, options.
KINDS: list[tuple[str, int, dict[str, bool]]] = [
    *[("surface", n, {}) for n in (2, 3, 4, 5)],
    *[("underground", n, {}) for n in (2, 3, 4, 5)],
    ("surface", 6, {"teams": True}),
    ("underground", 6, {"teams": True}),
    ("surface", 4, {"mix": True}),
    ("surface", 3, {"surface_relics": True}),
]
#: The most actions one game may take before it counts as looping.
MAX_ACTIONS = 6000

Chooser = Callable[[GameState, int, list[Action]], Action]


def weighted(seed: int) -> Chooser:
    """The benchmark's weighted random player (``engine.simulate.choose``)."""
    rng = random.Random(seed)
    return lambda s, _seat, actions: choose(rng, s, actions)


def uniform(seed: int) -> Chooser:
    """Every legal action equally likely."""
    rng = random.Random(seed)
    return lambda _s, _seat, actions: rng.choice(actions)


def easy(seed: int) -> Chooser:
    """The easy AI (one object serves every seat: it reads only the state and the seat)."""
    player = make_player("easy", seed)
    return lambda s, seat, actions: player.choose(s, seat)


PLAYERS: dict[str, Callable[[int], Chooser]] = {
    "random": weighted,
    "uniform": uniform,
    "easy": easy,
}


def turn_lengths(
    world: str, players: int, options: dict[str, bool], seed: int, who: str
) -> list[int]:
    """The steps of every turn of one game (``TurnState.steps`` when the turn ended)."""
    s = new_game([f"P{i + 1}" for i in range(players)], seed, None, options, world=world)
    chooser = PLAYERS[who](seed)
    lengths = []
    for _ in range(MAX_ACTIONS):
        seat = to_act(s)
        if seat is None:
            break
        turn = s.turn
        apply(s, seat, chooser(s, seat, legal_actions(s, seat)))
        if s.turn is not turn:
            lengths.append(turn.steps)
    else:
        raise RuntimeError(f"{world} {players}p seed {seed}: no end after {MAX_ACTIONS} actions")
    return lengths


def main(argv: list[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per kind, random players")
    parser.add_argument("--ai-games", type=int, default=4, help="games per kind, easy AI")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    longest: dict[str, int] = {}
    for world, players, options in KINDS:
        for who in PLAYERS:
            games = args.ai_games if who == "easy" else args.games
            steps: list[int] = []
            for g in range(games):
                steps += turn_lengths(world, players, options, args.seed + g, who)
            steps.sort()
            p99 = steps[min(len(steps) - 1, int(len(steps) * 0.99))]
            longest[who] = max(longest.get(who, 0), steps[-1])
            print(
                f"world={world} players={players} options={','.join(options) or '-'} "
                f"player={who} games={games} turns={len(steps)} longest={steps[-1]} "
                f"p99={p99} mean={statistics.fmean(steps):.1f}",
                flush=True,
            )
    real = max(longest["random"], longest["easy"])
    print(
        f"longest_real={real} longest_uniform={longest['uniform']} bound={MAX_TURN_STEPS} "
        f"bound_over_longest_real={MAX_TURN_STEPS / real:.1f}"
    )


if __name__ == "__main__":
    main()
