"""Demo images from seeded simulated games, to look at the renderer without Discord."""

from __future__ import annotations

import random
from pathlib import Path

from engine import apply, legal_actions, new_game, to_act, view
from engine.simulate import choose, random_game
from engine.state import GameState

from . import render_board, render_combos, render_final

NAMES = ("Aurelia", "Bram", "Chen", "Dagny", "Esi")


def played(players: int, seed: int, actions: int) -> GameState:
    """A seeded game played at random for ``actions`` actions (or to its end)."""
    s = new_game(list(NAMES[:players]), seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = to_act(s)
        if seat is None:
            break
        apply(s, seat, choose(rng, s, legal_actions(s, seat)))
    return s


def with_every_marker(s: GameState) -> GameState:
    """Put one of each race marker on occupied regions so that every icon can be checked.

    This is staging for a picture, not play: the markers land on the first regions that hold
    tokens of any race.
    """
    present = {k for r in s.regions for k in r.markers}
    missing = [
        k for k in ("lair", "fortress", "camp", "hole", "hero", "dragon") if k not in present
    ]
    free = [r for r in s.regions if r.race and not r.markers]
    for region, kind in zip(free, missing, strict=False):
        region.markers[kind] = 2 if kind == "camp" else 1
    return s


def write_demo(out: Path) -> list[Path]:
    """Boards at the start, mid-game and end of each map, plus a combos panel and a sheet."""
    out.mkdir(parents=True, exist_ok=True)
    written = []

    def save(name: str, png: bytes) -> None:
        path = out / name
        path.write_bytes(png)
        written.append(path)

    for players in (2, 3, 4, 5):
        seed = players
        save(f"board-{players}p-start.png", render_board(view(played(players, seed, 0))))
        mid = with_every_marker(played(players, seed, 22 * players))
        save(f"board-{players}p-mid.png", render_board(view(mid)))
        end = played(players, seed, 10_000)
        save(f"board-{players}p-end.png", render_board(view(end)))
        if players == 5:
            save("combos.png", render_combos(view(mid)))
            save("final-5p.png", render_final(view(end)))
    save("final-3p.png", render_final(view(random_game(3, 4).state)))
    return written
