"""A map file is checked for play *and* for drawing, and the docs' example draws.

``renderer.mapcheck`` is what ``python -m renderer check`` and the bot's map upload run: the
engine's rules, then the geometry builder, each problem in one line in the map's own terms.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

from PIL import Image

from engine import new_game, view
from engine.core.content import clear_maps, register_map
from renderer import render_board
from renderer.mapcheck import CANNOT_DRAW, check_map_bytes
from renderer.static import map_shape, use_geometry
from tests.docs_example import RIM_GAP, docs_example, docs_example_text, write_docs_example
from tests.engine.helpers import run_python


def encode(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode("utf-8")


def test_the_docs_example_plays_and_draws() -> None:
    """The JSON printed in docs/maps.md passes both checks, and its board is drawn with
    every region where the geometry puts it, in its terrain's colour."""
    clear_maps()
    found = check_map_bytes(docs_example_text().encode("utf-8"))
    assert found.ok, found.problems
    assert found.summary() == "ok (5 regions, 4 land, entries 3; the board can be drawn)"
    assert found.geometry is not None
    key = register_map(found.data)
    use_geometry(key, found.geometry)
    s = new_game(["Ann", "Bob"], 1, key)
    img = Image.open(io.BytesIO(render_board(view(s))))
    assert img.format == "PNG"
    shape = map_shape(key)
    assert [r.id for r in shape.regions] == [0, 1, 2, 3, 4]
    # The geometry's borders are exactly the map's: each region's neighbours in the drawing
    # are its "adjacent" list.
    drawn: dict[int, set[int]] = {r: set() for r in range(5)}
    for a, b in shape.joins:
        if a >= 0 and b >= 0:
            drawn[a].add(b)
            drawn[b].add(a)
    assert drawn == {r["id"]: set(r["adjacent"]) for r in docs_example()["regions"]}
    clear_maps()


def test_a_map_the_rules_accept_but_that_cannot_be_drawn_says_where_and_why() -> None:
    found = check_map_bytes(encode(RIM_GAP))
    assert found.problems == [
        f"{CANNOT_DRAW}: regions 4 and 0 come one after the other along the board's edge "
        "but do not border each other: region 2 would have to reach the edge between them. "
        'Mark region 2 "edge": true, or give regions 4 and 0 a border'
    ]
    # No jargon of the builder reaches the reader.
    assert "cycle" not in found.problems[0] and "outside" not in found.problems[0]


def test_undrawable_shapes_are_named_by_their_regions() -> None:
    """A region surrounding another, and four regions meeting at a point."""
    hole = copy.deepcopy(docs_example())
    hole["regions"].append(
        {"id": 5, "terrain": "Hill", "features": [], "edge": False, "entry": False,
         "adjacent": [3]}
    )  # fmt: skip
    hole["regions"][3]["adjacent"].append(5)
    found = check_map_bytes(encode(hole))
    assert found.problems == [
        f"{CANNOT_DRAW}: regions 5 can only be reached through region 3, so region 3 would "
        "surround them like a ring (a region with a hole, which the board cannot draw): give "
        'one of them a border with another region, or mark one "edge": true'
    ]
    square = copy.deepcopy(docs_example())
    # Without the Hill in the middle, Sea, Farmland, Mountain and Forest go round one point:
    # drawable while the Sea borders the Mountain across it, not once it does not.
    square["regions"] = [*square["regions"][:3], square["regions"][4]]
    square["regions"][3]["id"] = 3
    for r in square["regions"]:
        r["adjacent"] = [n if n != 4 else 3 for n in r["adjacent"] if n != 3]
    square["regions"][0]["adjacent"].append(3)
    square["regions"][3]["adjacent"].append(0)
    found = check_map_bytes(encode(square))
    assert found.ok, found.problems  # a Sea bordering all three others is drawn as a hub
    square["regions"][0]["adjacent"].remove(3)
    square["regions"][3]["adjacent"].remove(0)
    found = check_map_bytes(encode(square))
    assert len(found.problems) == 1
    assert "would all meet at one point" in found.problems[0]


def test_rules_come_first_and_bytes_are_checked(tmp_path: Path) -> None:
    assert check_map_bytes(b"\xff\xfe{}").problems == [
        "not UTF-8 text (byte 0xff at offset 0): save the file as UTF-8"
    ]
    assert check_map_bytes(b"{").problems[0].startswith("not valid JSON: ")
    bad = copy.deepcopy(RIM_GAP)
    bad["turns"] = 0
    # A map the rules refuse is not laid out: only the rule's line comes back.
    assert check_map_bytes(encode(bad)).problems == [
        "'turns' must be a whole number of at least 1, not 0"
    ]


def test_python_dash_m_renderer_check_and_map(tmp_path: Path) -> None:
    good = write_docs_example(tmp_path)
    gap = tmp_path / "gap.json"
    gap.write_text(json.dumps(RIM_GAP), encoding="utf-8")
    done = run_python("-m", "renderer", "check", str(good), str(gap), check=False)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        f"{good}: ok (5 regions, 4 land, entries 3; the board can be drawn)",
        f"{gap}: {CANNOT_DRAW}: regions 4 and 0 come one after the other along the board's "
        "edge but do not border each other: region 2 would have to reach the edge between "
        'them. Mark region 2 "edge": true, or give regions 4 and 0 a border',
    ]
    png = tmp_path / "board.png"
    done = run_python("-m", "renderer", "map", str(good), "--out", str(png))
    assert done.stdout.startswith(f"{png}  ") and "(5 regions, surface)" in done.stdout
    assert Image.open(png).size[0] == 1600
