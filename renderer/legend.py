"""The legend under the board: the turn track, one row per player, and the frame that
holds them above the key.

The legend sits under the board rather than beside it: on a phone held upright a picture is
fitted to the screen's width, so a wide picture would shrink everything, while a taller one
keeps the map as large as possible and lets the player scroll to the legend.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.words import plural

from .fonts import ellipsize, fit_text, font, text_width
from .icons import SS, paste_centred, seat_disc, sprite
from .key import KEY_ROW, KEY_TEXT, PAD, KeyItem, key_items, key_layer, key_rows
from .palette import (
    DECLINE_FILL,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    PAPER_DARK,
    RGB,
    WHITE,
    initials,
    seat_colour,
    text_on,
)
from .picture import TextItem, Writer
from .pieces import MARKER_NAMES
from .placement import map_shape
from .static import static_layer
from .teams import legend_order, seat_label, team_spans

HEADER = 84
ROW = 90
#: Extra height of a player row with a line of pieces kept off the map (Silver Hammers,
#: Mushroom Armor, the Bag) or Vengeance markers handed out.
HOLD_ROW = 40
#: What a player row says while its player must place tokens (a defender driven out).
PENDING_TAG = "must place tokens"
KEY_TOP_GAP = 14
#: Text sizes of a player row (the key's ``KEY_TEXT`` for the header and the coins).
NAME_TEXT = 38
DETAIL_TEXT = 32
#: Columns of a player row: seat disc, name, active race, races in decline, right edge text.
COL_DISC, COL_NAME, COL_ACTIVE, COL_DECLINE = 52, 106, 470, 1040
#: The bar left of the seat discs that joins partners under their team's letter.
TEAM_BAR = (4, 36)


def holdings(view: dict[str, Any], p: dict[str, Any]) -> list[tuple[str, str]]:
    """What a player keeps off the map, as (icon kind, words): the pieces each of their races
    holds (Silver Hammers, Mushroom Armor, the Bag), then the seats holding their Vengeance
    markers. Empty for most players, and always on the surface."""
    out: list[tuple[str, str]] = []
    races = [p["active"]] if p.get("active") else []
    races += p.get("declined") or []
    for race in races:
        for kind, n in sorted((race.get("pieces") or {}).items()):
            if not n:
                continue
            out.append((kind, plural(n, MARKER_NAMES.get(kind, kind))))
    players = view["players"]
    marked = [players[s]["name"] for s in p.get("marks") or () if 0 <= s < len(players)]
    if marked:
        out.append(("vengeance", "Vengeance on " + ", ".join(marked)))
    return out


def _right_edge(view: dict[str, Any], p: dict[str, Any], width: int) -> float:
    """Where a player row's races must stop: before the coins, or "must place tokens"."""
    if view["phase"] == "over" and "coins" in p:
        return width - PAD - font(KEY_TEXT).getlength("000 coins") - 16
    if p["seat"] in {q["seat"] for q in view.get("pending") or []}:
        return width - PAD - int(font(DETAIL_TEXT).getlength(PENDING_TAG)) - 16
    return width - PAD


def _holdings_inline(view: dict[str, Any], p: dict[str, Any], width: int) -> float | None:
    """Where a player's holdings start when they fit on the row after the races in decline;
    None when they need a line of their own."""
    right = _right_edge(view, p, width)
    x = _declined_end(p, right)
    span = sum(48 + text_width(words, DETAIL_TEXT) + 30 for _, words in holdings(view, p))
    return x if x + span - 30 <= right else None


def row_heights(view: dict[str, Any]) -> tuple[int, ...]:
    """Height of each player's row in the legend, in the rows' order (``legend_order``):
    taller for a line of what they hold, when it does not fit beside their races."""
    width = map_shape(view["map"]).width
    players = view["players"]
    return tuple(
        ROW + (HOLD_ROW if holdings(view, p) and _holdings_inline(view, p, width) is None else 0)
        for p in (players[seat] for seat in legend_order(view))
    )


