"""The board picture: its pixels and texts are checked, not only that a PNG comes out."""

from __future__ import annotations

import copy
import io
from collections import Counter
from typing import Any

import pytest
from PIL import Image

from engine import new_game, view
from engine.simulate import random_game
from renderer import render_board
from renderer.board import compose
from renderer.demo import midgame, stage_markers
from renderer.legend import legend_height
from renderer.palette import DECLINE_FILL, HIGHLIGHT, SEAT_COLOURS, seat_colour, terrain_colours
from renderer.pieces import MARKERS, chip_size
from renderer.static import (
    RegionLayout,
    features_key,
    layouts,
    map_shape,
    marker_places,
    static_layer,
)

RGB = tuple[int, int, int]


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def colours(img: Image.Image, centre: tuple[float, float], half: tuple[int, int]) -> Counter[RGB]:
    """Colours of the box of half-size ``half`` around ``centre``, by pixel count."""
    x, y = round(centre[0]), round(centre[1])
    box = img.crop((x - half[0], y - half[1], x + half[0], y + half[1]))
    return Counter(dict((c, n) for n, c in box.getcolors(1 << 16)))


def empty_view(players: int, seed: int = 1) -> dict[str, Any]:
    """A new game's view with nothing on the board: no tokens, tribes or markers."""
    v = view(new_game([f"Player {i + 1}" for i in range(players)], seed))
    for r in v["regions"]:
        r.update(race=None, owner=-1, tokens=0, markers={}, in_decline=False)
    return v


def region_layouts(v: dict[str, Any]) -> tuple[RegionLayout, ...]:
    feats = features_key(v["regions"])
    return layouts(v["map"], tuple(len(f) for f in feats))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_size_and_terrain_under_every_label(players: int) -> None:
    v = empty_view(players)
    img = png(render_board(v))
    shape = map_shape(v["map"])
    assert img.size == (shape.width, shape.height + legend_height(v))
    assert max(img.size) <= 2000
    for r, lay in zip(shape.regions, region_layouts(v), strict=True):
        fill, ink = terrain_colours(r.terrain)
        seen = colours(img, lay.badge, (14, 8))
        # Only terrain where a badge would go: the fill, and the pattern drawn in its ink.
        assert set(seen) <= {fill, ink}, (r.id, r.terrain, seen)
        assert seen.most_common(1)[0][0] == fill, (r.id, r.terrain)


def test_terrains_differ_by_more_than_colour() -> None:
    """Each terrain has its own pattern: the ink pixels of two terrains never coincide."""
    from renderer.static import terrain_tile

    masks = {}
    for terrain in ("Farmland", "Hill", "Forest", "Swamp", "Mountain", "Sea", "Lake"):
        tile = terrain_tile(terrain)
        fill = terrain_colours(terrain)[0]
        masks[terrain] = bytes(0 if p == fill else 1 for p in tile.get_flattened_data())
        assert 0.04 < sum(masks[terrain]) / len(masks[terrain]) < 0.5, terrain
    assert len(set(masks.values())) == len(masks)


def owned_view() -> dict[str, Any]:
    v = empty_view(4)
    v["regions"][5].update(race="Ratmen", owner=0, tokens=4)
    v["regions"][12].update(race="Trolls", owner=1, tokens=12, markers={"lair": 1})
    v["regions"][20].update(race="Elves", owner=3, tokens=2)
    v["regions"][25].update(race="Orcs", owner=2, tokens=1, in_decline=True)
    v["players"][2]["declined"] = [
        {"race": "Orcs", "power": "Hill", "in_decline": True, "hand": 0, "tray": 9}
    ]
    return v


def test_tokens_are_drawn_in_the_owner_colour() -> None:
    v = owned_view()
    img = png(render_board(v))
    lays = region_layouts(v)
    for rid, seat in ((5, 0), (12, 1), (20, 3)):
        seen = colours(img, lays[rid].badge, (20, 12))
        # The badge's own colour covers most of it, around the dark initials and count.
        assert seen.most_common(1)[0][0] == seat_colour(seat), (rid, seen.most_common(3))
        others = set(SEAT_COLOURS) - {seat_colour(seat)}
        assert not others & set(seen)


