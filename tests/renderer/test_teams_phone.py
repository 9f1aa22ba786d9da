"""The 6-player pictures on a phone (issue 22, session 3): every picture within 2000 px on
both worlds, with the team legend and with Relics and Places; each Relic, Place and team
piece on the board has its chip and its key line; Bony the Lich's banner is marked; no coin
figure shows before the end. Every position is reached by real play (``apply`` of random
legal actions, as ``engine.simulate`` plays).

[TEAMS "Playing in Teams"] "Their individual stash of victory coins remains secret and
should not be shared with their partner"; [TEAMS "Bony's Boneyard"] Bony the Lich goes on
"an In Decline banner" whose tokens "become immune"; [SWU "Compatibility with Small World"]
"introduce Places and Relics in Small World itself".
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from engine import GameState, apply, legal_actions, new_game, to_act, view
from engine.simulate import choose
from renderer import render_board
from renderer.board import compose
from renderer.glyphs import glyph_of
from renderer.icons import sprite
from renderer.key import MAX_HEIGHT, TREASURE_KEYS
from renderer.legend import legend_height
from renderer.pieces import MARKER_NAMES
from renderer.shapes import map_shape
from renderer.sheet import compose_final, render_final
from renderer.teamrows import DETAIL_SIZE, NAME_SIZE, TITLE_MIN
from renderer.teams import seat_label

NAMES = ["Aurelia", "Bram", "Chen Wei", "Dagny", "Émile", "Farid"]
WORLDS = ("surface", "underground")
OPTIONS = ({"teams": True}, {"teams": True, "surface_relics": True})
#: Team play's five pieces [TEAMS]: the Golden Soapbar (a Relic) and four Places.
TEAM_PIECES = ("soapbar", "tavern", "boneyard", "mirror", "sigil")


def positions(
    world: str, options: dict[str, bool], seed: int, players: int = 6
) -> Iterator[GameState]:
    """Every position of a seeded random game, from the setup to the end (the same state
    object, played on between yields)."""
    s = new_game(NAMES[:players], seed, world=world, options=options)
    rng = random.Random(seed)
    while (seat := to_act(s)) is not None:
        yield s
        apply(s, seat, choose(rng, s, legal_actions(s, seat)), validate=False)
    yield s


def png_size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as img:
        return img.size


# --- sizes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=["teams", "teams+surface_relics"])
@pytest.mark.parametrize("world", WORLDS)
def test_every_six_player_picture_is_at_most_2000_px(world: str, options: dict) -> None:
    """Every 8th position of four games, and each game's end: board and legend within
    MAX_HEIGHT (the team legend has a row per team; the key turns dense only when needed);
    the drawn PNGs of the middle and the end, and the score sheet, too."""
    assert MAX_HEIGHT == 2000
    for seed in range(1, 5):
        mid = None
        for i, s in enumerate(positions(world, options, seed)):
            if i % 8:
                continue
            v = view(s)
            assert map_shape(v["map"]).height + legend_height(v) <= MAX_HEIGHT, (seed, i)
            if i == 160:
                mid = render_board(v)
        v = view(s)
        assert map_shape(v["map"]).height + legend_height(v) <= MAX_HEIGHT, seed
        if seed == 1:
            assert mid is not None
            for png in (mid, render_board(v), render_final(v)):
                width, height = png_size(png)
                assert height <= MAX_HEIGHT and width <= 1600


def test_the_team_legend_keeps_phone_sized_text() -> None:
    """At 450 px wide (a 1600-px picture on a phone) the legend's smallest text is about
    7.5 px: names 34 px, details 30 px, a long race title no smaller than 27 px."""
    assert NAME_SIZE >= 34 and DETAIL_SIZE >= 30 and TITLE_MIN >= 27


# --- Relics, Places and the team pieces -----------------------------------------------------


def first_showing(world: str, options: dict, wanted: set[str], seeds: range) -> dict[str, Any]:
    """Positions of random games that between them show every piece of ``wanted`` on the
    board: piece -> the first view showing it."""
    found: dict[str, Any] = {}
    for seed in seeds:
        for s in positions(world, options, seed):
            on = {k for r in s.regions for k, n in r.markers.items() if n} & (wanted - set(found))
            if on:
                v = view(s)
                for k in on:
                    found[k] = v
            if set(found) == wanted:
                return found
    return found


def check_pieces(v: dict[str, Any]) -> set[str]:
    """Every Relic and Place on the board has its chip on its region and its key line naming
    who holds it (by seat name in a team game); the pieces checked."""
    composed = compose(v)
    texts = [t.text for t in composed.texts]
    chips = {(rid, kind) for rid, kind, _ in composed.layout.chips}
    checked = set()
    for r in v["regions"]:
        for key, n in (r.get("markers") or {}).items():
            if not n or key not in TREASURE_KEYS:
                continue
            assert (r["id"], key) in chips, (key, r["id"])
            holder = "no one"
            if r.get("race"):
                teams = v["rulesets"].get("teams")
                holder = seat_label(v, r["owner"]) if teams else v["players"][r["owner"]]["name"]
            name = MARKER_NAMES[key]
            assert any(t.startswith(name) and t.endswith(f"· {holder}") for t in texts), (
                key,
                holder,
            )
            checked.add(key)
    return checked


@pytest.mark.parametrize("world", WORLDS)
def test_each_team_piece_has_its_chip_and_key_line(world: str) -> None:
    found = first_showing(world, {"teams": True}, set(TEAM_PIECES), range(1, 80))
    assert set(found) == set(TEAM_PIECES), sorted(found)
    for key, v in found.items():
        assert key in check_pieces(v)


@pytest.mark.parametrize("players", [5, 6])
def test_surface_relics_are_drawn_on_the_surface(players: int) -> None:
    """A surface game with ``surface_relics``: the Monsters' regions reveal the
    Underground's Relics and Places when taken; each is drawn with its key line."""
    options = {"surface_relics": True} | ({"teams": True} if players == 6 else {})
    checked: set[str] = set()
    for seed in range(1, 7):
        s = None
        for i, s in enumerate(positions("surface", options, seed, players)):
            if i % 30 == 0 and i:
                v = view(s)
                if s.turn.phase != "over":
                    checked |= check_pieces(v)
        if len(checked) >= 6:
            break
    # Not only the team pieces: the Underground's own are on the surface too.
    assert len(checked - set(TEAM_PIECES)) >= 4, checked


