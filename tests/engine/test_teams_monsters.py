"""Team play's setup on the surface: the seats but the first place a Monster each before the
first turn, and what a Monster does (rules: ../shared/rules/team-play-6p.en.txt, "Setup";
checklist §4 item 19, §5 "Maps"; rulings 91 and 95).

[TEAMS "Setup"] "If you are playing on the Small World map, before the first turn, all
players except the first one should place 1 Monster token in the Lost Tribe regions of their
choice (but not one that already contains, or is adjacent to a Region already containing, a
Monster)." ... "they augment the defenses of the Region they are in by 1 (so conquering that
Region will now cost 2+1+1=4 by default, rather than 3 for a Region with just a Lost Tribe
token); and they determine which Regions of Small World will contain some Relic or Places,
once conquered."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import (
    IllegalAction,
    NotYourTurn,
    apply,
    default_action,
    label,
    legal_actions,
    parse,
    to_act,
    view,
)
from engine.core.conquest import conquest_cost
from engine.core.content import load_map
from engine.core.hiding import hidden_pool
from engine.core.state import SETUP
from engine.rulesets.monsters import PlaceMonsters
from engine.simulate import random_game

from .helpers_teams import team_game

#: On sw-6p with seed 1 the free combo is Elves Mounted, and region 32 is a Forest Lost Tribe
#: region on the board's edge: Mounted changes no Forest's cost, the Elves no cost at all.
SEED = 1
FOREST_EDGE_TRIBE = 32


def test_the_seats_but_the_first_place_a_monster_in_seat_order(tmp_path: Path) -> None:
    # "before the first turn, all players except the first one should place 1 Monster token":
    # B1, C1, A2, B2, C2, then A1 starts the first turn.
    s = team_game(tmp_path, SEED, placed=False)
    order = []
    while s.turn.phase == SETUP:
        seat = to_act(s)
        assert seat is not None
        order.append(seat)
        offered = legal_actions(s, seat)
        assert offered and all(isinstance(a, PlaceMonsters) for a in offered)
        assert legal_actions(s, 0) == []
        apply(s, seat, offered[-1])
    assert order == [1, 2, 3, 4, 5]
    assert s.turn.seat == 0 and to_act(s) == 0 and s.turn.phase == "pick" and s.round == 1
    placed = [r for r in s.regions if r.markers.get("monster")]
    assert len(placed) == 5 and all(r.markers == {"lost_tribe": 1, "monster": 1} for r in placed)
    told = [e for e in s.last_events if e["kind"] == "monsters"]
    assert [(e["seat"], e["monsters"]) for e in told] == [(seat, 1) for seat in range(1, 6)]


def test_only_a_lost_tribe_region_away_from_every_monster_is_offered(tmp_path: Path) -> None:
    # "in the Lost Tribe regions of their choice (but not one that already contains, or is
    # adjacent to a Region already containing, a Monster)".
    s = team_game(tmp_path, SEED, placed=False)
    m = load_map(s.map_id)
    tribes = {rid for rid, r in enumerate(s.regions) if r.markers.get("lost_tribe")}
    assert {a.region for a in legal_actions(s, 1)} == tribes
    apply(s, 1, PlaceMonsters(FOREST_EDGE_TRIBE))
    near = m.regions[FOREST_EDGE_TRIBE].adjacent
    offered = {a.region for a in legal_actions(s, 2)}
    assert offered == {rid for rid in tribes if rid != FOREST_EDGE_TRIBE and rid not in near}
    with pytest.raises(IllegalAction, match="Before the first turn"):
        apply(s, 2, PlaceMonsters(FOREST_EDGE_TRIBE))
    plain = next(rid for rid, r in enumerate(s.regions) if not r.markers)
    with pytest.raises(IllegalAction):
        apply(s, 2, PlaceMonsters(plain))
    # Nobody else places C1's Monster, and nothing else is played before it.
    with pytest.raises(NotYourTurn):
        apply(s, 0, parse("pick 1"))
    with pytest.raises(IllegalAction):
        apply(s, 2, parse("pick 1"))


def test_the_deadline_places_on_the_lowest_region_on_offer(tmp_path: Path) -> None:
    # Every choice has a deadline default (the common brief): the lowest-numbered region
    # still on offer, so an absent player never stalls the setup (ruling 91).
    s = team_game(tmp_path, SEED, placed=False)
    while s.turn.phase == SETUP:
        seat = to_act(s)
        assert seat is not None
        first = legal_actions(s, seat)[0]
        assert default_action(s) == first
        assert first.region == min(a.region for a in legal_actions(s, seat))
        apply(s, seat, first)
    again = team_game(tmp_path, SEED)
    assert again.regions == s.regions


def test_a_monster_adds_one_and_the_lost_tribe_stays(tmp_path: Path) -> None:
    # "conquering that Region will now cost 2+1+1=4 by default, rather than 3 for a Region
    # with just a Lost Tribe token".
    s = team_game(tmp_path, SEED, placed=False)
    apply(s, 1, PlaceMonsters(FOREST_EDGE_TRIBE))
    while s.turn.phase == SETUP:
        seat = to_act(s)
        assert seat is not None
        apply(s, seat, legal_actions(s, seat)[0])
    assert s.regions[FOREST_EDGE_TRIBE].markers == {"lost_tribe": 1, "monster": 1}
    apply(s, 0, parse("pick 1"))
    elves = s.races["Elves"]
    assert elves.power == "Mounted"
    assert conquest_cost(s, elves, FOREST_EDGE_TRIBE) == 4
    plain_tribe = next(
        rid
        for rid, r in enumerate(s.regions)
        if r.markers == {"lost_tribe": 1} and load_map(s.map_id).regions[rid].terrain == "Forest"
    )
    assert conquest_cost(s, elves, plain_tribe) == 3
    assert parse(f"conquer {FOREST_EDGE_TRIBE}") in legal_actions(s, 0)
    hand = elves.hand
    apply(s, 0, parse(f"conquer {FOREST_EDGE_TRIBE}"))
    region = s.regions[FOREST_EDGE_TRIBE]
    assert region.race == "Elves" and region.tokens == 4 and elves.hand == hand - 4
    taken = next(e for e in s.events if e["kind"] == "conquer")
    assert taken["lost_tribe"] and taken["monsters"] == 1
    # The hidden stack held the team game's Relics and Places, one per placed Monster (the
    # team pieces join it with their treasure set); one is drawn into the region.
    stack = min(5, len(hidden_pool("surface", {"teams": True})))
    assert len(s.treasures) == max(0, stack - 1)
    assert "monster" not in region.markers and "lost_tribe" not in region.markers


def test_the_setup_is_public_and_labelled(tmp_path: Path) -> None:
    s = team_game(tmp_path, SEED, placed=False)
    assert view(s, None)["phase"] == SETUP
    assert label(s, PlaceMonsters(FOREST_EDGE_TRIBE)) == "Put Monsters on 32 · Forest · Lost Tribe"


def test_the_underground_team_board_prints_its_monsters(tmp_path: Path) -> None:
    # "If you are playing on the Small World map": the Underground's Monster regions are
    # printed (its World's treasure symbol), so no one places any and A1 starts at once.
    s = team_game(tmp_path, SEED, world="underground", placed=False)
    assert s.turn.phase == "pick" and to_act(s) == 0
    hiding = sum(1 for r in load_map(s.map_id).regions if "Monster" in r.features)
    assert len(s.treasures) == hiding


@pytest.mark.parametrize("seed", [11, 12])
def test_random_surface_team_games_place_monsters_and_end(seed: int) -> None:
    done = random_game(6, seed, options={"teams": True}, record=True)
    assert done.state.over and done.state.round == 8
    assert [text.split()[0] for _, text in done.log[:5]] == ["monsters"] * 5
    assert [seat for seat, _ in done.log[:5]] == [1, 2, 3, 4, 5]
