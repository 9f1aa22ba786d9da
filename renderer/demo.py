"""Demo pictures from seeded simulated games, to look at the renderer without Discord.

``python -m renderer demo --out DIR`` writes, for each base map and the 6-player team board,
boards at the start, in the middle (with every marker staged, and the marks of the last turn)
and at the end, a combos panel and a final score sheet; where the seat to act is conquering,
also that player's own board with the cost of every region they could attack.
For Small World Underground it draws each board in the middle and at the end of a game,
and the positions of random games that show the most of its rarer pieces (``rare_states``);
then a league standings page and a player card (``league_samples``).
The same helpers make the states of the tests and of ``bench/render.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine import apply, legal_actions, new_game, to_act, view
from engine.core.changes import attack_costs, turn_marks
from engine.core.content import load_map, map_for_players
from engine.core.rulesets import options_for
from engine.core.state import GameState
from engine.core.worlds import DEFAULT_WORLD
from engine.simulate import choose

from .board import render_board
from .combos import render_combos
from .league import render_standings
from .player_card import render_card
from .sheet import render_final
from .static import GEOMETRY_DIR

#: Player names of the demo games: different lengths and a non-ASCII letter on purpose.
NAMES = ("Aurelia", "Bram", "Chen Wei", "Dagny", "Émile", "Farid")
#: Race markers staged on a mid-game board, with the count put down (camps stack).
STAGED = {"lair": 1, "fortress": 1, "camp": 3, "hole": 1, "hero": 1, "dragon": 1}


def played(
    players: int, seed: int, actions: int | None = None, world: str = DEFAULT_WORLD
) -> GameState:
    """A seeded game of ``players`` on ``world`` played at random for ``actions`` actions
    (None: to its end).

    Same random player as ``engine.simulate.random_game``; stops early if the game ends.
    """
    s = new_game(list(NAMES[:players]), seed, world=world, options=options_for(players))
    rng = random.Random(seed)
    done = 0
    while actions is None or done < actions:
        seat = to_act(s)
        if seat is None:
            break
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
        done += 1
    return s


def midgame(players: int, seed: int, world: str = DEFAULT_WORLD) -> GameState:
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


#: Region markers the random player seldom puts down, looked for by ``rare_states``.
RARE_MARKERS = ("balrog", "ghost", "queen", "volcano", "armor", "ancient", "bag")


def rare_things(s: GameState) -> frozenset[str]:
    """The rarer Underground things a state shows: region markers of ``RARE_MARKERS``, pieces
    a race keeps in front of its player (``piece:hammer``...), Vengeance markers handed out,
    and the Stonehedge's power once drawn."""
    found = {k for r in s.regions for k in r.markers if k in RARE_MARKERS}
    found |= {f"piece:{k}" for rs in s.races.values() for k, n in rs.pieces.items() if n}
    if any(p.marks for p in s.players):
        found.add("vengeance")
    if s.stonehedge:
        found.add("stonehedge")
    return frozenset(found)


def rare_states(players: int, seeds: range = range(1, 25)) -> list[GameState]:
    """Positions of seeded random Underground games that between them show every rare
    thing (``rare_things``) those games reach: the position showing the most first, then
    the one showing the most of what is still missing, and so on.

    Only (seed, step) is remembered while searching; each chosen position is replayed.
    """
    best: dict[frozenset[str], tuple[int, int]] = {}
    for seed in seeds:
        s = new_game(list(NAMES[:players]), seed, world="underground", options=options_for(players))
        rng = random.Random(seed)
        step = 0
        while (seat := to_act(s)) is not None:
            apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
            step += 1
            best.setdefault(rare_things(s), (seed, step))
    missing = set().union(*best) if best else set()
    chosen: list[tuple[int, int]] = []
    while missing:
        things = max(best, key=lambda k: (len(k & missing), -best[k][0], -best[k][1]))
        chosen.append(best[things])
        missing -= things
    out = []
    for seed, step in chosen:
        s = new_game(list(NAMES[:players]), seed, world="underground", options=options_for(players))
        rng = random.Random(seed)
        for _ in range(step):
            seat = to_act(s)
            assert seat is not None
            apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
        out.append(s)
    return out


def league_samples() -> tuple[dict[str, Any], dict[str, Any]]:
    """A standings page and a player card as the league hands them to the renderer: ranks
    with medals, gains and losses, a provisional player, a rating chart and a head to head."""
    rows = [
        {
            "rank": i + 1,
            "name": NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else f" {i + 1}"),
            "rating": 1640 - 13 * i,
            "change": (None, 14, -9)[i % 3],
            "games": 30 - i,
            "wins": 12 - i // 2,
            "trend": [1500 + 7 * ((i + k) % 5) for k in range(8)],
        }
        for i in range(12)
    ]
    provisional = [
        {"rank": 13, "name": "Zoë", "rating": 1500, "change": None, "games": 2, "wins": 1}
    ]
    standings = {
        "title": "Season 3",
        "subtitle": "Small World Fans · updated 12 Oct 2025",
        "page": 1,
        "pages": 2,
        "rows": rows,
        "provisional": provisional,
        "threshold": 5,
    }
    card = {
        "name": NAMES[0],
        "season": "Season 3",
        "rating": 1642,
        "rank": 3,
        "provisional": True,
        "games": 12,
        "wins": 5,
        "avg_coins": 51.25,
        "history": [[f"G{i + 1}", 1500 + 12 * i - 20 * (i % 3)] for i in range(12)],
        "favourite": [
            {"combo": "Flying Skeletons", "games": 4},
            {"combo": "Dragon Master Will-o'-Wisps", "games": 3},
        ],
        "best": [{"combo": "Merchant Humans", "games": 3, "win_rate": 0.667}],
        "head_to_head": {"opponent": NAMES[1], "games": 9, "ahead": 6, "behind": 3},
    }
    return standings, card


def write_demo(out: Path) -> list[Path]:
    """Write every demo picture into ``out``; return the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, png: bytes) -> None:
        path = out / name
        path.write_bytes(png)
        written.append(path)

    for players in (2, 3, 4, 5, 6):
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
    for players in (2, 3, 4, 5, 6):
        if not (GEOMETRY_DIR / f"{map_for_players(players, 'underground')}.json").exists():
            continue
        mid = midgame(players, players, "underground")
        mid_view = view(mid)
        mid_view["marks"] = turn_marks(mid, mid.last_events)
        save(f"underground-{players}p-mid.png", render_board(mid_view))
        end = played(players, players, None, "underground")
        save(f"underground-{players}p-end.png", render_board(view(end)))
        for i, rare in enumerate(rare_states(players), start=1):
            rare_view = view(rare)
            rare_view["marks"] = turn_marks(rare, rare.last_events)
            save(f"underground-{players}p-rare{i}.png", render_board(rare_view))
        save(f"underground-combos-{players}p.png", render_combos(view(mid)))
        save(f"underground-final-{players}p.png", render_final(view(end)))
    standings, card = league_samples()
    save("standings.png", render_standings(standings))
    save("card.png", render_card(card))
    return written
