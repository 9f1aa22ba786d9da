"""A conquest's cost and a turn's score, term by term (issue 39, "Every cost explained where
it is paid"): the breakdowns add up to what the engine charges and pays.

Random games of every option set (both worlds, Relics and Places on the surface, team play,
mixed markets) check each breakdown at every legal action (``helpers_breakdowns``): 12 games
a set here, enough for every race and power to be picked; ``BREAKDOWN_GAMES`` sets another
number, and ``bench/breakdowns.py`` plays the issue's 2,000 a set. Then a few sums the
rulebook gives, each played from a real game's start.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from engine import legal_actions
from engine.compiled import STATUS
from engine.core.abilities import POWERS, RACES
from engine.core.actions import Conquer, Reinforce
from engine.core.conquest import conquest_cost, cost_breakdown
from engine.core.prices import conquest_breakdown
from engine.core.scoring import scored_terms
from engine.core.terms import (
    ABILITY,
    BASE,
    BONUS,
    DIE,
    MARKER,
    MINIMUM,
    REGIONS,
    SPARED,
    TOKENS,
    Term,
    total,
)
from engine.core.turn import acting_race
from engine.text.sums import cost_sum, score_sum
from lang import speaking

from .helpers import NEUTRAL, begin, force_die, pass_turns, play, put, start, ug
from .helpers_breakdowns import play_many
from .helpers_treasures import found

GAMES = int(os.environ.get("BREAKDOWN_GAMES", "12"))


def test_breakdowns_add_up_on_every_legal_action_of_random_games() -> None:
    if not STATUS.startswith("engine: pure"):
        # The score check stands in for ``turns.score`` (``helpers_breakdowns``), which
        # compiled code never looks up: the games are checked on the pure engine, in a
        # process of its own (the compiled engine plays the same games: test_engines.py).
        name = "test_breakdowns_add_up_on_every_legal_action_of_random_games"
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-n", "0", f"{__file__}::{name}"],
            env={**os.environ, "ENGINE_PURE": "1"},
            capture_output=True,
            text=True,
            timeout=900,
        )
        # 0: the one test ran and passed (5 would say nothing was collected).
        assert run.returncode == 0, run.stdout[-4000:]
        return
    counts = play_many(GAMES, 1)
    for name, c in counts.items():
        assert c.games == GAMES, name
        assert c.mismatches == 0, (name, c.line(), c.examples)
        assert c.offered and c.conquests and c.rolls and c.scores, (name, c.line())
    # The Relics' conquests and the Will-o'-Wisps' roll were priced too.
    assert sum(c.others for c in counts.values()), counts
    # Every race and every power was picked, so its hooks were priced and scored.
    assert set().union(*(c.races for c in counts.values())) == set(RACES)
    assert set().union(*(c.powers for c in counts.values())) == set(POWERS)


def _kinds(terms: list[Term] | tuple[Term, ...]) -> list[tuple[str, int, str]]:
    return [(t.kind, t.amount, t.source) for t in terms]


def _offer(s: Any, rid: int) -> Conquer | Reinforce:
    """The conquest of ``rid`` on offer now (a ``Conquer``, or a final ``Reinforce``)."""
    found = [a for a in legal_actions(s) if isinstance(a, (Conquer, Reinforce)) and a.region == rid]
    assert len(found) == 1, found
    return found[0]


def _last_score(s: Any, seat: int) -> dict[str, Any]:
    return [e for e in s.last_events + s.events if e["kind"] == "score" and e["seat"] == seat][-1]


def test_a_mountain_with_a_fortress_and_its_tokens_less_commando() -> None:
    """[SW p.4] "To conquer a Region, a player must have available to deploy: 2 Race tokens
    + 1 additional Race token for each Encampment, Fortress, Mountain, or Troll's Lair marker
    + 1 additional Race token for each Lost Tribe or other player's Race token already
    present in the Region"; [SW Commando] "You may conquer any Region with 1 less Race token
    than normal." On sw-2p, region 5 is a Mountain on the edge."""
    s = start(("Ratmen", "Fortified"), ("Orcs", "Commando"))
    # The Ratmen's 11 tokens: 3 on the Mountain (2 + 1 Mountain), then 2, 3 and 3 next to it.
    play(s, "pick 1", "conquer 5", "fortify 5", "conquer 1", "conquer 6", "conquer 11")
    assert s.regions[5].tokens == 3 and s.regions[5].markers == {"mountain": 1, "fortress": 1}
    play(s, "stop", "end", "pick 1")
    orcs = acting_race(s)
    assert orcs is not None and orcs.name == "Orcs" and orcs.hand == 9
    offer = _offer(s, 5)
    b = conquest_breakdown(s, offer)
    assert b is not None and isinstance(offer, Conquer)
    assert _kinds(b.terms) == [
        (BASE, 2, ""),
        (TOKENS, 3, "Ratmen"),
        (MARKER, 1, "mountain"),
        (MARKER, 1, "fortress"),
        (ABILITY, -1, "Commando"),
    ]
    assert b.total == 6 == conquest_cost(s, orcs, 5) == total(cost_breakdown(s, orcs, 5))
    assert cost_sum(b) == "6 = 2 + 3 tokens + 1 Mountain + 1 Fortress − 1 Commando"
    with speaking("fr"):
        assert cost_sum(b) == "6 = 2 + 3 pions + 1 Montagne + 1 Forteresse − 1 (Armés)"
    play(s, offer)
    assert s.regions[5].race == "Orcs" and s.regions[5].tokens == 6


