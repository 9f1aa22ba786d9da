"""The Underground boards read on a phone: chip sizes, colours under colour-blind vision, pits
and the River, and the legend, key, combos panel and score sheet covering what the
Underground adds. The positions come from real random games (``renderer.demo``)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

from engine import apply, legal_actions, new_game, to_act, view
from engine.core.content import builtin_maps, load_map, map_for_players
from engine.core.rulesets import options_for
from engine.core.state import GameState
from engine.simulate import choose
from engine.worlds.underground import UNDERGROUND
from renderer.board import compose
from renderer.combos import compose_combos
from renderer.demo import rare_states, rare_things
from renderer.key import key_items
from renderer.legend import legend_height, row_heights
from renderer.palette import BORDER, SEAT_COLOURS, TERRAIN, terrain_colours
from renderer.pieces import CHIP_SCALE, PLACE_TAGS, RELIC_TAGS, chip_size
from renderer.sheet import compose_final
from renderer.static import (
    GEOMETRY_DIR,
    PITS,
    features_key,
    layouts,
    map_shape,
    marker_places,
    static_layer,
    terrain_tile,
)
from tests.renderer.vision import delta_e, least_delta_e

#: A phone held upright shows the 1600-px board about 400 px wide.
PHONE = 400

DRAWN = [
    m
    for m in builtin_maps()
    if load_map(m).world == "underground" and (GEOMETRY_DIR / f"{m}.json").exists()
]


def counts(map_id: str) -> tuple[int, ...]:
    """Feature chips per region of a map, as a new game's view lists them."""
    players = min(load_map(map_id).players)
    v = view(new_game([f"P{i}" for i in range(players)], 1, map_id, options=options_for(players)))
    return tuple(len(f) for f in features_key(v["regions"]))


# --- chips --------------------------------------------------------------------------------


@pytest.mark.parametrize("map_id", DRAWN)
def test_a_relic_or_place_chip_is_large_enough_to_read_on_a_phone(map_id: str) -> None:
    """Alone in its region, a Relic's or Place's chip is never smaller than a plain marker,
    and in nine regions out of ten at least 48 px: 12 px on a phone, where the plain 40-px
    chip with its two letters was judged too small."""
    nfeat = counts(map_id)
    lays = layouts(map_id, nfeat)
    sizes = []
    for rid, lay in enumerate(lays):
        for key in ("orb", "stonehedge"):
            ((_, _, size),) = marker_places(map_id, nfeat, rid, (chip_size(key, lay.chip),))
            assert size >= lay.chip, (rid, key)
            sizes.append(size)
    assert sum(s * PHONE / map_shape(map_id).width >= 12 for s in sizes) >= 0.9 * len(sizes)


def test_every_relic_place_and_single_piece_is_drawn_larger_than_a_plain_marker() -> None:
    for key in (*RELIC_TAGS, *PLACE_TAGS, "balrog", "ghost", "queen", "ancient", "volcano"):
        assert CHIP_SCALE[key] >= 1.3, key
    assert chip_size("orb", 40) >= 56 and chip_size("fortress", 40) == 40


@pytest.mark.parametrize("map_id", DRAWN)
def test_crowded_chips_stay_on_the_board_and_apart(map_id: str) -> None:
    """Five chips in one region (the most an Underground region holds in play): none leaves
    the board, none covers another."""
    nfeat = counts(map_id)
    shape = map_shape(map_id)
    kinds = ("monster", "balrog", "orb", "stonehedge", "armor")
    for rid, lay in enumerate(layouts(map_id, nfeat)):
        placed = marker_places(map_id, nfeat, rid, tuple(chip_size(k, lay.chip) for k in kinds))
        for x, y, size in placed:
            assert size / 2 <= x <= shape.width - size / 2, (rid, x)
            assert size / 2 <= y <= shape.height - size / 2, (rid, y)
        for (x1, y1, s1), (x2, y2, s2) in combinations(placed, 2):
            assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 >= (s1 + s2) / 2, rid


