"""A player's league card: rating tiles, the rating over games, favourite and best combos,
and the record against one opponent.

Apart from the standings (``renderer.league``) because it is a page of its own, with its
own layout and a chart; it shares their colours. It takes a plain dict (built by the bot
from its database) and returns PNG bytes; it never reads the engine. It is drawn 1000 px
wide with bold text, because Discord shows it about 450 px wide on a phone held upright.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from lang import decimal, ntr, tr

from .fonts import ellipsize, fit_text, text_width
from .icons import SS
from .league import ACCENT, GAIN, LOSS, SHADE
from .palette import HIGHLIGHT, INK, MUTED, PAPER, PAPER_DARK, RGB, WHITE
from .picture import Composed, Writer, encode

#: Fill of the provisional tag.
TAG_FILL: RGB = (255, 214, 170)

CARD_WIDTH = 1000
CARD_PAD = 32
TILES_TOP = 150
TILE_H = 128
CHART_TOP = TILES_TOP + TILE_H + 36
#: The plot box of the rating chart (left, top, right, bottom), axis labels outside it.
CHART_BOX = (112, CHART_TOP + 56, CARD_WIDTH - CARD_PAD - 8, CHART_TOP + 56 + 380)
CHART_BOTTOM = CHART_BOX[3] + 56
LIST_ROW = 56
LIST_HEAD = 60
H2H_H = 190


def _list_height(items: Sequence[Any]) -> int:
    return LIST_HEAD + LIST_ROW * max(1, len(items)) + 24


def card_height(data: dict[str, Any]) -> int:
    """Height in px of the player card of ``data``."""
    height = CHART_BOTTOM + 20
    height += _list_height((data.get("favourite") or [])[:3])
    height += _list_height((data.get("best") or [])[:3])
    if data.get("head_to_head"):
        height += H2H_H
    return height + 12


def compose_card(data: dict[str, Any]) -> Composed:
    """The player card of ``data`` as a Pillow image, with the texts written on it."""
    img = Image.new("RGB", (CARD_WIDTH, card_height(data)), PAPER)
    out = Composed(img)
    w = Writer(img, out.texts)
    _card_header(w, data)
    _tiles(w, data)
    _rating_chart(w, data.get("history") or [])
    y = CHART_BOTTOM + 20
    favourite = (data.get("favourite") or [])[:3]
    y = _combo_list(
        w,
        y,
        tr("Most played combos"),
        [(str(c.get("combo", "?")), _games(c.get("games", 0))) for c in favourite],
        tr("No games yet"),
    )
    best = (data.get("best") or [])[:3]
    y = _combo_list(
        w,
        y,
        tr("Best combos"),
        [
            (
                str(c.get("combo", "?")),
                tr("{pct}% wins", pct=round(100 * float(c.get("win_rate") or 0)))
                + f" · {_games(c.get('games', 0))}",
            )
            for c in best
        ],
        tr("Not enough games yet"),
    )
    h2h = data.get("head_to_head")
    if h2h:
        _head_to_head(w, h2h, y)
    return out


def _games(n: int) -> str:
    return ntr("{n} game", "{n} games", n)


def _card_header(w: Writer, data: dict[str, Any]) -> None:
    """The name in large type, the season under it, and a tag for a provisional rating."""
    right = CARD_WIDTH - CARD_PAD
    if data.get("provisional"):
        tag = tr("Provisional")
        tw = text_width(tag, 26)
        left = right - tw - 36
        w.draw.rounded_rectangle(
            (left, 30, right, 80), radius=25, fill=TAG_FILL, outline=INK, width=2
        )
        w.text(((left + right) / 2, 55), tag, 26, anchor="mm")
        right = left - 20
    name = str(data.get("name") or "?")
    size = fit_text(name, 54, right - CARD_PAD, min_size=40)
    w.text((CARD_PAD, 56), ellipsize(name, size, right - CARD_PAD), size)
    season = str(data.get("season") or "")
    if data.get("tutorials"):  # the worlds whose tutorial the player finished
        season += " · " + tr("tutorial done: {worlds}", worlds=", ".join(data["tutorials"]))
    if season:
        season = ellipsize(season, 28, CARD_WIDTH - 2 * CARD_PAD, bold=False)
        w.text((CARD_PAD, 112), season, 28, MUTED, bold=False)


def _tiles(w: Writer, data: dict[str, Any]) -> None:
    """Rating, rank, games, wins and average coins as five tiles of big numbers."""
    games, wins = int(data.get("games") or 0), int(data.get("wins") or 0)
    rank = data.get("rank")
    avg = data.get("avg_coins")
    rate = tr("{pct}% won", pct=round(100 * wins / games)) if games else tr("no games")
    provisional = tr("provisional") if data.get("provisional") else ""
    unranked = "" if rank is not None else tr("unranked")
    per_game = tr("per game") if avg else ""
    tiles = [
        (tr("Rating"), str(data.get("rating", "–")), provisional),
        (tr("Rank"), f"#{rank}" if rank is not None else "–", unranked),
        (tr("Games"), str(games), ""),
        (tr("Wins"), str(wins), rate),
        (tr("Avg coins"), "–" if avg is None else decimal(float(avg)), per_game),
    ]
    gap = 14
    tw = (CARD_WIDTH - 2 * CARD_PAD - gap * (len(tiles) - 1)) / len(tiles)
    for i, (label, value, note) in enumerate(tiles):
        x0 = CARD_PAD + i * (tw + gap)
        box = (x0, TILES_TOP, x0 + tw, TILES_TOP + TILE_H)
        highlight = i == 0
        w.draw.rounded_rectangle(
            box, radius=16, fill=HIGHLIGHT if highlight else WHITE, outline=PAPER_DARK, width=3
        )
        cx = x0 + tw / 2
        w.text((cx, TILES_TOP + 26), label, fit_text(label, 22, tw - 16), MUTED, anchor="mm")
        size = fit_text(value, 52, tw - 20, min_size=26)
        w.text((cx, TILES_TOP + 70), value, size, anchor="mm")
        if note:
            w.text(
                (cx, TILES_TOP + 108),
                note,
                fit_text(note, 20, tw - 16, bold=False),
                MUTED,
                bold=False,
                anchor="mm",
            )


def nice_ticks(lo: float, hi: float, most: int = 5) -> list[int]:
    """Round y-axis values covering ``lo``..``hi``, at most ``most`` of them (two or more)."""
    if hi - lo < 40:  # one point or a flat line: a band of ±20 around it
        mid = (lo + hi) / 2
        lo, hi = mid - 20, mid + 20
    raw = (hi - lo) / max(1, most - 1)
    mag = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    step = max(1, round(step))
    start = math.floor(lo / step) * step
    ticks = []
    v = start
    while v < hi + step:
        ticks.append(int(v))
        if v >= hi:
            break
        v += step
    return ticks


def _rating_chart(w: Writer, history: Sequence[Sequence[Any]]) -> None:
    """Rating after each game: a line with a dark casing, a few x labels, round y ticks."""
    d = w.draw
    left, top, right, bottom = CHART_BOX
    w.text((CARD_PAD, CHART_TOP + 22), tr("Rating over games"), 30)
    d.rectangle((left, top, right, bottom), fill=WHITE, outline=PAPER_DARK, width=2)
    points = [(str(h[0]), int(h[1])) for h in history]
    if not points:
        w.text(
            ((left + right) / 2, (top + bottom) / 2),
            tr("No rated games yet"),
            30,
            MUTED,
            anchor="mm",
        )
        return
    values = [v for _, v in points]
    ticks = nice_ticks(min(values), max(values))
    lo, hi = ticks[0], ticks[-1]
    n = len(points)
    inner = 36  # keep the first and last points off the box's edges

    def px(i: int, v: float) -> tuple[float, float]:
        x = (left + right) / 2
        if n > 1:
            x = left + inner + (right - left - 2 * inner) * i / (n - 1)
        return x, bottom - 16 - (bottom - top - 32) * (v - lo) / (hi - lo)

    for t in ticks:
        y = px(0, t)[1]
        d.line((left + 2, y, right - 2, y), fill=PAPER_DARK, width=2)
        w.text((left - 12, y), str(t), 22, MUTED, bold=False, anchor="rm")
    # Up to five x labels, evenly spread, always the first and the last game.
    picks = sorted({round(k * (n - 1) / 4) for k in range(5)}) if n > 1 else [0]
    room = (right - left) / max(1, len(picks)) - 8
    for i in picks:
        x = px(i, lo)[0]
        label = ellipsize(points[i][0], 20, room, bold=False)
        anchor = "mm"
        if n > 1 and i == 0:
            anchor, x = "lm", min(x, left + 4)
        elif n > 1 and i == n - 1:
            anchor, x = "rm", max(x, right - 4)
        w.text((x, bottom + 24), label, 20, MUTED, bold=False, anchor=anchor)
    big = Image.new("RGBA", ((right - left) * SS, (bottom - top) * SS), (0, 0, 0, 0))
    bd = ImageDraw.Draw(big)
    pts = [((x - left) * SS, (y - top) * SS) for x, y in (px(i, v) for i, v in enumerate(values))]
    if n > 1:
        bd.line(pts, fill=INK, width=10 * SS, joint="curve")
        bd.line(pts, fill=ACCENT, width=6 * SS, joint="curve")
    r = (9 if n <= 40 else 7) * SS
    for k in {0, n - 1} if n > 1 else {0}:
        x, y = pts[k]
        bd.ellipse((x - r, y - r, x + r, y + r), fill=ACCENT, outline=INK, width=2 * SS)
    small = big.convert("RGBa").reduce(SS).convert("RGBA")
    w.img.paste(small, (left, top), small)
    if n == 1:
        x, y = px(0, values[0])
        w.text((x + 20, y - 24), str(values[0]), 28, ACCENT, anchor="lm")
        w.text(
            ((left + right) / 2, bottom - 40),
            tr("One rated game so far"),
            24,
            MUTED,
            bold=False,
            anchor="mm",
        )


def _combo_list(
    w: Writer, top: int, heading: str, items: Sequence[tuple[str, str]], empty: str
) -> int:
    """A headed list of combos, one row each with a note on the right; returns the next y."""
    w.text((CARD_PAD, top + LIST_HEAD / 2), heading, 30)
    y = top + LIST_HEAD
    if not items:
        w.text((CARD_PAD + 8, y + LIST_ROW / 2), empty, 26, MUTED, bold=False)
        return y + LIST_ROW + 24
    for i, (combo, note) in enumerate(items):
        w.draw.rounded_rectangle(
            (CARD_PAD - 8, y + 3, CARD_WIDTH - CARD_PAD + 8, y + LIST_ROW - 3),
            radius=12,
            fill=WHITE if i % 2 == 0 else SHADE,
        )
        cy = y + LIST_ROW / 2
        note_w = text_width(note, 26, bold=False)
        w.text((CARD_WIDTH - CARD_PAD, cy), note, 26, MUTED, bold=False, anchor="rm")
        w.text(
            (CARD_PAD + 6, cy), ellipsize(combo, 30, CARD_WIDTH - 2 * CARD_PAD - note_w - 36), 30
        )
        y += LIST_ROW
    return y + 24


def _head_to_head(w: Writer, h2h: dict[str, Any], top: int) -> None:
    """Record against one opponent: a sentence and a bar split into ahead and behind."""
    games = int(h2h.get("games") or 0)
    ahead, behind = int(h2h.get("ahead") or 0), int(h2h.get("behind") or 0)
    opponent = str(h2h.get("opponent") or "?")
    w.text((CARD_PAD, top + 30), tr("Head to head"), 30)
    versus = tr("vs {who}", who=opponent)
    w.text((CARD_PAD, top + 76), ellipsize(versus, 30, CARD_WIDTH - 2 * CARD_PAD - 220), 30)
    played = ntr("in {n} game", "in {n} games", games)
    w.text((CARD_WIDTH - CARD_PAD, top + 76), played, 26, MUTED, bold=False, anchor="rm")
    left, right = CARD_PAD, CARD_WIDTH - CARD_PAD
    bar_top, bar_bottom = top + 108, top + 160
    w.draw.rounded_rectangle((left, bar_top, right, bar_bottom), radius=12, fill=PAPER_DARK)
    total = ahead + behind
    if total:
        split = left + (right - left) * ahead / total
        if ahead:
            w.draw.rounded_rectangle((left, bar_top, split, bar_bottom), radius=12, fill=GAIN)
        if behind:
            w.draw.rounded_rectangle((split, bar_top, right, bar_bottom), radius=12, fill=LOSS)
    cy = (bar_top + bar_bottom) / 2
    w.text((left + 16, cy), tr("ahead {n}", n=ahead), 26, WHITE if ahead else INK, anchor="lm")
    w.text((right - 16, cy), tr("behind {n}", n=behind), 26, WHITE if behind else INK, anchor="rm")


def render_card(data: dict[str, Any]) -> bytes:
    """A player's league card as PNG bytes.

    ``data``: ``name``, ``season``, ``rating``, ``rank`` (None when unranked), ``provisional``,
    ``games``, ``wins``, ``avg_coins`` (or None), ``history`` (``[label, rating]`` pairs, oldest
    first, drawn as a line chart), ``favourite`` (up to 3 ``{"combo", "games"}``), ``best`` (up
    to 3 ``{"combo", "games", "win_rate"}``, win rate 0..1) and ``head_to_head`` (None or
    ``{"opponent", "games", "ahead", "behind"}``: games finished ahead of and behind them).
    """
    return encode(compose_card(data).image)