def test_the_berserk_die_and_the_minimum_of_one_token() -> None:
    """[SW Berserk] "Roll the die first; select the Region you wish to conquer; then place the
    required number of Race tokens (minus the die results) there. ... As usual, a minimum of
    1 token is still required to attempt the conquest." A 3 on an empty region (2) leaves 1."""
    s = start(("Ratmen", "Berserk"))
    play(s, "pick 1")
    force_die(s, 3)
    play(s, "roll")
    b = conquest_breakdown(s, _offer(s, 4))
    assert b is not None
    assert _kinds(b.terms) == [(BASE, 2, ""), (DIE, -3, ""), (MINIMUM, 2, "")]
    assert b.total == 1
    assert cost_sum(b) == "1 = 2 − 3 (die) + 2 (minimum 1)"
    play(s, "conquer 4")
    assert s.regions[4].tokens == 1


def test_the_final_conquest_says_what_the_die_must_show() -> None:
    """[SW p.5] "the player may attempt one final conquest for his turn by selecting a Region
    that he would normally be 3 or less Race tokens short to conquer. ... If the sum of the
    die rolled, combined with the Race token(s) left in his possession, is high enough to
    conquer the Region, the player deploys his remaining Race token(s) there." The die's
    faces are 0, 0, 0, 1, 2 and 3: two of six show 2 or more."""
    for face, taken in ((2, True), (1, False)):
        s = start(("Ratmen", "Fortified"))
        # 11 tokens: 2 + 3 + 2 + 3 on four regions, 1 left in hand.
        play(s, "pick 1", "conquer 4", "conquer 3", "conquer 9", "conquer 10")
        offer = _offer(s, 8)  # a Mountain next to 3 and 9: 2 + 1 Mountain
        b = conquest_breakdown(s, offer)
        assert isinstance(offer, Reinforce) and b is not None and b.final
        assert (b.total, b.hand, b.short, b.odds) == (3, 1, 2, (2, 6))
        assert cost_sum(b) == "3 = 2 + 1 Mountain · the die must show 2 or more (1 chance in 3)"
        with speaking("fr"):
            assert cost_sum(b) == (
                "3 = 2 + 1 Montagne · le dé doit faire 2 ou plus (1 chance sur 3)"
            )
        force_die(s, face)
        play(s, offer)
        assert (s.regions[8].race == "Ratmen") is taken


def test_a_saving_does_not_count_against_gnomes() -> None:
    """[SWU p.10, Gnomes] "other players cannot use their racial & special powers or any
    effect of the Places or Relics they control, to conquer Regions occupied by your Gnomes"
    (ruling U-R4): the Ogres' saving is shown, and counts for nothing."""
    s = start(("Gnomes", "Mining"), ("Ogres", "Stout"), world="underground")
    play(s, "pick 1")
    gnomes = acting_race(s)
    assert gnomes is not None
    rid = next(a.region for a in legal_actions(s) if isinstance(a, Conquer))
    play(s, f"conquer {rid}", "stop", "end", "pick 1")
    ogres = acting_race(s)
    assert ogres is not None and ogres.name == "Ogres"
    held = s.regions[rid].tokens
    terms = cost_breakdown(s, ogres, rid)
    assert (SPARED, 0, "Ogres") in _kinds(terms)
    assert [t.against for t in terms if t.kind == SPARED] == ["Gnomes"]
    assert total(terms) == conquest_cost(s, ogres, rid) >= 2 + held
    b = conquest_breakdown(s, _offer(s, rid))
    assert b is not None and "Ogres: no saving against the Gnomes" in cost_sum(b)


