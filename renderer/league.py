"""Server league pictures: the standings table of a season, and the league's colours.

It takes a plain dict (built by the bot from its database) and returns PNG bytes; it never
reads the engine. It is drawn large (1200 px wide) with bold text, because Discord shows it
about 450 px wide on a phone held upright. A player's card (``renderer.player_card``) and
the standings by points (``renderer.points``) are drawn in the same colours, defined here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, ntr, tr

from .fonts import ellipsize, fit_text, text_width
from .icons import SS, paste_centred, seat_disc
from .palette import INK, MUTED, PAPER, PAPER_DARK, RGB, WHITE
from .picture import Composed, Writer, encode

#: Colours of a rating going up or down. The arrows (▲ ▼) say the same without colour. Both
#: read at 4.5:1 or more on the white and the shaded rows (WCAG text contrast).
GAIN: RGB = (16, 120, 56)
LOSS: RGB = (196, 36, 36)
#: Lines of rating charts and sparklines: the Okabe-Ito blue, apart from gain and loss.
ACCENT: RGB = (0, 114, 178)
#: Rank discs of the first three places.
MEDALS: dict[int, RGB] = {1: (240, 190, 30), 2: (192, 196, 204), 3: (205, 127, 50)}
#: Background of every other table row.
SHADE: RGB = (241, 234, 218)

# --- standings -----------------------------------------------------------------------------

WIDTH = 1200
PAD = 28
HEAD_TOP = 140
HEAD_H = 56
ROW = 64
#: Gap above the provisional section and the height of its heading.
SECTION_GAP = 28
SECTION_H = 64
ROW_TEXT = 32
HEAD_TEXT = 26
#: Columns: rank disc (centre), name (left), rating (right), change (centre), games (right),
#: wins (right), trend sparkline (left edge to the right margin).
COL_RANK, COL_NAME, COL_RATING, COL_CHANGE, COL_GAMES, COL_WINS, COL_TREND = (
    58, 104, 628, 726, 906, 1002, 1026
)  # fmt: skip
NAME_WIDTH = 410
RANK_DISC = 50


def change_label(change: int | None) -> tuple[str, RGB]:
    """The ±week text of a rating change and its colour: ▲+12 green, ▼-8 red, – grey."""
    if change is None or change == 0:
        return ("–" if change is None else "±0"), MUTED
    if change > 0:
        return f"▲+{change}", GAIN
    return f"▼-{-change}", LOSS


def standings_height(data: dict[str, Any]) -> int:
    """Height in px of the standings picture of ``data``."""
    rows = max(1, len(data.get("rows") or []))
    height = HEAD_TOP + HEAD_H + ROW * rows + 24
    provisional = data.get("provisional") or []
    if provisional:
        height += SECTION_GAP + SECTION_H + ROW * len(provisional)
    return height


def row_top(index: int) -> int:
    """Top y of main row ``index`` (0-based) of the standings table."""
    return HEAD_TOP + HEAD_H + ROW * index


def compose_standings(data: dict[str, Any]) -> Composed:
    """The standings page of ``data`` as a Pillow image, with the texts written on it."""
    rows = data.get("rows") or []
    provisional = data.get("provisional") or []
    img = Image.new("RGB", (WIDTH, standings_height(data)), PAPER)
    out = Composed(img)
    w = Writer(img, out.texts)

    page, pages = int(data.get("page") or 1), int(data.get("pages") or 1)
    right = WIDTH - PAD
    if pages > 1:
        indicator = tr("Page {page} / {pages}", page=page, pages=pages)
        w.text((WIDTH - PAD, 52), indicator, 30, MUTED, anchor="rm")
        right = WIDTH - PAD - text_width(indicator, 30)
    title_room = right - PAD - 24
    title = str(data.get("title") or tr("Standings"))
    size = fit_text(title, 46, title_room, min_size=34)
    w.text((PAD, 52), ellipsize(title, size, title_room), size)
    subtitle = str(data.get("subtitle") or "")
    if subtitle:
        subtitle = ellipsize(subtitle, 28, WIDTH - 2 * PAD, bold=False)
        w.text((PAD, 104), subtitle, 28, MUTED, bold=False)

    _header(w, HEAD_TOP)
    y = HEAD_TOP + HEAD_H
    if not rows:
        w.text((WIDTH / 2, y + ROW / 2), tr("No ranked players yet"), ROW_TEXT, MUTED, anchor="mm")
        y += ROW
    for i, row in enumerate(rows):
        _standings_row(w, row, y, i, medals=True)
        y += ROW
    if provisional:
        y += SECTION_GAP
        threshold = data.get("threshold")
        heading = tr("Provisional")
        if threshold:
            heading = ntr(
                "Provisional (fewer than {n} game)", "Provisional (fewer than {n} games)", threshold
            )
        w.draw.line((PAD, y + 4, WIDTH - PAD, y + 4), fill=PAPER_DARK, width=3)
        w.text((PAD, y + SECTION_H / 2 + 4), heading, 30)
        y += SECTION_H
        for i, row in enumerate(provisional):
            _standings_row(w, row, y, i, medals=False)
            y += ROW
    return out


#: The column names of the standings: where, the words, the anchor, the room they have.
HEADINGS = (
    (COL_RANK, N_("#"), "mm", 70),
    (COL_NAME, N_("Player"), "lm", NAME_WIDTH),
    (COL_RATING, N_("Rating"), "rm", 150),
    (COL_CHANGE, N_("±week"), "mm", 110),
    (COL_GAMES, N_("Games"), "rm", 110),
    (COL_WINS, N_("Wins"), "rm", 88),
    (COL_TREND, N_("Trend"), "lm", WIDTH - PAD - COL_TREND),
)


def _header(w: Writer, top: int) -> None:
    """The dark band of column names."""
    w.draw.rectangle((0, top, WIDTH, top + HEAD_H), fill=INK)
    cy = top + HEAD_H / 2
    for x, label, anchor, room in HEADINGS:
        text = tr(label)
        w.text((x, cy), text, fit_text(text, HEAD_TEXT, room, min_size=20), WHITE, anchor=anchor)


def _standings_row(w: Writer, row: dict[str, Any], top: int, index: int, medals: bool) -> None:
    """One player's row: rank, name, rating, weekly change, games, wins and a sparkline."""
    cy = top + ROW / 2
    w.draw.rectangle((0, top, WIDTH, top + ROW - 1), fill=WHITE if index % 2 == 0 else SHADE)
    rank = row.get("rank")
    if not medals:
        # A provisional player has no rank yet, whatever number the row carries.
        w.text((COL_RANK, cy), "–", 28, MUTED, anchor="mm")
    elif rank in MEDALS:
        paste_centred(w.img, seat_disc(MEDALS[rank], RANK_DISC), (COL_RANK, cy))
        w.text((COL_RANK, cy), str(rank), 26, INK, anchor="mm")
    elif rank is not None:
        label = str(rank)
        w.text((COL_RANK, cy), label, fit_text(label, 28, 70), INK, anchor="mm")
    w.text((COL_NAME, cy), ellipsize(str(row.get("name") or "?"), ROW_TEXT, NAME_WIDTH), ROW_TEXT)
    w.text((COL_RATING, cy), str(row.get("rating", "")), 34, anchor="rm")
    label, colour = change_label(row.get("change"))
    w.text((COL_CHANGE, cy), label, fit_text(label, 28, 118), colour, anchor="mm")
    w.text((COL_GAMES, cy), str(row.get("games", "")), 30, bold=False, anchor="rm")
    w.text((COL_WINS, cy), str(row.get("wins", "")), 30, bold=False, anchor="rm")
    box = (COL_TREND + 4, top + 12, WIDTH - PAD, top + ROW - 12)
    _sparkline(w, row.get("trend") or [], box)


