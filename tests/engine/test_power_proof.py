"""A power-proof region against every ability that aims at a region (issue 37).

[SWU p.10, Gnomes] "During their turns, other players cannot use their racial & special powers
or any effect of the Places or Relics they control, to conquer Regions occupied by your
Gnomes." [TEAMS "Bony's Boneyard"] Bony "makes all corresponding In Decline tokens on the
board immune to any opponents' racial & special powers, as well as to any Relic or Popular
place under their control" (rulings 42, 84).

The core holds every ability's action aimed at a region (``actions.aimed_at``) up against
``power_proof`` where the actions are offered (``defences.spare_proof``); ``apply`` accepts
only what is offered. Here each registered race, power, Relic and Place whose actions may aim
at another player's region is walked: its action is offered and accepted against a plain
defender, and neither against Gnomes in the same place. The abilities whose regions are
always their own player's (which no shield concerns) are listed, and a random game checks it.

Facts of ``swu-2p`` used (``helpers_treasures`` lists more): 16 (Mudpool, edge) borders 15
(Mystic Crystals) and 19; 8 (Monster) borders 5, 9 and 11; 11 (Mine) is an edge region.
On ``sw-6p``: 5 (Monster) borders 3, 21 and 25; 3 (Swamp) borders 5, 13, 16, 25 and 29.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields

import pytest

from engine import IllegalAction, apply, legal_actions, new_game, parse, to_act, to_json
from engine.core.abilities import POWERS, RACES, TREASURES, Ability, in_force
from engine.core.actions import Action, aimed_at
from engine.core.copying import clone
from engine.core.defences import power_proof
from engine.core.interrupts import FREE_ACTIONS, interrupt
from engine.core.state import SETUP, GameState
from engine.core.turn import acting_race
from engine.simulate import choose

from .helpers import begin, hide, play, put, reveal, start, texts
from .helpers_mix import MIX
from .helpers_team_pieces import defaults_until
from .helpers_teams import team_game
from .helpers_treasures import FOE, found

GNOMES = ("Gnomes", "Stone")
#: A defender with no shield, in the same place: Kraken + Stone change nothing away from the
#: River and the Black Mountains.
PLAIN = FOE
#: A Scenario stages a real turn start with ``defender`` holding the target and plays up to
#: the offer; it returns the game and the action aimed at the target.
Scenario = Callable[[tuple[str, str]], tuple[GameState, str]]


def _next_to_15(
    attacker: tuple[str, str], hand: int, options: dict[str, bool] | None = None
) -> Callable[[tuple[str, str], str], tuple[GameState, str]]:
    """P1's ``attacker`` holds 16 with ``hand`` in hand; P2's defender holds 15 alone; P1's
    turn starts."""

    def stage(defender: tuple[str, str], action: str) -> tuple[GameState, str]:
        s = new_game(["P1", "P2"], 1, world="underground", options=options or {})
        put(s, 0, *attacker, {16: 1}, hand=hand)
        put(s, 1, *defender, {15: 1})
        begin(s, 0)
        return s, action

    return stage


def dragon(defender: tuple[str, str]) -> tuple[GameState, str]:
    """[SW "Dragon Master"] "conquer a Region using a single Race token, regardless of the
    number of enemy tokens defending it" (mixed markets bring him Underground)."""
    return _next_to_15(("Shadow Mimes", "Dragon Master"), 4, MIX)(defender, "dragon 15")


def enchant(defender: tuple[str, str]) -> tuple[GameState, str]:
    """[SW "Sorcerers"] "substituting one of your opponent's Active tokens with one of your
    own" (mixed markets)."""
    return _next_to_15(("Sorcerers", "Stout"), 4, MIX)(defender, "enchant 15")


def vampire(defender: tuple[str, str]) -> tuple[GameState, str]:
    """[SWU "Vampire"] "A Region containing a single Gnome token is protected however"."""
    return _next_to_15(("Shadow Mimes", "Vampire"), 4)(defender, "vampire 15")


def wisp(defender: tuple[str, str]) -> tuple[GameState, str]:
    """[SWU p.12] the Will-o'-Wisps' die before conquering a Mystic Crystal region (15): 1 in
    hand, 3 to pay, the die may make up the 2 short."""
    return _next_to_15(("Will-o'-Wisps", "Stout"), 1)(defender, "wisp 15")


