"""The Underground world's own board rules, played from a real start on ``swu-2p``.

[SWU] is ``rules/small-world-underground.en.txt``. Facts of ``swu-2p`` used below: River
12 → 13 → 14 (12 and 14 touch the edge), Abysmal Chasms 3, 10, 18, 21, 23, Monster regions
7, 8, 17, 26 (8 and 26 on the edge), Black Mountains 2, 6, 19, 25. Drow with Stone and
Shrooms with Mining are used because neither changes what a conquest costs.
"""

from __future__ import annotations

import json

import pytest

from engine import Game, GameConfig, IllegalAction, apply, legal_actions, parse, view
from engine.core.abilities import TREASURES
from engine.core.conquest import conquest_cost
from engine.core.legal import default_action
from engine.core.state import GameState
from engine.core.turn import must

from .helpers import owned, play, start, texts

PLAIN = (("Drow", "Stone"), ("Shrooms", "Mining"))


def underground(seed: int = 1) -> GameState:
    """A 2-player Underground game; P1 has picked Drow + Stone and is conquering."""
    s = start(*PLAIN, world="underground", seed=seed)
    play(s, "pick 1")
    return s


def test_the_river_costs_one_token_and_its_ends_are_entries() -> None:
    """[SWU p.5] "The River only costs 1 token to conquer"; a first conquest enters "by a
    Region bordering the edge of the board (including the two River "ends" that touch the
    edge of the board)"."""
    s = underground()
    race = s.races["Drow"]
    assert "conquer 12" in texts(s) and "conquer 14" in texts(s)
    assert "conquer 13" not in texts(s)  # the middle of the River is not on the edge
    assert conquest_cost(s, race, 12) == 1
    play(s, "conquer 12", "conquer 13")
    assert owned(s, "Drow") == {12: 1, 13: 1}


def test_the_river_is_emptied_at_redeployment() -> None:
    """[SWU p.7] "If the player conquered any River Regions during his turn, he must now
    empty these Regions and redeploy the corresponding Troops into other (non-River)
    regions."""
    s = underground()
    play(s, "conquer 12", "conquer 13", "conquer 20")
    hand = s.races["Drow"].hand
    play(s, "stop")
    assert owned(s, "Drow") == {20: 2}
    assert s.races["Drow"].hand == hand + 2
    told = [e for e in s.events if e["kind"] == "river"]
    assert told == [{"kind": "river", "seat": 0, "race": "Drow", "tokens": 2, "regions": [12, 13]}]
    play(s, f"deploy 20 {s.races['Drow'].hand}", "end")
    assert owned(s, "Drow") == {20: 8}  # Drow 4 + Stone 4: every token on the one region


def test_abysmal_chasms_are_never_entered() -> None:
    """[SWU p.5] "The Abysmal Chasms are impassable Regions ... inaccessible to the players.
    They must be circumvented, never crossed or passed through.\""""
    s = underground()
    play(s, "conquer 0", "conquer 1")
    assert all(f"conquer {c}" not in texts(s) for c in (3, 10, 18, 21, 23))
    with pytest.raises(IllegalAction, match="no one may enter"):
        apply(s, 0, parse("conquer 3"))


def test_a_monster_region_costs_two_more_and_reveals_a_treasure() -> None:
    """[SWU p.5] "+ 1 additional Race token for each Monster token"; "Whenever a player
    successfully conquers a Region occupied by Monster tokens, he immediately draws a marker
    from the top of the stack of Popular Places & Righteous Relics, and places it into the
    Region just captured.\""""
    s = underground()
    race = s.races["Drow"]
    assert s.regions[8].markers == {"monster": 2}
    assert conquest_cost(s, race, 8) == 4
    s.treasures[0] = "diamonds"
    hidden = len(s.treasures)
    play(s, "conquer 8")
    assert s.regions[8].markers == {"diamonds": 1}
    assert len(s.treasures) == hidden - 1
    taken = [e for e in s.events if e["kind"] == "conquer"][-1]
    assert taken["monsters"] == 2
    found = [e for e in s.events if e["kind"] == "discover"]
    assert found == [
        {
            "kind": "discover",
            "seat": 0,
            "race": "Drow",
            "region": 8,
            "treasure": "diamonds",
            "sort": "place",
        }
    ]