def test_a_turns_score_term_by_term() -> None:
    """[SW p.5] "the player receives 1 coin from the Victory stash for each Region his Race
    tokens occupy on the map. The player may also collect additional Victory coins as a
    result of his Race and/or Special Power benefit" — [SW Humans] a coin per Farmland,
    [SW Forest] a coin per Forest. On sw-2p, 1 is a Farmland and 2 a Forest."""
    s = start(("Humans", "Forest"))
    before = s.players[0].coins
    play(s, "pick 1", "conquer 1", "conquer 2", "conquer 6", "stop", "end")
    e = _last_score(s, 0)
    terms = scored_terms(e)
    assert _kinds(terms) == [(REGIONS, 3, "Humans"), (BONUS, 1, "Humans"), (BONUS, 1, "Forest")]
    assert total(terms) == e["coins"] == 5 == s.players[0].coins - before
    assert score_sum(terms) == "5 = 3 regions + 1 Humans + 1 Forest"
    with speaking("fr"):
        assert score_sum(terms) == "5 = 3 régions + 1 (Humains) + 1 (Des Forêts)"


def test_a_score_with_a_race_in_decline_names_whose_regions() -> None:
    """[SW p.5] "As the game progresses, a player will likely have some tokens from another
    race on the map ... the remnants of an earlier race", which score their regions too
    [SW p.6: "He gains 1 Victory coin for each Region his newly In Decline tokens occupy"]."""
    s = start(("Humans", "Forest"), ("Orcs", "Commando"), ("Ratmen", "Hill"))
    play(s, "pick 1", "conquer 1", "conquer 2", "stop", "end", "pick 1", "stop", "end")
    play(s, "decline")  # Humans in decline: a coin a region, no bonus
    assert _kinds(scored_terms(_last_score(s, 0))) == [(REGIONS, 2, "Humans")]
    pass_turns(s, 0)
    play(s, "pick 1", "conquer 20", "stop", "end")
    terms = scored_terms(_last_score(s, 0))
    assert _kinds(terms) == [(REGIONS, 1, "Ratmen"), (REGIONS, 2, "Humans")]
    assert score_sum(terms) == "3 = 1 region (Ratmen) + 2 regions (Humans)"


def _offered(s: Any, text: str) -> Any:
    """The action on offer now whose text form is ``text``."""
    [found_] = [a for a in legal_actions(s) if a.text == text]
    return found_


def test_the_sword_and_the_socks_say_what_they_save() -> None:
    """[SWU p.14] "Once per turn, the player whose troops control the Sword of the Killer
    Rabbit may conquer 1 Region using 2 less tokens than normal"; "Once per turn, the player
    whose troops control the Stinky Troll's Socks may conquer 1 Region as if it was empty".
    The Kraken's 3 tokens on region 9 of swu-2p (``helpers_treasures``)."""
    for key, saved, name, paid in (
        ("sword", 2, "Sword of the Killer Rabbit", 3),
        ("socks", 3, "Stinky Troll's Socks", 2),
    ):
        s = found(key, foe={9: 3})
        mimes = s.races["Shadow Mimes"]
        hand = mimes.hand
        b = conquest_breakdown(s, _offered(s, f"{key} 9"))
        assert b is not None
        assert _kinds(b.terms) == [(BASE, 2, ""), (TOKENS, 3, "Kraken"), (ABILITY, -saved, key)]
        assert b.total == paid and b.short == 0
        assert cost_sum(b) == f"{paid} = 2 + 3 tokens − {saved} {name}"
        play(s, f"{key} 9")
        assert mimes.hand == hand - paid and s.regions[9].race == "Shadow Mimes"
    with speaking("fr"):
        s = found("sword", foe={9: 3})
        b = conquest_breakdown(s, _offered(s, "sword 9"))
        assert b is not None and cost_sum(b) == "3 = 2 + 3 pions − 2 (Épée Vorpale)"


def test_the_wisps_roll_says_what_the_die_must_show() -> None:
    """[SWU p.12, Will-o'-Wisps] "You may use the Reinforcement die before any conquest of a
    Mystic Crystal Region ... if you have enough Will-o'-Wisp tokens left to conquer this
    Region, you must conquer it once your roll was made": the Ratmen's region 15 costs 3,
    the Wisps hold 2, so the die must show 1 or more (three faces of six)."""
    s = ug()
    put(s, 0, "Will-o'-Wisps", NEUTRAL, {16: 3})
    put(s, 1, "Ratmen", "Alchemist", {15: 1})
    begin(s)
    b = conquest_breakdown(s, _offered(s, "wisp 15"))
    assert b is not None and (b.total, b.hand, b.short, b.odds) == (3, 2, 1, (3, 6))
    assert cost_sum(b) == "3 = 2 + 1 token · the die must show 1 or more (1 chance in 2)"
    with speaking("fr"):
        assert cost_sum(b) == "3 = 2 + 1 pion · le dé doit faire 1 ou plus (1 chance sur 2)"
    force_die(s, 1)
    play(s, "wisp 15")
    assert s.regions[15].race == "Will-o'-Wisps" and s.regions[15].tokens == 2
