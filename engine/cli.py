"""Play Small World in a terminal, or time random games: ``python -m engine play|simulate``.

``play`` is a hot-seat game: every step prints the board as the seat to act may see it (through
``engine.view``, so only that seat's coins appear), then the numbered legal actions. Input and
output are plain text streams so tests can drive a whole game without a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .actions import Action, parse
from .board import MARKER_NAMES
from .content import load_map, map_for_players
from .errors import EngineError
from .game import Game, GameConfig
from .rules import legal_actions, to_act
from .simulate import run
from .state import CLOSING, GameState
from .view import label, view, visible_events

HELP = """\
Commands:
  <number>        play the action with that number in the list
  <label>         play an action by its label, e.g. "Conquer 12 · Forest · 3 tokens"
                  (case and the "·" separators do not matter)
  <text form>     play an action by its text form, e.g. "conquer 12", "deploy 4 2",
                  "move 3 7 2", "end decline"; any token count may be typed for deploy/move
  undo            take back your last action of this turn (not past a pick, roll or turn end)
  help            show this list
  quit            leave the game"""


class InputError(EngineError):
    """The typed line is neither a command nor an action of the list."""


# --- rendering ------------------------------------------------------------------------------


def _markers(markers: dict[str, int]) -> str:
    order = list(MARKER_NAMES)
    names = []
    for key in sorted(markers, key=lambda k: (order.index(k) if k in order else len(order), k)):
        name = MARKER_NAMES.get(key, key)
        names.append(name if markers[key] == 1 else f"{name} ×{markers[key]}")
    return ", ".join(names)


def render_state(s: GameState, viewer: int | None) -> list[str]:
    """The compact board as ``viewer`` may see it: only what ``view(s, viewer)`` exposes."""
    v = view(s, viewer)
    names = [p["name"] for p in v["players"]]
    actor = v["to_act"]
    lines = [
        f"== Round {v['round']}/{v['turns']} · {names[v['turn_seat']]}'s turn · {v['phase']} =="
    ]
    if actor is not None:
        why = " (redeploying tokens lost this turn)" if v["phase"] == CLOSING else ""
        lines.append(f"To act: {names[actor]}{why}")
    lines.append("Combos for sale:")
    for c in v["market"]:
        on_it = f" · {c['coins']} coin{'s' if c['coins'] != 1 else ''} on it" if c["coins"] else ""
        lines.append(
            f"  {c['slot']}. {c['power']} {c['race']} · {c['tokens']} tokens · "
            f"price {c['slot'] - 1}{on_it}"
        )
    lines.append("Regions:")
    for r in v["regions"]:
        if not r["race"] and not r["markers"]:
            continue
        parts = [f"  {r['id']:>2} {r['terrain']:<8}"]
        if r["race"]:
            decline = " (decline)" if r["in_decline"] else ""
            parts.append(f" {r['race']} of {names[r['owner']]} ×{r['tokens']}{decline}")
        if r["markers"]:
            parts.append(f" [{_markers(r['markers'])}]")
        lines.append("".join(parts))
    lines.append("Players:")
    for p in v["players"]:
        races = []
        if p["active"]:
            a = p["active"]
            races.append(f"{a['power']} {a['race']} (hand {a['hand']}, tray {a['tray']})")
        races.extend(f"{d['race']} in decline" for d in p["declined"])
        peace = f" · at peace with {names[p['peace_with']]}" if p["peace_with"] is not None else ""
        marker = " ←" if p["seat"] == actor else ""
        lines.append(f"  {p['name']}: {', '.join(races) or 'no race'}{peace}{marker}")
    # Only the viewer's own entry carries coins (view drops the others before the end).
    for p in v["players"]:
        if "coins" in p and p["seat"] == viewer:
            lines.append(f"Your coins ({p['name']}): {p['coins']}")
    return lines


def render_actions(s: GameState, actions: Sequence[Action]) -> list[str]:
    """The numbered legal actions with their labels and text forms."""
    width = len(str(len(actions)))
    return [f"  {i:>{width}}. {label(s, a)}  [{a.text}]" for i, a in enumerate(actions, start=1)]


def describe_event(e: dict[str, Any], names: Sequence[str]) -> str:
    """One readable line for a public event (private ones never reach this function)."""

    def who(key: str = "seat") -> str:
        seat = e.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    kind = e.get("kind")
    if kind == "pick":
        took = f", takes {e['took']} coins from it" if e.get("took") else ""
        return f"{who()} picks {e['power']} {e['race']} (slot {e['slot']}, pays {e['paid']}{took})"
    if kind in ("conquer", "enchant", "dragon"):
        how = {"conquer": "conquer", "enchant": "enchant", "dragon": "send the Dragon to"}[kind]
        extra = ""
        if e.get("defender"):
            extra = f" from {e['defender']} (lost {e['lost']})"
        elif e.get("lost_tribe"):
            extra = " from a Lost Tribe"
        tokens = f"{e['tokens']} token{'s' if e['tokens'] != 1 else ''}"
        return f"{who()}'s {e['race']} {how} {e['region']} with {tokens}{extra}"
    if kind == "roll":
        result = "success" if e["success"] else "failure"
        return f"{who()} rolls {e['die']} for region {e['region']}: {result}"
    if kind == "berserk":
        return f"{who()} rolls the Berserk die: {e['die']}"
    if kind == "abandon":
        return f"{who()}'s {e['race']} abandon {e['region']}"
    if kind == "decline":
        return f"{who()}'s {e['race']} go into decline"
    if kind == "vanish":
        return f"{who()}'s {e['race']} leave the map"
    if kind == "grow":
        return f"{who()}'s {e['race']} gain {e['tokens']} tokens"
    if kind == "peace":
        return f"{who()} makes peace with {who('ally')}"
    if kind == "fortify":
        return f"{who()} builds a Fortress in {e['region']}"
    if kind == "turn":
        return f"Round {e['round']}: {who()}'s turn"
    if kind == "game_over":
        return "Game over"
    rest = " ".join(f"{k}={v}" for k, v in e.items() if k != "kind")
    return f"{kind}: {rest}"


def render_result(s: GameState) -> list[str]:
    """The final ranking with every coin total revealed."""
    result = view(s)["result"] or {}
    winners = {s.players[seat].name for seat in result.get("winners", [])}
    lines = ["Final ranking:"]
    for place, row in enumerate(result.get("ranking", []), start=1):
        star = " (winner)" if row["name"] in winners else ""
        lines.append(
            f"  {place}. {row['name']}: {row['coins']} coins, {row['tokens']} tokens{star}"
        )
    if len(winners) > 1:
        lines.append("Shared victory: " + ", ".join(sorted(winners)))
    return lines


# --- input ----------------------------------------------------------------------------------


def _normal(text: str) -> str:
    """Lower case, "·" dropped, single spaces: how labels and typed lines are compared."""
    return " ".join(text.replace("·", " ").lower().split())


def resolve(s: GameState, actions: Sequence[Action], line: str) -> Action:
    """The action a typed line means: a number in the list, a label, or a text form."""
    text = line.strip()
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(actions):
            raise InputError(f"There is no action {n}; pick 1 to {len(actions)}.")
        return actions[n - 1]
    wanted = _normal(text)
    for a in actions:
        if _normal(label(s, a)) == wanted:
            return a
    return parse(text)


# --- the hot-seat loop ----------------------------------------------------------------------


def _new_events(s: GameState, before: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """Events added since the list ``before`` had ``count`` entries.

    ``start_turn`` moves the turn's events to ``last_events`` and starts a new list, so when
    the list object changed, the tail of the old list and the whole new one are both new.
    """
    if s.events is before:
        return s.events[count:]
    return s.last_events[count:] + s.events


def run_play(game: Game, inp: TextIO, out: TextIO) -> int:
    """Play ``game`` to the end (or until ``quit``/end of input), reading lines from ``inp``."""

    def say(*lines: str) -> None:
        for line in lines:
            out.write(line + "\n")
        out.flush()

    names = [p.name for p in game.state.players]
    show = True
    while True:
        s = game.state
        seat = to_act(s)
        if seat is None:
            break
        actions = legal_actions(s, seat)
        if show:
            say("", *render_state(s, seat), "Actions:", *render_actions(s, actions))
            show = False
        out.write(f"{names[seat]}> ")
        out.flush()
        line = inp.readline()
        if not line:
            say("", "End of input: leaving the game.")
            return 0
        command = line.strip().lower()
        if not command:
            continue
        if command in ("help", "?"):
            say(HELP)
            continue
        if command in ("quit", "exit"):
            say("Bye.")
            return 0
        try:
            if command == "undo":
                game.undo(seat)
                say(f"{names[seat]} takes back the last action.")
            else:
                action = resolve(s, actions, line)
                text = label(s, action) if action in actions else action.text
                before, count = s.events, len(s.events)
                game.play(seat, action)
                say(f"{names[seat]}: {text}")
                # Scores are private events: the public never learns them before the end.
                for e in visible_events(game.state, _new_events(game.state, before, count)):
                    say("  · " + describe_event(e, names))
        except EngineError as exc:
            say("error: " + " ".join(str(exc).split()))
            continue
        show = True
    say("", *render_state(game.state, None), *render_result(game.state))
    return 0


def play(
    players: int,
    seed: int,
    map_id: str | None = None,
    *,
    inp: TextIO,
    out: TextIO,
) -> int:
    """Start a hot-seat game for ``players`` seats named P1..Pn and play it on the streams."""
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(players=names, seed=seed, map_id=map_id))
    return run_play(game, inp, out)


# --- simulate -------------------------------------------------------------------------------


def simulate_line(players: int, games: int, seed: int) -> str:
    """Play ``games`` random games and return ``games=N games_per_s=X actions_per_s=Y``."""
    n, seconds, actions = run(players, games, seed)
    seconds = max(seconds, 1e-9)  # a tiny run must not divide by zero
    return f"games={n} games_per_s={n / seconds:.1f} actions_per_s={actions / seconds:.1f}"


# --- entry point ----------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="a hot-seat game in the terminal")
    p.add_argument("--players", type=int, default=3, help="2 to 5 (default 3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--map", dest="map_id", default=None, help="e.g. sw-3p (default: by players)")
    sim = sub.add_parser("simulate", help="play random games and print their speed")
    sim.add_argument("--players", type=int, default=5)
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=1)
    return parser


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run a command line; the streams default to the process's stdin and stdout."""
    args = _parser().parse_args(argv)
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    if not 2 <= args.players <= 5:
        out.write("error: Small World is played by 2 to 5 players.\n")
        return 2
    if args.command == "simulate":
        if args.games < 1:
            out.write("error: --games must be at least 1.\n")
            return 2
        out.write(simulate_line(args.players, args.games, args.seed) + "\n")
        return 0
    if args.map_id is not None:
        try:
            m = load_map(args.map_id)
        except FileNotFoundError:
            out.write(f"error: no map {args.map_id!r} (try {map_for_players(args.players)}).\n")
            return 2
        if args.players not in m.players:
            out.write(f"error: map {args.map_id} is for {list(m.players)} players.\n")
            return 2
    return play(args.players, args.seed, args.map_id, inp=inp, out=out)


__all__ = [
    "HELP",
    "InputError",
    "describe_event",
    "main",
    "play",
    "render_actions",
    "render_result",
    "render_state",
    "resolve",
    "run_play",
    "simulate_line",
]
