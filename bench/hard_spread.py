"""How much the hard level's playouts of one option disagree (issue 41 §2).

    python bench/hard_spread.py [--games 2] [--players 4] [--playouts 100] [--seed 1]
        [--world surface|underground] [--rollout-easy]

Plays games of easy players; at every decision the hard level would search
(``ai.search.turn_choices`` with its ``FIRST_MOVES``) it plays ``--playouts`` trials of each
option as ``Hard.search`` does (fresh determinizations, the seat's turn finished by the easy
player, its horizon), and prints each option's mean reward, standard deviation and number of
distinct rewards. Then the medians over the decisions: the spread of one option's playouts
against the gap between the best option and the next, and how often the first ``--early``
playouts already rank the same option first. When the spread is small next to the gap, more
playouts cannot change the choice: strength must come from what a playout plays and how its
end is scored.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.easy import Easy
from ai.hard import FIRST_MOVES, horizon
from ai.hidden import decision_rng, determinize
from ai.search import own_turns_done, trial, turn_choices
from engine import apply, legal_actions, new_game, to_act


def main(argv: list[str] | None = None) -> int:
    """Play the games, print every searched decision's spread and the medians."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--early", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--world", default="surface")
    ap.add_argument("--rollout-easy", action="store_true", help="other moves by easy too")
    args = ap.parse_args(argv)
    spreads: list[float] = []
    gaps: list[float] = []
    same_first = decisions = 0
    for game in range(args.games):
        s = new_game([f"P{i + 1}" for i in range(args.players)], args.seed + game, world=args.world)
        players = [Easy(args.seed * 1000 + game * 10 + k) for k in range(args.players)]
        while (seat := to_act(s)) is not None:
            actions = legal_actions(s, seat)
            rng = decision_rng(args.seed, s, seat)
            d = determinize(s, seat, rng)
            easy = Easy(args.seed)
            options = turn_choices(d, seat, actions, easy, FIRST_MOVES)
            if options is not None and len(options) > 1:
                others = easy.act if args.rollout_easy else None
                start, reach = own_turns_done(s, seat), horizon(args.players)
                rewards: list[list[float]] = [[] for _ in options]
                for _ in range(args.playouts):
                    for i, a in enumerate(options):
                        r = trial(d, seat, a, start, own=easy.act, others=others, horizon=reach)
                        rewards[i].append(r)
                    d = determinize(s, seat, rng)
                means = [statistics.fmean(r) for r in rewards]
                early = [statistics.fmean(r[: args.early]) for r in rewards]
                ranked = sorted(means, reverse=True)
                gaps.append(ranked[0] - ranked[1])
                spreads.append(statistics.median(statistics.stdev(r) for r in rewards))
                same_first += early.index(max(early)) == means.index(max(means))
                decisions += 1
                print(
                    f"game {game} round {s.round} seat {seat} {type(options[0]).__name__}:"
                    + " ".join(
                        f" {m:.3f}±{statistics.stdev(r):.3f}({len(set(r))})"
                        for m, r in zip(means, rewards, strict=True)
                    )
                )
            apply(s, seat, players[seat].choose(s, seat))
    print(
        f"{decisions} searched decisions, {args.playouts} playouts an option:"
        f" median spread of an option's playouts {statistics.median(spreads):.3f},"
        f" median gap best - next {statistics.median(gaps):.3f};"
        f" the first {args.early} playouts rank the same option first in"
        f" {same_first}/{decisions}"
    )
    return 0


if __name__ == "__main__":
    from engine.console import exits

    sys.exit(exits.run(main, "bench/hard_spread.py"))