def legend_height(view: dict[str, Any]) -> int:
    """Height of the legend under the board of a view: its players and the rows of its key."""
    width = map_shape(view["map"]).width
    rows = len(key_rows(key_items(view), width))
    return HEADER + sum(row_heights(view)) + KEY_TOP_GAP + rows * KEY_ROW + 12


@lru_cache(maxsize=16)
def background(
    map_id: str,
    rows: tuple[int, ...],
    features: tuple[tuple[str, ...], ...],
    groups: tuple[tuple[KeyItem, ...], ...],
) -> tuple[Image.Image, tuple[TextItem, ...]]:
    """The static map with an empty legend and its key below it, and the key's texts.

    The key depends on what is on the board, so a game uses a few of these in turn; each is
    drawn once and copied for every board.
    """
    base = static_layer(map_id, features)
    w, h = base.size
    key, key_texts = key_layer(groups, w)
    key_top = h + HEADER + sum(rows) + KEY_TOP_GAP
    img = Image.new("RGB", (w, key_top + key.height + 12), PAPER)
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((0, h, w, h + HEADER - 1), fill=PAPER_DARK)
    d.line((0, h + HEADER - 1, w, h + HEADER - 1), fill=INK, width=2)
    d.line((PAD, key_top - 6, w - PAD, key_top - 6), fill=PAPER_DARK, width=2)
    img.paste(key, (0, key_top))
    texts = tuple(
        TextItem(t.text, (t.box[0], t.box[1] + key_top, t.box[2], t.box[3] + key_top))
        for t in key_texts
    )
    return img, texts


def _status(view: dict[str, Any]) -> str:
    """Who is to act, for the legend's header."""
    players = view["players"]
    if view["phase"] == "over":
        return "Game over"
    seat = view.get("to_act")
    if seat is None:
        return ""
    name = players[seat]["name"]
    if seat_label(view, seat) != str(seat + 1):
        name = f"{seat_label(view, seat)} {name}"
    doing = {
        "pick": "picking a combo",
        "conquer": "conquering",
        "redeploy": "redeploying",
        "closing": "ending the turn",
    }.get(view["phase"], view["phase"])
    if seat != view.get("turn_seat"):
        doing = "placing tokens"
    return f"▶ {name} · {doing}"


def draw_legend(w: Writer, view: dict[str, Any], top: int, width: int) -> None:
    """Turn track, then one row per player: colour, name, races, and who is to act; in a
    team game partners' rows together, joined by a bar with their team's letter."""
    over = view["phase"] == "over"
    turns, rnd = view["turns"], view["round"]
    cy = top + HEADER / 2
    x = w.text((PAD, cy), f"Turn {rnd} / {turns}", 40)
    # The turn track: past turns filled, the current one dark.
    x += 24
    box = 44
    for t in range(1, turns + 1):
        done = t < rnd or over
        fill = INK if t == rnd and not over else (PAPER_DARK if not done else (170, 160, 144))
        w.draw.rounded_rectangle(
            (x, cy - box / 2, x + box, cy + box / 2), radius=6, fill=fill, outline=INK, width=2
        )
        ink = WHITE if fill == INK else INK
        w.draw.text((x + box / 2, cy), str(t), font=font(26), fill=ink, anchor="mm")
        x += box + 6
    status = _status(view)
    if status:
        size = fit_text(status, KEY_TEXT, width - x - 2 * PAD)
        w.text((width - PAD, cy), status, size, anchor="rm")

    pending = {p["seat"] for p in view.get("pending") or []}
    players = view["players"]
    y = top + HEADER
    order = legend_order(view)
    heights = row_heights(view)
    row_top = dict(
        zip(order, (top + HEADER + sum(heights[:i]) for i in range(len(order))), strict=True)
    )
    acting_seat = None if over else view.get("to_act")
    for seat, height in zip(order, heights, strict=True):
        if seat == acting_seat:
            w.draw.rectangle(
                (0, row_top[seat] + 2, width, row_top[seat] + height - 2), fill=HIGHLIGHT
            )
    spans = team_spans(view)
    for letter, seats in spans:
        _team_bar(
            w,
            letter,
            [
                (row_top[x], row_top[x] + h)
                for x, h in zip(order, heights, strict=True)
                if x in seats
            ],
        )
    for seat, height in zip(order, heights, strict=True):
        p = players[seat]
        cy = y + ROW / 2
        if seat == acting_seat:
            arrow = HIGHLIGHT if spans else INK
            w.draw.text((12, cy), "▶", font=font(30), fill=arrow, anchor="lm")
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
            w.text((width - PAD, cy), f"{p['coins']} coins", KEY_TEXT, anchor="rm")
        elif seat in pending:
            w.text((width - PAD, cy), PENDING_TAG, DETAIL_TEXT, anchor="rm")
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


