"""Golden playthroughs: a seeded random game written out action by action.

Before each action the text gives a state summary, the legal actions (text forms, grouped by
verb), what every seat's view shows of the coins (its own total only), the public view and then
the action taken with the public events it caused. ``tests/engine/test_golden.py`` regenerates
one game per map and diffs it against ``tests/engine/golden/``, so any change in the rules'
behaviour shows up as a readable diff (OpenSpiel's playthroughs do the same).

``python -m engine.console.playthrough --update`` rewrites the golden files;
``python -m engine.console.playthrough --players 3 --seed 7`` prints one game.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from engine.console import arguments, choices, exits
from engine.console.screen import describe_event
from engine.core.actions import Action
from engine.core.content import builtin_maps, map_for_players, treasures
from engine.core.game import Game, GameConfig, events_since
from engine.core.legal import legal_actions
from engine.core.rulesets import options_for
from engine.core.state import OVER, GameState, to_json
from engine.core.turn import to_act
from engine.core.view import view, visible_events
from engine.core.worlds import DEFAULT_WORLD
from engine.simulate import random_game

#: Where the golden files live, one per built-in map: ``sw-{players}p.txt``, ``swu-…``.
GOLDEN_DIR = Path(__file__).resolve().parents[2] / "tests" / "engine" / "golden"
#: The games the golden files hold: every map of each world, seed 1.
GOLDEN_PLAYERS = (2, 3, 4, 5, 6)
GOLDEN_WORLDS = ("surface", "underground")
GOLDEN_SEED = 1

#: One letter per region marker in the board summary.
MARKER_CODES: dict[str, str] = {
    "mountain": "M",
    "lost_tribe": "T",
    "lair": "L",
    "fortress": "F",
    "camp": "C",
    "hole": "H",
    "hero": "R",
    "dragon": "D",
    "monster": "X",
    "black_mountain": "B",
    "armor": "A",
    "volcano": "V",
    "ancient": "G",
    "balrog": "Z",
    "ghost": "O",
    "queen": "Q",
    "bag": "S",
}

#: Places and Relics are shown by key in the board summary.
TREASURE_KEYS = frozenset(treasures())

LEGEND = """\
# board: occupied regions as id:Race@seat x tokens ("~" after the race: in decline) and
#   [markers], one letter per marker: M Mountain, L Troll Lair, F Fortress, C Encampment,
#   H Hole-in-the-Ground, R Hero, D Dragon; Underground: B Black Mountain, A Mushroom Armor,
#   G Great Ancient, Q Queen, O Ghost, Z Balrog, S Bag, V Volcano, and a Place or Relic by
#   its key in braces ({keep}); empty regions with a piece are listed too.
# legal: text forms grouped by verb ("conquer 1,4" = "conquer 1" and "conquer 4").
# views: the coins each seat's view shows (its own total only until the game is over);
#   "rest = public" means the rest of that view equals the public view.
# public: the public view (races, hands, peace, stacks); it never holds a coin total."""


def golden_path(players: int, world: str = DEFAULT_WORLD) -> Path:
    """The golden file of the ``players``-player map of ``world``."""
    return GOLDEN_DIR / f"{map_for_players(players, world)}.txt"


# --- summaries ------------------------------------------------------------------------------


def _abbr(race: str) -> str:
    # The 14 base races are told apart by their first three letters.
    return race[:3]


def board_line(v: dict[str, Any]) -> str:
    """Occupied regions, compactly: ``12:Tro@P2x3[LM]``."""
    names = [p["name"] for p in v["players"]]
    parts = []
    for r in v["regions"]:
        found = "".join(f"{{{k}}}" for k in sorted(r["markers"]) if k in TREASURE_KEYS)
        pieces = {"volcano", "ancient", "balrog", "ghost", "queen", "bag"} & set(r["markers"])
        if not r["race"] and not found and not pieces:
            continue
        codes = "".join(
            MARKER_CODES.get(k, k) * n for k, n in sorted(r["markers"].items()) if k in MARKER_CODES
        )
        marks = f"[{codes}]" if codes else ""
        if not r["race"]:
            parts.append(f"{r['id']}:-{marks}{found}")
            continue
        decline = "~" if r["in_decline"] else ""
        parts.append(
            f"{r['id']}:{_abbr(r['race'])}{decline}@{names[r['owner']]}x{r['tokens']}{marks}{found}"
        )
    return " ".join(parts) or "-"


def market_line(v: dict[str, Any]) -> str:
    """The combos for sale: slot, power and race, tokens, and coins lying on the combo."""
    out = []
    for c in v["market"]:
        on_it = f"+{c['coins']}c" if c["coins"] else ""
        out.append(f"{c['slot']}:{c['power']} {c['race']}({c['tokens']}){on_it}")
    return " | ".join(out)


