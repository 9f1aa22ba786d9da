"""Helpers for the Sigil of Sacrifice: a 6-player team game on swu-6p whose hidden stack has
the Sigil on top (seed 28), played from a real turn start through ``apply``.

The opening used by the tests (every action checked legal):

- A1 (seat 0, Will-o'-Wisps) conquers regions 0, 7 and 10, moves a token from 7 to 10
  (region 7 keeps one) and redeploys the rest into 10;
- B1 (seat 1, Immortal Mummies) conquers regions 18 and 21 and redeploys into 21;
- C1 (seat 2, Spiderines) conquers regions 30 and 29 and redeploys into 29;
- A2 (seat 3) conquers the Monster region 1, discovering the Sigil there, which asks for a
  mode at once; the test chooses it (``sigil_opening``'s ``mode``).
"""

from __future__ import annotations

from engine import GameState, apply, default_action, legal_actions, new_game, parse, to_act

from .helpers_teams import SIX

#: The seed of the opening below (swu-6p; the Sigil is put on top of its stack).
SEED = 28
#: The Monster region the Sigil lies under, at the board's edge (A2's first conquest).
SIGIL_REGION = 1


def play(s: GameState, seat: int, *texts: str) -> GameState:
    """Apply each action as ``seat``, each checked to be that seat's move and legal."""
    for text in texts:
        action = parse(text)
        assert to_act(s) == seat, (text, to_act(s))
        assert action in legal_actions(s, seat) or text.startswith(("deploy", "move")), (
            text,
            [a.text for a in legal_actions(s, seat)],
        )
        apply(s, seat, action)
    return s


def defaults_until(s: GameState, seat: int) -> GameState:
    """Play every seat's deadline default until ``seat``'s turn starts."""
    while s.turn.seat != seat or s.turn.pending:
        actor = to_act(s)
        assert actor is not None
        action = default_action(s)
        assert action is not None and action in legal_actions(s, actor)
        apply(s, actor, action)
    return s


def sigil_opening(mode: str | None = "sigil 1 0 0") -> GameState:
    """The opening above, up to A2 holding the Sigil with ``mode`` chosen (None: not yet)."""
    s = new_game(SIX, SEED, world="underground", options={"teams": True})
    # The opening was found when the Sigil was the only team piece; with all five in the
    # stack the seed's shuffle hides another one first. The Sigil is put on top of the
    # face-down stack before the first action (the stack's order is the seed's only draw
    # that changes: the market, the board and every action stay the real ones).
    if "sigil" in s.treasures:
        s.treasures.remove("sigil")
    else:
        s.treasures.pop()
    s.treasures.insert(0, "sigil")
    play(s, 0, "pick 1", "conquer 0", "conquer 7", "conquer 10", "stop", "move 7 10 1")
    play(s, 0, f"deploy 10 {s.races[active(s, 0)].hand}", "end")
    play(s, 1, "pick 1", "conquer 18", "conquer 21", "stop")
    play(s, 1, f"deploy 21 {s.races[active(s, 1)].hand}", "end")
    play(s, 2, "pick 1", "conquer 30", "conquer 29", "stop")
    play(s, 2, f"deploy 29 {s.races[active(s, 2)].hand}", "end")
    defaults_until(s, 3)
    play(s, 3, "pick 1", f"conquer {SIGIL_REGION}")
    assert s.events[-1]["kind"] == "discover" and s.events[-1]["treasure"] == "sigil"
    assert "sigil" in s.regions[SIGIL_REGION].markers
    if mode is not None:
        play(s, 3, mode)
    return s


def to_seat_4(s: GameState, *more: str) -> GameState:
    """A2 takes region 5 too (and plays ``more``), stops and ends; C2 (seat 4, Mudmen) then
    picks the free combo."""
    play(s, 3, "conquer 5", *more, "stop", "end")
    defaults_until(s, 4)
    play(s, 4, "pick 1")
    return s


def active(s: GameState, seat: int) -> str:
    """The name of ``seat``'s active race."""
    name = s.players[seat].active
    assert name is not None
    return name
