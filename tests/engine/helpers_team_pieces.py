"""Staging for the team pieces' tests (``test_teams_pieces_*``): the Golden Soapbar, Glandulf's
Tavern, Bony's Boneyard and Mirror's Vale found for real in a 6-player team game on the
Underground's team board ``swu-6p``.

Seats: 0 Ann (A1), 1 Bob (B1), 2 Cid (C1), 3 Ada (A2, Ann's ally), 4 Ben (B2), 5 Cy (C2).
Facts of ``swu-6p`` the tests use:

     1 Mystic Crystals, 2 Monsters, edge (next to 5, 17, 23, 27)
     5 Mudpool, edge (next to 1, 12, 16, 17, 21)     12 Abysmal Chasm (next to 5, 13, 16, ...)
    17 Mine (next to 1, 5, 8, 12, 13, 27)             23 Mudpool, edge (next to 1, 10, 19, 27)
    27 Mushroom Forest (next to 1, 6, 8, 10, 17, 23)  21 Mushroom Forest, edge (next to 5, ...)

Ann's race is Shadow Mimes with Immortal (``ME``): neither changes a cost, a reach or a score
once picked. A position is staged with ``put`` before Ann's turn starts for real
(``start_turn``); the piece is then discovered by conquering Monster region 1, whose hidden
marker is set on top of the stack (``found``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine import apply, default_action, legal_actions, new_game, to_act
from engine.core.state import GameState
from engine.core.turns import start_turn

from .helpers import hide, play, put
from .helpers_teams import SIX

ME = ("Shadow Mimes", "Immortal")
ALLY = ("Kraken", "Stone")
ANN, BOB, CID, ADA, BEN, CY = range(6)


def team_game(seed: int = 1) -> GameState:
    """A 6-player Underground team game on ``swu-6p`` before anything is staged."""
    s = new_game(SIX, seed, world="underground", options={"teams": True})
    assert s.map_id == "swu-6p"
    return s


def found(
    key: str,
    *,
    at: dict[int, int] | None = None,
    hand: int = 10,
    stage: Callable[[GameState], None] | None = None,
) -> GameState:
    """Ann's race holds ``at`` (default {5: 1}) with ``hand`` tokens in hand, ``stage`` puts
    anything else; Ann's turn starts and her race conquers Monster region 1, whose hidden
    marker is ``key``: the piece is now on the map, in Ann's hands."""
    s = team_game()
    put(s, ANN, *ME, at if at is not None else {5: 1}, hand=hand)
    if stage is not None:
        stage(s)
    hide(s, key)
    start_turn(s, ANN)
    play(s, "conquer 1")
    assert s.regions[1].markers.get(key) == 1
    return s


def defaults_until(s: GameState, seat: int) -> GameState:
    """Play every seat's deadline default, each checked legal, until ``seat``'s turn starts
    (its race readied, nothing done yet)."""
    while True:
        now = to_act(s)
        assert now is not None, "the game ended"
        t = s.turn
        fresh = not t.acted and not t.picked and not t.used
        if now == seat and t.seat == seat and t.phase in ("pick", "conquer") and fresh:
            return s
        action = default_action(s)
        assert action is not None and action in legal_actions(s, now)
        apply(s, now, action)


def verbs(s: GameState) -> list[str]:
    """The text forms of the legal actions of the seat to act."""
    return [a.text for a in legal_actions(s, to_act(s))]
