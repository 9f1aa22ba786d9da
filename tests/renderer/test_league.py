"""League pictures: the standings table and the player card, checked by pixels and texts."""

from __future__ import annotations

import copy
import io
from collections import Counter
from typing import Any

import pytest
from PIL import Image

from renderer import render_card, render_standings
from renderer.league import (
    ACCENT,
    COL_NAME,
    COL_RANK,
    COL_TREND,
    GAIN,
    HEAD_H,
    HEAD_TOP,
    LOSS,
    MEDALS,
    NAME_WIDTH,
    ROW,
    SHADE,
    WIDTH,
    change_label,
    compose_standings,
    row_top,
)
from renderer.palette import INK, MUTED, WHITE
from renderer.picture import Composed, TextItem
from renderer.player_card import CHART_BOX, compose_card, nice_ticks

RGB = tuple[int, int, int]


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def colours(img: Image.Image, box: tuple[float, float, float, float]) -> Counter[RGB]:
    """Colours inside ``box`` (left, top, right, bottom), by pixel count."""
    crop = img.crop(tuple(round(c) for c in box))
    return Counter({c: n for n, c in crop.getcolors(1 << 20)})


def text(composed: Composed, wanted: str) -> TextItem:
    found = [t for t in composed.texts if t.text == wanted]
    assert len(found) == 1, (wanted, [t.text for t in composed.texts])
    return found[0]


def row(rank: int, **extra: Any) -> dict[str, Any]:
    out = {
        "rank": rank,
        "name": f"Player {rank}",
        "rating": 1600 - 10 * rank,
        "change": None,
        "games": 30 - rank,
        "wins": 10,
        "trend": [1500, 1520, 1510, 1540],
    }
    out.update(extra)
    return out


def standings(rows: int = 20, provisional: int = 0, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "title": "Season 3",
        "subtitle": "Small World Fans · updated 12 Oct 2025",
        "page": 1,
        "pages": 1,
        "rows": [row(i + 1) for i in range(rows)],
        "provisional": [row(rows + i + 1, games=2) for i in range(provisional)],
        "threshold": 5,
    }
    out.update(extra)
    return out


# --- standings ------------------------------------------------------------------------------


def test_size_is_sane_and_twenty_rows_fit() -> None:
    data = standings(20)
    composed = compose_standings(data)
    img = png(render_standings(data))
    assert img.size == composed.image.size
    assert img.width == WIDTH
    assert 1000 < img.height < 2000
    tops = []
    for r in data["rows"]:
        box = text(composed, r["name"]).box
        assert box[3] <= img.height
        tops.append(box[1])
    assert tops == sorted(tops)
    # The last row is whole: its bottom edge lies inside the picture.
    assert row_top(19) + ROW <= img.height


def test_the_header_is_a_dark_band_with_every_column() -> None:
    composed = compose_standings(standings(5))
    img = composed.image
    band = colours(img, (0, HEAD_TOP + 2, WIDTH, HEAD_TOP + HEAD_H - 2))
    assert band[INK] > 0.8 * sum(band.values())
    for label in ("#", "Player", "Rating", "±week", "Games", "Wins", "Trend"):
        box = text(composed, label).box
        assert box[1] >= HEAD_TOP and box[3] <= HEAD_TOP + HEAD_H, label


def test_rows_alternate_their_shading() -> None:
    img = compose_standings(standings(4)).image
    backgrounds = [img.getpixel((WIDTH - 6, row_top(i) + 6)) for i in range(4)]
    assert backgrounds == [WHITE, SHADE, WHITE, SHADE]


def test_weekly_change_is_green_up_red_down_grey_unknown() -> None:
    assert change_label(12) == ("▲+12", GAIN)
    assert change_label(-8) == ("▼-8", LOSS)
    assert change_label(None) == ("–", MUTED)
    data = standings(3)
    data["rows"][0]["change"] = 12
    data["rows"][1]["change"] = -8
    data["rows"][2]["change"] = None
    composed = compose_standings(data)
    img = png(render_standings(data))
    for label, colour, other in (("▲+12", GAIN, LOSS), ("▼-8", LOSS, GAIN)):
        seen = colours(img, text(composed, label).box)
        assert seen[colour] > 30, label
        assert seen[other] == 0, label
    dash = colours(img, text(composed, "–").box)
    assert dash[MUTED] > 0 and dash[GAIN] == 0 and dash[LOSS] == 0


def test_the_top_three_get_medal_discs() -> None:
    img = png(render_standings(standings(5)))
    medal_colours = set(MEDALS.values())
    for i in range(5):
        cy = row_top(i) + ROW / 2
        seen = colours(img, (COL_RANK - 20, cy - 20, COL_RANK + 20, cy + 20))
        if i < 3:
            assert seen.most_common(1)[0][0] == MEDALS[i + 1], (i, seen.most_common(3))
        else:
            assert not medal_colours & set(seen), i


