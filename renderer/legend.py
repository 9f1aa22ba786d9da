"""The legend under the board: the turn track, one row per player, and the frame that
holds them above the key.

The legend sits under the board rather than beside it: on a phone held upright a picture is
fitted to the screen's width, so a wide picture would shrink everything, while a taller one
keeps the map as large as possible and lets the player scroll to the legend.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.text import names
from lang import N_, current, tr

from .fonts import draw_text, ellipsize, fit_text, font, text_width
from .icons import paste_centred, seat_disc, sprite
from .key import (
    KEY_ROW,
    KEY_TEXT,
    MAX_HEIGHT,
    PAD,
    KeyItem,
    key_items,
    key_layer,
    key_row_height,
    key_rows,
)
from .palette import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    PAPER_DARK,
    WHITE,
    seat_colour,
)
from .picture import TextItem, Writer
from .rowparts import coins_text, holdings, race_sample
from .shapes import map_shape
from .static import static_layer
from .teamrows import TEAM_HEADER, draw_team_rows, team_row_heights
from .teams import legend_order, seat_label, team_spans

HEADER = 84
ROW = 90
#: Extra height of a player row with a line of pieces kept off the map (Silver Hammers,
#: Mushroom Armor, the Bag) or Vengeance markers handed out.
HOLD_ROW = 40
#: What a player row says while its player must place tokens (a defender driven out).
PENDING_TAG = N_("must place tokens")
KEY_TOP_GAP = 14
#: Text sizes of a player row (the key's ``KEY_TEXT`` for the header and the coins).
NAME_TEXT = 38
DETAIL_TEXT = 32
#: Columns of a player row: seat disc, name, active race, races in decline, right edge text.
COL_DISC, COL_NAME, COL_ACTIVE, COL_DECLINE = 52, 106, 470, 1040


def _right_edge(view: dict[str, Any], p: dict[str, Any], width: int) -> float:
    """Where a player row's races must stop: before the coins, or "must place tokens"."""
    if view["phase"] == "over" and "coins" in p:
        return width - PAD - font(KEY_TEXT).getlength(coins_text(888)) - 16
    if p["seat"] in {q["seat"] for q in view.get("pending") or []}:
        return width - PAD - int(font(DETAIL_TEXT).getlength(tr(PENDING_TAG))) - 16
    return width - PAD


def _holdings_inline(view: dict[str, Any], p: dict[str, Any], width: int) -> float | None:
    """Where a player's holdings start when they fit on the row after the races in decline;
    None when they need a line of their own."""
    right = _right_edge(view, p, width)
    x = _declined_end(p, right)
    span = sum(48 + text_width(words, DETAIL_TEXT) + 30 for _, words in holdings(view, p))
    return x if x + span - 30 <= right else None


def header_height(view: dict[str, Any]) -> int:
    """Height of the legend's header (turn track, who is to act): lower in a team game."""
    return TEAM_HEADER if team_spans(view) else HEADER


def row_heights(view: dict[str, Any]) -> tuple[int, ...]:
    """Height of each row in the legend, in the rows' order (``legend_order``): one per
    player, taller for a line of what they hold when it does not fit beside their races; in
    a team game one per team (:mod:`.teamrows`)."""
    if team_spans(view):
        return team_row_heights(view)
    width = map_shape(view["map"]).width
    players = view["players"]
    return tuple(
        ROW + (HOLD_ROW if holdings(view, p) and _holdings_inline(view, p, width) is None else 0)
        for p in (players[seat] for seat in legend_order(view))
    )


def dense_key(view: dict[str, Any]) -> bool:
    """Whether the key is drawn dense (smaller text, tighter rows): only when the picture
    would otherwise be taller than ``MAX_HEIGHT`` and the dense key is shorter."""
    shape = map_shape(view["map"])
    groups = key_items(view)
    rows = len(key_rows(groups, shape.width))
    top = shape.height + header_height(view) + sum(row_heights(view)) + KEY_TOP_GAP + 12
    if top + rows * KEY_ROW <= MAX_HEIGHT:
        return False
    dense = len(key_rows(groups, shape.width, True))
    return dense * key_row_height(True) < rows * KEY_ROW


def legend_height(view: dict[str, Any]) -> int:
    """Height of the legend under the board of a view: its players and the rows of its key."""
    width = map_shape(view["map"]).width
    dense = dense_key(view)
    rows = len(key_rows(key_items(view), width, dense)) * key_row_height(dense)
    return header_height(view) + sum(row_heights(view)) + KEY_TOP_GAP + rows + 12


