"""The combos panel, the final score sheet and the demo command."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine import new_game, view
from engine.simulate import random_game
from renderer import render_combos, render_final
from renderer.__main__ import main
from renderer.combos import COL_TAG, compose_combos
from renderer.palette import HIGHLIGHT, WHITE
from renderer.sheet import compose_final, places


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def texts_by_row(composed: Any) -> list[str]:
    return [t.text for t in sorted(composed.texts, key=lambda t: (t.box[1], t.box[0]))]


def test_the_combos_panel_lists_the_six_combos_in_slot_order() -> None:
    v = view(new_game(["A", "B", "C"], 2))
    assert len(v["market"]) == 6
    composed = compose_combos(v)
    texts = [t.text for t in composed.texts]
    tops = []
    for c in v["market"]:
        race = next(t for t in composed.texts if t.text == c["race"])
        power = next(t for t in composed.texts if t.text == c["power"])
        assert power.box[3] <= race.box[3]  # the power sits above its race
        tops.append(race.box[1])
        assert str(c["tokens"]) in texts
    assert tops == sorted(tops)  # slot 1 first
    # The slot numbers run 1 to 6 down the left edge.
    slots = sorted((t for t in composed.texts if t.box[2] < COL_TAG - 40), key=lambda t: t.box[1])
    assert [t.text for t in slots] == ["1", "2", "3", "4", "5", "6"]
    assert "free" in texts and "−5" in texts  # prices: slot 1 free, slot 6 costs 5
    img = png(render_combos(v))
    assert img.size == composed.image.size
    assert img.height < 1100


def test_coins_lying_on_a_combo_are_shown() -> None:
    v = view(new_game(["A", "B", "C"], 2))
    v["market"][1]["coins"] = 3
    texts = [t.text for t in compose_combos(v).texts]
    assert "+3" in texts
    assert texts.count("on it") == 1


def finished(players: int = 4, seed: int = 4) -> dict[str, Any]:
    return view(random_game(players, seed).state, None)


def test_the_final_sheet_ranks_players_and_highlights_the_winner() -> None:
    v = finished()
    result = v["result"]
    composed = compose_final(v)
    names = [row["name"] for row in result["ranking"]]
    order = [t for t in texts_by_row(composed) if t in names]
    assert order[: len(names)] == names
    for row in result["ranking"]:
        assert f"{row['coins']} coins" in {t.text for t in composed.texts}
    winner = next(t for t in composed.texts if t.text == names[0])
    assert composed.image.getpixel((winner.box[2] + 60, winner.box[1] - 4)) == HIGHLIGHT
    second = next(t for t in composed.texts if t.text == names[1])
    assert composed.image.getpixel((second.box[2] + 60, second.box[1] - 4)) == WHITE
    assert "tie" not in " ".join(t.text for t in composed.texts).lower()
    png(render_final(v))


def test_the_final_sheet_notes_a_tie_break_and_shared_places() -> None:
    v = finished(3, 4)
    ranking = v["result"]["ranking"]
    ranking[1]["coins"] = ranking[0]["coins"]
    v["result"]["tiebreak_used"] = True
    words = " ".join(t.text for t in compose_final(v).texts)
    assert "broken by the most race tokens" in words
    tied = copy.deepcopy(ranking)
    tied[1]["tokens"] = tied[0]["tokens"]
    assert places(tied)[:2] == [1, 1]
    assert places(ranking)[:2] == [1, 2]


def test_the_final_sheet_is_refused_before_the_end() -> None:
    with pytest.raises(ValueError, match="over"):
        render_final(view(new_game(["A", "B"], 1)))


def test_the_chart_draws_every_player() -> None:
    v = finished(5, 2)
    img = compose_final(v).image
    counts = {c for _, c in img.getcolors(1 << 16)}
    from renderer.palette import seat_colour

    for seat in range(5):
        assert seat_colour(seat) in counts


def test_demo_command_writes_every_picture(tmp_path: Path) -> None:
    assert main(["demo", "--out", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.png"))
    # Five pictures per surface map, plus a player's own board (with attack costs) where the
    # demo game stands in a conquest; per drawn Underground map a mid-game and a final board,
    # the combos panel and score sheet, and positions showing its rarer pieces; then a league
    # standings page and a player card.
    league = {"standings.png", "card.png"}
    assert league <= {f.name for f in files}
    surface = [f for f in files if not f.name.startswith("underground-") and f.name not in league]
    assert len([f for f in surface if not f.name.endswith("-own.png")]) == 25  # 2 to 6 players
    assert any(f.name.endswith("-own.png") for f in files)
    underground = {f.name for f in files} - {f.name for f in surface} - league
    for n in (2, 3, 4, 5, 6):
        assert {
            f"underground-{n}p-mid.png",
            f"underground-{n}p-end.png",
            f"underground-{n}p-rare1.png",
            f"underground-combos-{n}p.png",
            f"underground-final-{n}p.png",
        } <= underground
    for f in files:
        assert f.stat().st_size < 1024 * 1024
        with Image.open(f) as img:
            # The 70-region team board (1600 × 1400) too: its legend has a row per team.
            assert max(img.size) <= 2000, f.name
