"""Map files as data: the validator's rules, custom boards in play, and saved games on them."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import from_json, legal_actions, new_game, to_act, to_json
from engine.core.board import mapdef
from engine.core.content import (
    DATA_DIR,
    builtin_maps,
    clear_maps,
    custom_map,
    load_map,
    map_for_players,
    powers,
    races,
)
from engine.core.maps import MapError as MapFileError
from engine.core.maps import load_map_file, register_board, validate
from engine.core.rules import apply
from engine.core.state import to_dict
from engine.worlds.surface import SURFACE
from engine.worlds.underground import UNDERGROUND

MAPS = DATA_DIR / "maps"


@pytest.fixture(autouse=True)
def fresh_registry() -> Iterator[None]:
    """Each test starts and ends with no registered map, as a fresh process would."""
    clear_maps()
    yield
    clear_maps()


def raw(map_id: str = "sw-2p") -> dict[str, Any]:
    """A deep copy of a built-in map's JSON form, to break."""
    data: dict[str, Any] = json.loads((MAPS / f"{map_id}.json").read_text(encoding="utf-8"))
    return copy.deepcopy(data)


def region(data: dict[str, Any], rid: int) -> dict[str, Any]:
    r: dict[str, Any] = data["regions"][rid]
    assert r["id"] == rid
    return r