def background(
    map_id: str,
    rows: tuple[int, ...],
    features: tuple[tuple[str, ...], ...],
    groups: tuple[tuple[KeyItem, ...], ...],
    header: int = HEADER,
    dense: bool = False,
) -> tuple[Image.Image, tuple[TextItem, ...]]:
    """The static map with an empty legend and its key below it, and the key's texts, in the
    language spoken.

    The key depends on what is on the board, so a game uses a few of these in turn; each is
    drawn once and copied for every board.
    """
    return _background(map_id, rows, features, groups, header, dense, current())


@lru_cache(maxsize=16)
def _background(
    map_id: str,
    rows: tuple[int, ...],
    features: tuple[tuple[str, ...], ...],
    groups: tuple[tuple[KeyItem, ...], ...],
    header: int,
    dense: bool,
    language: str,
) -> tuple[Image.Image, tuple[TextItem, ...]]:
    """``background`` in ``language`` (the language spoken: it keys the cache)."""
    base = static_layer(map_id, features)
    w, h = base.size
    key, key_texts = key_layer(groups, w, dense)
    key_top = h + header + sum(rows) + KEY_TOP_GAP
    img = Image.new("RGB", (w, key_top + key.height + 12), PAPER)
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((0, h, w, h + header - 1), fill=PAPER_DARK)
    d.line((0, h + header - 1, w, h + header - 1), fill=INK, width=2)
    d.line((PAD, key_top - 6, w - PAD, key_top - 6), fill=PAPER_DARK, width=2)
    img.paste(key, (0, key_top))
    texts = tuple(
        TextItem(t.text, (t.box[0], t.box[1] + key_top, t.box[2], t.box[3] + key_top))
        for t in key_texts
    )
    return img, texts


#: What the player to act is doing, by phase, in the legend's header.
DOING = {
    "pick": N_("picking a combo"),
    "conquer": N_("conquering"),
    "redeploy": N_("redeploying"),
    "closing": N_("ending the turn"),
    "setup": N_("setting up the board"),
}


def _status(view: dict[str, Any]) -> str:
    """Who is to act, for the legend's header."""
    players = view["players"]
    if view["phase"] == "over":
        return tr("Game over")
    seat = view.get("to_act")
    if seat is None:
        return ""
    name = players[seat]["name"]
    if seat_label(view, seat) != str(seat + 1):
        name = f"{seat_label(view, seat)} {name}"
    doing = DOING.get(view["phase"])
    if seat != view.get("turn_seat"):
        doing = N_("placing tokens")
    return f"▶ {name} · {tr(doing) if doing else view['phase']}"


def draw_legend(w: Writer, view: dict[str, Any], top: int, width: int) -> None:
    """Turn track, then one row per player: colour, name, races, and who is to act; in a
    team game one row per team, partners side by side (:mod:`.teamrows`)."""
    over = view["phase"] == "over"
    turns, rnd = view["turns"], view["round"]
    header = header_height(view)
    cy = top + header / 2
    x = w.text(
        (PAD, cy),
        tr("Turn {round} / {turns}", round=rnd, turns=turns),
        40 if header == HEADER else 36,
    )
    # The turn track: past turns filled, the current one dark.
    x += 24
    box = min(44, header - 20)
    for t in range(1, turns + 1):
        done = t < rnd or over
        fill = INK if t == rnd and not over else (PAPER_DARK if not done else (170, 160, 144))
        w.draw.rounded_rectangle(
            (x, cy - box / 2, x + box, cy + box / 2), radius=6, fill=fill, outline=INK, width=2
        )
        ink = WHITE if fill == INK else INK
        draw_text(w.draw, (x + box / 2, cy), str(t), 26, ink, anchor="mm")
        x += box + 6
    status = _status(view)
    if status:
        size = fit_text(status, KEY_TEXT, width - x - 2 * PAD)
        w.text((width - PAD, cy), status, size, anchor="rm")
    if team_spans(view):
        draw_team_rows(w, view, top + header, width)
        return

    pending = {p["seat"] for p in view.get("pending") or []}
    players = view["players"]
    y = top + header
    order = legend_order(view)
    heights = row_heights(view)
    acting_seat = None if over else view.get("to_act")
    for seat, height in zip(order, heights, strict=True):
        p = players[seat]
        cy = y + ROW / 2
        if seat == acting_seat:
            w.draw.rectangle((0, y + 2, width, y + height - 2), fill=HIGHLIGHT)
            draw_text(w.draw, (12, cy), "▶", 30, INK, anchor="lm")
        disc = seat_disc(seat_colour(seat), 56, seat_label(view, seat))
        paste_centred(w.img, disc, (COL_DISC + 16, cy))
        name = ellipsize(p["name"], NAME_TEXT, COL_ACTIVE - COL_NAME - 20)
        w.text((COL_NAME, cy), name, NAME_TEXT)
        active = p.get("active") or {}
        on_board = sum(
            r.get("tokens") or 0
            for r in view["regions"]
            if r.get("race") == active.get("race") and r.get("owner") == seat
        )
        peace = p.get("peace_with")
        _active(w, p, cy, seat, on_board, None if peace is None else players[peace]["name"])
        if over and "coins" in p:
            w.text((width - PAD, cy), coins_text(p["coins"]), KEY_TEXT, anchor="rm")
        elif seat in pending:
            w.text((width - PAD, cy), tr(PENDING_TAG), DETAIL_TEXT, anchor="rm")
        right = _right_edge(view, p, width)
        _declined(w, p, cy, seat, right)
        held = holdings(view, p)
        if held:
            inline = _holdings_inline(view, p, width)
            if inline is not None:
                _holdings(w, held, inline, cy, right)
            else:
                _holdings(w, held, COL_ACTIVE, cy + ROW / 2 + HOLD_ROW / 2 - 6, width - PAD)
        y += height


