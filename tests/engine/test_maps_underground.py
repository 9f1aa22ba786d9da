"""The project's Small World Underground boards for 2 to 5 players, and the command line's
Underground world: ``play --world underground``, ``simulate --world underground``, the event
lines of Places, Relics and the River, and the benchmarks' Underground figures.

The boards are the project's own layouts (no public record of the printed ones exists,
``/work/shared/data/README.md``); what they must honour is the rulebook's and the box's.
"""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import Game, GameConfig, new_game
from engine.console.cli import describe_event, main, run_play
from engine.core.content import DATA_DIR, load_map, map_for_players, treasures
from engine.core.maps import validate
from engine.simulate import random_game
from engine.worlds.underground import UNDERGROUND
from renderer.geometry.faces import analyse
from renderer.geometry.topology import topology_from_dict

from .helpers import run_python

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = (2, 3, 4, 5)

#: What each board must hold: land regions per terrain, River segments, Chasms, Volcano
#: symbols, Monster regions, turns. 2 players: what is known of the printed board; larger
#: boards grow like the printed base-game boards (20, 27, 36, 45 land regions).
EXPECTED: dict[int, dict[str, Any]] = {
    2: {"land": dict.fromkeys(UNDERGROUND.land, 4), "river": 3, "chasms": 5, "volcano": 2,
        "monsters": 4, "turns": 10},
    3: {"land": {**dict.fromkeys(UNDERGROUND.land, 5), "Black Mountain": 7}, "river": 4,
        "chasms": 6, "volcano": 2, "monsters": 5, "turns": 10},
    4: {"land": {**dict.fromkeys(UNDERGROUND.land, 7), "Black Mountain": 8}, "river": 5,
        "chasms": 7, "volcano": 3, "monsters": 6, "turns": 9},
    5: {"land": dict.fromkeys(UNDERGROUND.land, 9), "river": 6, "chasms": 8, "volcano": 3,
        "monsters": 7, "turns": 8},
}  # fmt: skip


def raw(players: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (DATA_DIR / "maps" / f"swu-{players}p.json").read_text(encoding="utf-8")
    )
    return data


def sides(players: int) -> tuple[set[int], set[int]]:
    """The land on each side of the River: groups joined over land only."""
    m = load_map(f"swu-{players}p")
    land = {r.id for r in m.regions if r.terrain in UNDERGROUND.land}
    groups: list[set[int]] = []
    for start in sorted(land):
        if any(start in g for g in groups):
            continue
        group, todo = {start}, [start]
        while todo:
            for n in m.regions[todo.pop()].adjacent & land:
                if n not in group:
                    group.add(n)
                    todo.append(n)
        groups.append(group)
    assert len(groups) == 2, groups
    return groups[0], groups[1]


@pytest.mark.parametrize("players", PLAYERS)
def test_each_board_validates_and_is_the_board_for_its_player_count(players: int) -> None:
    """[SWU "Setting up"] "Pick the Small World Underground map that matches your number of
    players"; ``python -m engine maps check`` finds no problem in it."""
    assert validate(raw(players)) == []
    assert map_for_players(players, "underground") == f"swu-{players}p"
    m = load_map(f"swu-{players}p")
    assert (m.world, m.players) == ("underground", (players,))
    out = io.StringIO()
    path = str(DATA_DIR / "maps" / f"swu-{players}p.json")
    assert main(["maps", "check", path], stdout=out) == 0
    assert out.getvalue().startswith(f"{path}: ok (")


@pytest.mark.parametrize("players", PLAYERS)
def test_each_board_has_its_stated_counts_and_turns(players: int) -> None:
    """[SWU "Setting up"] "The game ends at the end of the turn in which the Game Turn marker
    reaches the last position on the track (8th, 9th or 10th turn, depending on the map
    played)"; the box holds 9 Black Mountains and 14 Monster tokens, 2 per Monster region."""
    want = EXPECTED[players]
    m = load_map(f"swu-{players}p")
    assert m.turns == want["turns"]
    terrains = [r.terrain for r in m.regions]
    assert {t: terrains.count(t) for t in UNDERGROUND.land} == want["land"]
    assert terrains.count("River") == want["river"]
    assert terrains.count("Abysmal Chasm") == want["chasms"]
    volcanoes = [r for r in m.regions if "Volcano" in r.features]
    assert len(volcanoes) == want["volcano"] >= 1
    assert all(r.terrain == "Abysmal Chasm" for r in volcanoes)
    monsters = [r for r in m.regions if "Monster" in r.features]
    assert len(monsters) == want["monsters"] <= 7
    assert all(r.terrain in UNDERGROUND.land for r in monsters)
    assert terrains.count("Black Mountain") <= 9


