"""What the engine does for the player is recorded: readying, tokens put back, tokens spread.

Each test plays a real game from ``new_game`` through ``apply`` (``tests.engine.helpers``) and
checks the public event the automatic step left and the terminal's line for it (the bot's
lines are checked in tests/bot/test_narrate.py).
Rulebook: [SW] ``../shared/rules/small-world.en.txt``.
"""

from __future__ import annotations

import json

from engine import Game, GameConfig, apply, legal_actions, to_act
from engine.console.cli import describe_event
from engine.core.legal import end_actions
from engine.core.state import OVER, PICK, GameState
from engine.core.turn import acting_race, owed
from engine.core.turns import start_turn
from engine.simulate import random_game
from tests.engine.helpers import clear_board, fresh, owned, pass_turns, play, put, start

NAMES = ("P1", "P2")

#: The fields of each new event kind, and nothing else (never a coin total).
FIELDS = {
    "ready": {"kind", "seat", "race", "tokens", "hand"},
    "return": {"kind", "seat", "race", "tokens", "regions"},
    "spread": {"kind", "seat", "race", "tokens", "regions"},
}


def _orcs_hold_20_and_21() -> GameState:
    """Seat 0's Hill Orcs (9 tokens) take 20 and 21 and place them all: 20 ×5, 21 ×4."""
    s = start(("Orcs", "Hill"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 20 3", "deploy 21 2", "end")
    assert owned(s, "Orcs") == {20: 5, 21: 4}
    return s


def _of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["kind"] == kind]


def test_readying_is_an_event_with_the_tokens_taken_in_hand() -> None:
    """[SW "Ready your Troops"] "Leaving in place one Race token in each Region they occupy,
    the player may take all his other Active Race tokens from the map back in hand" — the
    engine does it when the turn starts, and says how many it took."""
    s = _orcs_hold_20_and_21()
    pass_turns(s, 0)
    assert owned(s, "Orcs") == {20: 1, 21: 1} and s.races["Orcs"].hand == 7
    [ready] = _of(s.events, "ready")
    assert ready == {"kind": "ready", "seat": 0, "race": "Orcs", "tokens": 7, "hand": 7}
    assert describe_event(ready, NAMES) == (
        "P1's Orcs take 7 tokens in hand to conquer, leaving one in each region"
    )


def test_no_ready_event_when_nothing_was_taken() -> None:
    """Readying a race that holds one token per region moves nothing: nothing is told. (No
    short real game leaves every region at one token, so the position is staged.)"""
    s = clear_board(fresh(2))
    put(s, 0, "Ratmen", "Hill", {1: 1, 2: 1})
    start_turn(s, 0)
    assert s.turn.seat == 0 and s.races["Ratmen"].hand == 0
    assert [e["kind"] for e in s.events] == ["turn"]


def test_amazons_ready_with_their_four_back() -> None:
    """[SW Amazons] "only take these four tokens back in hand ... once you Ready your Troops"
    — the event counts the tokens taken off the map and the hand they make with the 4."""
    s = start(("Amazons", "Merchant"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 20 4", "end")
    assert owned(s, "Amazons") == {20: 6, 21: 2} and s.races["Amazons"].reserve == 4
    pass_turns(s, 0)
    [ready] = _of(s.events, "ready")
    assert (ready["tokens"], ready["hand"]) == (6, 10)
    assert describe_event(ready, NAMES).endswith("leaving one in each region (10 in hand in all)")


def test_unused_tokens_go_back_where_they_were_readied_from() -> None:
    """[SW "Troop Redeployment"] the player "may freely redeploy the Race tokens he has on the
    board"; tokens readied and not used go back where they stood (docs/rulings.md, ruling 5)
    and the engine says where."""
    s = _orcs_hold_20_and_21()
    pass_turns(s, 0)
    play(s, "stop", "end")
    assert owned(s, "Orcs") == {20: 5, 21: 4}
    [back] = _of(s.last_events, "return")
    assert back == {"kind": "return", "seat": 0, "race": "Orcs", "tokens": 7, "regions": [20, 21]}
    assert _of(s.last_events, "spread") == []
    assert describe_event(back, NAMES) == "P1's Orcs: 7 leftover tokens go back to 20 and 21"
    one = {**back, "tokens": 1, "regions": [20]}
    assert describe_event(one, NAMES) == "P1's Orcs: 1 leftover token goes back to 20"


def test_tokens_never_placed_are_spread_and_told() -> None:
    """Tokens still in hand that were never readied (the combo's own) go onto the weakest
    regions when the redeployment ends (ruling 5): a ``spread`` event names them."""
    s = start(("Orcs", "Hill"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "end")
    [spread] = _of(s.last_events, "spread")
    assert spread == {"kind": "spread", "seat": 0, "race": "Orcs", "tokens": 5, "regions": [20, 21]}
    assert owned(s, "Orcs") == {20: 5, 21: 4}
    assert describe_event(spread, NAMES) == (
        "P1's Orcs: 5 tokens left in hand are spread over 20 and 21"
    )


def test_a_defenders_tokens_are_spread_and_told() -> None:
    """[SW "Enemy Losses & Withdrawals"] the defender keeps "the other Race tokens in hand, and
    redeploy[s] them in any other Region(s) still occupied by his race" — a defender who
    finishes with tokens in hand has them spread, and the event names the defender."""
    s = _orcs_hold_20_and_21()
    play(s, "pick 1", "conquer 21", "stop", "end")
    assert to_act(s) == 0 and s.races["Orcs"].hand == 3
    play(s, "finish")
    # P2's Ratmen spread the tokens they kept in hand first; then the defender's.
    ratmen, spread = _of(s.last_events, "spread")
    assert ratmen["seat"] == 1
    assert spread == {"kind": "spread", "seat": 0, "race": "Orcs", "tokens": 3, "regions": [20]}
    assert describe_event(spread, NAMES) == "P1's Orcs: 3 tokens left in hand are spread over 20"
    assert describe_event({**spread, "tokens": 1}, NAMES).endswith(
        "1 token left in hand is spread over 20"
    )


def test_declining_puts_tokens_back_silently_unless_they_stay() -> None:
    """[SW "Entering In Decline"] the player "flips a single Race token ... in each Region
    those tokens occupied and removes all other tokens": tokens put back just before are not
    worth a line. [SW Ghouls] "All your Ghoul tokens remain on the map when they go In
    Decline": theirs are told."""
    s = _orcs_hold_20_and_21()
    pass_turns(s, 0)
    play(s, "decline")
    assert _of(s.last_events, "return") == []
    assert owned(s, "Orcs") == {20: 1, 21: 1}

    g = start(("Ghouls", "Hill"), ("Ratmen", "Commando"))
    play(g, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 20 3", "deploy 21 1", "end")
    held = owned(g, "Ghouls")
    pass_turns(g, 0)
    play(g, "decline")
    [back] = _of(g.last_events, "return")
    assert back["tokens"] == sum(held.values()) - len(held)
    assert owned(g, "Ghouls") == held


def test_machine_events_are_public_deterministic_and_coin_free() -> None:
    """Over whole random games: the new events carry only their fields (no coin total), are
    public, survive JSON, read as words, and the same seed gives the same events."""
    seen: set[str] = set()
    for seed in range(1, 9):
        events = _all_events(4, seed)
        assert events == _all_events(4, seed)
        for e in events:
            if e["kind"] in FIELDS:
                seen.add(e["kind"])
                assert set(e) == FIELDS[e["kind"]], e
                assert "coins" not in e and not e.get("private")
                assert json.loads(json.dumps(e)) == e
                assert "=" not in describe_event(e, ("A", "B", "C", "D"))
    assert seen == set(FIELDS)


def _all_events(players: int, seed: int) -> list[dict]:
    """Every event of a seeded random game, replayed action by action through ``Game``."""
    log = random_game(players, seed, record=True).log
    game = Game(GameConfig(players=tuple(f"P{i + 1}" for i in range(players)), seed=seed))
    out: list[dict] = []
    for seat, text in log:
        before, count = game.state.events, len(game.state.events)
        game.play(seat, text)
        s = game.state
        out += s.events[count:] if s.events is before else s.last_events[count:] + s.events
    return out


# --- the End-turn button ----------------------------------------------------------------------


def test_end_actions_offer_nothing_while_a_combo_is_picked() -> None:
    """[SW p.3] a player without an active race picks a combo: nothing ends that step, and
    "finish" (refused there) is not offered."""
    s = start(("Orcs", "Hill"))
    assert s.turn.phase == PICK
    assert end_actions(s) == []


def test_end_actions_first_step_is_always_legal_unless_a_choice_is_owed() -> None:
    """In whole random games, the first step of "End turn" is a legal action, except while
    the Amazons still owe their 4 (its refusal then tells what to do)."""
    for seed in range(1, 6):
        log = random_game(3, seed, record=True).log
        s = start(players=3, seed=seed)
        for seat, text in log:
            ends = end_actions(s)
            race = acting_race(s)
            if s.turn.phase in (PICK, OVER):
                assert ends == []
            elif race is None or owed(s, race) is None:
                assert ends[0] in legal_actions(s), (ends, s.turn.phase)
            apply(s, seat, next(a for a in legal_actions(s) if a.text == text))
        assert s.turn.phase == OVER and end_actions(s) == []


def test_heroes_left_unplaced_are_placed_and_said() -> None:
    """[SW Heroic] "At the end of your turn, place each of your 2 Heroes in 2 different
    Regions": a player who ends without placing them gets them placed, and is told where."""
    from bot.narrate import describe_event as narrate
    from engine.core.actions import Conquer

    s = start(("Ratmen", "Heroic"), players=2, seed=3)
    play(s, "pick 1")
    for _ in range(2):
        target = next(a for a in legal_actions(s, 0) if isinstance(a, Conquer))
        play(s, target)
    play(s, *end_actions(s))
    [placed] = _of(s.last_events, "placed")
    assert placed["piece"] == "hero" and len(placed["regions"]) == 2
    assert all(s.regions[r].markers.get("hero") for r in placed["regions"])
    assert "2 Heroes left unplaced put in" in describe_event(placed, ["P1", "P2"])
    assert "2 Heroes left unplaced went to" in narrate(s, placed)


def test_heroes_the_player_placed_are_not_said_again() -> None:
    """Must not apply: Heroes the player placed themselves are no default."""
    from engine.core.actions import Conquer
    from engine.worlds.surface.actions import PlaceHero

    s = start(("Ratmen", "Heroic"), players=2, seed=3)
    play(s, "pick 1")
    for _ in range(2):
        target = next(a for a in legal_actions(s, 0) if isinstance(a, Conquer))
        play(s, target)
    play(s, "stop")
    for _ in range(2):
        hero = next(a for a in legal_actions(s, 0) if isinstance(a, PlaceHero))
        play(s, hero)
    play(s, *end_actions(s))
    assert _of(s.last_events, "placed") == []


def test_encampments_left_unplaced_are_placed_and_said() -> None:
    """[SW Bivouacking] the 5 Encampments go on the map during redeployment; those the
    player leaves in hand are placed for them, and the event says where."""
    from engine.core.actions import Conquer

    s = start(("Ratmen", "Bivouacking"), players=2, seed=3)
    play(s, "pick 1")
    target = next(a for a in legal_actions(s, 0) if isinstance(a, Conquer))
    play(s, target)
    play(s, *end_actions(s))
    [placed] = _of(s.last_events, "placed")
    assert placed["piece"] == "camp" and placed["regions"]
    camps = sum(r.markers.get("camp", 0) for r in s.regions)
    assert camps == len(placed["regions"])
    assert "Encampment" in describe_event(placed, ["P1", "P2"])