def _relic(key: str, action: str) -> Scenario:
    """P1's Shadow Mimes find ``key`` in Monster region 8; the defender holds 9 alone."""

    def stage(defender: tuple[str, str]) -> tuple[GameState, str]:
        return found(key, foe={9: 1}, foe_race=defender), action

    return stage


def magic(defender: tuple[str, str]) -> tuple[GameState, str]:
    """[SWU p.13] the Bag-o'-Many-Things "duplicates the power of 1 Righteous Relic currently
    in play": P1 picks Shadow Mimes + Magic for real, copies the Sword lying in 27 (P2's
    Mummies In Decline) and may use it on edge region 11, where the defender stands."""
    s = start(("Shadow Mimes", "Magic"), world="underground")
    put(s, 1, "Mummies", "Stone", {27: 1}, decline=True)
    put(s, 1, *defender, {11: 1})
    reveal(s, 27, "sword")
    play(s, "pick 1", "keepmime", "bag 27")
    return s, "sword 11 bag"


#: Every ability whose actions may aim at another player's region, by registered name.
SCENARIOS: dict[str, Scenario] = {
    "Dragon Master": dragon,
    "Sorcerers": enchant,
    "Vampire": vampire,
    "Will-o'-Wisps": wisp,
    "Magic": magic,
    "pentacle": _relic("pentacle", "balrog 9"),
    "doormat": _relic("doormat", "doormat 9"),
    "socks": _relic("socks", "socks 9"),
    "sword": _relic("sword", "sword 9"),
    "orb": _relic("orb", "orb 9"),
}
#: The abilities whose aimed actions name only their own player's regions (or a Chasm: the
#: Flames' Volcano), where ``power_proof`` never stands: checked on random games below.
OWN_REGIONS = {
    "Amazons",  # withdraw: its own tokens
    "Iron Dwarves",  # hammer: its own Hammers
    "Cultists",  # ancient: to a Cultist region
    "Flames",  # volcano: a Chasm with a Volcano symbol
    "Bivouacking",  # encamp, decamp
    "Fortified",  # fortify
    "Heroic",  # hero
    "Royal",  # queen
    "Shield",  # armor, unarmor
    "Reborn",  # reborn: on a region of the race
    "altar",  # altar: one of the player's In Decline tokens
    "ring",  # ring: placed in one of the player's regions
    "scepter",  # scepter: likewise
    "diamonds",  # forgo: the Place's own region, held by the player
    "keep",
    "lost_mine",
    "stonehedge",
}


def _aims(kind: type[Action]) -> bool:
    """Whether actions of ``kind`` aim at their region (``aimed_at``)."""
    probe = kind(*[False if f.name == "bag" else 0 for f in fields(kind)])
    return aimed_at(probe) is not None


def _aiming() -> dict[str, Ability]:
    """Every registered race, power, Relic and Place, and every rule set's action offered on
    every turn (``FREE_ACTIONS``), with an action aimed at a region."""
    free = {type(a).__name__: a for a in FREE_ACTIONS}
    every = {**RACES, **POWERS, **TREASURES, **free}
    return {name: a for name, a in every.items() if any(_aims(k) for k in a.handles)}


def test_every_ability_aiming_at_a_region_is_walked_or_only_names_its_own() -> None:
    aiming = set(_aiming())
    assert aiming == set(SCENARIOS) | OWN_REGIONS
    assert not set(SCENARIOS) & OWN_REGIONS


def _target(s: GameState, text: str) -> int:
    rid = aimed_at(parse(text))
    assert rid is not None
    return rid


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_an_ability_aimed_at_a_gnome_region_is_neither_offered_nor_accepted(name: str) -> None:
    """[SWU p.10, Gnomes] "other players cannot use their racial & special powers or any
    effect of the Places or Relics they control, to conquer Regions occupied by your Gnomes"
    (see each scenario's rule). Against a plain defender the action is offered and played;
    against Gnomes in the same place it is not offered, and refused with nothing changed."""
    s, text = SCENARIOS[name](PLAIN)
    race = acting_race(s)
    assert race is not None and name in {a.name for a in in_force(s, race)}
    rid = _target(s, text)
    assert not power_proof(s, rid, race)
    assert text in texts(s)
    before = to_json(s)
    play(s, text)  # accepted: it happened
    assert to_json(s) != before

    s, text = SCENARIOS[name](GNOMES)
    race = acting_race(s)
    assert race is not None and power_proof(s, rid, race)
    assert text not in texts(s)
    before = to_json(s)
    with pytest.raises(IllegalAction, match="Gnomes"):
        play(s, text)
    assert to_json(s) == before