def test_the_team_pieces_have_marks_of_their_own() -> None:
    """Five pictures, none the "?" of an unknown piece, none alike; the Soapbar keeps the
    Relics' disc and the four Places the Places' square."""
    images = {k: sprite(k, 48).tobytes() for k in TEAM_PIECES}
    assert len(set(images.values())) == len(TEAM_PIECES)
    assert sprite("no such piece", 48).tobytes() not in images.values()
    assert glyph_of("soapbar")[2] is False
    assert all(glyph_of(k)[2] is True for k in TEAM_PIECES[1:])


@pytest.mark.parametrize("world", WORLDS)
def test_bony_the_lich_is_marked_on_his_banner(world: str) -> None:
    """Bony the Lich on an In Decline banner: his mark on every region of that banner, and
    a key line naming the banner and its player's seat."""
    v = None
    for seed in range(1, 40):
        v = next((view(s) for s in positions(world, {"teams": True}, seed) if s.bony), None)
        if v is not None:
            break
    assert v is not None
    race = v["bony"]
    composed = compose(v)
    guarded = {r["id"] for r in v["regions"] if r.get("race") == race and r.get("in_decline")}
    marked = {rid for rid, kind, _ in composed.layout.chips if kind == "bony"}
    assert guarded and marked == guarded
    owner = next(r["owner"] for r in v["regions"] if r["id"] in guarded)
    line = f"Bony the Lich guards {race} · {seat_label(v, owner)}"
    assert line in [t.text for t in composed.texts]


# --- coins ----------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=["teams", "teams+surface_relics"])
@pytest.mark.parametrize("world", WORLDS)
def test_no_coin_figure_before_the_end(world: str, options: dict) -> None:
    """No text of any board before the end says coins, and a view with coins slipped in
    draws the same picture; the score sheet refuses an unfinished game."""
    coins = re.compile(r"\bcoins?\b", re.IGNORECASE)
    for i, s in enumerate(positions(world, options, 2)):
        if s.turn.phase == "over":
            break
        if i % 25:
            continue
        v = view(s)
        assert all("coins" not in p for p in v["players"])
        assert not any(coins.search(t.text) for t in compose(v).texts), i
        if i == 150:
            leaked = {**v, "players": [{**p, "coins": 77} for p in v["players"]]}
            assert render_board(leaked) == render_board(v)
            with pytest.raises(ValueError):
                compose_final(v)


def test_a_crowded_team_legend_keeps_each_partner_in_their_cell() -> None:
    """Staged on a real position: 32-character names, two races in decline, three kinds of
    pieces off the map and a peace for everyone. Every text of the legend stays within its
    partner's cell (names and titles are cut, never run into the partner's)."""
    from renderer.teamrows import CELL_GAP, CELL_LEFT, TEAM_HEADER, TEAM_ROW, cell_width

    s = next(s for i, s in enumerate(positions("underground", {"teams": True}, 1)) if i == 200)
    v = view(s)
    for p in v["players"]:
        p["name"] = "Wolfgang Amadeus Mozartovich III"
        p["declined"] = [
            {"race": "Ratmen", "power": "Hill", "in_decline": True, "hand": 0, "pieces": {}},
            {"race": "Skeletons", "power": "Fortified", "in_decline": True, "hand": 0},
        ]
        p["declined"][0]["pieces"] = {"hammer": 3}
        if p["active"]:
            p["active"] |= {"hand": 5, "power": "Flying Shield Bivouacking", "pieces": {"bag": 1}}
        p["peace_with"] = (p["seat"] + 1) % 6
        p["marks"] = [0, 1]
    board_h = map_shape(v["map"]).height
    composed = compose(v)
    width = map_shape(v["map"]).width
    cw = cell_width(width)
    first = (CELL_LEFT, CELL_LEFT + cw)
    second = (CELL_LEFT + cw + CELL_GAP, CELL_LEFT + 2 * cw + CELL_GAP)
    top, bottom = board_h + TEAM_HEADER, board_h + TEAM_HEADER + 3 * TEAM_ROW
    rows = [t for t in composed.texts if top < t.box[1] < bottom and len(t.text) > 1]
    assert len(rows) >= 24  # name, tokens, title, three pieces: per cell
    for t in rows:
        inside = [lo - 2 <= t.box[0] and t.box[2] <= hi + 2 for lo, hi in (first, second)]
        assert any(inside), (t.text, t.box)
    assert map_shape(v["map"]).height + legend_height(v) <= MAX_HEIGHT