def test_black_mountains_add_one_and_stay_for_the_conqueror() -> None:
    """[SWU p.5] "+ 1 additional Race token for each Black Mountain"; "Black Mountains are
    immovable, and remain in place to provide defense for their new conqueror.\""""
    s = underground()
    race = s.races["Drow"]
    assert conquest_cost(s, race, 2) == 3
    play(s, "conquer 2")
    assert s.regions[2].markers == {"black_mountain": 1}
    assert conquest_cost(s, s.races["Drow"], 0) == 2  # an empty Mine: no marker, 2 tokens


def test_places_and_relics_stay_behind_when_a_region_is_abandoned() -> None:
    """[SWU p.7] abandoning leaves "no Tokens there (except for any Relic or Place present,
    which MUST be left behind when the player abandons the Region)"."""
    s = underground()
    s.treasures[0] = "keep"
    play(s, "conquer 8", "conquer 5", "stop", "end")
    play(s, "pick 1", "stop", "end")
    assert s.turn.seat == 0 and s.regions[8].markers == {"keep": 1}
    play(s, "abandon 8")
    assert s.regions[8].race is None
    assert s.regions[8].markers == {"keep": 1}


def test_a_ghost_or_balrog_region_is_closed_to_every_player() -> None:
    """[SWU p.13] A Region made immune "cannot be conquered by an opponent"; the Balrog's is
    "immune to all players" and, by ruling, the Ghost's too (docs/rulings.md)."""
    s = underground()
    assert "conquer 16" in texts(s)
    s.regions[16].markers["ghost"] = 1
    s.regions[19].markers["balrog"] = 1
    assert "conquer 16" not in texts(s) and "conquer 19" not in texts(s)
    with pytest.raises(IllegalAction, match="immune"):
        apply(s, 0, parse("conquer 16"))


def test_the_hidden_stack_never_shows_in_the_public_view() -> None:
    """[SWU p.2] the Places and Relics are stacked "face down"; the others are discarded
    "without looking at them": only how many remain may be public."""
    s = underground()
    public = view(s)
    assert public["hidden_treasures"] == len(s.treasures) == 4
    assert public["stonehedge"] is None  # a field name, not a marker: nothing drawn yet
    text = json.dumps({k: v for k, v in public.items() if k != "stonehedge"})
    for key in TREASURES:
        assert f'"{key}"' not in text


def test_undo_stops_at_a_revealed_treasure() -> None:
    """What the Monsters hid is seen once revealed: taking it back would let the player choose
    again knowing the next marker, so undo stops there (as at a die roll)."""
    g = Game(GameConfig(("P1", "P2"), 3, "swu-2p"))
    g.play(0, "pick 1")
    while forced := must(g.state, g.state.races[g.state.players[0].active or ""]):
        g.play(0, forced[0])
    g.play(0, "conquer 26")
    assert any(e["kind"] == "discover" for e in g.state.events)
    assert g.can_undo(0) is not None
    with pytest.raises(IllegalAction, match="revealed"):
        g.undo(0)


def test_the_deadline_default_is_legal_throughout_an_underground_game() -> None:
    """A deadline never stalls a game: its default is always one of the legal actions."""
    s = underground(seed=5)
    for _ in range(400):
        if s.turn.phase == "over":
            break
        action = default_action(s)
        assert action is not None and action in legal_actions(s)
        play(s, action)
    assert s.turn.phase == "over"


def test_every_underground_choice_has_a_readable_label() -> None:
    """Every decision goes through ``legal_actions`` with a label a player can read (issue
    requirement): no action of a random Underground game is shown as its bare text form."""
    import random

    from engine import label, new_game, to_act
    from engine.simulate import choose

    verbs: set[str] = set()
    for seed in range(1, 31):
        s = new_game(["A", "B", "C"], seed, world="underground")
        rng = random.Random(seed)
        while (seat := to_act(s)) is not None:
            actions = legal_actions(s, seat)
            for a in actions:
                verbs.add(a.verb)
                assert label(s, a) != a.text, a.text
            apply(s, seat, choose(rng, s, actions), validate=False)
    # The Underground's own choices showed up (not only the base game's).
    assert {"volcano", "mime", "keepmime", "queen", "armor", "ghost", "balrog"} <= verbs