def public_line(v: dict[str, Any]) -> str:
    """The part of a view that everyone sees, minus the board and market (printed apart)."""
    names = [p["name"] for p in v["players"]]
    seats = []
    for p in v["players"]:
        races = []
        if p["active"]:
            a = p["active"]
            held = "".join(f" {k} {n}" for k, n in sorted(a.get("pieces", {}).items()) if n)
            races.append(f"{a['race']}/{a['power']} hand {a['hand']}{held}")
        races.extend(f"{d['race']}~" for d in p["declined"])
        if p["peace_with"] is not None:
            races.append(f"peace {names[p['peace_with']]}")
        seats.append(f"{p['name']} {', '.join(races) or '-'}")
    stacks = v["stacks"]
    pending = " ".join(f"{names[p['seat']]}:{_abbr(p['race'])}" for p in v["pending"])
    tail = f" · pending {pending}" if pending else ""
    if v.get("hidden_treasures"):
        tail += f" · hidden {v['hidden_treasures']}"
    if v.get("stonehedge"):
        tail += f" · stonehedge {v['stonehedge']}"
    return f"{' · '.join(seats)} · stacks {stacks['races']}/{stacks['powers']}{tail}"


def legal_line(actions: Iterable[Action]) -> str:
    """Legal actions' text forms, grouped by verb in order of first appearance.

    ``conquer 1,4`` stands for ``conquer 1`` and ``conquer 4``; an action without arguments
    (``stop``, ``end``) stands alone, so ``end · end decline`` stays readable.
    """
    groups: dict[str, list[str]] = {}
    for a in actions:
        verb, _, args = a.text.partition(" ")
        if args:
            groups.setdefault(verb, []).append(args)
        else:
            groups.setdefault(a.text + " ", [])  # the trailing space keeps it apart from args
    return " · ".join(
        f"{verb} {','.join(args)}" if args else verb.rstrip() for verb, args in groups.items()
    )


def _strip_coins(v: dict[str, Any]) -> dict[str, Any]:
    """A view without coin totals, private events and the rule sets' part (which names the
    viewer's own seat, e.g. a partner: the team line at the top of the file shows it), to
    compare with the public view."""
    players = [
        {k: x for k, x in p.items() if k not in ("coins", "score_history")} for p in v["players"]
    ]
    events = [e for e in v["events"] if not e.get("private")]
    return {**v, "players": players, "events": events, "rulesets": {}}


def views_line(s: GameState) -> str:
    """For each seat, the coin totals its view holds; checks that no other total leaks."""
    public = view(s)
    over = s.turn.phase == OVER
    if not over and any("coins" in p for p in public["players"]):
        raise AssertionError("the public view shows a coin total before the end")
    parts = []
    for seat, p in enumerate(s.players):
        v = view(s, seat)
        seen = {q["name"]: q["coins"] for q in v["players"] if "coins" in q}
        if not over and set(seen) != {p.name}:
            raise AssertionError(f"{p.name}'s view shows coins of {sorted(seen)}")
        coins = " ".join(f"{name}={n}" for name, n in seen.items())
        same = _strip_coins(v) == _strip_coins(public)
        parts.append(f"{p.name} sees {coins}" + ("" if same else f" (differs: {public_line(v)})"))
    return " · ".join(parts) + " (rest = public)"


# --- the playthrough ------------------------------------------------------------------------


