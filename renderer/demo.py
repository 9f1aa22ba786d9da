"""Demo pictures from seeded simulated games, to look at the renderer without Discord.

``python -m renderer demo --out DIR`` writes, for each base map, boards at the start, in the
middle (with every marker staged, and the marks of the last turn) and at the end, a combos
panel and a final score sheet; where the seat to act is conquering, also that player's own
board with the cost of every region they could attack.
The same helpers make the states of the tests and of ``bench/render.py``.
"""

from __future__ import annotations

import random
from pathlib import Path

from engine import apply, legal_actions, new_game, to_act, view
from engine.changes import attack_costs, turn_marks
from engine.content import load_map, map_for_players
from engine.simulate import choose
from engine.state import GameState

from .board import render_board
from .combos import render_combos
from .sheet import render_final
from .static import GEOMETRY_DIR

#: Player names of the demo games: different lengths and a non-ASCII letter on purpose.
NAMES = ("Aurelia", "Bram", "Chen Wei", "Dagny", "Émile")
#: Race markers staged on a mid-game board, with the count put down (camps stack).
STAGED = {"lair": 1, "fortress": 1, "camp": 3, "hole": 1, "hero": 1, "dragon": 1}


def played(
    players: int, seed: int, actions: int | None = None, world: str = "surface"
) -> GameState:
    """A seeded game of ``players`` on ``world`` played at random for ``actions`` actions
    (None: to its end).

    Same random player as ``engine.simulate.random_game``; stops early if the game ends.
    """
    s = new_game(list(NAMES[:players]), seed, world=world)
    rng = random.Random(seed)
    done = 0
    while actions is None or done < actions:
        seat = to_act(s)
        if seat is None:
            break
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
        done += 1
    return s


def midgame(players: int, seed: int, world: str = "surface") -> GameState:
    """A game about halfway through (the random games last 20 to 45 actions per player)."""
    return played(players, seed, 22 * players, world)


def demo_seed(players: int, tries: int = 40) -> int:
    """The first seed from ``players`` on whose mid-game some race is already in decline.

    The random player seldom declines, and a demo should show what a declined race looks
    like; this keeps the demo seeded and reproducible all the same.
    """
    for seed in range(players, players + tries):
        s = midgame(players, seed)
        if any(r.race and s.races[r.race].in_decline for r in s.regions):
            return seed
    return players


def stage_markers(s: GameState) -> GameState:
    """Put every kind of race marker on the board (in place), for pictures and tests.

    This is staging, not play: each marker lands on its own land region holding tokens of
    an active race (the Troll Lair on Trolls when there are any), without a rules check.
    """
    water = {d.id for d in load_map(s.map_id).regions if d.water}
    held = [
        r
        for i, r in enumerate(s.regions)
        if r.race and r.tokens and not s.races[r.race].in_decline and i not in water
    ]
    held.sort(key=lambda r: (r.race != "Trolls", -r.tokens))
    used: set[int] = set()
    for kind, count in STAGED.items():
        if any(r.markers.get(kind) for r in s.regions):
            continue
        for r in held:
            if id(r) not in used:
                r.markers[kind] = count
                used.add(id(r))
                break
    return s


def write_demo(out: Path) -> list[Path]:
    """Write every demo picture into ``out``; return the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, png: bytes) -> None:
        path = out / name
        path.write_bytes(png)
        written.append(path)

    for players in (2, 3, 4, 5):
        seed = demo_seed(players)
        save(f"board-{players}p-start.png", render_board(view(played(players, seed, 0))))
        mid = stage_markers(midgame(players, seed))
        mid_view = view(mid)
        mid_view["marks"] = turn_marks(mid, mid.last_events)
        save(f"board-{players}p-mid.png", render_board(mid_view))
        seat = to_act(mid)
        costs = attack_costs(mid, seat) if seat is not None else {}
        if costs:
            own = view(mid, seat)
            own["marks"] = {**turn_marks(mid, mid.events), "costs": costs}
            save(f"board-{players}p-own.png", render_board(own))
        save(f"combos-{players}p.png", render_combos(view(mid)))
        end = played(players, seed)
        save(f"board-{players}p-end.png", render_board(view(end)))
        save(f"final-{players}p.png", render_final(view(end)))
    # Small World Underground, on every board that has its drawing.
    for players in (2, 3, 4, 5):
        if not (GEOMETRY_DIR / f"{map_for_players(players, 'underground')}.json").exists():
            continue
        mid = midgame(players, players, "underground")
        mid_view = view(mid)
        mid_view["marks"] = turn_marks(mid, mid.last_events)
        save(f"underground-{players}p-mid.png", render_board(mid_view))
        end = played(players, players, None, "underground")
        save(f"underground-{players}p-end.png", render_board(view(end)))
    return written