def test_tied_ranks_share_a_medal() -> None:
    data = standings(3)
    data["rows"][1]["rank"] = 1
    img = png(render_standings(data))
    cy = row_top(1) + ROW / 2
    seen = colours(img, (COL_RANK - 20, cy - 20, COL_RANK + 20, cy + 20))
    assert seen.most_common(1)[0][0] == MEDALS[1]


def test_the_page_indicator_only_when_there_are_pages() -> None:
    words = {t.text for t in compose_standings(standings(3, page=2, pages=5)).texts}
    assert "Page 2 / 5" in words
    single = {t.text for t in compose_standings(standings(3)).texts}
    assert not any(w.startswith("Page") for w in single)


def test_the_provisional_section_only_when_given() -> None:
    plain = compose_standings(standings(5))
    assert not any("Provisional" in t.text for t in plain.texts)
    data = standings(5, provisional=2)
    composed = compose_standings(data)
    heading = text(composed, "Provisional (fewer than 5 games)")
    assert composed.image.height > plain.image.height
    # Provisional players are listed under the heading, after every ranked player.
    last_ranked = text(composed, data["rows"][-1]["name"]).box
    assert heading.box[1] > last_ranked[3]
    for r in data["provisional"]:
        assert text(composed, r["name"]).box[1] > heading.box[3]
    # No medal for a provisional player, even ranked in the top three.
    data = standings(0, provisional=1)
    data["provisional"][0]["rank"] = 1
    composed = compose_standings(data)
    name = text(composed, data["provisional"][0]["name"]).box
    cy = (name[1] + name[3]) / 2
    seen = colours(composed.image, (COL_RANK - 20, cy - 20, COL_RANK + 20, cy + 20))
    assert MEDALS[1] not in seen


def test_an_empty_table_says_so() -> None:
    composed = compose_standings(standings(0))
    assert "No ranked players yet" in {t.text for t in composed.texts}
    render_standings(standings(0))


@pytest.mark.parametrize(
    "name",
    [
        "Zoë 🐉",
        "🐉🐉🐉",
        "陈伟",
        "مرحبا بالعالم",
        "e\u0301\u0301\u0301 zalgo",
        "\u200b\u200d",
        "",
        "Maximilian " * 30,
        "W" * 300,
    ],
)
def test_unicode_and_long_names_do_not_break_the_table(name: str) -> None:
    data = standings(2)
    data["rows"][0]["name"] = name
    composed = compose_standings(data)
    png(render_standings(data))
    top = row_top(0)
    (drawn,) = [
        t
        for t in composed.texts
        if abs(t.box[0] - COL_NAME) <= 2 and top <= (t.box[1] + t.box[3]) / 2 < top + ROW
    ]
    # The name stays in its column, cut with an ellipsis when it is too long.
    assert drawn.box[2] <= COL_NAME + NAME_WIDTH + 2
    if len(name) > 100:
        assert drawn.text.endswith("…")


def test_sparklines_draw_with_two_points_and_a_dash_without() -> None:
    data = standings(4)
    data["rows"][0]["trend"] = [1500, 1530, 1490, 1560]
    data["rows"][1]["trend"] = [1500]
    data["rows"][2]["trend"] = []
    data["rows"][3]["trend"] = [1500, 1500, 1500]
    img = png(render_standings(data))

    def accent(i: int) -> int:
        return colours(img, (COL_TREND, row_top(i), WIDTH, row_top(i) + ROW))[ACCENT]

    assert accent(0) > 150  # a line
    assert 20 < accent(1) < 150  # a single dot
    assert accent(2) == 0  # nothing to draw
    assert accent(3) > 150  # a flat line


def test_standings_are_deterministic() -> None:
    data = standings(20, provisional=3, pages=2)
    assert render_standings(data) == render_standings(copy.deepcopy(data))


# --- player card ----------------------------------------------------------------------------


def card(**extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": "Aurelia",
        "season": "Season 3",
        "rating": 1642,
        "rank": 3,
        "provisional": False,
        "games": 12,
        "wins": 5,
        "avg_coins": 51.25,
        "history": [[f"G{i + 1}", 1500 + 12 * i] for i in range(12)],
        "favourite": [
            {"combo": "Flying Skeletons", "games": 4},
            {"combo": "Dragon Master Will-o'-Wisps", "games": 3},
        ],
        "best": [{"combo": "Merchant Humans", "games": 3, "win_rate": 0.667}],
        "head_to_head": None,
    }
    out.update(extra)
    return out