# --- the report: Bony's banner against the Dragon ---------------------------------------------


def _bony_on_humans(boneyard: bool) -> GameState:
    """A real surface team game (``sw-6p``, the Monsters placed by the deadline defaults):
    C1's Humans In Decline hold 3, B1's Ratmen with the Dragon Master hold 13 next to it. A1's
    Orcs on 21 take Monster region 5, which hides Bony's Boneyard (``boneyard``, else
    Glandulf's Tavern), and A1 puts Bony on the Humans; then B1's turn starts."""
    s = team_game(None)
    put(s, 0, "Orcs", "Alchemist", {21: 1}, hand=8)
    put(s, 1, "Ratmen", "Dragon Master", {13: 1}, hand=5)
    put(s, 2, "Humans", "Stout", {3: 1}, decline=True)
    hide(s, "boneyard" if boneyard else "tavern")
    begin(s, 0)
    play(s, "conquer 5")
    if boneyard:
        play(s, "bony 3")
        assert s.bony == "Humans"
    play(s, "stop", "end")
    return defaults_until(s, 1)


def test_bonys_banner_is_out_of_the_dragons_reach_but_not_of_a_plain_conquest() -> None:
    """[TEAMS "Bony's Boneyard"] Bony's banner is "immune to any opponents' racial & special
    powers": B1's Dragon ("conquer a Region using a single Race token" [SW "Dragon Master"])
    is neither offered nor accepted against C1's Humans under Bony; B1 may still conquer
    them by the plain rules (2 + 1 tokens; ruling 84), and send the Dragon elsewhere. Without
    Bony, the Dragon may go there."""
    s = _bony_on_humans(boneyard=False)
    assert "dragon 3" in texts(s)
    s = _bony_on_humans(boneyard=True)
    bob = s.races["Ratmen"]
    assert s.turn.seat == 1 and acting_race(s) is bob and power_proof(s, 3, bob)
    assert "dragon 3" not in texts(s)
    assert "dragon 16" in texts(s) and "conquer 3" in texts(s)
    before = to_json(s)
    with pytest.raises(IllegalAction, match="Region 3 is held by Humans"):
        play(s, "dragon 3")
    assert to_json(s) == before
    play(s, "conquer 3")
    assert s.regions[3].race == "Ratmen" and s.regions[3].tokens == 3


# --- random games ---------------------------------------------------------------------------


@pytest.mark.parametrize("world", ["surface", "underground"])
def test_in_random_games_no_aimed_action_is_offered_against_a_shield(world: str) -> None:
    """Random 6-player team games with mixed markets (Gnomes and Bony, both worlds' powers):
    at every step, no ability's action offered aims at a power-proof region, and those of
    ``OWN_REGIONS`` name only the acting player's regions or an empty one."""
    own_kinds = tuple(k for n in OWN_REGIONS for k in _aiming()[n].handles if _aims(k))
    rng = random.Random(37)
    s = new_game(["A", "B", "C", "D", "E", "F"], 37, world=world, options={"teams": True, **MIX})
    aimed = 0
    while (seat := to_act(s)) is not None:
        offered = legal_actions(s, seat)
        race = acting_race(s)
        # The setup's Monsters and a Sigil's sacrifice from one's own region are no ability's
        # action on one's turn.
        asked = race is None or s.turn.phase == SETUP or interrupt(s) is not None
        for a in offered:
            rid = aimed_at(a)
            if rid is None or asked:
                continue
            aimed += 1
            assert not power_proof(s, rid, race), (a.text, s.regions[rid].race)
            if isinstance(a, own_kinds):
                assert s.regions[rid].owner in (seat, -1), a.text
        apply(s, seat, choose(rng, s, offered), validate=False)
    assert aimed > 0


def test_a_clone_keeps_the_shield() -> None:
    """The shield is the position's, not a cache's: a copy (``clone``, as the AI searches)
    refuses the same Dragon attack."""
    copy = clone(_bony_on_humans(boneyard=True))
    assert "dragon 3" not in texts(copy)
    with pytest.raises(IllegalAction):
        apply(copy, 1, parse("dragon 3"))