def _team_lines(public: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Who plays with whom, when the game is played in teams (none otherwise)."""
    teams = public.get("rulesets", {}).get("teams")
    if not teams:
        return []
    seat = teams["seat_names"]
    return [
        "teams: "
        + " · ".join(
            f"{t['team']} = " + " + ".join(f"{seat[x]} {names[x]}" for x in t["seats"])
            for t in teams["teams"]
        )
    ]


def _setup_line(s: GameState) -> str:
    """Where setup put its markers: one group per marker kind setup lays out."""
    groups = []
    for key, label in (
        ("lost_tribe", "lost tribes"),
        ("mountain", "mountains"),
        ("monster", "monsters"),
        ("black_mountain", "black mountains"),
    ):
        ids = [str(i) for i, r in enumerate(s.regions) if r.markers.get(key)]
        if ids or key in ("lost_tribe", "mountain"):
            groups.append(f"{label} {' '.join(ids)}")
    if s.treasures:
        groups.append(f"hidden places and relics {len(s.treasures)}")
    return "setup: " + " · ".join(groups)


def write_playthrough(
    players: int, seed: int, world: str = DEFAULT_WORLD, options: dict[str, Any] | None = None
) -> str:
    """A seeded random game, replayed through ``Game`` and written out action by action;
    ``options`` turn rule sets on (``{"mix": True}``), named in the title line."""
    map_id = map_for_players(players, world)
    options = {**options_for(players), **(options or {})}
    sim = random_game(players, seed, record=True, map_id=map_id, options=options)
    names = tuple(f"P{i + 1}" for i in range(players))
    # The default world's games name no map: the goldens were written that way.
    board = None if world == DEFAULT_WORLD else map_id
    game = Game(GameConfig(players=names, seed=seed, map_id=board, options=options))
    s = game.state
    on = " ".join(sorted(k for k, v in options.items() if v))
    lines = [
        f"# Small World playthrough · map {s.map_id} · {players} players · seed {seed} · "
        f"{len(sim.log)} actions" + (f" · options {on}" if on else ""),
        # Frozen text: the golden files hold it byte for byte. The module is now
        # engine/console/playthrough.py, run as ``python -m engine.console.playthrough``.
        "# Written by engine/playthrough.py (python -m engine.playthrough --update).",
        LEGEND,
        "",
        _setup_line(s),
        *_team_lines(view(s), names),
    ]
    market = ""
    for step, (seat, text) in enumerate(sim.log, start=1):
        s = game.state
        actor = to_act(s)
        if actor != seat:
            raise AssertionError(f"step {step}: the log has seat {seat}, the game wants {actor}")
        actions = legal_actions(s, seat)
        if text not in {a.text for a in actions}:
            raise AssertionError(f"step {step}: {text!r} is not a legal action")
        public = view(s)
        lines.append("")
        lines.append(
            f"#{step} round {s.round}/{s.turns} · {s.turn.phase} · seat {seat} ({names[seat]}) "
            f"to act · turn of {names[s.turn.seat]}"
            + (f" · race {s.turn.race}" if s.turn.race else "")
        )
        now = market_line(public)
        if now != market:
            lines.append(f"market: {now}")
            market = now
        lines.append(f"board: {board_line(public)}")
        lines.append(f"legal: {legal_line(actions)}")
        lines.append(f"views: {views_line(s)}")
        lines.append(f"public: {public_line(public)}")
        before, count = s.events, len(s.events)
        game.play(seat, text)
        lines.append(f"action: {names[seat]} {text}")
        shown = [
            describe_event(e, names)
            # Score events are private (the golden file shows what the public sees); turn
            # changes are already in the next step's header.
            for e in visible_events(game.state, events_since(game.state, before, count))
            if e.get("kind") != "turn"
        ]
        if shown:
            lines.append("events: " + " | ".join(shown))
    s = game.state
    if to_json(s) != to_json(sim.state):
        raise AssertionError("replaying the log through Game gave another state than the run")
    public = view(s)
    lines += [
        "",
        f"# end · round {s.round}/{s.turns} · {s.turn.phase}",
        f"board: {board_line(public)}",
        f"views: {views_line(s)}",
        f"public: {public_line(public)}",
    ]
    result = public["result"] or {}
    for place, row in enumerate(result.get("ranking", []), start=1):
        lines.append(f"rank {place}: {row['name']} {row['coins']} coins, {row['tokens']} tokens")
    for row in result.get("teams", []):
        seats = " ".join(names[x] for x in row["seats"])
        lines.append(f"team {row['team']} ({seats}): {row['score']} (best {row['best']})")
    lines.append(
        "winners: "
        + " ".join(names[w] for w in result.get("winners", []))
        + (" (tie-break on tokens)" if result.get("tiebreak_used") else "")
    )
    return "\n".join(lines) + "\n"


def golden_games() -> list[tuple[str, int]]:
    """(world, players) of every golden file: each built-in map of each world."""
    have = set(builtin_maps())
    return [(w, n) for w in GOLDEN_WORLDS for n in GOLDEN_PLAYERS if map_for_players(n, w) in have]


def update_golden(games: Sequence[tuple[str, int]] | None = None) -> list[Path]:
    """Rewrite the golden files; return their paths."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    for world, n in golden_games() if games is None else games:
        path = golden_path(n, world)
        path.write_text(write_playthrough(n, GOLDEN_SEED, world), encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``--update`` rewrites the golden files; otherwise print one playthrough."""
    parser = arguments.Parser(prog="python -m engine.console.playthrough", description=__doc__)
    parser.add_argument("--update", action="store_true", help="rewrite tests/engine/golden/")
    choices.add_game_arguments(parser, 3, board=False)
    parser.add_argument("--seed", type=arguments.seed, default=GOLDEN_SEED)
    args = parser.parse_args(argv)
    if args.update:
        for path in update_golden():
            print(f"wrote {path} ({path.stat().st_size} bytes)")
        return 0
    try:
        game = choices.game_choice(args, 3)
    except choices.Refused as exc:
        return arguments.fail(parser.prog, str(exc))
    sys.stdout.write(write_playthrough(game.players, args.seed, game.world, game.options))
    return 0


if __name__ == "__main__":
    raise SystemExit(exits.run(main, "python -m engine.console.playthrough"))