def test_a_relic_is_drawn_at_its_chip_size_on_the_board() -> None:
    """The pixels agree with the placement: the gold disc of a Relic is as wide as its chip."""
    s = new_game(["ann", "bob", "cyd"], 1, "swu-3p")
    v = view(s)
    for r in v["regions"]:
        r.update(race=None, owner=-1, tokens=0, markers={}, in_decline=False)
    nfeat = tuple(len(f) for f in features_key(v["regions"]))
    lays = layouts(v["map"], nfeat)
    rid = max(range(len(lays)), key=lambda i: map_shape(v["map"]).regions[i].clearance)
    v["regions"][rid]["markers"] = {"sword": 1}
    ((x, y, size),) = marker_places(v["map"], nfeat, rid, (chip_size("sword", lays[rid].chip),))
    img = compose(v).image
    gold = (246, 206, 84)
    box = (round(x - size), round(y - size), round(x + size), round(y + size))
    crop = img.crop(box)
    hits = [
        (i % crop.width, i // crop.width)
        for i, c in enumerate(crop.get_flattened_data())
        if c == gold
    ]
    assert hits
    width = max(h[0] for h in hits) - min(h[0] for h in hits)
    # The gold inside the outline, around the letters: about 0.77 of the chip's width.
    assert size >= 56 and width >= 0.7 * size


# --- colours and patterns -----------------------------------------------------------------


def test_underground_fills_differ_from_each_other_and_from_tokens_in_every_vision() -> None:
    """Two Underground terrains, or a terrain and a seat's tokens, never look alike, not even
    with protanopia, deuteranopia or tritanopia (CIEDE2000, ``tests.renderer.vision``; the
    River's old blue was 9 ΔE from the blue seat in plain sight). Tokens also have a dark
    outline and a light rim (``icons.badge``), hence a lower bar for them: 4 ΔE00 is still a
    difference seen at a glance."""
    fills = {t: terrain_colours(t)[0] for t in UNDERGROUND.terrains}
    for a, b in combinations(sorted(fills), 2):
        assert least_delta_e(fills[a], fills[b]) >= 10, (a, b)
    for t, fill in fills.items():
        for seat, colour in enumerate(SEAT_COLOURS):
            assert least_delta_e(fill, colour) >= 4, (t, seat)
    # And in plain sight, none passes for a surface terrain.
    surface = [t for t in TERRAIN if t not in fills]
    for t, fill in fills.items():
        for other in surface:
            assert delta_e(fill, TERRAIN[other][0]) >= 8, (t, other)


def test_every_terrain_has_a_pattern_of_its_own() -> None:
    """Without colour, the pattern's shape tells the terrains apart: no two ink masks match."""

    def ink(terrain: str) -> bytes:
        fill = terrain_colours(terrain)[0]
        return bytes(0 if px == fill else 1 for px in terrain_tile(terrain).get_flattened_data())

    masks = {t: ink(t) for t in TERRAIN}
    for a, b in combinations(sorted(masks), 2):
        assert masks[a] != masks[b], (a, b)
        assert any(masks[a]), a


# --- pits and the River -------------------------------------------------------------------


@pytest.mark.parametrize("map_id", DRAWN)
def test_a_chasm_is_drawn_as_a_pit_lit_at_its_rim(map_id: str) -> None:
    img = static_layer(map_id)
    shape = map_shape(map_id)
    fill, _ = terrain_colours("Abysmal Chasm")
    chasms = [r for r in shape.regions if r.terrain in PITS]
    assert chasms
    for r in chasms:
        # Just inside the border, on the way from a corner to the label: the rim's light.
        x, y = r.label
        poly = max(r.polygons, key=len)
        bright = 0.0
        for bx, by in poly:
            length = max(1.0, ((x - bx) ** 2 + (y - by) ** 2) ** 0.5)
            for d in (4, 6, 8):
                px = img.getpixel(
                    (round(bx + (x - bx) * d / length), round(by + (y - by) * d / length))
                )
                bright = max(bright, sum(px) / 3)
        assert bright > sum(fill) / 3 + 40, r.id


@pytest.mark.parametrize("map_id", DRAWN)
def test_the_river_flows_across_the_borders_of_its_regions(map_id: str) -> None:
    """Between two River regions the line is the River's light ink, not the dark border."""
    shape = map_shape(map_id)
    img = static_layer(map_id)
    terrain = {r.id: r.terrain for r in shape.regions}
    _, ink = terrain_colours("River")
    inner = [
        pts
        for (pts, outer), (a, b) in zip(shape.borders, shape.joins, strict=True)
        if not outer and terrain.get(a) == terrain.get(b) == "River"
    ]
    assert inner
    for pts in inner:
        # The middle of the border's middle segment, clear of the junctions at its ends.
        i = (len(pts) - 1) // 2
        mx, my = (pts[i][0] + pts[i + 1][0]) / 2, (pts[i][1] + pts[i + 1][1]) / 2
        near = [
            img.getpixel((round(mx) + dx, round(my) + dy))
            for dx in range(-2, 3)
            for dy in range(-2, 3)
        ]
        assert BORDER not in near
        assert min(sum(abs(p - q) for p, q in zip(c, ink, strict=True)) for c in near) < 40


def test_the_volcano_symbol_is_printed_on_its_chasms() -> None:
    v = view(new_game(["a", "b", "c"], 1, "swu-3p"))
    sites = [r["id"] for r in v["regions"] if "Volcano" in r["features"]]
    assert sites
    feats = features_key(v["regions"])
    assert all("Volcano" in feats[rid] for rid in sites)
    key = {name for group in key_items(v) for kind, name in group if kind == "feature"}
    assert "Volcano" in key
    words = {t.text for t in compose(v).texts}
    assert "Volcano symbol" in words


# --- legend, key, combos, score sheet -----------------------------------------------------


@pytest.fixture(scope="module")
def rare() -> list[GameState]:
    """Positions of random games showing the Underground's rarer things."""
    return [s for n in (3, 4, 5) for s in rare_states(n, range(1, 16))]


def first_with(states: list[GameState], thing: str) -> GameState:
    return next(s for s in states if thing in rare_things(s))


def row_of(v: dict[str, Any], composed: Any, seat: int) -> tuple[int, int]:
    """Top and bottom (px) of a player's row in the legend."""
    name = v["players"][seat]["name"]
    top = next(t.box[1] for t in composed.texts if t.text == name) - 40
    return top, top + max(row_heights(v)) + 40


def test_pieces_off_the_map_are_listed_with_their_player(rare: list[GameState]) -> None:
    for thing, name in (("piece:hammer", "Silver Hammer"), ("piece:armor", "Mushroom Armor")):
        s = first_with(rare, thing)
        v = view(s)
        composed = compose(v)
        key = thing.split(":")[1]
        for seat, p in enumerate(v["players"]):
            races = ([p["active"]] if p["active"] else []) + p["declined"]
            n = sum(r["pieces"].get(key, 0) for r in races)
            if not n:
                continue
            words = f"{n} {name}" + ("s" if n > 1 else "")
            hit = next(t for t in composed.texts if t.text == words)
            top, bottom = row_of(v, composed, seat)
            assert top <= hit.box[1] <= bottom, (thing, seat)


def test_vengeance_markers_name_who_holds_them(rare: list[GameState]) -> None:
    s = first_with(rare, "vengeance")
    v = view(s)
    words = {t.text for t in compose(v).texts}
    for p in v["players"]:
        if p["marks"]:
            names = ", ".join(v["players"][m]["name"] for m in p["marks"])
            assert f"Vengeance on {names}" in words


def test_the_key_and_the_combos_panel_name_the_stonehedge_power(rare: list[GameState]) -> None:
    s = first_with(rare, "stonehedge")
    v = view(s)
    power = v["stonehedge"]
    where = next(r for r in v["regions"] if r["markers"].get("stonehedge"))
    holder = v["players"][where["owner"]]["name"] if where["race"] else "no one"
    words = {t.text for t in compose(v).texts}
    assert f"Stonehedge ({power}) · {holder}" in words
    panel = {t.text for t in compose_combos(v).texts}
    assert f"The Stonehedge grants {power} to whoever holds it: {holder}" in panel
    hidden = v["hidden_treasures"]
    assert (f"Relics and Places still under Monsters: {hidden}" in panel) == (hidden > 0)
    # The surface has neither line.
    surface = {t.text for t in compose_combos(view(new_game(["a", "b"], 1))).texts}
    assert not any("Stonehedge" in t or "Monsters" in t for t in surface)


def test_the_score_sheet_says_what_each_player_ended_with() -> None:
    s = new_game(["ann", "bob", "cyd", "dee"], 3, map_for_players(4, "underground"))
    rng = random.Random(3)
    while (seat := to_act(s)) is not None:
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
    v = view(s)
    texts = " ".join(t.text for t in compose_final(v).texts)
    for p in v["players"]:
        if p["active"]:
            assert f"{p['active']['power']} {p['active']['race']}" in texts
    held = [
        k
        for r in v["regions"]
        if r["race"]
        for k in r["markers"]
        if k in (*RELIC_TAGS, *PLACE_TAGS)
    ]
    assert held and "holds " in texts


def test_a_five_player_underground_board_stays_under_2000_px() -> None:
    """A taller picture is shown smaller on a phone: through random 5-player games the board
    with its legend, key and lines of pieces stays within 2000 px."""
    for seed in (1, 2, 3):
        s = new_game([f"Player {i}" for i in range(5)], seed, world="underground")
        rng = random.Random(seed)
        step = 0
        while (seat := to_act(s)) is not None:
            apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
            step += 1
            if step % 7 == 0:
                v = view(s)
                assert map_shape(v["map"]).height + legend_height(v) <= 2000, (seed, step)