def _holdings(w: Writer, held: list[tuple[str, str]], x: float, cy: float, right: float) -> None:
    """What a player keeps off the map, each with its icon, from ``x`` on the line at
    ``cy``: beside their races in decline, or on a line of its own under their races."""
    for kind, words in held:
        if x > right - 120:
            break
        paste_centred(w.img, sprite(kind, 38), (x + 19, cy))
        words = ellipsize(words, DETAIL_TEXT, right - x - 48)
        x = w.text((x + 48, cy), words, DETAIL_TEXT) + 30


def _active(
    w: Writer, p: dict[str, Any], cy: float, seat: int, on_board: int, peace: str | None
) -> None:
    """The active race: a token sample, power + race, and tokens in hand."""
    active = p.get("active")
    x = COL_ACTIVE
    if not active:
        w.text((x, cy), tr("no active race"), DETAIL_TEXT, MUTED, bold=False)
        return
    paste_centred(w.img, race_sample(active["race"], seat_colour(seat)), (x + 30, cy))
    title = names.combo(active["race"], active["power"])
    size = fit_text(title, 32, COL_DECLINE - x - 90)
    w.text((x + 68, cy - 17), ellipsize(title, size, COL_DECLINE - x - 90), size)
    extra = [tr("{n} on the board", n=on_board)]
    if active.get("hand"):
        extra.append(tr("{n} in hand", n=active["hand"]))
    if peace is not None:
        extra.append(tr("at peace with {who}", who=peace))
    line = ellipsize(" · ".join(extra), DETAIL_TEXT, COL_DECLINE - x - 90, bold=False)
    w.text((x + 68, cy + 21), line, DETAIL_TEXT, MUTED, bold=False)


def _declined_end(p: dict[str, Any], right: float) -> float:
    """Where the races in decline of a player row end (``_declined`` draws them)."""
    x: float = COL_DECLINE
    for dec in p.get("declined") or []:
        if x > right - 120:
            break
        name = ellipsize(names.race(dec["race"]), DETAIL_TEXT, right - x - 66, bold=False)
        x = x + 64 + text_width(name, DETAIL_TEXT, bold=False) + 24
    return x


def _declined(w: Writer, p: dict[str, Any], cy: float, seat: int, right: float) -> None:
    """Races in decline: a dark token sample ringed in the seat colour, and the race's name."""
    x: float = COL_DECLINE
    for dec in p.get("declined") or []:
        if x > right - 120:
            break
        paste_centred(w.img, race_sample(dec["race"], seat_colour(seat), True), (x + 29, cy))
        name = ellipsize(names.race(dec["race"]), DETAIL_TEXT, right - x - 66, bold=False)
        x = w.text((x + 64, cy), name, DETAIL_TEXT, MUTED, bold=False) + 24