def chart_accent(img: Image.Image) -> list[tuple[int, int]]:
    """Where the accent colour lies inside the chart's box."""
    left, top = CHART_BOX[:2]
    crop = img.crop(CHART_BOX)
    return [
        (left + i % crop.width, top + i // crop.width)
        for i, p in enumerate(crop.get_flattened_data())
        if p == ACCENT
    ]


def test_the_chart_draws_a_rising_line() -> None:
    img = png(render_card(card()))
    assert img.width == 1000
    pts = chart_accent(img)
    assert len(pts) > 2000
    left, _, right, _ = CHART_BOX
    mid = (left + right) / 2
    early = [y for x, y in pts if x < mid - 100]
    late = [y for x, y in pts if x > mid + 100]
    # The rating rises: the right half of the line sits higher (smaller y).
    assert sum(late) / len(late) < sum(early) / len(early) - 50


@pytest.mark.parametrize("points", [0, 1])
def test_a_chart_with_no_or_one_point(points: int) -> None:
    history = [["12 Oct", 1512]][:points]
    composed = compose_card(card(history=history, games=points))
    png(render_card(card(history=history, games=points)))
    pts = chart_accent(composed.image)
    words = {t.text for t in composed.texts}
    if points == 0:
        assert not pts
        assert "No rated games yet" in words
    else:
        assert 50 < len(pts) < 1000  # one dot, no line
        assert "1512" in words and "12 Oct" in words


def test_the_tiles_show_the_numbers() -> None:
    words = {t.text for t in compose_card(card()).texts}
    assert {"1642", "#3", "12", "5", "51.2", "42% won"} <= words
    words = {t.text for t in compose_card(card(rank=None, avg_coins=None, provisional=True)).texts}
    assert "unranked" in words and "Provisional" in words


def test_head_to_head_only_when_given() -> None:
    plain = compose_card(card())
    assert "Head to head" not in {t.text for t in plain.texts}
    h2h = {"opponent": "Bram", "games": 9, "ahead": 6, "behind": 3}
    composed = compose_card(card(head_to_head=h2h))
    words = {t.text for t in composed.texts}
    assert {"Head to head", "vs Bram", "in 9 games", "ahead 6", "behind 3"} <= words
    assert composed.image.height > plain.image.height
    # The bar is split in proportion: two thirds green, one third red.
    bar = text(composed, "ahead 6").box
    seen = colours(composed.image, (0, bar[1] - 4, 1000, bar[3] + 4))
    assert 1.6 < seen[GAIN] / seen[LOSS] < 2.4


def test_combo_lists_and_empty_lists() -> None:
    words = {t.text for t in compose_card(card()).texts}
    assert {"Flying Skeletons", "4 games", "67% wins · 3 games"} <= words
    empty = {t.text for t in compose_card(card(favourite=[], best=[])).texts}
    assert "No games yet" in empty and "Not enough games yet" in empty


def test_long_and_unicode_names_on_the_card() -> None:
    data = card(name="🐉 " + "Ω" * 200, head_to_head={"opponent": "x" * 300, "games": 0})
    composed = compose_card(data)
    png(render_card(data))
    assert all(t.box[2] <= 1000 for t in composed.texts)


def test_nice_ticks_are_round() -> None:
    assert nice_ticks(1487, 1613) == [1450, 1500, 1550, 1600, 1650]
    ticks = nice_ticks(1512, 1512)
    assert ticks[0] <= 1512 <= ticks[-1] and len(ticks) >= 2


def test_cards_are_deterministic() -> None:
    data = card(head_to_head={"opponent": "Bram", "games": 9, "ahead": 6, "behind": 3})
    assert render_card(data) == render_card(copy.deepcopy(data))


def test_provisional_players_have_no_rank_number() -> None:
    """Issue 20: provisional players were ranked "0" (the caller passed 0 for "no rank").
    Whatever rank a provisional row carries, its rank column shows a dash."""
    data = standings(2, provisional=2)
    data["provisional"][0]["rank"] = 0
    data["provisional"][1]["rank"] = None
    composed = compose_standings(data)
    for r in data["provisional"]:
        name = text(composed, r["name"]).box
        cy = (name[1] + name[3]) / 2
        in_rank_column = [
            t.text
            for t in composed.texts
            if t.box[0] <= COL_RANK <= t.box[2] and abs((t.box[1] + t.box[3]) / 2 - cy) < ROW / 3
        ]
        assert in_rank_column == ["–"], in_rank_column
    # The ranked rows keep their numbers.
    assert {t.text for t in composed.texts} >= {"1", "2"}
