"""Region numbers are never covered: not by the band of a region taken (or left empty) this
turn, not by a token badge, not by any chip (map feature, marker, Relic or Place, cost).

Measured on what ``compose`` drew (``Composed.layout``: the number boxes as written, every
badge and chip as pasted, every band as painted), over every board of both worlds: positions
of seeded random games with their real marks, and a crowded position where every region holds
a wide badge, every race marker is out, every region is marked and has a cost chip.
"""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from engine import view
from engine.core.changes import attack_costs, turn_marks
from engine.core.content import builtin_maps, load_map
from renderer.board import compose
from renderer.demo import played, stage_markers
from renderer.marks import Box
from renderer.picture import BoardLayout

MAPS = [(m, load_map(m).world, min(load_map(m).players)) for m in builtin_maps()]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def covered_numbers(layout: BoardLayout) -> list[str]:
    """Every region number that something drawn after it covers, in words."""
    found = []
    for rid, (x0, y0, x1, y1) in enumerate(layout.numbers):
        number = (x0, y0, x1, y1)
        for other, (kind, (bx, by), mask) in layout.bands.items():
            under: Image.Image = mask.crop((x0 - bx, y0 - by, x1 - bx, y1 - by))
            if under.getbbox() is not None:
                found.append(f"number {rid} under the {kind} band of region {other}")
        for other, box in layout.badges.items():
            if _overlap(number, box):
                found.append(f"number {rid} under the badge of region {other} {box}")
        for other, kind, box in layout.chips:
            if _overlap(number, box):
                found.append(f"number {rid} under the {kind} chip of region {other} {box}")
    return found


def crowded(map_id: str, world: str, players: int) -> dict[str, Any]:
    """A mid-game view where every region holds 20 tokens (two-digit badges), every race
    marker is staged, every region is marked (taken or left empty) and has a cost chip."""
    s = stage_markers(played(players, 1, 22 * players, world))
    v = view(s)
    assert v["map"] == map_id
    race = next(r["race"] for r in v["regions"] if r["race"])
    for r in v["regions"]:
        if not r["race"]:
            r.update(race=race, owner=0)
        r["tokens"] = 20
    ids = [r["id"] for r in v["regions"]]
    v["marks"] = {
        "taken": {rid: rid % players for rid in ids if rid % 2 == 0},
        "lost": [rid for rid in ids if rid % 2],
        "costs": {rid: 12 for rid in ids},
    }
    return v


@pytest.mark.parametrize(("map_id", "world", "players"), MAPS)
def test_no_number_is_covered_in_a_crowded_position(map_id: str, world: str, players: int) -> None:
    layout = compose(crowded(map_id, world, players)).layout
    assert len(layout.numbers) == len(load_map(map_id).regions)
    assert len(layout.badges) == len(layout.numbers)  # every region has its badge
    assert len(layout.bands) == len(layout.numbers)  # and its band
    assert sum(kind == "cost" for _, kind, _ in layout.chips) == len(layout.numbers)
    assert covered_numbers(layout) == []


@pytest.mark.parametrize(("map_id", "world", "players"), MAPS)
def test_no_number_is_covered_in_real_games(map_id: str, world: str, players: int) -> None:
    """Positions of two seeded games a third, two thirds and all the way through, marked as
    the bot marks them (the last turn's changes, and the attack costs of the seat to play)."""
    checked = 0
    for seed in (1, 2):
        for actions in (10 * players, 22 * players, 40 * players, None):
            s = played(players, seed, actions, world)
            assert s.map_id == map_id
            v = view(s)
            v["marks"] = dict(turn_marks(s, s.last_events))
            if not s.over:
                v["marks"]["costs"] = attack_costs(s, s.turn.seat)
            layout = compose(v).layout
            checked += len(layout.badges) + len(layout.chips)
            assert covered_numbers(layout) == [], (seed, actions)
    assert checked > 0


def test_the_check_sees_a_covered_number() -> None:
    """The measure itself: a badge pasted on a number, or a band under it, is found."""
    map_id, world, players = MAPS[0]
    layout = compose(crowded(map_id, world, players)).layout
    layout.badges[0] = layout.numbers[3]
    assert covered_numbers(layout) == [f"number 3 under the badge of region 0 {layout.numbers[3]}"]
    kind, at, mask = layout.bands[3]
    x0, y0, x1, y1 = layout.numbers[3]
    full = Image.new("L", mask.size, 0)
    full.paste(255, (x0 - at[0], y0 - at[1], x1 - at[0], y1 - at[1]))
    layout.bands[3] = (kind, at, full)
    assert f"number 3 under the {kind} band of region 3" in covered_numbers(layout)
