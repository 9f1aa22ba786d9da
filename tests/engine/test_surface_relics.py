"""Places and Relics on the surface, the option ``surface_relics`` (rules:
../shared/rules/small-world-underground.en.txt, "Compatibility with Small World"; rulings
92 to 96).

[SWU "Compatibility"] "If you wish to introduce Places and Relics in Small World itself,
take a number of Monster tokens equal to (2 x the number of players) + 2; then place 2
Monster tokens in each Lost Tribes Region of your choice. Simply make sure that no two such
Monster occupied Regions are adjacent to each other. Then complete your set-up by placing a
single Lost Tribe token in any Lost Tribe Region not occupied by Monsters."
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, apply, default_action, legal_actions, new_game, parse, to_act
from engine.core.abilities import TREASURES, in_force
from engine.core.conquest import conquest_cost
from engine.core.content import load_map, treasures
from engine.core.state import SETUP, GameState
from engine.rulesets.monsters import PlaceMonsters
from engine.rulesets.surface_relics import regions_wanted
from engine.simulate import random_game

OPTION = {"surface_relics": True}
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
#: On sw-3p with seed 1 the free combo is Elves Mounted, the stack's top is the Shiny Orb, and
#: region 5 is a Forest Lost Tribe region on the board's edge (Mounted changes no Forest).
SEED = 1
FOREST_EDGE_TRIBE = 5


def relic_game(players: int = 3, seed: int = SEED) -> GameState:
    return new_game(NAMES[:players], seed, options=OPTION)


def place_defaults(s: GameState) -> list[tuple[int, int]]:
    """Play the setup's deadline defaults; the (seat, region) of each choice."""
    done = []
    while s.turn.phase == SETUP:
        seat = to_act(s)
        action = default_action(s)
        assert seat is not None and isinstance(action, PlaceMonsters)
        assert action in legal_actions(s, seat)
        apply(s, seat, action)
        done.append((seat, action.region))
    return done


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_plus_one_regions_get_two_monsters_each(players: int) -> None:
    # "(2 x the number of players) + 2" Monster tokens, "2 Monster tokens in each Lost
    # Tribes Region of your choice": players + 1 regions. "of your choice" names no one: the
    # seats choose in turn order, wrapping round (ruling 92).
    s = relic_game(players)
    assert s.turn.phase == SETUP and to_act(s) == 0
    assert regions_wanted(players) == players + 1
    done = place_defaults(s)
    assert [seat for seat, _ in done] == [i % players for i in range(players + 1)]
    chosen = [rid for _, rid in done]
    assert s.turn.phase == "pick" and to_act(s) == 0 and s.round == 1
    m = load_map(s.map_id)
    # "no two such Monster occupied Regions are adjacent to each other".
    assert all(not (m.regions[a].adjacent & set(chosen)) for a in chosen)
    for rid, r in enumerate(s.regions):
        if rid in chosen:
            # "a single Lost Tribe token in any Lost Tribe Region not occupied by Monsters":
            # the Monster regions keep no Lost Tribe.
            assert r.markers == {"monster": 2}
        elif "Lost Tribe" in m.regions[rid].features:
            assert r.markers.get("lost_tribe") == 1 and "monster" not in r.markers
    # One hidden Underground Relic or Place per Monster region (ruling 93).
    assert len(s.treasures) == players + 1
    assert all(treasures()[k].set == "underground" for k in s.treasures)


def test_a_region_next_to_a_monster_region_is_refused() -> None:
    s = relic_game()
    apply(s, 0, PlaceMonsters(FOREST_EDGE_TRIBE))
    near = load_map(s.map_id).regions[FOREST_EDGE_TRIBE].adjacent
    offered = {a.region for a in legal_actions(s, 1)}
    assert FOREST_EDGE_TRIBE not in offered and not offered & near
    neighbour = next(
        (rid for rid in near if s.regions[rid].markers.get("lost_tribe")), FOREST_EDGE_TRIBE
    )
    with pytest.raises(IllegalAction, match="Before the first turn"):
        apply(s, 1, PlaceMonsters(neighbour))


