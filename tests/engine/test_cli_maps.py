"""``--map`` takes a built-in map's name or a map file's path, in every front end.

``python -m engine play``, ``python -m engine simulate`` and ``python -m ai tournament``
all read ``--map`` through ``engine.core.maps.resolve_map``; the map file used here is the
example printed in ``docs/maps.md``, saved as a reader would save it.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from engine.console.cli import main
from engine.core.content import clear_maps, load_map
from engine.core.maps import MapError, resolve_map
from tests.docs_example import docs_example, write_docs_example

from .helpers import run_python

ROOT = Path(__file__).resolve().parents[2]
GAMES_LINE = re.compile(r"games=(\d+) games_per_s=\d+\.\d actions_per_s=\d+\.\d")


@pytest.fixture(autouse=True)
def fresh_registry() -> object:
    """Each test starts with no registered map, as a fresh process would."""
    clear_maps()
    yield
    clear_maps()


#: How the engine's command line starts a refusal of ``play``.
PLAY = "python -m engine play"


def test_resolve_map_takes_a_name_a_path_or_a_key(tmp_path: Path) -> None:
    assert resolve_map("sw-3p") == "sw-3p"
    # A copy of a built-in map's file is that map.
    assert resolve_map(str(ROOT / "data" / "maps" / "swu-2p.json")) == "swu-2p"
    key = resolve_map(str(write_docs_example(tmp_path)), players=2, world="surface")
    assert key.startswith("tiny-2p@")
    assert load_map(key).regions[4].features == frozenset({"Cavern", "Mine"})
    assert resolve_map(key) == key  # the key of a registered map names it too


def test_resolve_map_refuses_in_one_line_per_problem(tmp_path: Path) -> None:
    cases = {
        "sw-9p": "no map 'sw-9p': no built-in map and no file of that name",
        str(tmp_path / "missing.json"): "cannot read the file: No such file or directory",
    }
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"name": "Carré"}'.encode("latin-1"))
    cases[str(latin)] = "not UTF-8 text (byte 0xe9 at offset 14): save the file as UTF-8"
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    cases[str(broken)] = "not valid JSON: "
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 60_000, encoding="utf-8")
    cases[str(deep)] = "not a map: its JSON is nested far too deeply"
    for spec, words in cases.items():
        with pytest.raises(MapError) as caught:
            resolve_map(spec)
        assert len(caught.value.problems) == 1
        assert caught.value.problems[0].startswith(words), caught.value.problems
    bad = docs_example()
    bad["regions"][3]["adjacent"].remove(4)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(MapError) as caught:
        resolve_map(str(path))
    assert caught.value.problems == [
        "regions 4 and 3: 4 lists 3 as a neighbour but 3 does not list 4"
    ]
    good = str(write_docs_example(tmp_path))
    with pytest.raises(MapError) as caught:
        resolve_map(good, players=3, world="underground")
    assert caught.value.problems == [
        "map tiny-2p is made for 2 players, not 3",
        "map tiny-2p belongs to the surface world, not underground",
    ]


def test_play_takes_a_map_file(tmp_path: Path) -> None:
    """The hot-seat game runs on the docs' example: its region 4 is the example's."""
    path = write_docs_example(tmp_path)
    out = io.StringIO()
    code = main(
        ["play", "--players", "2", "--seed", "3", "--map", str(path)],
        stdin=io.StringIO("region 4\n1\nquit\n"),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0, text
    assert "== Round 1/10 · P1's turn · pick ==" in text
    assert "Region 4: Mountain, Cavern, Mine, on the board's edge" in text
    assert "P1: Pick " in text


def test_play_with_a_bad_map_says_why_in_one_line(tmp_path: Path) -> None:
    path = write_docs_example(tmp_path)
    for argv, line in (
        (["--players", "3", "--map", str(path)], f"{PLAY}: {path}: map tiny-2p is made for 2 "),
        (["--map", "data/maps/nope.json"], f"{PLAY}: data/maps/nope.json: cannot read the file"),
        (["--map", "sw-3p", "--world", "underground"], f"{PLAY}: map sw-3p belongs to"),
    ):
        out, err = io.StringIO(), io.StringIO()
        assert main(["play", *argv], stdin=io.StringIO(""), stdout=out, stderr=err) == 2
        assert out.getvalue() == ""
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith(line), lines


def test_python_dash_m_engine_play_and_simulate_take_a_path(tmp_path: Path) -> None:
    """The command lines of the issue: a path relative to the repository, and a file of the
    club's own elsewhere."""
    path = write_docs_example(tmp_path)
    done = run_python(
        "-m", "engine", "simulate", "--map", "data/maps/sw-2p.json", "--players", "2",
        "--games", "2", timeout=60,
    )  # fmt: skip
    assert GAMES_LINE.fullmatch(done.stdout.strip()), done.stdout
    done = run_python(
        "-m", "engine", "simulate", "--map", str(path), "--players", "2", "--games", "3",
        timeout=60,
    )  # fmt: skip
    found = GAMES_LINE.fullmatch(done.stdout.strip())
    assert found and found.group(1) == "3", done.stdout
    done = run_python(
        "-m", "engine", "simulate", "--map", str(path), "--players", "4", timeout=60,
        check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        f"python -m engine simulate: {path}: map tiny-2p is made for 2 players, not 4\n"
    )


def test_simulate_plays_on_the_map_file(tmp_path: Path) -> None:
    """A random game through the same path as ``simulate --map`` ends on the file's board."""
    from engine.simulate import random_game

    key = resolve_map(str(write_docs_example(tmp_path)), players=2)
    s = random_game(2, 5, map_id=key).state
    assert s.over and s.map_id == key and len(s.regions) == 5
    assert s.custom_map is not None and s.custom_map["id"] == "tiny-2p"


def test_python_dash_m_ai_tournament_takes_a_path(tmp_path: Path) -> None:
    path = write_docs_example(tmp_path)
    done = run_python(
        "-m", "ai", "tournament", "--players", "2", "--games", "2", "--seats", "easy,random",
        "--iterations", "4", "--quiet", "--map", str(path), timeout=120,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"2 players, {path}, 2 games, seats rotated"), lines
    assert [row.split()[:2] for row in lines[2:]] == [["easy", "2"], ["random", "2"]]
    missing = tmp_path / "missing.json"
    done = run_python(
        "-m", "ai", "tournament", "--players", "2", "--games", "1", "--seats", "easy,easy",
        "--map", str(missing), timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"python -m ai tournament: {missing}: cannot read the file: No such file or directory"
        " (see python -m ai tournament --help)"
    ], done.stderr