def test_a_race_in_decline_is_grey_with_a_ring_in_the_seat_colour() -> None:
    v = owned_view()
    img = png(render_board(v))
    lay = region_layouts(v)[25]
    inside = colours(img, lay.badge, (20, 10))
    assert seat_colour(2) not in inside.most_common(1)[0][0:1]
    assert DECLINE_FILL in inside
    ring = colours(img, lay.badge, (lay.badge_height, lay.badge_height // 2))
    assert ring[seat_colour(2)] > 40
    awake = copy.deepcopy(v)
    awake["regions"][25]["in_decline"] = False
    awake_img = png(render_board(awake))
    assert colours(awake_img, lay.badge, (20, 10)).most_common(1)[0][0] == seat_colour(2)


def test_every_marker_changes_its_region() -> None:
    v = empty_view(5)
    base = png(render_board(v))
    lays = region_layouts(v)
    kinds = [*MARKERS, "lost_tribe"]
    marked = copy.deepcopy(v)
    for rid, kind in enumerate(kinds):
        marked["regions"][rid]["markers"] = {kind: 2}
    img = png(render_board(marked))
    for rid, kind in enumerate(kinds):
        lay = lays[rid]
        if kind == "lost_tribe":
            where = lay.badge
        else:  # where the board puts a chip of this kind's size (two of them: a count)
            nfeat = tuple(len(f) for f in features_key(v["regions"]))
            size = chip_size(kind, lay.chip, 2)
            where = marker_places(v["map"], nfeat, rid, (size,))[0][:2]
        box = (
            round(where[0]) - 10,
            round(where[1]) - 10,
            round(where[0]) + 10,
            round(where[1]) + 10,
        )
        assert img.crop(box).tobytes() != base.crop(box).tobytes(), kind
    # Nothing else on the board moved: the regions without markers are untouched.
    last = lays[len(kinds) + 1]
    box = tuple(round(c) for c in (*last.number, last.number[0] + 20, last.number[1] + 20))
    assert img.crop(box).tobytes() == base.crop(box).tobytes()


def test_each_player_is_named_in_the_legend() -> None:
    v = owned_view()
    shape = map_shape(v["map"])
    texts = compose(v).texts
    for p in v["players"]:
        boxes = [t.box for t in texts if t.text == p["name"]]
        assert len(boxes) == 1, p["name"]
        assert boxes[0][1] > shape.height  # in the legend, under the map
    # Renaming a player redraws their legend row and nothing on the map.
    renamed = copy.deepcopy(v)
    renamed["players"][1]["name"] = "Zephyrine"
    a, b = png(render_board(v)), png(render_board(renamed))
    box = next(t.box for t in texts if t.text == "Player 2")
    assert a.crop(box).tobytes() != b.crop(box).tobytes()
    board = (0, 0, shape.width, shape.height)
    assert a.crop(board).tobytes() == b.crop(board).tobytes()
    assert "Zephyrine" in {t.text for t in compose(renamed).texts}


def test_the_legend_names_races_and_who_is_to_act() -> None:
    s = stage_markers(midgame(3, 3))
    v = view(s)
    texts = compose(v).texts
    words = " ".join(t.text for t in texts)
    assert f"Turn {v['round']} / {v['turns']}" in words
    for p in v["players"]:
        if p["active"]:
            assert f"{p['active']['power']} {p['active']['race']}" in words
        for d in p["declined"]:
            assert d["race"] in words
    seat = v["to_act"]
    name = next(t for t in texts if t.text == v["players"][seat]["name"])
    img = compose(v).image
    assert img.getpixel((name.box[2] + 20, name.box[1])) == HIGHLIGHT
    assert f"▶ {v['players'][seat]['name']}" in words


def test_no_coins_on_a_board_before_the_game_is_over() -> None:
    v = view(stage_markers(midgame(5, 5)), None)
    assert all("coins" not in p for p in v["players"])
    leaked = copy.deepcopy(v)
    for p in leaked["players"]:
        p["coins"] = 123
        p["score_history"] = [5, 50, 123]
    assert render_board(leaked) == render_board(v)
    assert not any("coin" in t.text for t in compose(leaked).texts)


def test_coins_are_shown_once_the_game_is_over() -> None:
    s = random_game(3, 4).state
    v = view(s, None)
    texts = {t.text for t in compose(v).texts}
    for p in s.players:
        assert f"{p.coins} coins" in texts


def test_the_static_layer_is_cached_and_never_drawn_on() -> None:
    v = view(stage_markers(midgame(4, 4)))
    feats = features_key(v["regions"])
    before = static_layer(v["map"], feats).tobytes()
    render_board(v)
    render_board(v)
    assert static_layer(v["map"], feats) is static_layer(v["map"], feats)
    assert static_layer(v["map"], feats).tobytes() == before


def test_a_mid_game_board_is_small_enough_for_discord() -> None:
    data = render_board(view(stage_markers(midgame(5, 5))))
    assert len(data) < 1024 * 1024


def test_names_lose_characters_the_font_cannot_draw() -> None:
    v = empty_view(3)
    # Emoji are drawn (renderer/fontfaces.py); a private-use character no font has is not.
    v["players"][0]["name"] = "Zoë 🐉\U0010fffd"
    v["players"][1]["name"] = "\U0010fffd\U0010fffd"  # nothing drawable: kept, not blank
    texts = {t.text for t in compose(v).texts}
    assert "Zoë 🐉" in texts
    assert "\U0010fffd\U0010fffd" in texts
