"""A rounds season's standings by points: the picture posted after each round.

Drawn like the rating standings (``renderer.league``: the same width, bands, medal discs and
row height, read on a phone at 450 px), with the columns of points play: the season's
points, those the last round added, games played, and the two tie-breaks, opponents'
points and coins. It takes a plain dict (``bot.seasons.reports`` builds it) and returns PNG
bytes.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from lang import N_, tr

from .fonts import ellipsize, fit_text
from .icons import paste_centred, seat_disc
from .league import (
    GAIN,
    HEAD_H,
    HEAD_TEXT,
    HEAD_TOP,
    MEDALS,
    PAD,
    RANK_DISC,
    ROW,
    ROW_TEXT,
    SHADE,
    WIDTH,
)
from .palette import INK, MUTED, PAPER, WHITE
from .picture import Composed, Writer, encode

#: The columns: where, the words, the anchor, the room they have, and the row's field.
COLUMNS = (
    (58, N_("#"), "mm", 70, "rank"),
    (104, N_("Player"), "lm", 400, "name"),
    (620, N_("Points"), "rm", 110, "points"),
    (705, N_("Round"), "mm", 110, "gained"),
    (875, N_("Games"), "rm", 100, "games"),
    (1030, N_("Opp. pts"), "rm", 140, "opponents"),
    (1172, N_("Coins"), "rm", 140, "coins"),
)


def compose_points(data: dict[str, Any]) -> Composed:
    """The points standings of ``data`` as a Pillow image, with its texts.

    ``data``: ``title``, ``subtitle``, and ``rows``, each with ``rank``, ``name``,
    ``points`` and ``opponents`` (as written, ``2.5``), ``gained`` (the last round's, as
    written, ``+3``; may be empty), ``games`` and ``coins``.
    """
    rows = data.get("rows") or []
    img = Image.new("RGB", (WIDTH, HEAD_TOP + HEAD_H + ROW * max(1, len(rows)) + 24), PAPER)
    out = Composed(img)
    w = Writer(img, out.texts)
    title = str(data.get("title") or tr("Standings"))
    size = fit_text(title, 46, WIDTH - 2 * PAD, min_size=34)
    w.text((PAD, 52), ellipsize(title, size, WIDTH - 2 * PAD), size)
    subtitle = str(data.get("subtitle") or "")
    if subtitle:
        shown = ellipsize(subtitle, 28, WIDTH - 2 * PAD, bold=False)
        w.text((PAD, 104), shown, 28, MUTED, bold=False)
    w.draw.rectangle((0, HEAD_TOP, WIDTH, HEAD_TOP + HEAD_H), fill=INK)
    for x, label, anchor, room, _field in COLUMNS:
        text = tr(label)
        size = fit_text(text, HEAD_TEXT, room, min_size=18)
        w.text((x, HEAD_TOP + HEAD_H / 2), text, size, WHITE, anchor=anchor)
    top = HEAD_TOP + HEAD_H
    if not rows:
        none = tr("No game has finished yet")
        w.text((WIDTH / 2, top + ROW / 2), none, ROW_TEXT, MUTED, anchor="mm")
    for i, row in enumerate(rows):
        _row(w, row, top + ROW * i, i)
    return out


def _row(w: Writer, row: dict[str, Any], top: int, index: int) -> None:
    """One member's row: a medal disc for the first three ranks, then the figures."""
    cy = top + ROW / 2
    w.draw.rectangle((0, top, WIDTH, top + ROW - 1), fill=WHITE if index % 2 == 0 else SHADE)
    rank = row.get("rank")
    if rank in MEDALS:
        paste_centred(w.img, seat_disc(MEDALS[rank], RANK_DISC), (COLUMNS[0][0], cy))
    for x, _label, anchor, room, field in COLUMNS:
        text = str(row.get(field, ""))
        if field == "name":
            w.text((x, cy), ellipsize(text or "?", ROW_TEXT, room), ROW_TEXT, anchor=anchor)
            continue
        colour = INK
        if field == "gained":
            colour = MUTED if text in ("", "+0") else GAIN
        bold = field in ("rank", "points")
        size = fit_text(text, 32 if bold else 30, room, bold=bold, min_size=18)
        w.text((x, cy), text, size, colour, bold=bold, anchor=anchor)


def render_points(data: dict[str, Any]) -> bytes:
    """The points standings of ``data`` (``compose_points``) as PNG bytes."""
    return encode(compose_points(data).image)