@pytest.mark.parametrize("players", PLAYERS)
def test_entries_are_the_edge_and_both_river_ends(players: int) -> None:
    """[SWU p.5] A race "must enter it by a Region bordering the edge of the board (including
    the two River "ends" that touch the edge of the board)"; Chasms are "inaccessible"."""
    m = load_map(f"swu-{players}p")
    for r in m.regions:
        if r.terrain == "Abysmal Chasm":
            assert not r.edge and not r.entry, r.id
        else:
            assert r.entry == r.edge, r.id
    # Entries all around the rim: each side of the River has its share of them.
    west, east = sides(players)
    entries = [r.id for r in m.regions if r.entry and r.terrain in UNDERGROUND.land]
    for side in (west, east):
        share = len(side & set(entries)) / len(entries)
        assert 0.35 <= share <= 0.65, (players, share)
    if players > 2:  # the project's 2-player board is not this file's
        assert len(west) / (len(west) + len(east)) == pytest.approx(0.5, abs=0.1)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_river_is_one_chain_whose_two_ends_touch_the_edge(players: int) -> None:
    """[SWU p.5] "the two River "ends" that touch the edge of the board": the River runs
    from edge to edge, its middle segments inland."""
    m = load_map(f"swu-{players}p")
    river = [r.id for r in m.regions if r.terrain == "River"]
    assert river == list(range(river[0], river[0] + len(river)))  # numbered along the River
    for a, b in itertools.pairwise(river):
        assert b in m.regions[a].adjacent
    for i, rid in enumerate(river):
        along = m.regions[rid].adjacent & set(river)
        assert along == {x for x in (rid - 1, rid + 1) if x in river}
        assert m.regions[rid].edge == (i in (0, len(river) - 1))
    # It splits the land in two; both sides hold Monster regions.
    monsters = {r.id for r in m.regions if "Monster" in r.features}
    assert all(side & monsters for side in sides(players))


@pytest.mark.parametrize("players", PLAYERS)
def test_borders_are_plausible_and_no_corner_is_dead(players: int) -> None:
    """Every region borders 2 to 7 others; every land region can be left by at least two
    borders that are not Chasms ("They must be circumvented, never crossed or passed
    through"); Monster regions are never side by side and have three ways in."""
    m = load_map(f"swu-{players}p")
    monsters = {r.id for r in m.regions if "Monster" in r.features}
    for r in m.regions:
        assert 2 <= len(r.adjacent) <= 7, (r.id, sorted(r.adjacent))
        if r.terrain in UNDERGROUND.land:
            ways = [n for n in r.adjacent if not m.regions[n].impassable]
            assert len(ways) >= 2, r.id
        if r.id in monsters and players > 2:
            assert not r.adjacent & monsters, r.id
            assert len([n for n in r.adjacent if not m.regions[n].impassable]) >= 3, r.id
            assert r.terrain != "Black Mountain", r.id
        if r.terrain == "Abysmal Chasm" and players > 2:
            assert not any(m.regions[n].impassable for n in r.adjacent), r.id


@pytest.mark.parametrize("players", (3, 4, 5))
def test_each_new_board_can_be_drawn_as_a_map(players: int) -> None:
    """The borders are planar with the board's outside joined to every edge region, the edge
    regions form one ring, and no four regions meet at one point: the renderer's geometry
    builder accepts the board."""
    topo = topology_from_dict(raw(players), f"swu-{players}p")
    ring, _faces = analyse(topo)
    m = load_map(f"swu-{players}p")
    assert sorted(ring) == sorted(r.id for r in m.regions if r.edge)


@pytest.mark.parametrize("players", (3, 4, 5))
def test_each_board_says_it_is_the_projects_own_layout(players: int) -> None:
    data = raw(players)
    assert "project layout" in data["name"]
    assert "project's own layout" in data["about"]
    assert "not the printed board" in data["about"]


@pytest.mark.parametrize("players", PLAYERS)
def test_a_random_underground_game_finishes_on_each_board(players: int) -> None:
    """[SWU p.9] "Once the Game Turn marker has reached its final spot ... The player with the
    highest score wins": a random game on each board reaches its end."""
    s = random_game(players, 11, world="underground").state
    assert s.map_id == f"swu-{players}p"
    assert s.over and s.result is not None
    assert s.round == EXPECTED[players]["turns"]
    s = random_game(players, 12, world="underground", map_id=f"swu-{players}p").state
    assert s.over


@pytest.mark.parametrize("players", (3, 4, 5))
def test_setup_lays_out_the_monsters_and_black_mountains_of_each_board(players: int) -> None:
    """[SWU "Setting up"] "Place 2 Monster tokens on each Region of the map featuring a
    Monster symbol" and "draw as many as there are Monster occupied regions on your map"."""
    s = new_game([f"P{i + 1}" for i in range(players)], 3, world="underground")
    m = load_map(s.map_id)
    monsters = [r.id for r in m.regions if "Monster" in r.features]
    assert [i for i, r in enumerate(s.regions) if r.markers.get("monster") == 2] == monsters
    mountains = [r.id for r in m.regions if r.terrain == "Black Mountain"]
    assert [i for i, r in enumerate(s.regions) if r.markers.get("black_mountain")] == mountains
    assert len(s.treasures) == len(monsters)


