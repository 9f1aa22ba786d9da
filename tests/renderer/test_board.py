"""The board image: content checks on pixels, not just that a file was written."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from engine import new_game, view
from renderer import render_board, render_combos, render_final
from renderer.board import LEGEND_HEAD, LEGEND_ROW, legend_height
from renderer.palette import DECLINE, seat_colour, terrain_colours
from renderer.static import layout, map_shape
from renderer.tokens import PILL_H


def _img(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _empty_view(players: int) -> dict:
    v = view(new_game([f"P{i}" for i in range(players)], 1))
    for r in v["regions"]:
        r["markers"] = {k: n for k, n in r["markers"].items() if k != "lost_tribe"}
    return v


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_size_and_terrain_at_region_centres(players: int) -> None:
    v = _empty_view(players)
    img = _img(render_board(v))
    shape = map_shape(v["map"])
    assert img.size == (shape.width, shape.height + legend_height(players))
    for r in shape.regions:
        x, y = layout(r)["tokens"]
        fill, stroke = terrain_colours(r.terrain)
        assert img.getpixel((int(x), int(y))) in (fill, stroke), (r.id, r.terrain)


def _owned_view() -> dict:
    v = _empty_view(3)
    v["regions"][1].update(race="Ratmen", owner=1, tokens=4, in_decline=False)
    v["regions"][2].update(race="Orcs", owner=2, tokens=1, in_decline=True)
    return v


def test_tokens_show_the_owner_colour_and_decline_in_grey() -> None:
    v = _owned_view()
    img = _img(render_board(v))
    shape = map_shape(v["map"])
    x, y = layout(shape.regions[1])["tokens"]
    assert img.getpixel((int(x), int(y - PILL_H / 2 + 8))) == seat_colour(1)
    x, y = layout(shape.regions[2])["tokens"]
    assert img.getpixel((int(x), int(y))) in (DECLINE, (255, 255, 255), (33, 30, 28))
    # The grey pill is ringed in its owner's colour.
    ring = [img.getpixel((int(x) + dx, int(y - PILL_H / 2 + 5))) for dx in range(-3, 4)]
    assert seat_colour(2) in ring


def test_each_player_is_in_the_legend() -> None:
    v = _owned_view()
    shape = map_shape(v["map"])
    img = _img(render_board(v))
    for seat in range(3):
        cy = shape.height + LEGEND_HEAD + LEGEND_ROW * seat + LEGEND_ROW // 2
        assert img.getpixel((66, cy)) == seat_colour(seat)
    renamed = copy.deepcopy(v)
    renamed["players"][1]["name"] = "Zephyrine"
    other = _img(render_board(renamed))
    top = shape.height + LEGEND_HEAD + LEGEND_ROW
    row = (90, top, 400, top + LEGEND_ROW)
    assert img.crop(row).tobytes() != other.crop(row).tobytes()
    board = (0, 0, shape.width, shape.height)
    assert img.crop(board).tobytes() == other.crop(board).tobytes()


def test_no_coin_total_in_a_board_made_before_the_end() -> None:
    v = _owned_view()
    leaked = copy.deepcopy(v)
    for p in leaked["players"]:
        p["coins"] = 77
    assert render_board(leaked) == render_board(v)


def test_combos_panel_lists_six_combos() -> None:
    v = view(new_game(["A", "B", "C"], 2))
    img = _img(render_combos(v))
    assert img.size == (1000, 90 + 96 * 6)
    for i in range(6):
        assert img.getpixel((40, 90 + 96 * i + 48)) == (33, 30, 28)  # the slot disc


def test_final_sheet_only_at_the_end_and_ranks_the_winner_first() -> None:
    from engine.simulate import random_game

    with pytest.raises(ValueError, match="over"):
        render_final(view(new_game(["A", "B"], 1)))
    s = random_game(3, 4).state
    img = _img(render_final(view(s)))
    assert img.width == 1400
    assert img.getpixel((60, 150)) == (252, 236, 180)  # the winner's highlighted row
    ranking = s.result["ranking"]
    assert ranking[0]["coins"] >= ranking[-1]["coins"]
