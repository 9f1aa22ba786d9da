"""Helpers for 6-player team games on the project's own team boards (``sw-6p``, ``swu-6p``)."""

from __future__ import annotations

import json
from pathlib import Path

from engine import GameState, apply, default_action, legal_actions, new_game, parse, to_act
from engine.core.content import DATA_DIR, map_for_players

#: Six names, seated A1 B1 C1 A2 B2 C2 (teams A, B and C).
SIX = ["Ann", "Bob", "Cid", "Ada", "Ben", "Cy"]


def team_board(tmp: Path, world: str = "surface") -> Path:
    """A copy of ``world``'s built-in 6-player board under another id, for a test to edit."""
    data = json.loads((DATA_DIR / "maps" / f"{map_for_players(6, world)}.json").read_text())
    data["id"] = f"{data['id']}-test"
    path = tmp / f"{data['id']}.json"
    path.write_text(json.dumps(data))
    return path


def team_game(
    tmp: Path, seed: int = 1, world: str = "surface", *, placed: bool = True
) -> GameState:
    """A new 6-player team game on ``world``'s built-in team board (``tmp`` is unused; kept so
    a test may switch to an edited board). On the surface the seats but the first place their
    Monster before the first turn [TEAMS "Setup"]: with ``placed`` each takes its deadline
    default (``setup_defaults``), so the game stands at A1's first turn."""
    del tmp
    s = new_game(SIX, seed, world=world, options={"teams": True})
    return setup_defaults(s) if placed else s


def setup_defaults(s: GameState) -> GameState:
    """Play every setup decision owed before the first turn with its deadline default, each
    checked legal, up to the first seat's first turn."""
    while s.turn.phase == "setup":
        seat = to_act(s)
        action = default_action(s)
        assert seat is not None and action is not None and action in legal_actions(s, seat)
        apply(s, seat, action)
    return s


def to_last_action(s: GameState) -> GameState:
    """Play every seat's deadline default (pick the free combo, conquer nothing, end the
    turn), each checked legal, until the last seat (C2) redeploys in the last turn: its
    ``end`` ends the game."""
    while not (s.round == s.turns and s.turn.seat == len(s.players) - 1 and _ending(s)):
        seat = to_act(s)
        assert seat is not None, "the game ended early"
        action = default_action(s)
        assert action is not None and action in legal_actions(s, seat)
        apply(s, seat, action)
    return s


def _ending(s: GameState) -> bool:
    seat = to_act(s)
    return seat is not None and any(a.text == "end" for a in legal_actions(s, seat))


def finish(s: GameState, coins: list[int], tokens: dict[int, int] | None = None) -> GameState:
    """Give the seats ``coins`` (and a region of ``tokens`` each) just before C2's last
    ``end``, then end the game with it; C2 holds nothing, so it scores nothing more."""
    to_last_action(s)
    for seat, c in enumerate(coins):
        s.players[seat].coins = c
    for seat, n in (tokens or {}).items():
        rid = next(i for i, r in enumerate(s.regions) if r.race is None and not r.markers)
        name = f"Lost{seat}"
        s.regions[rid].race, s.regions[rid].owner, s.regions[rid].tokens = name, seat, n
    s.held = None  # staged by hand: the engine's index of held regions is rebuilt
    seat = to_act(s)
    assert seat == 5 and parse("end") in legal_actions(s, seat)
    ended = s.players[5].coins
    apply(s, seat, parse("end"))
    assert to_act(s) is None and s.players[5].coins == ended
    return s