# --- the command line ------------------------------------------------------------------------

GAMES_LINE = re.compile(r"games=\d+ games_per_s=\d+\.\d actions_per_s=\d+\.\d")


def test_simulate_underground_prints_the_games_line() -> None:
    out = io.StringIO()
    args = ["simulate", "--world", "underground", "--players", "4", "--games", "2", "--seed", "3"]
    assert main(args, stdout=out) == 0
    last = out.getvalue().splitlines()[-1]
    assert GAMES_LINE.fullmatch(last) and last.startswith("games=2 "), last


def test_python_dash_m_engine_simulate_underground() -> None:
    done = run_python("-m", "engine", "simulate", "--world", "underground", "--games", "2")
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and GAMES_LINE.fullmatch(lines[0]), done.stdout


def test_play_underground_accepts_scripted_commands() -> None:
    """``play --world underground --players 3`` plays on swu-3p: pick, look at a region,
    play the deadline's moves, undo refusal, then quit."""
    out = io.StringIO()
    script = "1\nregion 2\ndefault\nbanana\ndefault\nquit\n"
    code = main(
        ["play", "--world", "underground", "--players", "3", "--seed", "7"],
        stdin=io.StringIO(script),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0
    m = load_map("swu-3p")
    assert "== Round 1/10 · P1's turn · pick ==" in text
    assert "P1: Pick " in text
    assert f"Region 2: {m.regions[2].terrain}" in text
    monster = min(r.id for r in m.regions if "Monster" in r.features)
    assert re.search(rf"^ +{monster} {m.regions[monster].terrain} +\[Monster ×2\]", text, re.M)
    assert "P1 (default): Stop conquering · redeploy" in text
    assert "P1 (default): End turn · score" in text
    assert sum("error: " in line for line in text.splitlines()) == 1  # "banana"
    # Leaving says how to come back: the same command and seed, then the moves played.
    assert text.rstrip().endswith(
        "Bye.\nTo pick this game up again, run: "
        "python -m engine play --players 3 --world underground --seed 7\n"
        "then type (or paste) these moves at its first prompt, one a line (3 moves):\n"
        "  pick 1\n  stop\n  end"
    )


def test_play_refuses_a_map_of_the_other_world() -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["play", "--world", "underground", "--players", "3", "--map", "sw-3p"]
    assert main(args, stdin=io.StringIO(""), stdout=out, stderr=err) == 2
    assert out.getvalue() == ""
    assert err.getvalue() == (
        "python -m engine play: map sw-3p belongs to the surface world, not underground\n"
    )
    err = io.StringIO()
    args = ["play", "--players", "3", "--map", "swu-9p", "--world", "underground"]
    assert main(args, stdout=out, stderr=err) == 2
    assert "no map 'swu-9p': no built-in map and no file of that name" in err.getvalue()
    assert "swu-3p" in err.getvalue()


NAMES = ("P1", "P2", "P3")


def test_discover_and_river_events_read_as_sentences() -> None:
    """[SWU p.5] a Monster region's conquest reveals what it hides; [SWU p.7] "he must now
    empty these Regions and redeploy the corresponding Troops"."""
    for key, t in treasures().items():
        e = {"kind": "discover", "seat": 1, "race": "Drow", "region": 7, "treasure": key}
        sort = "Righteous Relic" if t.relic else "Popular Place"
        assert describe_event(e, NAMES) == f"P2's Drow discover {t.name} (a {sort}) in region 7"
    river = {"kind": "river", "seat": 0, "race": "Ogres", "tokens": 3, "regions": [12, 13]}
    assert describe_event(river, NAMES) == (
        "P1's Ogres: 3 tokens leave the River (regions 12 and 13) to be redeployed"
    )
    river = {"kind": "river", "seat": 2, "race": "Ogres", "tokens": 1, "regions": [14]}
    assert describe_event(river, NAMES) == (
        "P3's Ogres: 1 token leaves the River (region 14) to be redeployed"
    )


def test_unknown_or_odd_events_get_a_readable_line_never_a_crash() -> None:
    odd = [
        {"kind": "steal", "seat": 0, "race": "Drow", "victim": 2, "coins": 1},
        {"kind": "orb", "seat": 1, "race": "Gnomes", "region": 4, "tokens": 2,
         "defender": "Ogres", "defender_seat": 0, "lost": 1, "lost_tribe": False},
        {"kind": "ghost", "seat": 2, "region": None, "left": 5},
        {"kind": "bag", "seat": 0, "relic": "sword", "region": 3, "extra": {"a": [1, 2]}},
        {"kind": "pick"},  # a known kind with missing fields
        {"kind": "discover", "seat": 0, "race": "Drow", "region": 1, "treasure": "nothing"},
        {"kind": "placed", "seat": 0, "race": "Shrooms", "piece": "armor", "regions": [3]},
        {"kind": "some_new_thing", "seat": 9, "flag": True, "seats": [0, 1]},
    ]  # fmt: skip
    lines = [describe_event(e, NAMES) for e in odd]
    # Underground kinds are told in sentences (engine/text/narration.py); odd fields fall back.
    assert lines[0] == "P1's Drow steal 1 coin from P3"
    assert lines[1] == (
        "P2's Gnomes use the Shiny Orb on 4 with 2 tokens from P1's Ogres (lost 1 token)"
    )
    assert lines[2] == "The Ghost leaves 5: P3 now holds the Crypt"
    assert lines[3] == "P1's Bag-o'-Many-Things becomes the Sword of the Killer Rabbit in 3"
    assert lines[4] == "Pick"
    assert lines[5].startswith("P1's Drow: discover (region 1, ")
    assert lines[6] == "P1's Shrooms: 1 Mushroom Armor left unplaced put in 3"
    assert lines[7] == "Some new thing (flag, seats P1 and P2)"
    for line in lines:
        assert "=" not in line and "None" not in line and "private" not in line, line


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (5, 6)])
def test_a_whole_underground_game_in_the_terminal_reads_as_words(players: int, seed: int) -> None:
    """Every event of a whole random Underground game, whatever races, powers, Places and
    Relics it meets, is printed as words, and the game reaches its end without an error."""
    log = random_game(players, seed, record=True, world="underground").log
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(players=names, seed=seed, map_id=f"swu-{players}p"))
    out = io.StringIO()
    assert run_play(game, io.StringIO("".join(f"{t}\n" for _, t in log)), out) == 0
    text = out.getvalue()
    assert game.state.over and "Final ranking:" in text
    assert "error: " not in text
    events = [line for line in text.splitlines() if line.startswith("  · ")]
    assert events
    for line in events:
        assert "=" not in line and "None" not in line and "private" not in line, line
        assert not re.search(r"\b1 (tokens|coins)\b", line), line