def test_conquering_a_monster_region_draws_a_relic_that_works_until_decline() -> None:
    # "2 Monster tokens" defend: 2 + 2 = 4. [SWU p.5] taking a Monster region "immediately
    # draws a marker from the top of the stack of Popular Places & Righteous Relics, and
    # places it into the Region just captured". [SWU] "Relics cannot be used by Races that
    # are In Decline" (ruling 94).
    s = relic_game()
    apply(s, 0, PlaceMonsters(FOREST_EDGE_TRIBE))
    place_defaults(s)
    top = s.treasures[0]
    assert top == "orb" and treasures()[top].relic
    apply(s, 0, parse("pick 1"))
    elves = s.races["Elves"]
    assert elves.power == "Mounted" and conquest_cost(s, elves, FOREST_EDGE_TRIBE) == 4
    apply(s, 0, parse(f"conquer {FOREST_EDGE_TRIBE}"))
    region = s.regions[FOREST_EDGE_TRIBE]
    assert region.race == "Elves" and region.tokens == 4 and top in region.markers
    assert [e["treasure"] for e in s.events if e["kind"] == "discover"] == [top]
    assert TREASURES[top] in in_force(s, elves)
    # To A1's next turn: everyone takes the deadline's choices.
    while not (s.round == 2 and s.turn.seat == 0):
        seat = to_act(s)
        action = default_action(s)
        assert seat is not None and action is not None
        apply(s, seat, action)
    apply(s, 0, parse("decline"))
    assert elves.in_decline and s.regions[FOREST_EDGE_TRIBE].race == "Elves"
    assert TREASURES[top] not in in_force(s, elves)


def test_six_players_take_team_play_and_its_setup() -> None:
    # The option changes no seat: six players need team play, whose Monsters lay the board
    # out instead (one each for B1 to C2, the Lost Tribe kept), and the Underground's Relics
    # and Places join the stack (ruling 95).
    with pytest.raises(ValueError, match="played by 2 to 5 players"):
        new_game([*NAMES, "Fay"], 1, options=OPTION)
    s = new_game([*NAMES, "Fay"], 1, options={"teams": True, **OPTION})
    done = place_defaults(s)
    assert [seat for seat, _ in done] == [1, 2, 3, 4, 5]
    assert all(s.regions[rid].markers == {"lost_tribe": 1, "monster": 1} for _, rid in done)
    assert len(s.treasures) == 5
    assert {treasures()[k].set for k in s.treasures} <= {"underground", "teams"}


def test_on_the_underground_the_option_places_nothing() -> None:
    # The Underground prints its Monster regions: no choice is owed, the stack is the map's.
    s = new_game(NAMES[:3], 1, world="underground", options=OPTION)
    assert s.turn.phase == "pick" and to_act(s) == 0
    hiding = sum(1 for r in load_map(s.map_id).regions if "Monster" in r.features)
    assert len(s.treasures) == hiding


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_random_games_with_surface_relics_play_to_their_end(players: int, seed: int) -> None:
    played = random_game(players, seed, options=OPTION, record=True)
    done = played.state
    assert done.over and done.result is not None
    setup = [seat for seat, text in played.log if text.startswith("monsters ")]
    assert setup == [i % players for i in range(players + 1)]


def test_random_team_games_with_surface_relics_play_to_their_end() -> None:
    done = random_game(6, 5, options={"teams": True, **OPTION}).state
    assert done.over and done.round == 8


def test_the_option_changes_nothing_on_the_underground_and_something_on_the_surface() -> None:
    # Ruling 96: "The option changes no player count and nothing underground" — what the bot
    # asks before it stores an option (``rulesets.changes_nothing``).
    from engine.core.rulesets import changes_nothing

    below = new_game(NAMES[:3], 1, world="underground", options=OPTION)
    assert changes_nothing("surface_relics", "underground", {}, below)
    above = new_game(NAMES[:3], 1, options=OPTION)
    assert not changes_nothing("surface_relics", "base", {}, above)
    # Mixed markets add the other world's races and powers on either world.
    assert not changes_nothing(
        "mix", "underground", {}, new_game(NAMES[:3], 1, options={"mix": True})
    )


def test_how_many_monsters_a_seat_puts_comes_from_the_rule_set_laying_the_board_out() -> None:
    # [SWU "Compatibility"] "2 Monster tokens in each Lost Tribes Region"; [TEAMS "Setup"]
    # "place 1 Monster token"; with both on, team play lays the board out (ruling 95).
    from engine.rulesets.monsters import monsters_each

    six = [f"P{i + 1}" for i in range(6)]
    assert monsters_each(relic_game()) == 2
    assert monsters_each(new_game(six, 1, options={"teams": True})) == 1
    assert monsters_each(new_game(six, 1, options={"teams": True, **OPTION})) == 1
    assert monsters_each(new_game(NAMES[:3], 1)) == 0
