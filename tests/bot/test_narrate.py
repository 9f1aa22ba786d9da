"""Channel wording of engine events: true to the game, even once a race has left it."""

from __future__ import annotations

from typing import Any

from bot.narrate import describe_event, summary
from engine.core.state import GameState
from tests.engine.helpers import pass_turns, play, start


def test_a_race_that_vanishes_at_once_is_named_as_its_owners() -> None:
    # Seat 0's Ghouls decline, then lose their last region to seat 1 and leave the map in
    # that same conquest: the line still names seat 0 as their owner.
    s = start(("Ghouls", "Merchant"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 21 3", "end")
    play(s, "pick 1", "conquer 19", "stop", "end")
    play(s, "decline", "conquer 20", "conquer 21")
    assert "Ghouls" not in s.races
    conquest = s.events[-2]
    told = describe_event(s, conquest)
    assert told is not None
    assert f"from {s.players[0].name}'s Ghouls" in told, told


# --- what the engine did for the player: one line each ---------------------------------------


def _orcs_hold_20_and_21() -> GameState:
    """Seat 0's Hill Orcs take Swamp 20 and Forest 21 and place every token: 20 ×5, 21 ×4."""
    s = start(("Orcs", "Hill"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 20 3", "deploy 21 2", "end")
    return s


def _kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def test_readying_is_told() -> None:
    """[SW "Ready your Troops"] "Leaving in place one Race token in each Region they occupy,
    the player may take all his other Active Race tokens from the map back in hand"."""
    s = _orcs_hold_20_and_21()
    pass_turns(s, 0)
    [ready] = _kind(s.events, "ready")
    told = "P1's Orcs picked up 7 tokens to conquer with, leaving one in each region."
    assert describe_event(s, ready) == told
    assert told in summary(s, s.events)


def test_amazons_readying_counts_their_four() -> None:
    """[SW Amazons] the four "back in hand ... once you Ready your Troops"."""
    s = start(("Amazons", "Merchant"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "deploy 20 4", "end")
    pass_turns(s, 0)
    [ready] = _kind(s.events, "ready")
    assert describe_event(s, ready) == (
        "P1's Amazons picked up 6 tokens to conquer with, leaving one in each region "
        "(10 in hand in all)."
    )


def test_leftover_tokens_going_back_are_told_with_their_regions() -> None:
    """[SW "Troop Redeployment"]; unused readied tokens go back where they stood (ruling 5)."""
    s = _orcs_hold_20_and_21()
    pass_turns(s, 0)
    play(s, "stop", "end")
    [back] = _kind(s.last_events, "return")
    assert describe_event(s, back) == (
        "P1's Orcs: 7 leftover tokens went back to 20 (Swamp) and 21 (Forest)."
    )


def test_spread_tokens_are_told_for_the_player_and_for_a_defender() -> None:
    """Tokens never placed are spread (ruling 5); so are a defender's [SW "Enemy Losses &
    Withdrawals"]: "redeploy them in any other Region(s) still occupied by his race"."""
    s = start(("Orcs", "Hill"), ("Ratmen", "Commando"))
    play(s, "pick 1", "conquer 20", "conquer 21", "stop", "end")
    [mine] = _kind(s.last_events, "spread")
    assert describe_event(s, mine) == (
        "P1's Orcs: 5 tokens left in hand were spread over 20 (Swamp) and 21 (Forest)."
    )
    play(s, "pick 1", "conquer 21", "stop", "end", "finish")
    defender = _kind(s.last_events, "spread")[-1]
    assert describe_event(s, defender) == (
        "P1's Orcs: 3 tokens left in hand were spread over 20 (Swamp)."
    )
    assert describe_event(s, {**defender, "tokens": 1}) == (
        "P1's Orcs: 1 token left in hand was spread over 20 (Swamp)."
    )


# --- the Underground, told after the fact ------------------------------------------------------


def _underground_turns(seeds: range) -> list[tuple[GameState, list[dict[str, Any]]]]:
    """Random 3-player Underground games from their real start: the state and events of
    each turn, taken right after every action (so the state is the one the events led to)."""
    import copy
    import random

    from engine import apply, legal_actions, new_game, to_act
    from engine.simulate import choose

    out = []
    for seed in seeds:
        s = new_game(["ann", "bob", "cyd"], seed, world="underground")
        rng = random.Random(seed)
        while (seat := to_act(s)) is not None:
            before = len(s.events)
            apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
            new = s.events[before:] if len(s.events) >= before else s.events
            if new:
                out.append((copy.deepcopy(s), list(new)))
    return out


def test_underground_events_are_told_in_the_past_like_the_base_games() -> None:
    # The summary of a finished turn says "took", "picked"; the Underground's sentences
    # follow ("discovered", "sent the Balrog"), where the terminal tells them as they happen.
    import re

    from engine.text.narration import SENTENCES, underground_sentence

    # The present forms of the verbs the sentences use, with their past (the sentences are
    # catalog messages in two tenses, engine.text.telling).
    PAST = {
        "become": "became", "becomes": "became", "bite": "bit", "drink": "drank",
        "fall": "fell", "find": "found", "finds": "found", "fly": "flew", "forge": "forged",
        "forgoes": "forwent", "gain": "gained", "get": "got", "gets": "got", "give": "gave",
        "grants": "granted", "keep": "kept", "leave": "left", "leaves": "left",
        "lose": "lost", "now in": "moved to", "pay": "paid", "pays": "paid", "put": "put",
        "puts": "put", "are": "were", "sends": "sent", "steal": "stole", "take": "took",
        "use": "used", "vanish": "vanished", "discover": "discovered", "now holds": "now held",
        "moves": "moved", "stays": "stayed", "gives": "gave", "swaps": "swapped",
        "collects": "collected", "waits": "waited",
    }  # fmt: skip

    told: set[str] = set()
    for s, events in _underground_turns(range(1, 41)):
        names = [p.name for p in s.players]
        for e in events:
            if e["kind"] not in SENTENCES:
                continue
            line = describe_event(s, e)
            present = underground_sentence(e, names)
            assert line is not None and present is not None, e
            assert line.rstrip(".") != present or " put " in line, line
            for verb, past in PAST.items():
                if verb != past:
                    assert not re.search(rf"\b{verb}\b", line), (verb, line)
            told.add(e["kind"])
            if e["kind"] == "discover":
                assert " discovered " in line, line
    assert {"discover", "river", "balrog", "pay"} <= told, told


def test_a_relic_or_place_changing_hands_is_named_with_the_conquest() -> None:
    # [SWU p.13] A Relic stays in its region and belongs to whoever occupies it: the line of
    # the conquest says it passed ("..., and the Shiny Orb with it").
    from engine.core.content import treasures

    seen = 0
    for s, events in _underground_turns(range(1, 61)):
        for e in events:
            if e["kind"] == "conquer" and e.get("treasures"):
                line = describe_event(s, e)
                assert line is not None
                names = [treasures()[k].name for k in e["treasures"]]
                assert line.endswith(" with it."), line
                assert all(n in line for n in names), line
                seen += 1
    assert seen, "no Relic or Place was taken in 60 games"