# --- the benchmarks --------------------------------------------------------------------------


def test_bench_maps_reports_seats_coins_and_regions() -> None:
    done = run_python("bench/maps.py", "--games", "4", "--maps", "swu-3p", "--surface")
    text = done.stdout
    assert text.startswith("swu-3p · ") and "\nsw-3p · " in text
    for seat in ("P1", "P2", "P3"):
        assert re.search(rf"^  {seat} +\d+\.\d +\d+\.\d% +\[", text, re.M), text
    assert text.count("parity 33.3%") == 2
    held = re.search(r"regions ever held \(share of games\), lowest first: (.*)", text)
    assert held is not None
    # Every region but the 6 Chasms is listed once.
    assert len(held.group(1).split(", ")) == 37 - 6


def test_bench_engine_reports_both_worlds() -> None:
    done = run_python("bench/engine.py", "--games", "2")
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["world=surface", "world=underground"]
    for line in lines:
        assert re.fullmatch(
            r"world=\w+ players=5 games=2 games_per_s=\d+\.\d actions_per_s=\d+\.\d "
            r"cpu_games_per_s=\d+\.\d warmup_s=\d+\.\d{3} first_game_s=\d+\.\d{3} "
            r"process_s=\d+\.\d{3} clones_per_s=\d+ cpu_clones_per_s=\d+",
            line,
        )
        fields = dict(pair.split("=") for pair in line.split())
        # The cold start covers the first game, and the whole process covers both.
        assert 0 < float(fields["first_game_s"]) <= float(fields["warmup_s"])
        assert float(fields["warmup_s"]) <= float(fields["process_s"])
        assert int(fields["clones_per_s"]) > 0


def test_bench_engine_sets_six_player_team_games_beside_five() -> None:
    # Issue 22: "bench/engine.py: 6-player team games/s on both worlds, side by side with
    # 5-player games in the same run".
    done = run_python("bench/engine.py", "--games", "2", "--teams", "--world", "underground")
    lines = done.stdout.splitlines()
    assert [" ".join(line.split()[:3]) for line in lines[:2]] == [
        "world=underground players=5 games=2",
        "world=underground players=6 options=teams",
    ]
    assert re.fullmatch(
        r"world=underground teams_vs_players=\d+\.\d\d best_team_games_per_s=\d+\.\d "
        r"best_5p_games_per_s=\d+\.\d",
        lines[2],
    )