def write(tmp_path: Path, data: dict[str, Any], name: str = "custom.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --- the built-in maps -------------------------------------------------------------------


@pytest.mark.parametrize(
    "map_id",
    ["sw-2p", "sw-3p", "sw-4p", "sw-5p", "sw-6p", "swu-2p", "swu-3p", "swu-4p", "swu-5p", "swu-6p"],
)
def test_built_in_maps_have_no_problem(map_id: str) -> None:
    assert validate(raw(map_id)) == []
    assert load_map_file(MAPS / f"{map_id}.json") == load_map(map_id)


def test_built_in_maps_are_the_four_printed_boards_and_the_underground_layout() -> None:
    # sw-6p and swu-6p: the project's own team boards (issue 22; team-play-6p rules, 8 turns).
    assert builtin_maps() == [
        *(f"sw-{n}p" for n in range(2, 7)),
        *(f"swu-{n}p" for n in range(2, 7)),
    ]
    # The choice by player count stays on the printed surface boards.
    assert [map_for_players(n) for n in range(2, 6)] == ["sw-2p", "sw-3p", "sw-4p", "sw-5p"]


def test_the_surface_world_knows_exactly_what_the_printed_boards_use() -> None:
    surface = [m for m in builtin_maps() if load_map(m).world == "surface"]
    assert surface == ["sw-2p", "sw-3p", "sw-4p", "sw-5p", "sw-6p"]
    terrains = {r.terrain for m in surface for r in load_map(m).regions}
    features = {f for m in surface for r in load_map(m).regions for f in r.features}
    assert terrains == SURFACE.terrains
    assert features == SURFACE.features


# --- each rule, on a broken copy of a real map -------------------------------------------


def test_asymmetric_adjacency_names_the_pair() -> None:
    data = raw()
    region(data, 8)["adjacent"].remove(3)
    assert validate(data) == [
        "regions 3 and 8: 3 lists 8 as a neighbour but 8 does not list 3",
    ]


def test_self_adjacency() -> None:
    data = raw()
    region(data, 4)["adjacent"].append(4)
    assert validate(data) == ["region 4 lists itself as a neighbour"]


def test_neighbour_out_of_range() -> None:
    data = raw()
    region(data, 4)["adjacent"].append(99)
    assert validate(data) == ["region 4 lists neighbour 99, which does not exist"]


def test_unknown_terrain_and_feature_for_the_world() -> None:
    data = raw()
    region(data, 4)["terrain"] = "Desert"
    region(data, 9)["features"].append("Volcano")
    problems = validate(data)
    assert len(problems) == 2
    assert problems[0].startswith("region 4: unknown terrain 'Desert' for world surface (known:")
    assert problems[1].startswith("region 9: unknown feature 'Volcano' for world surface")


def test_unknown_world() -> None:
    data = raw()
    data["world"] = "atlantis"
    assert validate(data) == ["unknown world 'atlantis' (known: surface, underground)"]


def test_disconnected_land() -> None:
    data = raw()
    # Cut region 4 (Hill, edge) off from its land neighbours 3, 9 and 10.
    for other in (3, 9, 10):
        region(data, 4)["adjacent"].remove(other)
        region(data, other)["adjacent"].remove(4)
    assert validate(data) == [
        "land region 4 cannot reach region 1 over land: land must be one connected group"
    ]


def test_land_joined_only_through_water_is_disconnected() -> None:
    data = raw()
    # Region 21 (Forest) keeps its border with Sea 22 only.
    for other in list(region(data, 21)["adjacent"]):
        if other != 22:
            region(data, 21)["adjacent"].remove(other)
            region(data, other)["adjacent"].remove(21)
    problems = validate(data)
    assert problems == [
        "land region 21 cannot reach region 1 over land: land must be one connected group"
    ]


def test_no_entry_on_the_edge() -> None:
    data = raw()
    for r in data["regions"]:
        r["edge"] = r["terrain"] == "Sea"
    assert validate(data) == [
        "no land region is on the board edge: a first conquest has nowhere to start"
    ]


def test_land_on_the_edge_must_be_an_entry() -> None:
    data = raw()
    region(data, 4)["entry"] = False
    assert validate(data) == [
        'region 4 is land on the board edge but has "entry": false '
        "(every edge region is an entry region; set it to true)"
    ]


def test_ids_out_of_order_and_duplicated() -> None:
    data = raw()
    data["regions"][3]["id"], data["regions"][5]["id"] = 5, 3
    assert validate(data) == [
        "region at position 3 has id 5: ids must be 0..n-1 in file order",
        "region at position 5 has id 3: ids must be 0..n-1 in file order",
    ]
    data = raw()
    data["regions"][3]["id"] = 2
    assert validate(data) == ["region id 2 is used twice"]


def test_fields_and_types() -> None:
    data = raw()
    del data["name"]
    data["turns"] = 0
    data["players"] = [1, 7]
    data["colour"] = "green"
    region(data, 2)["edge"] = "yes"
    del region(data, 5)["adjacent"]
    assert validate(data) == [
        "missing field 'name'",
        "unknown field 'colour'",
        "'players' must be between 2 and 6, not 1, 7",
        "'turns' must be a whole number of at least 1, not 0",
        "region 2: 'edge' must be true or false",
        "region 5: missing field 'adjacent'",
    ]
    assert validate([]) == ["a map must be a JSON object"]
    assert validate({**raw(), "turns": True}) == [
        "'turns' must be a whole number of at least 1, not True"
    ]


def test_box_limits_of_the_surface_world() -> None:
    data = raw("sw-5p")  # 18 Lost Tribes and 9 Mountains: the whole box
    extra = next(r for r in data["regions"] if r["terrain"] == "Hill")
    extra["terrain"] = "Mountain"
    problems = validate(data)
    assert len(problems) == 1
    assert problems[0].startswith("10 regions show Mountain (regions ")
    assert problems[0].endswith("but the box has only 9 Mountain tokens")


def test_monster_regions_are_capped_by_the_box_at_two_tokens_each() -> None:
    data = raw("swu-2p")
    # 14 Monster tokens, 2 per Monster region: 7 regions are the whole box, 8 are too many.
    land = [r for r in data["regions"] if r["terrain"] in UNDERGROUND.land]
    plain = [r for r in land if "Monster" not in r["features"]]
    for r in plain[:3]:
        r["features"].append("Monster")
    assert validate(data) == []
    plain[3]["features"].append("Monster")
    problems = validate(data)
    assert len(problems) == 1
    assert problems[0].startswith("8 regions show Monster (regions ")
    assert problems[0].endswith("but the box's 14 Monster tokens cover only 7 regions at 2 each")


def test_load_map_file_lists_every_problem(tmp_path: Path) -> None:
    data = raw()
    region(data, 8)["adjacent"].remove(3)
    region(data, 4)["terrain"] = "Desert"
    path = write(tmp_path, data)
    with pytest.raises(MapFileError) as caught:
        load_map_file(path)
    assert isinstance(caught.value, ValueError)
    assert len(caught.value.problems) == 2
    assert "regions 3 and 8" in str(caught.value) and "'Desert'" in str(caught.value)


# --- games on a custom map ---------------------------------------------------------------


def custom_file(tmp_path: Path) -> Path:
    data = raw("sw-2p")
    data["id"] = "my-2p"
    data["name"] = "A Forest for a Hill"
    region(data, 4)["terrain"] = "Forest"
    return write(tmp_path, data)


def play_randomly(s: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        seat = to_act(s)
        if seat is None:
            return
        apply(s, seat, rng.choice(legal_actions(s, seat)))


def test_a_custom_map_plays_to_the_end_and_survives_a_restart(tmp_path: Path) -> None:
    path = custom_file(tmp_path)
    s = new_game(["A", "B"], 11, board=path)
    assert s.map_id.startswith("my-2p@")
    assert mapdef(s).regions[4].terrain == "Forest"
    assert s.custom_map is not None and s.custom_map["id"] == "my-2p"
    rng = random.Random(5)
    play_randomly(s, rng, 60)
    assert not s.over

    # A restart: the registry is empty and the map file is gone.
    text = to_json(s)
    path.unlink()
    clear_maps()
    with pytest.raises(FileNotFoundError):
        load_map(s.map_id)
    back = from_json(text)
    assert back == s
    assert mapdef(back).regions[4].terrain == "Forest"
    seat = to_act(back)
    assert seat is not None
    assert legal_actions(back, seat) == legal_actions(s, seat)

    play_randomly(back, rng, 5000)
    assert back.over and back.result is not None
    assert from_json(to_json(back)) == back


def test_board_accepts_a_mapdef_and_a_json_map_id(tmp_path: Path) -> None:
    path = custom_file(tmp_path)
    by_path = new_game(["A", "B"], 3, board=str(path))
    by_def = new_game(["A", "B"], 3, board=load_map_file(path))
    by_id = new_game(["A", "B"], 3, str(path))
    assert by_path == by_def == by_id
    # Once registered, the key names the map like any id.
    assert new_game(["A", "B"], 3, by_path.map_id) == by_path
    with pytest.raises(ValueError, match="not both"):
        new_game(["A", "B"], 3, "sw-2p", board=path)


def test_a_copy_of_a_built_in_map_is_that_map(tmp_path: Path) -> None:
    path = write(tmp_path, raw("sw-3p"), "copy.json")
    s = new_game(["A", "B", "C"], 4, board=path)
    assert s.map_id == "sw-3p" and s.custom_map is None
    assert to_json(s) == to_json(new_game(["A", "B", "C"], 4))


def test_same_id_different_layouts_get_different_keys(tmp_path: Path) -> None:
    first = register_board(custom_file(tmp_path))
    data = raw("sw-2p")
    data["id"] = "my-2p"
    region(data, 9)["terrain"] = "Swamp"
    second = register_board(write(tmp_path, data, "other.json"))
    assert first != second
    assert load_map(first).regions[4].terrain == "Forest"
    assert load_map(second).regions[9].terrain == "Swamp"
    assert custom_map(first) != custom_map(second)


def test_a_broken_board_is_refused(tmp_path: Path) -> None:
    data = raw()
    region(data, 4)["adjacent"].append(4)
    with pytest.raises(MapFileError, match="region 4 lists itself"):
        new_game(["A", "B"], 1, board=write(tmp_path, data))


def test_built_in_games_carry_no_map() -> None:
    s = new_game(["A", "B", "C"], 2)
    assert s.custom_map is None
    assert "custom_map" not in to_dict(s)


# --- the Underground world ---------------------------------------------------------------
# swu-2p: west land 0-11, River 12 (top edge) - 13 - 14 (bottom edge), east land 15-27;
# Chasms 3 and 18 (Volcano), 10, 21 and 23; Monsters on 7, 8, 17 and 26.

RIVER = (12, 13, 14)


def link(data: dict[str, Any], a: int, b: int) -> None:
    region(data, a)["adjacent"].append(b)
    region(data, b)["adjacent"].append(a)


def unlink(data: dict[str, Any], a: int, b: int) -> None:
    region(data, a)["adjacent"].remove(b)
    region(data, b)["adjacent"].remove(a)


def test_the_underground_layout_follows_what_is_known_of_the_printed_board() -> None:
    m = load_map("swu-2p")
    assert (m.world, m.players, m.turns) == ("underground", (2,), 10)
    land = [r for r in m.regions if r.terrain in UNDERGROUND.land]
    assert len(land) == 20
    assert {t: sum(r.terrain == t for r in land) for t in UNDERGROUND.land} == dict.fromkeys(
        UNDERGROUND.land, 4
    )
    river = [r.id for r in m.regions if r.terrain == "River"]
    chasms = [r for r in m.regions if r.terrain == "Abysmal Chasm"]
    assert river == list(RIVER)
    assert [m.regions[i].edge for i in RIVER] == [True, False, True]
    assert len(chasms) == 5 and sum("Volcano" in r.features for r in chasms) == 2
    assert not any(r.edge or r.entry for r in chasms)
    monsters = [r for r in m.regions if "Monster" in r.features]
    assert len(monsters) == 4
    # Not all on one side, and no two side by side.
    assert {r.id < 12 for r in monsters} == {True, False}
    assert all(not (r.adjacent & {x.id for x in monsters}) for r in monsters)
    # Entries all around the rim: every edge land region, and both River ends.
    assert all(r.entry == r.edge for r in land)
    assert {r.id for r in land if r.entry} & set(range(12)) and {
        r.id for r in land if r.entry
    } & set(range(15, 28))
    assert "about" in raw("swu-2p") and "No public record" in raw("swu-2p")["about"]


def test_underground_land_is_connected_through_the_river_not_through_a_chasm() -> None:
    data = raw("swu-2p")
    assert validate(data) == []  # west and east meet only across the River
    # Cut the River's middle segment off the top end: the chain breaks (and its ends move).
    unlink(data, 12, 13)
    problems = validate(data)
    assert problems[0] == (
        "River regions 13, 14 cannot reach River region 12 along the River: "
        "the River is one chain of regions"
    )
    # Land joined only through a Chasm is cut off: region 4's land borders are 1, 2, 6 and 7.
    data = raw("swu-2p")
    for other in (1, 2, 6, 7, 12):
        unlink(data, 4, other)
    assert validate(data) == [
        "land region 4 cannot reach region 0 over land or River: land must be one connected group"
    ]


def test_a_river_end_must_touch_the_edge() -> None:
    data = raw("swu-2p")
    region(data, 14)["edge"] = False
    assert validate(data) == [
        'River region 14 is an end of the River but has "edge": false: '
        "both ends of the River touch the board edge"
    ]


def test_the_river_has_no_fork_and_no_loop() -> None:
    data = raw("swu-2p")
    for rid in (2, 15):  # two more segments off the top one: a fork at 12
        region(data, rid)["terrain"] = "River"
        region(data, rid)["features"] = []
    assert validate(data) == [
        "River region 12 borders 3 other River regions (2, 13, 15): "
        "the River is one chain, without forks"
    ]
    data = raw("swu-2p")
    link(data, 12, 14)
    assert validate(data) == [
        "River regions 12, 13, 14 form a loop: the River is a chain with two ends"
    ]


def test_a_chasm_is_never_an_entry() -> None:
    data = raw("swu-2p")
    region(data, 3)["entry"] = True
    region(data, 10)["edge"] = True
    msg = (
        'which no race enters, but has "entry" or "edge" true (the engine makes every edge '
        "region an entry; set both to false)"
    )
    assert validate(data) == [
        f"region 3 is an Abysmal Chasm, {msg}",
        f"region 10 is an Abysmal Chasm, {msg}",
    ]


def test_symbols_stay_where_the_rules_put_them() -> None:
    data = raw("swu-2p")
    region(data, 0)["features"].append("Volcano")
    region(data, 13)["features"].append("Monster")
    assert validate(data) == [
        "region 0: Volcano may only be on Abysmal Chasm, not on Mine",
        "region 13: Monster may only be on Black Mountain, Mine, Mudpool, Mushroom Forest, "
        "Mystic Crystals, not on River",
    ]
    data = raw("swu-2p")
    for rid in (3, 18):
        region(data, rid)["features"].remove("Volcano")
    assert validate(data) == [
        "no region shows Volcano: the Flames place the Volcano on a Chasm with a Volcano symbol"
    ]


def test_too_many_black_mountains() -> None:
    data = raw("swu-2p")
    others = [r for r in data["regions"] if r["terrain"] in {"Mudpool", "Mine"}]
    for r in others[:6]:
        r["terrain"] = "Black Mountain"
    problems = validate(data)
    assert problems == [
        "10 regions show Black Mountain (regions 0, 2, 4, 6, 8, 11, 16, 17, 19, 25) "
        "but the box has only 9 Black Mountain tokens"
    ]


def test_an_underground_board_sets_up_its_own_world(tmp_path: Path) -> None:
    """[SWU "Setting up"] "Place 2 Monster tokens on each Region of the map featuring a Monster
    symbol", draw "as many [Places and Relics] as there are Monster occupied regions", "Put a
    Black Mountain marker on each Region" of that terrain; the banners are Underground's."""
    path = MAPS / "swu-2p.json"
    m = load_map_file(path)
    monsters = sorted(r.id for r in m.regions if "Monster" in r.features)
    mountains = sorted(r.id for r in m.regions if r.terrain == "Black Mountain")
    for kwargs in (
        {"map_id": "swu-2p"},
        {"board": path},
        {"board": m},
        {"map_id": str(write(tmp_path, raw("swu-2p"), "u.json"))},
        {"world": "underground"},
    ):
        s = new_game(["A", "B"], 1, **kwargs)  # type: ignore[arg-type]
        on = {i: r.markers for i, r in enumerate(s.regions)}
        assert sorted(i for i, mk in on.items() if mk.get("monster") == 2) == monsters
        assert sorted(i for i, mk in on.items() if mk.get("black_mountain") == 1) == mountains
        assert not any("lost_tribe" in mk or "mountain" in mk for mk in on.values())
        assert len(s.treasures) == len(monsters) == len(set(s.treasures))
        assert {c.race for c in s.market} <= {
            n for n, d in races().items() if d.set == "underground"
        }
        assert {c.power for c in s.market} <= {
            n for n, d in powers().items() if d.set == "underground"
        }
    # The base game is untouched by the new world.
    assert new_game(["A", "B"], 1).map_id == "sw-2p"