def test_every_underground_name_is_explained_in_a_sentence() -> None:
    """``rules NAME`` (terminal) and ``/sw rules`` (bot) explain every Underground race, power,
    Relic and Place in the project's own words: short, never the rulebook's text."""
    from engine.core.content import powers, races, treasures
    from engine.text.glossary import entries, lookup

    table = entries()
    names = [n for n, d in races().items() if d.set == "underground"]
    names += [n for n, d in powers().items() if d.set == "underground"]
    names += [t.name for t in treasures().values() if t.set == "underground"]
    assert len(names) == 15 + 21 + 15
    for name in names:
        found = lookup(name.lower(), table)
        assert found is not None, name
        what = found[1].split(". ", 1)[1]
        assert not what.startswith("[") and '"' not in what, name
        assert 10 < len(what) <= 200, name


def test_every_underground_event_is_told_in_a_sentence() -> None:
    """The terminal (and the golden files) tell each Underground event in a sentence of its
    own, not in the generic line kept for kinds nobody described."""
    import random

    from engine import new_game, to_act
    from engine.console.cli import describe_any, describe_event
    from engine.simulate import choose
    from engine.text.narration import SENTENCES

    names = ["A", "B", "C"]
    told: set[str] = set()
    for seed in range(1, 61):
        s = new_game(names, seed, world="underground")
        rng = random.Random(seed)
        while (seat := to_act(s)) is not None:
            apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
            for e in s.events:
                if e["kind"] in SENTENCES:
                    assert describe_event(e, names) != describe_any(e, names), e
                    told.add(e["kind"])
    assert {"volcano", "vampire", "balrog", "ring", "pay", "steal"} <= told


def test_the_stonehedges_vanishing_is_the_players_choice() -> None:
    """[SWU p.15] "using the Special Power associated with the Stonehedge is optional; for
    instance if the player's Race who discovers the Stonehedge has the Vanishing Special
    Power, that player is not forced to use Vanishing": declining offers both."""
    from engine.core.state import from_dict, to_dict
    from engine.core.turns import start_turn

    from .helpers import put, reveal

    s = start(*PLAIN, world="underground")
    put(s, 0, "Ogres", "Stone", {5: 2, 0: 2, 8: 1})
    s.regions[8].markers.pop("monster", None)
    reveal(s, 8, "stonehedge")
    s.stonehedge = "Vanishing"
    start_turn(s, 0)
    assert "decline" in texts(s) and "vanish" in texts(s)
    plain = from_dict(to_dict(s))
    play(plain, "decline")
    assert owned(plain, "Ogres") == {0: 1, 5: 1, 8: 1}  # a plain decline: one token each
    play(s, "vanish")
    assert owned(s, "Ogres") == {}
    told = [e for e in s.last_events + s.events if e["kind"] == "vanishing"]
    assert told and told[0]["coins"] == 6 and told[0]["regions"] == [0, 5, 8]


def test_a_vanishing_badge_declines_with_no_choice_to_make() -> None:
    """[SWU "Vanishing"] "When sending your Vanishing tokens In Decline, remove them all": the
    race's own badge always works, so no second decline is offered."""
    from engine.core.turns import start_turn

    from .helpers import put

    s = start(*PLAIN, world="underground")
    put(s, 0, "Ogres", "Vanishing", {5: 2, 0: 2})
    start_turn(s, 0)
    assert "decline" in texts(s) and "vanish" not in texts(s)


def test_every_underground_piece_is_explained_with_its_count() -> None:
    """`/sw rules` and the terminal's `rules` explain each Underground piece, with how many the
    box holds (data/components.json)."""
    from engine.core.content import components
    from engine.text.glossary import entries, search

    pieces = {
        "Volcano": 1, "Black Mountain": 9, "Mushroom Armor": 8, "Vengeance": 4,
        "Silver Hammer": 7, "Monster": 14, "Great Ancient": 1, "Balrog": 1,
        "Tomb-raider's Ghost": 1, "Queen": 1, "Bag-o'-Many-Things": 1,
    }  # fmt: skip
    table = entries()
    for piece, count in pieces.items():
        assert components()["markers"][piece] == count, piece
        found = search(piece, 5, table)
        assert found, piece
        text = table[found[0]]
        assert text.startswith("Underground"), (piece, text)
        if count > 1 and piece not in ("Monster", "Black Mountain"):
            assert f"{count} in the box" in text, (piece, text)