def _sparkline(w: Writer, values: Sequence[int], box: tuple[float, float, float, float]) -> None:
    """A small line of ratings over time in ``box``, ending in a dot; a dash without data."""
    x0, y0, x1, y1 = box
    if not values:
        w.text(((x0 + x1) / 2, (y0 + y1) / 2), "–", 28, MUTED, anchor="mm")
        return
    width, height = round(x1 - x0), round(y1 - y0)
    big = Image.new("RGBA", (width * SS, height * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    r = 5 * SS
    lo, hi = min(values), max(values)
    span = hi - lo

    def at(i: int, v: int) -> tuple[float, float]:
        x = r + (width * SS - 2 * r) * (i / (len(values) - 1) if len(values) > 1 else 1.0)
        y = height * SS / 2 if span == 0 else r + (height * SS - 2 * r) * (hi - v) / span
        return x, y

    pts = [at(i, v) for i, v in enumerate(values)]
    if len(pts) > 1:
        d.line(pts, fill=ACCENT, width=3 * SS, joint="curve")
    x, y = pts[-1]
    d.ellipse((x - r, y - r, x + r, y + r), fill=ACCENT)
    small = big.convert("RGBa").reduce(SS).convert("RGBA")
    w.img.paste(small, (round(x0), round(y0)), small)


def render_standings(data: dict[str, Any]) -> bytes:
    """One page of a season's standings as PNG bytes.

    ``data``: ``title`` (season name), ``subtitle`` (server · "updated <date>"), ``page`` and
    ``pages`` (the caller pages; an indicator is drawn when ``pages`` > 1), ``rows`` (at most
    20, already sorted), ``provisional`` (rows listed apart, without a rank, may be empty)
    and ``threshold`` (the games a player needs to leave the provisional list). A row is a
    dict with ``rank`` (None, or ignored, for a provisional row),
    ``name``, ``rating``, ``change`` (since last week, or None), ``games``, ``wins`` and
    ``trend`` (ratings over time, oldest first, possibly empty).
    """
    return encode(compose_standings(data).image)