def _team_bar(w: Writer, letter: str, rows: list[tuple[float, float]]) -> None:
    """A dark bar down the left edge of a team's rows, the team's letter in its middle."""
    if not rows:
        return
    y0, y1 = min(r[0] for r in rows) + 8, max(r[1] for r in rows) - 8
    x0, x1 = TEAM_BAR
    w.draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=INK)
    w.text(((x0 + x1) / 2, (y0 + y1) / 2), letter, 34, WHITE, anchor="mm")


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
        w.text((x, cy), "no active race", DETAIL_TEXT, MUTED, bold=False)
        return
    paste_centred(w.img, _initials_only(active["race"], seat_colour(seat)), (x + 30, cy))
    title = f"{active['power']} {active['race']}"
    size = fit_text(title, 32, COL_DECLINE - x - 90)
    w.text((x + 68, cy - 17), title, size)
    extra = [f"{on_board} on the board"]
    if active.get("hand"):
        extra.append(f"{active['hand']} in hand")
    if peace is not None:
        extra.append(f"at peace with {peace}")
    w.text((x + 68, cy + 21), " · ".join(extra), DETAIL_TEXT, MUTED, bold=False)


@cache
def _initials_only(race: str, colour: RGB, decline: bool = False) -> Image.Image:
    """A token sample for the legend: the race's initials on its owner's colour."""
    h = 40
    n = h * SS
    wdt = int(n * 1.45) // SS * SS
    big = Image.new("RGBA", (wdt, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    fill = DECLINE_FILL if decline else colour
    d.rounded_rectangle((0, 0, wdt - 1, n - 1), radius=n / 2, fill=fill, outline=INK, width=SS * 3)
    if decline:
        d.rounded_rectangle(
            (SS * 3, SS * 3, wdt - 1 - SS * 3, n - 1 - SS * 3),
            radius=n / 2 - SS * 3,
            outline=colour,
            width=SS * 5,
        )
    d.text(
        (wdt / 2, n / 2),
        initials(race),
        font=font(int(n * 0.5)),
        fill=text_on(fill),
        anchor="mm",
    )
    return big.convert("RGBa").reduce(SS).convert("RGBA")


def _declined_end(p: dict[str, Any], right: float) -> float:
    """Where the races in decline of a player row end (``_declined`` draws them)."""
    x: float = COL_DECLINE
    for dec in p.get("declined") or []:
        if x > right - 120:
            break
        name = ellipsize(dec["race"], DETAIL_TEXT, right - x - 66, bold=False)
        x = x + 64 + text_width(name, DETAIL_TEXT, bold=False) + 24
    return x


def _declined(w: Writer, p: dict[str, Any], cy: float, seat: int, right: float) -> None:
    """Races in decline: a dark token sample ringed in the seat colour, and the race's name."""
    x: float = COL_DECLINE
    for dec in p.get("declined") or []:
        if x > right - 120:
            break
        paste_centred(w.img, _initials_only(dec["race"], seat_colour(seat), True), (x + 29, cy))
        name = ellipsize(dec["race"], DETAIL_TEXT, right - x - 66, bold=False)
        x = w.text((x + 64, cy), name, DETAIL_TEXT, MUTED, bold=False) + 24
