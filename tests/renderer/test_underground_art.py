"""The Underground on the board: terrains, pieces, Relics and Places each drawn their own way."""

from __future__ import annotations

import io
import random
from itertools import combinations

import pytest
from PIL import Image

from engine import apply, legal_actions, new_game, to_act, view
from engine.core.content import builtin_maps, load_map, treasures
from engine.core.rulesets import options_for
from engine.simulate import choose
from engine.worlds.underground import UNDERGROUND
from renderer import glyphs, pieces
from renderer.board import render_board
from renderer.palette import TERRAIN
from renderer.static import GEOMETRY_DIR, PATTERNS

DRAWN = [
    m
    for m in builtin_maps()
    if load_map(m).world == "underground" and (GEOMETRY_DIR / f"{m}.json").exists()
]


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def test_every_underground_terrain_has_its_own_fill_and_pattern() -> None:
    """Terrains are told apart by fill and pattern, and never look like a surface terrain."""
    for terrain in UNDERGROUND.terrains:
        assert terrain in TERRAIN and terrain in PATTERNS, terrain
    fills = {t: TERRAIN[t][0] for t in TERRAIN}
    for a, b in combinations(sorted(fills), 2):
        assert _distance(fills[a], fills[b]) >= 25, (a, b)


def test_every_piece_relic_and_place_has_its_own_chip() -> None:
    """No marker an Underground game puts on a region falls back to the "?" chip."""
    keys: set[str] = set(treasures())
    for seed in range(1, 25):
        s = new_game(["A", "B", "C"], seed, world="underground")
        rng = random.Random(seed)
        while (seat := to_act(s)) is not None:
            apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
            for r in s.regions:
                keys.update(r.markers)
    assert {"monster", "black_mountain", "ancient", "queen", "armor"} <= keys
    for key in keys:
        assert key in glyphs.SPRITES, key
        assert key in pieces.MARKER_NAMES, key
    # Relics are discs, Places rounded squares: what moves looks unlike what stays.
    for key, t in treasures().items():
        assert glyphs.SPRITES[key][2] is (not t.relic), key


@pytest.mark.parametrize("map_id", DRAWN)
def test_an_underground_board_is_drawn(map_id: str) -> None:
    """A whole random game on the board, drawn at its end: the River and the Chasms in their
    own colours, a legible PNG under 1 MB."""
    players = min(load_map(map_id).players)
    s = new_game([f"P{i + 1}" for i in range(players)], 3, map_id, options=options_for(players))
    rng = random.Random(3)
    while (seat := to_act(s)) is not None:
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
    png = render_board(view(s))
    assert len(png) < 1_000_000
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = {c for _, c in image.getcolors(1 << 20) or []}
    assert TERRAIN["River"][0] in colours and TERRAIN["Abysmal Chasm"][0] in colours


def test_the_committed_underground_boards() -> None:
    assert "swu-3p" in DRAWN and "swu-4p" in DRAWN


def test_the_key_says_who_holds_each_relic_and_place() -> None:
    """A Relic or Place passes to whoever takes its region [SWU p.13]: the key names the
    holder now, or no one when its region stands empty."""
    from renderer.key import key_items

    s = new_game(["ann", "bob", "cyd"], 2, "swu-3p")
    rng = random.Random(2)
    while (seat := to_act(s)) is not None:
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
    v = view(s)
    shown = {
        name.rsplit("\t", 1)[0]
        for group in key_items(v)
        for kind, name in group
        if kind == "treasure"
    }
    expected = set()
    for r in v["regions"]:
        for key in r["markers"]:
            if key in treasures():
                holder = v["players"][r["owner"]]["name"] if r["race"] else "no one"
                expected.add(f"{key}\t{holder}")
    assert expected and shown == expected


def test_the_map_command_draws_a_map_file_or_says_why_not(tmp_path, capsys) -> None:
    """``python -m renderer map FILE``: a community map maker gets the board as set up (the
    builder lays the regions out from the file alone), or one line saying why not."""
    from pathlib import Path

    from renderer.__main__ import main

    maps = Path(__file__).resolve().parents[2] / "data" / "maps"
    out = tmp_path / "board.png"
    assert main(["map", str(maps / "swu-3p.json"), "--out", str(out)]) == 0
    with Image.open(out) as img:
        assert img.width == 1600
    assert "37 regions, underground" in capsys.readouterr().out
    # Take away the border between 1 and 4 on the 2-player board: 1, 2, 4 and 3 then meet
    # at one point, which a board of hexagons cannot draw.
    import json

    data = json.loads((maps / "swu-2p.json").read_text(encoding="utf-8"))
    data["regions"][1]["adjacent"].remove(4)
    data["regions"][4]["adjacent"].remove(1)
    four = tmp_path / "four.json"
    four.write_text(json.dumps(data), encoding="utf-8")
    assert main(["map", str(four), "--out", str(tmp_path / "x.png")]) == 1
    said = capsys.readouterr()
    assert said.out == "" and len(said.err.splitlines()) == 1
    assert said.err.startswith("error: ") and "the board cannot be drawn" in said.err
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": "x"}', encoding="utf-8")
    assert main(["map", str(broken)]) == 1
    said = capsys.readouterr()
    # One line per problem, each naming the file.
    assert said.out == "" and said.err.splitlines()
    assert all(line.startswith(f"error: {broken}: ") for line in said.err.splitlines())
